import { eq, type SQL, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with portal payments (decision 147). "own" = an invoice of the actor's own
 * client record (`invoices.client_id = actor.clientId`); another client's invoice answers 404.
 *
 * | action          | admin | employee | client                    |
 * |-----------------|-------|----------|---------------------------|
 * | report          | no    | no       | own (transfer report)     |
 * | payByCard       | no    | no       | own                       |
 * | readReports     | all   | all      | own                       |
 * | decideReports   | yes   | no       | no (confirm / reject)     |
 * | manageSettings  | yes   | no       | no (Azul set-up)          |
 */
export const paymentsPolicy = definePolicy({
  report: { admin: false, employee: false, client: 'own' },
  payByCard: { admin: false, employee: false, client: 'own' },
  readReports: { admin: true, employee: true, client: 'own' },
  decideReports: { admin: true, employee: false, client: false },
  manageSettings: { admin: true, employee: false, client: false },
});

/** The actions of {@link paymentsPolicy}. */
export type PaymentsAction = keyof typeof paymentsPolicy.table;

/** Row scope of the reports `actor` may read: none for staff, its own invoices' for a client. */
export function visibleReportInvoices(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (paymentsPolicy.can(actor.role, 'readReports')) return undefined;
  if (!actor.clientId || !paymentsPolicy.can(actor.role, 'readReports', true)) return sql`false`;
  return eq(invoices.clientId, actor.clientId);
}
