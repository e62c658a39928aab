import { and, eq, type SQL, sql } from 'drizzle-orm';
import { quotes } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with quotes (decisions 114, 116, 121), following the invoices' table. "own" =
 * a quote of the actor's own client record (`quotes.client_id = actor.clientId`).
 *
 * | action     | admin | employee | client                                  |
 * |------------|-------|----------|-----------------------------------------|
 * | read       | all   | all      | own, never drafts (others → 404)        |
 * | readAll    | yes   | yes      | no                                      |
 * | readDrafts | yes   | yes      | no                                      |
 * | write      | yes   | no       | no (create, edit drafts, send)          |
 * | respond    | no    | no       | own (accept, reject; another's → 404)   |
 * | share      | yes   | yes      | no (decision 116)                       |
 */
export const quotePolicy = definePolicy({
  /** List, detail and PDF. */
  read: { admin: true, employee: true, client: 'own' },
  /** Every client's quotes (no row scope). */
  readAll: { admin: true, employee: true, client: false },
  /** Drafts. */
  readDrafts: { admin: true, employee: true, client: false },
  /** Create, edit drafts, send. */
  write: { admin: true, employee: false, client: false },
  /** Accept or reject: the quote's own client only. */
  respond: { admin: false, employee: false, client: 'own' },
  /** Create a share link (staff only: the client answers quotes in the portal). */
  share: { admin: true, employee: true, client: false },
});

/** The actions of {@link quotePolicy}. */
export type QuoteAction = keyof typeof quotePolicy.table;

/** True when the quote belongs to the actor's own client record. */
export function ownsQuote(actor: Pick<Actor, 'clientId'>, quote: { clientId: string }): boolean {
  return actor.clientId !== null && actor.clientId === quote.clientId;
}

/** Row scope of the quotes `actor` may read: staff all; a client its own sent+ quotes only. */
export function visibleQuotes(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (quotePolicy.can(actor.role, 'readAll')) return undefined;
  if (!actor.clientId || !quotePolicy.can(actor.role, 'read', true)) return sql`false`;
  return and(
    eq(quotes.clientId, actor.clientId),
    quotePolicy.can(actor.role, 'readDrafts') ? undefined : sql`${quotes.status} <> 'draft'`,
  );
}
