import {
  TICKET_ACTIVE_STATUSES,
  type TicketPriority,
  type TicketStatus,
  type TicketType,
} from '@agencia/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ticketCounts } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { actsForSupport } from './tickets.policy.js';

/**
 * Reads of the ticket counters (`ticket_counts`, decision 122): one row per client × status ×
 * priority × type, kept exact by the triggers of migration 0010 in every writer's transaction.
 * A stats block sums at most (clients + 1) × 144 rows instead of scanning `tickets`.
 */

/**
 * The counter rows `actor` may count, the same scope as the tickets themselves (`ticketScope`):
 * staff every row (including tickets without a client), a client its own client record's rows,
 * a client account without a client record none.
 */
function counterScope(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (actsForSupport(actor)) return undefined;
  return actor.clientId ? eq(ticketCounts.clientId, actor.clientId) : sql`false`;
}

/** Figures of one status × priority × type over the tickets the actor may see. */
export interface TicketCountRow {
  status: TicketStatus;
  priority: TicketPriority;
  type: TicketType;
  /** Tickets. */
  n: number;
  /** Tickets with `resolved_at` set. */
  resolved: number;
  /** Sum of `resolved_at - created_at` of those, in seconds. */
  resolvedSeconds: number;
}

/**
 * The actor's tickets per status × priority × type (groups with no ticket may appear with 0),
 * summed from the counters: the same figures as a `group by` over `tickets` in one small read.
 */
export async function ticketCountRows(
  db: Db | Tx,
  actor: Pick<Actor, 'role' | 'clientId'>,
): Promise<TicketCountRow[]> {
  return db
    .select({
      status: ticketCounts.status,
      priority: ticketCounts.priority,
      type: ticketCounts.type,
      n: sql<number>`coalesce(sum(${ticketCounts.n}), 0)::int`.mapWith(Number),
      resolved: sql<number>`coalesce(sum(${ticketCounts.resolvedN}), 0)::int`.mapWith(Number),
      resolvedSeconds: sql<number>`coalesce(sum(${ticketCounts.resolvedSeconds}), 0)::float8`.mapWith(Number),
    })
    .from(ticketCounts)
    .where(counterScope(actor))
    .groupBy(ticketCounts.status, ticketCounts.priority, ticketCounts.type);
}

/**
 * `{ total, active }`: the tickets the actor may see, and those still needing work
 * (`TICKET_ACTIVE_STATUSES`), from the counters in one read.
 */
export async function ticketTotals(
  db: Db | Tx,
  actor: Pick<Actor, 'role' | 'clientId'>,
): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${ticketCounts.n}), 0)::int`.mapWith(Number),
      active:
        sql<number>`coalesce(sum(${ticketCounts.n}) filter (where ${inArray(ticketCounts.status, [...TICKET_ACTIVE_STATUSES])}), 0)::int`.mapWith(
          Number,
        ),
    })
    .from(ticketCounts)
    .where(counterScope(actor));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/**
 * {@link ticketTotals} as a one-row sub-select aliased `alias` (int columns `total` and `active`),
 * for a caller that reads it beside other figures in one statement (the dashboard stats,
 * decision 154). `actor.clientId` may be a `sql.placeholder` (a prepared statement).
 */
export function ticketTotalsSubquery(db: Db | Tx, actor: Pick<Actor, 'role' | 'clientId'>, alias: string) {
  return db
    .select({
      total: sql<number>`coalesce(sum(${ticketCounts.n}), 0)::int`.as('tickets_total'),
      active:
        sql<number>`coalesce(sum(${ticketCounts.n}) filter (where ${inArray(ticketCounts.status, [...TICKET_ACTIVE_STATUSES])}), 0)::int`.as(
          'tickets_active',
        ),
    })
    .from(ticketCounts)
    .where(counterScope(actor))
    .as(alias);
}
