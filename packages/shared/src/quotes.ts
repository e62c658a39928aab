import { z } from 'zod';
import {
  computeInvoiceTotals,
  DISCOUNT_FITS,
  discountFits,
  documentDetailFields,
  documentListQuerySchema,
  documentListResponseSchema,
  documentMoneyFields,
  documentPricingFields,
  documentTimestampFields,
} from './billing-documents.js';
import { InvoiceSchema } from './invoices.js';
import { CURRENCIES, fromCents, percentOfCents } from './money.js';
import { isoDateSchema } from './text.js';

/**
 * Quotes (cotizaciones, issue 16, decision 114). A quote is priced with the invoices' line
 * schema and totals engine (decisions 052, 080); money in the API in major units, stored in
 * centavos. Status: draft → sent → accepted | rejected | expired. `expired` is stored by the
 * daily job and also reported for a sent quote whose `validUntil` is before the agency's today.
 */
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Borrador',
  sent: 'Enviada',
  accepted: 'Aceptada',
  rejected: 'Rechazada',
  expired: 'Vencida',
};
export const QUOTE_STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};
/** Quote number series: `COT-2026-0001` (gap-free per year, decision 054). */
export const QUOTE_SERIES = 'COT';
/** Quote list page size (like invoices). */
export const QUOTE_PAGE_SIZE = 10;
/** Message of the 409 when a quote's validity has passed. */
export const QUOTE_EXPIRED_MESSAGE =
  'La cotización venció y ya no se puede aceptar. Pide a la agencia una cotización actualizada.';

/** Status a quote shows on `today` (ISO): a sent quote past its validity is `expired`. */
export function effectiveQuoteStatus(status: QuoteStatus, validUntil: string, today: string): QuoteStatus {
  return status === 'sent' && validUntil < today ? 'expired' : status;
}

const isoDate = isoDateSchema();

const quoteFields = {
  clientId: z.uuid({ message: 'Cliente es requerido' }),
  projectId: z.uuid().nullish(),
  /** Last day the client may accept the quote (YYYY-MM-DD, agency time zone). */
  validUntil: isoDate,
  ...documentPricingFields,
  /** Percent (1–99) billed as an advance invoice on acceptance; null/absent = one invoice. */
  advancePercent: z
    .number({ error: 'Porcentaje inválido' })
    .int('El anticipo debe ser un porcentaje entero')
    .min(1, 'El anticipo debe estar entre 1 y 99 %')
    .max(99, 'El anticipo debe estar entre 1 y 99 %')
    .nullish(),
  /** On acceptance, also create a project whose milestones are the quote's lines. */
  createProject: z.boolean().default(false),
};

/**
 * `POST /quotes` body (admin). Totals are computed by the server; tax rate and currency default
 * to the company settings; `quoteRequestId` links the public quote request it answers.
 */
export const CreateQuoteBodySchema = z
  .object({ ...quoteFields, quoteRequestId: z.uuid().nullish() })
  .refine(discountFits, DISCOUNT_FITS);
export type CreateQuoteBody = z.input<typeof CreateQuoteBodySchema>;

/** `PUT /quotes/{id}` body (admin, drafts only): any subset; `items` replaces all lines. */
export const UpdateQuoteBodySchema = z
  .object({
    ...quoteFields,
    discountAmount: quoteFields.discountAmount.unwrap(),
    createProject: z.boolean(),
  })
  .partial()
  .refine(discountFits, DISCOUNT_FITS);
export type UpdateQuoteBody = z.input<typeof UpdateQuoteBodySchema>;

/** `POST /quotes/{id}/accept` body (the quote's client): typed full name and the agreement box. */
export const AcceptQuoteBodySchema = z.object({
  signedName: z
    .string({ error: 'Escribe tu nombre completo' })
    .trim()
    .min(3, 'Escribe tu nombre completo')
    .max(200, 'Máximo 200 caracteres'),
  agree: z.literal(true, { error: 'Debes marcar la casilla de aceptación' }),
});
export type AcceptQuoteBody = z.input<typeof AcceptQuoteBodySchema>;

/** `POST /quotes/{id}/reject` body (the quote's client): the reason is required. */
export const RejectQuoteBodySchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo del rechazo' })
    .trim()
    .min(3, 'Indica el motivo del rechazo')
    .max(1000, 'Máximo 1000 caracteres'),
});
export type RejectQuoteBody = z.input<typeof RejectQuoteBodySchema>;

/** `GET /quotes` query: page from 1, limit 1–100, status (effective), search by number/client. */
export const ListQuotesQuerySchema = documentListQuerySchema(QUOTE_STATUSES, QUOTE_PAGE_SIZE, 100_000);
export type ListQuotesQuery = z.input<typeof ListQuotesQuerySchema>;

const linkedInvoice = z.object({ _id: z.uuid(), invoiceNumber: z.string(), status: z.string() }).nullable();

/** A quote in lists. Money in major units; dates YYYY-MM-DD; timestamps ISO. */
export const QuoteSummarySchema = z.object({
  _id: z.uuid(),
  quoteNumber: z.string(),
  issueDate: z.string(),
  validUntil: z.string(),
  /** Effective status (a sent quote past `validUntil` is `expired`). */
  status: QuoteStatusSchema,
  /** Display name (company, else first + last name), e-mail and RNC/cédula. */
  client: z.object({ _id: z.uuid(), name: z.string(), email: z.string(), taxId: z.string().nullable() }),
  project: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  ...documentMoneyFields,
  currency: z.enum(CURRENCIES),
  advancePercent: z.number().int().nullable(),
  createProject: z.boolean(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  ...documentTimestampFields,
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

/** A full quote (`GET /quotes/{id}`). */
export const QuoteSchema = QuoteSummarySchema.extend({
  ...documentDetailFields,
  signedName: z.string().nullable(),
  acceptedIp: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  expiredAt: z.string().nullable(),
  /** Invoice created on acceptance (the advance invoice when split). */
  invoice: linkedInvoice,
  balanceInvoice: linkedInvoice,
  createdProject: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  quoteRequestId: z.uuid().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const ListQuotesResponseSchema = documentListResponseSchema('quotes', QuoteSummarySchema);
export type ListQuotesResponse = z.infer<typeof ListQuotesResponseSchema>;
export const GetQuoteResponseSchema = z.object({ quote: QuoteSchema });

/** `POST /quotes/{id}/accept` answer: the quote, the draft invoice(s) and the project created. */
export const AcceptQuoteResponseSchema = z.object({
  quote: QuoteSchema,
  invoice: InvoiceSchema,
  balanceInvoice: InvoiceSchema.nullable(),
  project: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
});
export type AcceptQuoteResponse = z.infer<typeof AcceptQuoteResponseSchema>;

/** A quote line as stored (centavos). */
export interface QuoteLineCents {
  description: string;
  details: string | null;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  taxExempt: boolean;
}

/** One invoice's lines and discount in the invoice form's units (major units). */
export interface InvoiceDraftPart {
  items: {
    description: string;
    details: string | null;
    quantity: number;
    unitPrice: number;
    taxExempt: boolean;
  }[];
  discountAmount: number;
}

const subtotalOf = (lines: readonly QuoteLineCents[]) => lines.reduce((a, l) => a + l.totalCents, 0);

function partTotal(part: InvoiceDraftPart, taxRate: number): number {
  return computeInvoiceTotals(part.items, taxRate, part.discountAmount).totalCents;
}

/**
 * Splits an accepted quote into an advance invoice of `percent` % and a balance invoice
 * (decision 114). Each quote line becomes one line (quantity 1) in each invoice: the advance
 * takes `percent` % of the line total (half-up) and the balance the rest, so the two subtotals
 * add up to the quote's subtotal exactly; the discount is split the same way. ITBIS is rounded
 * per invoice (each invoice stands alone fiscally), which could leave the two totals one
 * centavo off the quote's total; one centavo is then moved between the first taxable lines so
 * the totals add up to the quote's total. Pure; amounts in centavos in, major units out.
 */
export function splitQuoteForAdvance(
  lines: readonly QuoteLineCents[],
  discountCents: number,
  taxRate: number,
  percent: number,
  quoteTotalCents: number,
): { advance: InvoiceDraftPart; balance: InvoiceDraftPart } {
  const advCents = lines.map((l) => percentOfCents(l.totalCents, percent));
  const advSubtotal = advCents.reduce((a, b) => a + b, 0);
  const advDiscount = Math.min(percentOfCents(discountCents, percent), advSubtotal);
  const build = (adv: number[]) => {
    const advance: InvoiceDraftPart = {
      items: lines.map((l, i) => ({
        description: `Anticipo ${percent} %: ${l.description}`.slice(0, 300),
        details: l.details,
        quantity: 1,
        unitPrice: fromCents(adv[i]!),
        taxExempt: l.taxExempt,
      })),
      discountAmount: fromCents(advDiscount),
    };
    const balance: InvoiceDraftPart = {
      items: lines.map((l, i) => ({
        description: `Saldo ${100 - percent} %: ${l.description}`.slice(0, 300),
        details: l.details,
        quantity: 1,
        unitPrice: fromCents(l.totalCents - adv[i]!),
        taxExempt: l.taxExempt,
      })),
      discountAmount: fromCents(discountCents - advDiscount),
    };
    return { advance, balance };
  };
  let best = build(advCents);
  const first = lines.findIndex((l) => !l.taxExempt && l.totalCents > 0);
  if (first >= 0) {
    for (const delta of [0, 1, -1, 2, -2]) {
      const adv = advCents.slice();
      const moved = adv[first]! + delta;
      if (moved < 0 || moved > lines[first]!.totalCents) continue;
      adv[first] = moved;
      // Each invoice's discount must stay within its own subtotal.
      const advTotal = adv.reduce((a, b) => a + b, 0);
      if (advDiscount > advTotal || discountCents - advDiscount > subtotalOf(lines) - advTotal) continue;
      const candidate = build(adv);
      if (partTotal(candidate.advance, taxRate) + partTotal(candidate.balance, taxRate) === quoteTotalCents) {
        best = candidate;
        break;
      }
    }
  }
  return best;
}
