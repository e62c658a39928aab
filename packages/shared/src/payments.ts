import { z } from 'zod';
import { businessToday } from './dates.js';
import { CURRENCIES } from './money.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { isoDateSchema } from './text.js';

/*
 * Paying from the portal (decision 147): transfer reports a client files on an open invoice,
 * card payments through Azul's Payment Page, and the receipt every payment gets. Money in major
 * units (RD$/USD with two decimals) in JSON, centavos in the database.
 */

// ── payment reports ─────────────────────────────────────────────────────────────────────────

/** Where a client's transfer report stands: waiting for an admin, confirmed (paid), rejected. */
export const PAYMENT_REPORT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const PaymentReportStatusSchema = z.enum(PAYMENT_REPORT_STATUSES, { error: 'Estado inválido' });
export type PaymentReportStatus = z.infer<typeof PaymentReportStatusSchema>;
export const PAYMENT_REPORT_STATUS_LABELS: Record<PaymentReportStatus, string> = {
  pending: 'Pendiente de revisión',
  confirmed: 'Confirmado',
  rejected: 'Rechazado',
};
export const PAYMENT_REPORT_STATUS_COLORS: Record<PaymentReportStatus, string> = {
  pending: 'yellow',
  confirmed: 'green',
  rejected: 'red',
};

/** Largest receipt a client attaches to a report (image or PDF): 10 MB. */
export const PAYMENT_REPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Spanish messages of a report's fields (the form shows the same words as the API). */
export const PAYMENT_REPORT_MESSAGES = {
  amountMin: 'El monto mínimo es RD$0.01',
  futureDate: 'La fecha del pago no puede ser futura',
  bank: 'Indica el banco desde el que transferiste',
  reference: 'Indica el número de referencia de la transferencia',
  file: 'Adjunta el comprobante de la transferencia (imagen o PDF)',
  noAccount: 'La agencia aún no tiene una cuenta para transferencias: contáctala para pagar esta factura.',
} as const;

/**
 * `POST /invoices/{id}/payment-reports` fields (multipart, with the receipt in `file`): amount
 * (major units, ≥ RD$0.01; the API also refuses more than the balance), the transfer's date
 * (YYYY-MM-DD, not after today in Santo Domingo), the bank and its reference number. Multipart
 * fields arrive as strings, so `amount` is coerced.
 */
export const CreatePaymentReportRequestSchema = z.object({
  amount: z.coerce
    .number({ error: 'Monto inválido' })
    .min(0.01, PAYMENT_REPORT_MESSAGES.amountMin)
    .max(100_000_000, 'Monto demasiado alto'),
  date: isoDateSchema().refine((d) => d <= businessToday(), PAYMENT_REPORT_MESSAGES.futureDate),
  bank: z.string().trim().min(1, PAYMENT_REPORT_MESSAGES.bank).max(100, 'Máximo 100 caracteres'),
  reference: z.string().trim().min(1, PAYMENT_REPORT_MESSAGES.reference).max(100, 'Máximo 100 caracteres'),
});
export type CreatePaymentReportRequest = z.input<typeof CreatePaymentReportRequestSchema>;

/** A transfer report as the API returns it (`_id`, invoice, money in major units, dates ISO). */
export const PaymentReportSchema = z.object({
  _id: z.uuid(),
  status: PaymentReportStatusSchema,
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  date: z.string(),
  bank: z.string(),
  reference: z.string(),
  invoice: z.object({ _id: z.uuid(), invoiceNumber: z.string(), clientName: z.string() }),
  /** The attached receipt (`GET /payment-reports/{id}/file`), null if it was removed. */
  file: z.object({ filename: z.string(), contentType: z.string() }).nullable(),
  reportedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The payment recorded when confirmed. */
  paymentId: z.uuid().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentReport = z.infer<typeof PaymentReportSchema>;

export const CreatePaymentReportResponseSchema = z.object({ paymentReport: PaymentReportSchema });
export const GetPaymentReportResponseSchema = CreatePaymentReportResponseSchema;

/** `GET /payment-reports` query (staff): page, limit (default 20), status, one invoice's reports. */
export const ListPaymentReportsQuerySchema = z.object({
  ...pageQueryFields(),
  status: PaymentReportStatusSchema.optional(),
  invoiceId: z.uuid({ message: 'Identificador inválido' }).optional(),
});
export type ListPaymentReportsQuery = z.input<typeof ListPaymentReportsQuerySchema>;
export const ListPaymentReportsResponseSchema = z.object({
  paymentReports: z.array(PaymentReportSchema),
  pagination: PaginationSchema,
});
export type ListPaymentReportsResponse = z.infer<typeof ListPaymentReportsResponseSchema>;

/**
 * `POST /payment-reports/{id}/confirm` body (admin, optional): the payment as the admin checked
 * it in the payment form (decision 163) — the amount received, its date and reference when the
 * bank shows other figures than the report, and the withholdings the client retained, as on
 * `PUT /invoices/{id}/pay` (major units; a preset computes them). Omitted fields come from the
 * report (amount, transfer date, "banco · Ref. …"); the method is always a bank transfer.
 */
export const ConfirmPaymentReportRequestSchema = z
  .object({
    amount: z
      .number({ error: 'Monto inválido' })
      .min(0.01, PAYMENT_REPORT_MESSAGES.amountMin)
      .max(100_000_000, 'Monto demasiado alto')
      .optional(),
    paidDate: isoDateSchema().optional(),
    reference: z.string().trim().max(100, 'Máximo 100 caracteres').optional(),
    withholdingPreset: z.enum(['none', 'company_services', 'persona_fisica', 'government']).optional(),
    itbisWithheld: z.number().min(0, 'La retención no puede ser negativa').max(100_000_000).optional(),
    isrWithheld: z.number().min(0, 'La retención no puede ser negativa').max(100_000_000).optional(),
    retentionDate: isoDateSchema().optional(),
  })
  .nullish();
export type ConfirmPaymentReportRequest = z.input<typeof ConfirmPaymentReportRequestSchema>;

/**
 * `POST /invoices/{id}/payments/{paymentId}/void` body (admin): why the payment is voided
 * (1–500 characters), kept in the invoice's history and told to the client (decision 163).
 */
export const VoidPaymentRequestSchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo de la anulación' })
    .trim()
    .min(1, 'Indica el motivo de la anulación')
    .max(500, 'Máximo 500 caracteres'),
});
export type VoidPaymentRequest = z.input<typeof VoidPaymentRequestSchema>;

/** `POST /payment-reports/{id}/reject` body (admin): why, told to the client (1–500 characters). */
export const RejectPaymentReportRequestSchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo del rechazo' })
    .trim()
    .min(1, 'Indica el motivo del rechazo')
    .max(500, 'Máximo 500 caracteres'),
});
export type RejectPaymentReportRequest = z.input<typeof RejectPaymentReportRequestSchema>;

// ── online payments (Azul) settings ─────────────────────────────────────────────────────────

/** Azul's two environments: "pruebas" (test cards, no money moves) and "produccion". */
export const AZUL_ENVIRONMENTS = ['pruebas', 'produccion'] as const;
export const AzulEnvironmentSchema = z.enum(AZUL_ENVIRONMENTS, { error: 'Ambiente inválido' });
export type AzulEnvironment = z.infer<typeof AzulEnvironmentSchema>;
export const AZUL_ENVIRONMENT_LABELS: Record<AzulEnvironment, string> = {
  pruebas: 'Pruebas',
  produccion: 'Producción',
};

/**
 * The Azul set-up as admins read it: the auth key is never returned, only whether one is stored
 * (`hasAuthKey`). `currencies`: the invoice currencies a card may pay (each Azul merchant id
 * transacts in one currency, so usually one).
 */
export const AzulSettingsSchema = z.object({
  enabled: z.boolean(),
  environment: AzulEnvironmentSchema,
  merchantId: z.string(),
  merchantName: z.string(),
  merchantType: z.string(),
  hasAuthKey: z.boolean(),
  currencies: z.array(z.enum(CURRENCIES)),
});
export type AzulSettings = z.infer<typeof AzulSettingsSchema>;
export const OnlinePaymentSettingsSchema = z.object({ azul: AzulSettingsSchema });
export type OnlinePaymentSettings = z.infer<typeof OnlinePaymentSettingsSchema>;
export const GetOnlinePaymentSettingsResponseSchema = z.object({
  onlinePayments: OnlinePaymentSettingsSchema,
});

const AZUL_MESSAGES = {
  merchantId: 'Indica el MerchantID que te asignó Azul (solo dígitos)',
  merchantName: 'Indica el nombre del comercio',
  merchantType: 'Indica el tipo de comercio',
  authKey: 'Indica la llave de autenticación (AuthKey) que te entregó Azul',
  currencies: 'Elige al menos una moneda',
} as const;

/**
 * `PUT /settings/online-payments` body (admin with `settings.write`). `authKey` is write-only:
 * omitted or blank keeps the stored one; enabling needs a merchant id (digits), name, type,
 * at least one currency and a stored or given auth key (the API answers 400 on `azul.authKey`).
 */
export const UpdateOnlinePaymentSettingsRequestSchema = z.object({
  azul: z
    .object({
      enabled: z.boolean(),
      environment: AzulEnvironmentSchema,
      merchantId: z
        .string()
        .trim()
        .max(20, 'Máximo 20 caracteres')
        .refine((v) => v === '' || /^\d+$/.test(v), AZUL_MESSAGES.merchantId),
      merchantName: z.string().trim().max(60, 'Máximo 60 caracteres'),
      merchantType: z.string().trim().max(60, 'Máximo 60 caracteres'),
      authKey: z
        .string()
        .trim()
        .max(512, 'Máximo 512 caracteres')
        .optional()
        .transform((v) => (v ? v : undefined)),
      currencies: z.array(z.enum(CURRENCIES)).max(CURRENCIES.length),
    })
    .superRefine((v, ctx) => {
      if (!v.enabled) return;
      if (!v.merchantId)
        ctx.addIssue({ code: 'custom', path: ['merchantId'], message: AZUL_MESSAGES.merchantId });
      if (!v.merchantName)
        ctx.addIssue({ code: 'custom', path: ['merchantName'], message: AZUL_MESSAGES.merchantName });
      if (!v.merchantType)
        ctx.addIssue({ code: 'custom', path: ['merchantType'], message: AZUL_MESSAGES.merchantType });
      if (v.currencies.length === 0)
        ctx.addIssue({ code: 'custom', path: ['currencies'], message: AZUL_MESSAGES.currencies });
    }),
});
export type UpdateOnlinePaymentSettingsRequest = z.input<typeof UpdateOnlinePaymentSettingsRequestSchema>;
/** The message of a missing auth key when enabling (the API checks it against the stored one). */
export const AZUL_AUTH_KEY_REQUIRED = AZUL_MESSAGES.authKey;

// ── card payments ───────────────────────────────────────────────────────────────────────────

/** Where a card payment attempt stands: sent to Azul, approved (paid), declined, cancelled. */
export const CARD_PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export const CardPaymentStatusSchema = z.enum(CARD_PAYMENT_STATUSES);
export type CardPaymentStatus = z.infer<typeof CardPaymentStatusSchema>;

/** `GET /invoices/{id}/payment-options` (the invoice's own client, staff): what the portal offers. */
export const InvoicePaymentOptionsSchema = z.object({
  /** The invoice is open (issued, sent, part paid or overdue, balance above zero). */
  open: z.boolean(),
  /** Azul is on and takes the invoice's currency. */
  card: z.boolean(),
  /**
   * The invoice is open and the agency has a bank account to transfer to: transfers can be
   * reported (decision 163: without an account the client is told to contact the agency).
   */
  report: z.boolean(),
  /** What the client's transfer reports still under review add up to (major units). */
  reportedPending: z.number(),
});
export type InvoicePaymentOptions = z.infer<typeof InvoicePaymentOptionsSchema>;
export const GetInvoicePaymentOptionsResponseSchema = z.object({
  paymentOptions: InvoicePaymentOptionsSchema,
});

/** `POST /invoices/{id}/card-payments` body (the invoice's own client): amount ≤ the balance. */
export const CreateCardPaymentRequestSchema = z.object({
  amount: z
    .number({ error: 'Monto inválido' })
    .min(0.01, PAYMENT_REPORT_MESSAGES.amountMin)
    .max(100_000_000, 'Monto demasiado alto'),
});
export type CreateCardPaymentRequest = z.input<typeof CreateCardPaymentRequestSchema>;

/**
 * What the browser posts to Azul's Payment Page: `url` and the form `fields` in Azul's names
 * (MerchantId, OrderNumber, Amount and ITBIS in centavos, the return URLs, AuthHash …).
 */
export const CardPaymentRedirectSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export const CreateCardPaymentResponseSchema = z.object({
  cardPayment: z.object({ _id: z.uuid(), orderNumber: z.string(), amount: z.number() }),
  redirect: CardPaymentRedirectSchema,
});
export type CreateCardPaymentResponse = z.infer<typeof CreateCardPaymentResponseSchema>;

/**
 * `?pago=` on the invoice a client lands on after Azul: approved, declined, cancelled, and
 * `error` when Azul's answer could not be read; the portal shows {@link CARD_RESULT_MESSAGES}.
 */
export const CARD_RESULTS = ['aprobado', 'declinado', 'cancelado'] as const;
export type CardResult = (typeof CARD_RESULTS)[number];
export const CARD_RESULT_MESSAGES: Record<CardResult, string> = {
  aprobado: 'Pago con tarjeta aprobado. Te enviamos el recibo por correo.',
  declinado: 'El pago con tarjeta fue declinado. No se hizo ningún cargo; puedes intentarlo de nuevo.',
  cancelado: 'Cancelaste el pago con tarjeta. La factura sigue pendiente.',
};

// ── receipts ────────────────────────────────────────────────────────────────────────────────

/** Series of payment receipts ("Recibo de pago"): `REC-2026-0001`, numbered per year. */
export const RECEIPT_SERIES = 'REC';
