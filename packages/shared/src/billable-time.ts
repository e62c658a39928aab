import { z } from 'zod';
import { InvoiceSchema } from './invoices.js';
import { DateOnlySchema } from './projects.js';

/**
 * "Facturar horas" (issue 16, decision 115): a project's unbilled billable time entries in a
 * date range become invoice lines at each member's hourly rate.
 */

/** How entries become lines: one per person, or one per task (the entry's description). */
export const BILL_TIME_GROUPS = ['person', 'task'] as const;
export type BillTimeGroup = (typeof BILL_TIME_GROUPS)[number];
/** Spanish labels of {@link BILL_TIME_GROUPS} for the "Agrupar por" control. */
export const BILL_TIME_GROUP_LABELS: Record<BillTimeGroup, string> = {
  person: 'Persona',
  task: 'Tarea',
};

/** Answer of `POST /projects/{id}/bill-time` when no unbilled billable entry is in the range (409). */
export const NOTHING_TO_BILL = 'No hay horas facturables en ese rango';

/**
 * `POST /projects/{id}/bill-time/preview` and `POST /projects/{id}/bill-time` body: `from` and
 * `to` are calendar dates `YYYY-MM-DD`, both included; `to` not before `from`.
 */
export const BillTimeRequestSchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    groupBy: z.enum(BILL_TIME_GROUPS, { error: 'Agrupación inválida' }).default('person'),
  })
  .refine((v) => v.from <= v.to, {
    path: ['to'],
    message: 'La fecha final debe ser igual o posterior a la inicial',
  });
export type BillTimeRequest = z.input<typeof BillTimeRequestSchema>;

/**
 * One future invoice line: `hours` (decimal, steps of 0.5) × `rate` (major units per hour) =
 * `amount` (major units, half-up at the cent); `entries` = time entries it bills.
 */
export const BillTimeLineSchema = z.object({
  description: z.string(),
  details: z.string().nullable(),
  hours: z.number(),
  rate: z.number(),
  amount: z.number(),
  entries: z.number().int(),
});
export type BillTimeLine = z.infer<typeof BillTimeLineSchema>;

/** `POST /projects/{id}/bill-time/preview` → `data`: the lines, before ITBIS; money in `currency`. */
export const BillTimePreviewResponseSchema = z.object({
  lines: z.array(BillTimeLineSchema),
  totalHours: z.number(),
  subtotal: z.number(),
  entries: z.number().int(),
  currency: z.string(),
});
export type BillTimePreview = z.infer<typeof BillTimePreviewResponseSchema>;

/** `POST /projects/{id}/bill-time` → 201 `data`: the new draft invoice and how many entries it billed. */
export const BillTimeResponseSchema = z.object({
  invoice: InvoiceSchema,
  billedEntries: z.number().int(),
});
export type BillTimeResponse = z.infer<typeof BillTimeResponseSchema>;
