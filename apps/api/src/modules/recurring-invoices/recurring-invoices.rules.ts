import {
  type CreateRecurringInvoiceRequestSchema,
  fromCents,
  periodStartAt,
  periodStartOnOrBefore,
  type RecurringSchedule,
  toCents,
} from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { projectTimeEntries, type RecurringItem, recurringInvoices } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/*
 * The schedule and template rules of retainers (decision 111) shared by their management
 * (recurring-invoices.service.ts) and the period runs (recurring-invoices.run.ts).
 */

/** A stored retainer row. */
export type Row = typeof recurringInvoices.$inferSelect;
/** The body of `POST /recurring-invoices` (parsed). */
export type CreateInput = z.output<typeof CreateRecurringInvoiceRequestSchema>;

/** A retainer's services run their invoice steps inside its transaction (savepoints). */
export const asDb = (tx: Tx) => tx as unknown as Db;

/** Body lines (pesos) as the stored template (centavos). */
export const toItems = (items: CreateInput['items']): RecurringItem[] =>
  items.map((it) => ({
    description: it.description,
    details: it.details ?? null,
    quantity: it.quantity,
    unitPriceCents: toCents(it.unitPrice),
    taxExempt: it.taxExempt ?? false,
  }));

/** The stored template (centavos) as body lines (pesos). */
export const fromItems = (items: RecurringItem[]) =>
  items.map((it) => ({
    description: it.description,
    details: it.details,
    quantity: it.quantity,
    unitPrice: fromCents(it.unitPriceCents),
    taxExempt: it.taxExempt,
  }));

/** True when `start` lies past the retainer's end date or its count is used up. */
export function beyondEnd(r: Pick<Row, 'endDate' | 'count' | 'generatedCount'>, start: string): boolean {
  return Boolean((r.endDate && start > r.endDate) || (r.count != null && r.generatedCount >= r.count));
}

/**
 * The first period to invoice of a new (or rescheduled, never invoiced) retainer: the current
 * period when the start date is past (earlier periods are not back-billed), else the first.
 */
export function firstPendingPeriod(s: RecurringSchedule, today: string): string {
  return periodStartOnOrBefore(s, today) ?? periodStartAt(s, 0);
}

/** Hours logged on the retainer's project in [from, to) (decimal hours). */
export async function hoursLogged(db: Db | Tx, projectId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${projectTimeEntries.minutes}), 0)::int`.mapWith(Number) })
    .from(projectTimeEntries)
    .where(
      and(
        eq(projectTimeEntries.projectId, projectId),
        sql`${projectTimeEntries.date} >= ${from} and ${projectTimeEntries.date} < ${to}`,
      ),
    );
  return (row?.minutes ?? 0) / 60;
}

/** Loads a retainer row `FOR UPDATE` inside a transaction; 404 'Iguala no encontrada'. */
export async function lockRetainer(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for('update');
  if (!row) throw notFound('Iguala no encontrada');
  return row;
}
