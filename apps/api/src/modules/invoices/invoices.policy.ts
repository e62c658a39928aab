import { and, eq, type SQL, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with invoices and their credit notes (decisions 050, 116, 121). "own" = an
 * invoice of the actor's own client record (`invoices.client_id = actor.clientId`).
 *
 * | action      | admin | employee | client                              |
 * |-------------|-------|----------|-------------------------------------|
 * | read        | all   | all      | own, never drafts (others → 404)    |
 * | readAll     | yes   | yes      | no                                  |
 * | readDrafts  | yes   | yes      | no                                  |
 * | write       | yes   | no       | no                                  |
 * | share       | yes   | yes      | no (decision 116)                   |
 * | recordView  | no    | no       | own ('viewed' in the history)       |
 *
 * `write`: create, edit drafts, send, issue, pay, remind, duplicate, cancel, delete, credit
 * notes, "Facturar horas" (decision 115). Route guards take `invoicePolicy.roles(action)`.
 */
export const invoicePolicy = definePolicy({
  /** Lists, details, stats and PDFs. */
  read: { admin: true, employee: true, client: 'own' },
  /** Every client's invoices (no row scope). */
  readAll: { admin: true, employee: true, client: false },
  /** Drafts (a client never learns a draft exists until it is sent, decision 050). */
  readDrafts: { admin: true, employee: true, client: false },
  /** Every writing route of the module. */
  write: { admin: true, employee: false, client: false },
  /** Create a share link (staff only: a client reads its invoices in the portal). */
  share: { admin: true, employee: true, client: false },
  /** An opening is recorded in the history (client users only). */
  recordView: { admin: false, employee: false, client: 'own' },
});

/** The actions of {@link invoicePolicy}. */
export type InvoiceAction = keyof typeof invoicePolicy.table;

/**
 * Row scope of the invoices `actor` may read: none for staff; a client its own client's
 * invoices except drafts; a client user without a client record nothing.
 */
export function visibleInvoices(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (invoicePolicy.can(actor.role, 'readAll')) return undefined;
  if (!actor.clientId || !invoicePolicy.can(actor.role, 'read', true)) return sql`false`;
  return and(
    eq(invoices.clientId, actor.clientId),
    invoicePolicy.can(actor.role, 'readDrafts') ? undefined : sql`${invoices.status} <> 'draft'`,
  );
}
