import { z } from 'zod';
import { InvoiceItemSchema, InvoiceItemsInputSchema } from './billing-documents.js';
import { CURRENCIES } from './money.js';
import { isoDateSchema } from './text.js';

/**
 * Retainers (igualas, issue 16, decision 111): an invoice template the daily job turns into one
 * invoice per period. Money in the API in major units (like invoices); stored in centavos.
 */
export const RECURRING_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export const RecurringFrequencySchema = z.enum(RECURRING_FREQUENCIES);
export type RecurringFrequency = z.infer<typeof RecurringFrequencySchema>;
export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  monthly: 'Mensual',
  quarterly: 'Trimestral',
  yearly: 'Anual',
};
/** Months between two periods of a frequency. */
export const FREQUENCY_MONTHS: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export const RECURRING_STATUSES = ['active', 'paused'] as const;
export const RecurringStatusSchema = z.enum(RECURRING_STATUSES);
export type RecurringStatus = z.infer<typeof RecurringStatusSchema>;
export const RECURRING_STATUS_LABELS: Record<RecurringStatus | 'finished', string> = {
  active: 'Activa',
  paused: 'En pausa',
  finished: 'Finalizada',
};

const isoDate = isoDateSchema();

const scheduleFields = {
  frequency: RecurringFrequencySchema,
  /** Day of the month the period starts (1–31; short months use their last day). */
  dayOfMonth: z
    .number({ error: 'Día inválido' })
    .int('Día inválido')
    .min(1, 'El día debe estar entre 1 y 31')
    .max(31, 'El día debe estar entre 1 y 31'),
  endDate: isoDate.nullish(),
  /** Number of invoices to generate in all; unset = until `endDate` or forever. */
  count: z.number().int('Cantidad inválida').min(1, 'Mínimo 1 factura').max(1000).nullish(),
};

const templateFields = {
  projectId: z.uuid().nullish(),
  items: InvoiceItemsInputSchema,
  taxRate: z.number().min(0).max(100).nullish().describe('Percent; null = company settings at generation'),
  currency: z.enum(CURRENCIES).nullish().describe('null = company settings currency'),
  /** Issue (with NCF) and e-mail each invoice when generated; otherwise it stays a draft. */
  autoSend: z.boolean().default(false),
  paymentTerms: z.number().int().min(0).max(365).default(30).describe('Days from issue to due date'),
  /** Hour bank: hours included per period (optional). */
  hoursIncluded: z.number().min(0).max(10_000).nullish(),
  /** Rate per hour above the bank, major units. */
  overageRate: z.number().min(0).max(100_000_000).nullish(),
  notes: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => (v ? v : null)),
};

const endAfterStart = (v: { startDate?: string; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const END_BEFORE_START = {
  message: 'La fecha final no puede ser anterior a la de inicio',
  path: ['endDate'],
};

/** `POST /recurring-invoices` body (admin). */
export const CreateRecurringInvoiceRequestSchema = z
  .object({
    clientId: z.uuid({ message: 'Cliente es requerido' }),
    startDate: isoDate,
    ...scheduleFields,
    ...templateFields,
  })
  .refine(endAfterStart, END_BEFORE_START);
export type CreateRecurringInvoiceRequest = z.input<typeof CreateRecurringInvoiceRequestSchema>;

/**
 * `PUT /recurring-invoices/{id}` body (admin): any subset; changes apply to periods not yet
 * invoiced only. `status` pauses or resumes. The client and start date can't change.
 */
export const UpdateRecurringInvoiceRequestSchema = z
  .object({
    ...scheduleFields,
    ...templateFields,
    autoSend: z.boolean(),
    paymentTerms: z.number().int().min(0).max(365),
    status: RecurringStatusSchema,
  })
  .partial();
export type UpdateRecurringInvoiceRequest = z.input<typeof UpdateRecurringInvoiceRequestSchema>;

/** `GET /recurring-invoices` query: filter by client (admin) or status. */
export const ListRecurringInvoicesQuerySchema = z.object({
  clientId: z.uuid().optional(),
  status: z.enum(['all', ...RECURRING_STATUSES]).default('all'),
});

/** A template line as the API answers it: an invoice line without its id and total. */
export const RecurringInvoiceItemSchema = InvoiceItemSchema.omit({ _id: true, total: true });

/** A retainer as the API answers it. `total` = one period's invoice (major units, before overage). */
export const RecurringInvoiceSchema = z.object({
  _id: z.string(),
  client: z.object({ _id: z.string(), name: z.string() }),
  project: z.object({ _id: z.string(), title: z.string() }).nullable(),
  frequency: RecurringFrequencySchema,
  dayOfMonth: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().int().nullable(),
  autoSend: z.boolean(),
  status: RecurringStatusSchema,
  /** True when no period is left (end date or count reached). */
  finished: z.boolean(),
  items: z.array(RecurringInvoiceItemSchema),
  taxRate: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  paymentTerms: z.number().int(),
  hoursIncluded: z.number().nullable(),
  overageRate: z.number().nullable(),
  /** Hours logged on the project in the current period (null without a bank or a project). */
  hoursUsed: z.number().nullable(),
  notes: z.string().nullable(),
  subtotal: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  /** Start of the next period to invoice (ISO date), null when finished. */
  nextInvoiceDate: z.string().nullable(),
  generatedCount: z.number().int(),
  lastInvoice: z
    .object({ _id: z.string(), invoiceNumber: z.string(), periodStart: z.string(), status: z.string() })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringInvoice = z.infer<typeof RecurringInvoiceSchema>;

export const ListRecurringInvoicesResponseSchema = z.object({
  recurringInvoices: z.array(RecurringInvoiceSchema),
});
export const GetRecurringInvoiceResponseSchema = z.object({ recurringInvoice: RecurringInvoiceSchema });

/** What a retainer's schedule needs to compute its periods. */
export interface RecurringSchedule {
  frequency: RecurringFrequency;
  dayOfMonth: number;
  startDate: string;
}

function occurrenceAt(s: RecurringSchedule, index: number): string {
  const [y, m] = s.startDate.split('-').map(Number) as [number, number];
  const monthIndex = y * 12 + (m - 1) + index * FREQUENCY_MONTHS[s.frequency];
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(s.dayOfMonth, lastDay);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The k-th period start (k ≥ 0, ISO date) of a schedule: the start date's month plus k × the
 * frequency's months, on `dayOfMonth` (the month's last day when shorter); the first period is
 * the first such date on or after the start date.
 */
export function periodStartAt(s: RecurringSchedule, k: number): string {
  const shift = occurrenceAt(s, 0) < s.startDate ? 1 : 0;
  return occurrenceAt(s, k + shift);
}

/** The first period start strictly after `date` (ISO), or the first period when `date` is before it. */
export function periodStartAfter(s: RecurringSchedule, date: string): string {
  for (let k = 0; k < 100_000; k++) {
    const start = periodStartAt(s, k);
    if (start > date) return start;
  }
  throw new Error('schedule out of range');
}

/** The latest period start on or before `date`, or null when the first period is later. */
export function periodStartOnOrBefore(s: RecurringSchedule, date: string): string | null {
  let found: string | null = null;
  for (let k = 0; k < 100_000; k++) {
    const start = periodStartAt(s, k);
    if (start > date) return found;
    found = start;
  }
  return found;
}
