import { z } from 'zod';
import { CURRENCIES, divRoundHalfUp, lineTotalCents, percentOfCents, toCents } from './money.js';

/*
 * The building blocks shared by the billing documents, invoices and quotes (issue 15): the line
 * schemas, the totals engine, the pricing fields of their bodies, the discount check, the list
 * query and the money fields of their summaries. invoices.ts and quotes.ts compose them.
 */

/** One line of the invoice form: quantity ≥ 1 (up to 4 decimals), unit price ≥ 0 in major units (spec doc 2 §5). */
export const InvoiceItemInputSchema = z.object({
  description: z.string().trim().min(1, 'Descripción es requerida').max(300),
  details: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null)),
  quantity: z
    .number({ error: 'Cantidad inválida' })
    .min(1, 'La cantidad mínima es 1')
    .max(1_000_000)
    .refine((v) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6, 'Máximo 4 decimales'),
  unitPrice: z
    .number({ error: 'Precio inválido' })
    .min(0, 'El precio no puede ser negativo')
    .max(100_000_000),
  /** Exempt from ITBIS (Ley 11-92 art. 343–344): left out of the taxable base. */
  taxExempt: z.boolean().default(false),
});
export type InvoiceItemInput = z.input<typeof InvoiceItemInputSchema>;

/** The lines of an invoice form (and of a retainer template, decision 111): 1–100 lines. */
export const InvoiceItemsInputSchema = z
  .array(InvoiceItemInputSchema)
  .min(1, 'Agrega al menos un ítem')
  .max(100);

/** The discount applies before ITBIS, so it can't exceed the subtotal (issue 12). */
export const DISCOUNT_ABOVE_SUBTOTAL = 'El descuento no puede superar el subtotal';

/** Whether a body's discount fits within its lines' subtotal (true when either is absent: a partial update). */
export const discountFits = (v: {
  items?: z.input<typeof InvoiceItemInputSchema>[];
  discountAmount?: number;
}) => {
  if (!v.items || v.discountAmount === undefined) return true;
  const t = computeInvoiceTotals(v.items, 0, v.discountAmount);
  return t.discountCents <= Math.max(0, t.subtotalCents);
};
/** The refinement options of {@link discountFits}: the message on `discountAmount`. */
export const DISCOUNT_FITS = { message: DISCOUNT_ABOVE_SUBTOTAL, path: ['discountAmount'] };

/** The pricing fields of an invoice's or a quote's create body: lines, tax rate, discount, currency, notes. */
export const documentPricingFields = {
  items: InvoiceItemsInputSchema,
  taxRate: z.number().min(0).max(100).optional().describe('Percent; default = company settings (18, ITBIS)'),
  discountAmount: z.number().min(0, 'El descuento no puede ser negativo').max(100_000_000).default(0),
  currency: z.enum(CURRENCIES).optional().describe('Default = company settings currency'),
  notes: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => (v ? v : null)),
};

/**
 * A document list's query (`GET /invoices`, `GET /quotes`): page from 1 (at most `pageMax` when
 * given), limit 1–100 (default `pageSize`), effective status among `statuses` (or `all`/empty),
 * search text and client.
 */
export function documentListQuerySchema<const S extends readonly [string, ...string[]]>(
  statuses: S,
  pageSize: number,
  pageMax?: number,
) {
  const page = z.coerce.number().int().min(1);
  return z.object({
    page: (pageMax === undefined ? page : page.max(pageMax)).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(pageSize),
    status: z.enum([...statuses, 'all', '']).optional(),
    search: z.string().trim().max(100).optional(),
    clientId: z.uuid().optional(),
  });
}

/** The pagination of a document list's answer. */
export const DocumentPaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

/** A document list's answer: the page's items under `key` (`invoices`, `quotes`) and its pagination. */
export function documentListResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), pagination: DocumentPaginationSchema } as {
    [P in K]: z.ZodArray<T>;
  } & { pagination: typeof DocumentPaginationSchema });
}

/** A stored line of an invoice or a quote as the API answers it (major units). */
export const InvoiceItemSchema = z.object({
  _id: z.uuid(),
  description: z.string(),
  details: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
  taxExempt: z.boolean(),
});

/** The timestamps closing an invoice's or a quote's summary (ISO). */
export const documentTimestampFields = {
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** The fields opening a full invoice or quote after its summary: its lines and notes. */
export const documentDetailFields = {
  items: z.array(InvoiceItemSchema),
  notes: z.string().nullable(),
};

/** The money fields of an invoice's or a quote's summary (major units). */
export const documentMoneyFields = {
  subtotal: z.number(),
  /** Net amount of exempt lines (after their share of the discount). */
  exemptSubtotal: z.number(),
  /** ITBIS base: subtotal − discount − exempt. */
  taxableBase: z.number(),
  taxRate: z.number(),
  taxAmount: z.number(),
  discountAmount: z.number(),
  total: z.number(),
};

/** Totals of an invoice in centavos. */
export interface InvoiceTotalsCents {
  lineTotalsCents: number[];
  subtotalCents: number;
  /** Exempt lines net of their share of the discount. */
  exemptCents: number;
  /** ITBIS base: subtotal − discount − exempt. */
  taxableBaseCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
}

/**
 * Invoice arithmetic on integers (issue 6 "Money", corrected by issue 12): each line =
 * quantity × unitPrice rounded half-up to the cent; subtotal = Σ lines; the discount reduces
 * the taxable base (Código Tributario, Ley 11-92 art. 339) and is shared between taxable and
 * exempt lines in proportion to their amounts (half-up); exempt lines (`taxExempt`) stay out of
 * the base; tax = base × taxRate / 100 half-up; total = subtotal − discount + tax.
 * Prices and discount in major units, rate in percent. A discount above the subtotal gives a
 * negative total (callers refuse it).
 */
export function computeInvoiceTotals(
  items: ReadonlyArray<{ quantity: number; unitPrice: number; taxExempt?: boolean | null }>,
  taxRate: number,
  discountAmount = 0,
): InvoiceTotalsCents {
  const lineTotalsCents = items.map((i) =>
    lineTotalCents(
      Number.isFinite(i.quantity) ? i.quantity : 0,
      toCents(Number.isFinite(i.unitPrice) ? i.unitPrice : 0),
    ),
  );
  const subtotalCents = lineTotalsCents.reduce((a, b) => a + b, 0);
  const exemptGrossCents = lineTotalsCents.reduce((a, c, i) => a + (items[i]?.taxExempt ? c : 0), 0);
  const discountCents = toCents(Number.isFinite(discountAmount) ? discountAmount : 0);
  const exemptDiscount =
    subtotalCents > 0
      ? divRoundHalfUp(Math.min(discountCents, subtotalCents) * exemptGrossCents, subtotalCents)
      : 0;
  const exemptCents = exemptGrossCents - exemptDiscount;
  const taxableBaseCents = Math.max(0, subtotalCents - discountCents - exemptCents);
  const taxCents = percentOfCents(taxableBaseCents, Number.isFinite(taxRate) ? taxRate : 0);
  return {
    lineTotalsCents,
    subtotalCents,
    exemptCents,
    taxableBaseCents,
    taxCents,
    discountCents,
    totalCents: subtotalCents - discountCents + taxCents,
  };
}
