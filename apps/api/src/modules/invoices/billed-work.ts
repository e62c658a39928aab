import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { expenses, projectTimeEntries } from '../../db/schema/index.js';

/**
 * Releases what invoice `id` billed — time entries ("Facturar horas", decision 115) and billable
 * purchases ("Facturar gastos", decision 142) — so they are billable again. Runs inside the
 * transaction that voids the invoice: cancel, delete of a draft, and the credit note that
 * credits it fully. Answers how many rows of each it released.
 */
export async function releaseBilledWork(tx: Tx, id: string): Promise<{ entries: number; expenses: number }> {
  const entries = await tx
    .update(projectTimeEntries)
    .set({ invoiceId: null })
    .where(eq(projectTimeEntries.invoiceId, id))
    .returning({ id: projectTimeEntries.id });
  const released = await tx
    .update(expenses)
    .set({ invoiceId: null, updatedAt: new Date() })
    .where(eq(expenses.invoiceId, id))
    .returning({ id: expenses.id });
  return { entries: entries.length, expenses: released.length };
}
