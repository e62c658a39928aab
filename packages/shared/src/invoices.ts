import { z } from 'zod';
import {
  DISCOUNT_FITS,
  discountFits,
  documentDetailFields,
  documentListQuerySchema,
  documentListResponseSchema,
  documentMoneyFields,
  documentPricingFields,
  documentTimestampFields,
} from './billing-documents.js';
import { CreditNoteSchema } from './credit-notes.js';
import { addDays, businessToday, daysBetween } from './dates.js';
import { DebitNoteSchema } from './debit-notes.js';
import { DgiiMessageSchema, EcfStatusSchema } from './ecf.js';
import { FiscalDocumentTypeSchema, FiscalModeSchema, InvoiceDocumentTypeSchema } from './fiscal.js';
import { FiscalSnapshotSchema } from './fiscal-snapshot.js';
import { CURRENCIES } from './money.js';
import { isoDateSchema } from './text.js';

/**
 * Invoice statuses with labels and colours (spec doc 2 §4). `overdue` is never stored: an
 * unpaid (sent/pending) invoice whose due date has passed is reported as overdue. `issued` is
 * never stored either (decision 163): a `sent` invoice that was issued ("Emitir") but never
 * e-mailed (`sentAt` null) reads "Emitida"; "Enviada" comes only with a real sending.
 * `pending` = sent and partly paid (decision 053), shown as "Pago parcial" (issue 18, decision 092:
 * the specification's "Pendiente" read as "nothing paid yet" while a payment was listed).
 */
export const INVOICE_STATUSES = [
  'draft',
  'issued',
  'sent',
  'paid',
  'overdue',
  'cancelled',
  'pending',
] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Borrador',
  issued: 'Emitida (sin enviar)',
  sent: 'Enviada',
  paid: 'Pagada',
  overdue: 'Vencida',
  cancelled: 'Cancelada',
  pending: 'Pago parcial',
};
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'cyan',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
  cancelled: 'orange',
  pending: 'yellow',
};
/** Statuses stored in the database. */
export const STORED_INVOICE_STATUSES = ['draft', 'sent', 'pending', 'paid', 'cancelled'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/** Payment methods (spec doc 2 §3) with Spanish labels ('pse' is the electronic bank debit). */
export const PAYMENT_METHODS = ['bank_transfer', 'credit_card', 'pse', 'cash', 'check'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Transferencia bancaria',
  credit_card: 'Tarjeta de crédito',
  pse: 'Débito bancario en línea (PSE)',
  cash: 'Efectivo',
  check: 'Cheque',
};

/** History event types of an invoice. */
export const INVOICE_EVENTS = [
  'created',
  'updated',
  'sent',
  'viewed',
  'payment',
  'paid',
  'cancelled',
  'reminded',
  'issued',
  'credit_note',
  'debit_note',
  'ecf_signed',
  'payment_reported',
  'payment_report_rejected',
  'card_payment_failed',
  'payment_voided',
] as const;
export const INVOICE_EVENT_LABELS: Record<(typeof INVOICE_EVENTS)[number], string> = {
  created: 'Creada',
  updated: 'Editada',
  sent: 'Enviada',
  viewed: 'Vista por el cliente',
  payment: 'Pago registrado',
  paid: 'Pagada',
  cancelled: 'Cancelada',
  reminded: 'Recordatorio de pago enviado',
  issued: 'Emitida con comprobante fiscal',
  credit_note: 'Nota de crédito emitida',
  debit_note: 'Nota de débito emitida',
  ecf_signed: 'e-CF firmado',
  payment_reported: 'Transferencia reportada por el cliente',
  payment_report_rejected: 'Transferencia reportada no confirmada',
  card_payment_failed: 'Pago con tarjeta no completado',
  payment_voided: 'Pago anulado',
};

/** Default series of the invoice number (`FAC-2026-0001`). */
export const DEFAULT_INVOICE_SERIES = 'FAC';
/** Invoice list page size (spec doc 2 §9). */
export const INVOICE_PAGE_SIZE = 10;

const isoDate = isoDateSchema();

const invoiceFields = {
  clientId: z.uuid({ message: 'Cliente es requerido' }),
  projectId: z.uuid().nullish(),
  /** Fiscal document type; default from the client's fiscal profile and the agency's mode. */
  documentType: InvoiceDocumentTypeSchema.nullish(),
  issueDate: isoDate,
  dueDate: isoDate,
  ...documentPricingFields,
  paymentMethod: PaymentMethodSchema.nullish(),
  paymentTerms: z.number().int().min(0).max(365).optional().describe('Days; default dueDate − issueDate'),
};

const dueAfterIssue = (v: { issueDate?: string; dueDate?: string }) =>
  !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate;
const DUE_BEFORE_ISSUE = {
  message: 'La fecha de vencimiento no puede ser anterior a la de emisión',
  path: ['dueDate'],
};

/**
 * `POST /invoices` body (admin). Totals are always computed by the server; `asDraft: false`
 * creates and sends it at once (the form's 'guardar como borrador' switch off).
 */
export const CreateInvoiceRequestSchema = z
  .object({
    ...invoiceFields,
    series: z
      .string()
      .trim()
      .regex(/^[A-Z]{1,6}$/, 'Serie inválida (1–6 letras mayúsculas)')
      .default(DEFAULT_INVOICE_SERIES),
    asDraft: z.boolean().default(true),
  })
  .refine(dueAfterIssue, DUE_BEFORE_ISSUE)
  .refine(discountFits, DISCOUNT_FITS);
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequestSchema>;

/** `PUT /invoices/{id}` body (admin, drafts only): any subset; `items` replaces all lines. */
export const UpdateInvoiceRequestSchema = z
  .object({ ...invoiceFields, discountAmount: invoiceFields.discountAmount.unwrap() })
  .partial()
  .refine(dueAfterIssue, DUE_BEFORE_ISSUE);
export type UpdateInvoiceRequest = z.input<typeof UpdateInvoiceRequestSchema>;

/**
 * The dates an invoice takes when it is issued (decision 132): the business day of issuing
 * (America/Santo_Domingo, `businessToday`) whatever the draft said, and the due date
 * `paymentTerms` days later, so the term the client was given is kept. ISO dates YYYY-MM-DD.
 */
export function issueDayDates(
  paymentTerms: number,
  today: string = businessToday(),
): { issueDate: string; dueDate: string } {
  return { issueDate: today, dueDate: addDays(today, paymentTerms) };
}

/**
 * `PUT /invoices/{id}/pay` body: amount (major units, ≥ RD$0.01) defaults to the balance less the
 * withholdings; paidDate to today and retentionDate to paidDate, each not before the invoice's
 * issue date nor after tomorrow (business days; 400 on the field otherwise, decision 132). Withholdings
 * (ITBIS and ISR retained by the client, major units) count towards settling the invoice;
 * `withholdingPreset` computes them from the invoice (explicit amounts win).
 */
export const PayInvoiceRequestSchema = z
  .object({
    amount: z
      .number({ error: 'Monto inválido' })
      .min(0.01, 'El monto mínimo es RD$0.01')
      .max(100_000_000)
      .optional(),
    paidDate: isoDate.optional(),
    paymentMethod: PaymentMethodSchema.optional(),
    reference: z.string().trim().max(100).optional(),
    withholdingPreset: z.enum(['none', 'company_services', 'persona_fisica', 'government']).optional(),
    itbisWithheld: z.number().min(0, 'La retención no puede ser negativa').max(100_000_000).optional(),
    isrWithheld: z.number().min(0, 'La retención no puede ser negativa').max(100_000_000).optional(),
    retentionDate: isoDate.optional(),
  })
  .default({});
export type PayInvoiceRequest = z.input<typeof PayInvoiceRequestSchema>;

/** Spanish names of a payment's dated fields, as the messages start. */
export const PAYMENT_DATE_LABELS = {
  paidDate: 'La fecha de pago',
  retentionDate: 'La fecha de retención',
} as const;

/**
 * Why a payment's `paidDate` or `retentionDate` (YYYY-MM-DD) is refused, or null when it is fine:
 * not before the invoice's issue date (nothing is paid or withheld on an invoice before it
 * exists) and not after tomorrow (a transfer announced for the next day; later is a typing
 * error), business days (decision 132). The API answers it as a 400 on the field; the payment
 * form says it before posting.
 */
export function paymentDateError(
  field: keyof typeof PAYMENT_DATE_LABELS,
  day: string,
  issueDate: string,
  today: string = businessToday(),
): string | null {
  if (day < issueDate) return `${PAYMENT_DATE_LABELS[field]} no puede ser anterior a la fecha de emisión`;
  if (day > addDays(today, 1)) return `${PAYMENT_DATE_LABELS[field]} no puede ser posterior a mañana`;
  return null;
}

/** `POST /invoices/{id}/cancel` body. */
export const CancelInvoiceRequestSchema = z
  .object({ reason: z.string().trim().max(500).optional() })
  .nullish();

/** `GET /invoices` query: page from 1, limit 1–100 (screen: 1 and 10), status incl. computed 'overdue'. */
export const ListInvoicesQuerySchema = documentListQuerySchema(INVOICE_STATUSES, INVOICE_PAGE_SIZE).extend({
  /** Only invoices whose e-CF has this DGII status (issue 26, "Billing list: filter by e-CF status"). */
  ecfStatus: EcfStatusSchema.optional(),
});
export type ListInvoicesQuery = z.input<typeof ListInvoicesQuerySchema>;

export const InvoicePaymentSchema = z.object({
  _id: z.uuid(),
  amount: z.number(),
  itbisWithheld: z.number(),
  isrWithheld: z.number(),
  retentionDate: z.string().nullable(),
  paidDate: z.string(),
  paymentMethod: PaymentMethodSchema,
  reference: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Its "Recibo de pago" number (`REC-2026-0001`, decision 147); the PDF is `…/payments/{id}/receipt.pdf`. */
  receiptNumber: z.string(),
  /** What the invoice still owed right after this payment; null on payments recorded before receipts. */
  balanceAfter: z.number().nullable(),
});
export const InvoiceHistoryEntrySchema = z.object({
  event: z.enum(INVOICE_EVENTS),
  by: z.string().nullable(),
  at: z.string(),
  note: z.string().nullable(),
});

/** Client summary embedded in an invoice (spec doc 2 §3 "Invoice".client). */
export const InvoiceClientSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  avatar: z.string().nullable(),
  companyRUC: z.string().nullable(),
});

/**
 * An invoice in lists (spec doc 2 §3). Money in major units; dates YYYY-MM-DD except
 * createdAt/updatedAt (ISO). `status` is the effective one (overdue computed, decision 053).
 */
export const InvoiceSummarySchema = z.object({
  _id: z.uuid(),
  invoiceNumber: z.string(),
  series: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  paidDate: z.string().nullable(),
  status: InvoiceStatusSchema,
  isOverdue: z.boolean(),
  daysOverdue: z.number().int(),
  client: InvoiceClientSchema,
  project: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  /** Fiscal document type (null on invoices created before fiscal invoicing). */
  documentType: FiscalDocumentTypeSchema.nullable(),
  /** NCF / e-NCF, taken when the invoice is issued; null on drafts. */
  ncf: z.string().nullable(),
  ncfExpiresOn: z.string().nullable(),
  /** e-CF only: the provider's security code and signature time (ISO). */
  securityCode: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** Direct e-CF emission (issue 26): where its e-CF stands with the DGII; null otherwise. */
  ecfStatus: EcfStatusSchema.nullable(),
  issuedAt: z.string().nullable(),
  ...documentMoneyFields,
  totalAmount: z.number(),
  amountPaid: z.number(),
  /** ITBIS + ISR withheld by the client (count towards settling the invoice). */
  amountWithheld: z.number(),
  /**
   * Part of the credit notes' totals applied against the balance (RD$/USD, 2 decimals). A note
   * issued on an invoice already paid is a refund owed to the client and is not counted here (see
   * each note's `refundAmount`), so
   * `balance = total + amountDebited − amountPaid − amountWithheld − amountCredited`.
   */
  amountCredited: z.number(),
  /** What the invoice's debit notes (B03/E33) add to it, ITBIS included (decision 138). */
  amountDebited: z.number(),
  balance: z.number(),
  currency: z.enum(CURRENCIES),
  paymentMethod: PaymentMethodSchema.nullable(),
  paymentTerms: z.number().int(),
  ...documentTimestampFields,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** A full invoice (`GET /invoices/{id}`): summary plus items, notes, payments and history. */
export const InvoiceSchema = InvoiceSummarySchema.extend({
  ...documentDetailFields,
  sentAt: z.string().nullable(),
  /**
   * Buyer (name, contact, RNC/cédula and its DGII type, address, fiscal profile, e-mail) and issuer
   * (the agency's name, RNC, address) frozen when the invoice was issued (decision 132). Null on
   * drafts, which show the client as it is now. The PDF, the share page, the invoice screen and the
   * 607 read it: editing the client or the company settings never changes an issued invoice.
   */
  fiscalSnapshot: FiscalSnapshotSchema.nullable(),
  /** Direct e-CF emission (issue 26): the DGII's trackId of its latest e-CF (null until sent or without one). */
  trackId: z.string().nullable(),
  /** The DGII's messages about its latest e-CF (`{code, message}`), empty without any. */
  dgiiMessages: z.array(DgiiMessageSchema),
  /**
   * Foreign-currency invoices (USD, EUR; issue 27, decision 137): DOP per unit frozen when issued —
   * the rate of the issue date or the last published before it (`exchangeRateDate`, ISO). Every
   * DGII figure (607, e-CF, consumo threshold) is the amount × this rate, half-up to the centavo.
   * Null on DOP invoices and on drafts.
   */
  exchangeRate: z.number().nullable(),
  exchangeRateDate: z.string().nullable(),
  payments: z.array(InvoicePaymentSchema),
  creditNotes: z.array(CreditNoteSchema),
  /** Debit notes (B03/E33), oldest first (decision 138). */
  debitNotes: z.array(DebitNoteSchema),
  history: z.array(InvoiceHistoryEntrySchema),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const ListInvoicesResponseSchema = documentListResponseSchema('invoices', InvoiceSummarySchema);
export type ListInvoicesResponse = z.infer<typeof ListInvoicesResponseSchema>;
export const GetInvoiceResponseSchema = z.object({ invoice: InvoiceSchema });

/**
 * `GET /invoices/stats` (spec doc 2 §3 "Invoice stats overview"), major units of the company
 * currency: totalRevenue = payments received; pendingRevenue = open balances of sent/pending
 * invoices; averageInvoiceValue = mean total of non-draft, non-cancelled invoices.
 */
export const InvoiceStatsSchema = z.object({
  totalRevenue: z.number(),
  pendingRevenue: z.number(),
  paidInvoices: z.number().int(),
  unpaidInvoices: z.number().int(),
  totalInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
  /** Sent invoices with part of the total settled (stored `pending`, shown "Pago parcial", issue 18). */
  partiallyPaidInvoices: z.number().int(),
  averageInvoiceValue: z.number(),
  currency: z.enum(CURRENCIES),
});
export type InvoiceStats = z.infer<typeof InvoiceStatsSchema>;

/**
 * The overdue rule (spec doc 2 §4): an invoice is overdue when it is not paid (stored status
 * sent or pending) and its due date is before today. Returns the effective status and days
 * overdue. A stored `sent` invoice that was never e-mailed (`sent` false) is `issued`
 * ("Emitida (sin enviar)", decision 163); overdue wins over it.
 */
export function effectiveInvoiceStatus(
  stored: StoredInvoiceStatus,
  dueDate: string,
  today: string = businessToday(),
  sent = true,
): { status: InvoiceStatus; isOverdue: boolean; daysOverdue: number } {
  const unpaid = stored === 'sent' || stored === 'pending';
  const days = daysBetween(dueDate, today);
  if (unpaid && days > 0) return { status: 'overdue', isOverdue: true, daysOverdue: days };
  if (stored === 'sent' && !sent) return { status: 'issued', isOverdue: false, daysOverdue: 0 };
  return { status: stored, isOverdue: false, daysOverdue: 0 };
}

/** Whether an invoice (effective status) still takes payments: issued, sent, part paid or overdue. */
export function invoiceIsOpen(status: InvoiceStatus): boolean {
  return status === 'issued' || status === 'sent' || status === 'pending' || status === 'overdue';
}

/** Formats an invoice number: series, year and a 4-digit (or longer) sequence: `FAC-2026-0001`. */
export function formatInvoiceNumber(series: string, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** `GET /invoices/defaults`: what the invoice form starts with (company settings). */
export const InvoiceDefaultsSchema = z.object({
  taxRate: z.number(),
  fiscalMode: FiscalModeSchema,
  currency: z.enum(CURRENCIES),
  series: z.string(),
  paymentTerms: z.number().int(),
});
export type InvoiceDefaults = z.infer<typeof InvoiceDefaultsSchema>;
