import { and, eq, type SQL, sql } from 'drizzle-orm';
import { recurringInvoices } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with retainers (igualas, decisions 111 and 121). "own" = a retainer of the
 * actor's own client record; a client sees only its active ones.
 *
 * | action  | admin | employee | client                                |
 * |---------|-------|----------|---------------------------------------|
 * | read    | all   | no (403) | own active ones (others → 404)        |
 * | readAll | yes   | no       | no                                    |
 * | write   | yes   | no       | no (create, edit, pause, generate)    |
 */
export const recurringInvoicePolicy = definePolicy({
  /** List and detail. */
  read: { admin: true, employee: false, client: 'own' },
  /** Every retainer, paused and finished ones included (no row scope). */
  readAll: { admin: true, employee: false, client: false },
  /** Create, edit, pause/resume, generate now. */
  write: { admin: true, employee: false, client: false },
});

/** The actions of {@link recurringInvoicePolicy}. */
export type RecurringInvoiceAction = keyof typeof recurringInvoicePolicy.table;

/** Row scope: admins all; a client its own active retainers; anyone else none. */
export function visibleRetainers(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (recurringInvoicePolicy.can(actor.role, 'readAll')) return undefined;
  if (actor.clientId && recurringInvoicePolicy.can(actor.role, 'read', true))
    return and(eq(recurringInvoices.clientId, actor.clientId), eq(recurringInvoices.status, 'active'));
  return sql`false`;
}
