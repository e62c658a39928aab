import { z } from 'zod';
import { InvoiceSchema } from './invoices.js';
import { CURRENCIES, divRoundHalfUp } from './money.js';
import { DateOnlySchema } from './projects.js';

/*
 * Billable expenses and project profitability (decision 142). Billable purchases of a project
 * become invoice lines at cost ("Facturar gastos", like "Facturar horas" of decision 115); each
 * project shows revenue, expenses, time cost and margin; the reports rank projects and clients
 * by margin. Staff only: clients never see expenses, costs or margins.
 */

/* ─────────────────────────── "Facturar gastos" ─────────────────────────── */

/** 409 of `POST /projects/{id}/bill-expenses` when an asked expense is no longer billable and unbilled. */
export const EXPENSES_NOT_BILLABLE =
  'Alguno de los gastos ya se facturó o no es facturable; recarga la lista';

/**
 * One billable, unbilled purchase of the project as the line it would become: `amount` is its
 * cost (goods + services + ITBIS llevado al costo) in the invoice `currency` — a USD purchase on
 * a DOP invoice converts at the purchase's stored rate (decision 137), half-up at the cent.
 * `description` = "Supplier — description"; `details` = date, NCF and the conversion if any.
 */
export const BillableExpenseLineSchema = z.object({
  expenseId: z.uuid(),
  issueDate: z.string(),
  description: z.string(),
  details: z.string(),
  /** The purchase's own currency and cost, before conversion. */
  expenseCurrency: z.string(),
  expenseAmount: z.number(),
  amount: z.number(),
});
export type BillableExpenseLine = z.infer<typeof BillableExpenseLineSchema>;

/**
 * `GET /projects/{id}/bill-expenses` → `data` (admin): the project's billable, unbilled, recorded
 * purchases, oldest first, priced in `currency` (the company currency the draft invoice takes).
 * `blocked` lists those that cannot be priced in it (a DOP purchase for a USD/EUR invoice).
 */
export const BillableExpensesResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  lines: z.array(BillableExpenseLineSchema),
  subtotal: z.number(),
  blocked: z.array(z.object({ expenseId: z.uuid(), description: z.string(), reason: z.string() })),
});
export type BillableExpensesResponse = z.infer<typeof BillableExpensesResponseSchema>;

/**
 * `POST /projects/{id}/bill-expenses` body (admin): the purchases to bill (1–100 ids — an invoice holds 100 lines —, no
 * repeats). Each must be a recorded, billable, unbilled purchase of the project (409
 * {@link EXPENSES_NOT_BILLABLE} otherwise).
 */
export const BillExpensesRequestSchema = z.object({
  expenseIds: z
    .array(z.uuid({ error: 'Gasto inválido' }), { error: 'Elige los gastos a facturar' })
    .min(1, 'Elige al menos un gasto')
    .max(100, 'Máximo 100 gastos por factura')
    .refine((ids) => new Set(ids).size === ids.length, 'Hay gastos repetidos'),
});
export type BillExpensesRequest = z.input<typeof BillExpensesRequestSchema>;

/** `POST /projects/{id}/bill-expenses` → 201 `data`: the new draft invoice and how many purchases it billed. */
export const BillExpensesResponseSchema = z.object({
  invoice: InvoiceSchema,
  billedExpenses: z.number().int(),
});
export type BillExpensesResponse = z.infer<typeof BillExpensesResponseSchema>;

/* ─────────────────────────── project finances ─────────────────────────── */

/** How many lines each figure of `GET /projects/{id}/finances` lists (newest first); `count` says how many exist. */
export const FINANCE_LINES_CAP = 50;

/**
 * Revenue of one document in DOP without ITBIS: an issued invoice (+), its debit notes (+) and
 * credit notes (−). `number` is the invoice number or the note's NCF.
 */
export const RevenueLineSchema = z.object({
  kind: z.enum(['invoice', 'credit_note', 'debit_note']),
  invoiceId: z.uuid(),
  number: z.string(),
  issueDate: z.string(),
  currency: z.string(),
  /** Signed DOP amount without ITBIS (credit notes negative). */
  amount: z.number(),
});
export type RevenueLine = z.infer<typeof RevenueLineSchema>;

/** A purchase's cost in DOP: goods + services + ITBIS llevado al costo, converted at its stored rate. */
export const ExpenseCostLineSchema = z.object({
  expenseId: z.uuid(),
  issueDate: z.string(),
  supplier: z.string(),
  description: z.string(),
  billable: z.boolean(),
  invoiceId: z.uuid().nullable(),
  amount: z.number(),
});
export type ExpenseCostLine = z.infer<typeof ExpenseCostLineSchema>;

/**
 * The one time-cost rule (decisions 142 and 163), used by the project's Tiempo tab, its Finanzas
 * tab and Reportes → Rentabilidad: a person's minutes × their own cost rate (`rateCents`, DOP
 * centavos per hour) / 60, half-up to the centavo, per person. A person without a cost rate
 * (`null`) costs nothing here and their hours are counted apart ("sin tarifa") so every screen
 * can warn that the cost is understated; the company's billing rate is never used as a cost.
 */
export function timeCostCents(t: { minutes: number; rateCents: number | null }): number {
  return t.rateCents === null ? 0 : divRoundHalfUp(t.minutes * t.rateCents, 60);
}

/**
 * Time cost per person: `hours` logged × `costRate` (DOP/h) = `amount`, half-up at the cent.
 * `costRate` null = "sin tarifa": the hours count, their cost does not. `hidden`: an employee
 * reading the finances does not see another person's rate or cost (both null then); the totals
 * include them.
 */
export const TimeCostLineSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  hours: z.number(),
  entries: z.number().int(),
  costRate: z.number().nullable(),
  amount: z.number().nullable(),
  hidden: z.boolean(),
});
export type TimeCostLine = z.infer<typeof TimeCostLineSchema>;

const figure = <T extends z.ZodType>(line: T) =>
  z.object({ total: z.number(), count: z.number().int(), lines: z.array(line) });

/**
 * `GET /projects/{id}/finances` → `data` (admin; an employee on the team; clients 403). Every
 * amount is DOP. `margin` = revenue − expenses − timeCost; `marginPercent` = margin / revenue ×
 * 100 (one decimal), null without revenue. `timeCost.unrated` counts the entries and hours of
 * people without a cost rate, which cost nothing here. Lines capped at {@link FINANCE_LINES_CAP}.
 */
export const ProjectFinancesSchema = z.object({
  projectId: z.uuid(),
  currency: z.literal('DOP'),
  revenue: figure(RevenueLineSchema),
  expenses: figure(ExpenseCostLineSchema).extend({
    billableUnbilled: z.number().int(),
  }),
  timeCost: figure(TimeCostLineSchema).extend({
    hours: z.number(),
    unrated: z.object({ entries: z.number().int(), hours: z.number() }),
  }),
  margin: z.number(),
  marginPercent: z.number().nullable(),
});
export type ProjectFinances = z.infer<typeof ProjectFinancesSchema>;

/* ─────────────────────────── profitability report ─────────────────────────── */

export const PROFITABILITY_GROUPS = ['project', 'client'] as const;
export type ProfitabilityGroup = (typeof PROFITABILITY_GROUPS)[number];
export const PROFITABILITY_GROUP_LABELS: Record<ProfitabilityGroup, string> = {
  project: 'Proyecto',
  client: 'Cliente',
};

/**
 * `GET /reports/profitability` query (admin): `from`/`to` calendar dates (both included, `to`
 * not before `from`, at most 366 days apart); `groupBy` project (default) or client.
 */
export const ProfitabilityQuerySchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    groupBy: z
      .enum(PROFITABILITY_GROUPS, { error: 'Agrupación inválida: project o client' })
      .default('project'),
  })
  .refine((v) => v.from <= v.to, {
    path: ['to'],
    message: 'La fecha final debe ser igual o posterior a la inicial',
  })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 366 * 86_400_000, {
    path: ['to'],
    message: 'El período no puede superar un año',
  });
export type ProfitabilityQuery = z.input<typeof ProfitabilityQuerySchema>;

/** One ranked row: a project (with its client) or a client; DOP; same definitions as the finances. */
export const ProfitabilityRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The project's client (groupBy project); null for client rows. */
  clientName: z.string().nullable(),
  revenue: z.number(),
  expenses: z.number(),
  timeCost: z.number(),
  /** Hours logged by people without a cost rate: their cost is missing from `timeCost` (decision 163). */
  unratedHours: z.number(),
  margin: z.number(),
  marginPercent: z.number().nullable(),
});
export type ProfitabilityRow = z.infer<typeof ProfitabilityRowSchema>;

/**
 * `GET /reports/profitability` → `data`: rows with any revenue, expense or time cost in the
 * period, highest margin first (then name); `totals` sums them. Documents count on their issue
 * date, purchases on theirs, time on its date.
 */
export const ProfitabilityReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(PROFITABILITY_GROUPS),
  rows: z.array(ProfitabilityRowSchema),
  totals: ProfitabilityRowSchema.omit({ id: true, name: true, clientName: true }),
});
export type ProfitabilityReport = z.infer<typeof ProfitabilityReportSchema>;

/** margin / revenue × 100 rounded to one decimal; null when there is no revenue. */
export function marginPercentOf(marginCents: number, revenueCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Math.round((marginCents / revenueCents) * 1000) / 10;
}
