import {
  BUSINESS_TIME_ZONE,
  businessToday,
  TICKET_PRIORITIES,
  TICKET_TYPES,
  type Ticket,
  type TicketStats,
  type TicketStatus,
} from '@agencia/shared';
import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { ActorCall } from '../../lib/service-args.js';
import { ticketCountRows, ticketTotals } from './ticket-counts.js';
import { toTickets } from './tickets.mappers.js';
import { actsForSupport, ticketScope } from './tickets.policy.js';

/** Recent tickets for the dashboard (spec doc 2 §7 `/dashboard/recent-tickets`, default 5). */
export async function recentTickets(db: Db, actor: Actor, limit = 5): Promise<Ticket[]> {
  const rows = await db
    .select()
    .from(tickets)
    .where(ticketScope(actor))
    .orderBy(desc(tickets.createdAt))
    .limit(limit);
  return toTickets(db, rows);
}

/** Number of tickets still needing work that the actor may see (nav badge). */
export async function countActiveTickets(db: Db, actor: Actor): Promise<number> {
  // From the counters (decision 122): a few rows instead of an index scan of every open ticket.
  return (await ticketTotals(db, actor)).active;
}

/** 'Tickets Recientes' of the dashboard (default 5). */
export async function dashboardRecentTickets({ db, actor, limit }: ActorCall & { limit: number }) {
  return (await recentTickets(db, actor, limit)).map((t) => ({
    _id: t._id,
    title: t.title,
    status: t.status,
    priority: t.priority,
    client: t.client
      ? { companyName: t.client.companyName, firstName: t.client.firstName, lastName: t.client.lastName }
      : null,
    project: t.project,
    reportedDate: t.reportedDate,
  }));
}

/**
 * `/dashboard/ticket-resolution?days` (default 30): tickets opened and resolved per day (dates in
 * America/Santo_Domingo) over the last `days` days, totals and average resolution hours.
 */
export async function ticketResolution(db: Db, actor: Actor, days: number) {
  const tz = BUSINESS_TIME_ZONE;
  const since = new Date(Date.now() - days * 86_400_000);
  const opened = await db
    .select({
      date: sql<string>`to_char(${tickets.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
    })
    .from(tickets)
    .where(and(ticketScope(actor), gte(tickets.createdAt, since)))
    .groupBy(sql`1`);
  const resolved = await db
    .select({
      date: sql<string>`to_char(${tickets.resolvedAt} at time zone ${tz}, 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
      hours: sql<
        string | null
      >`sum(extract(epoch from (${tickets.resolvedAt} - ${tickets.createdAt})) / 3600)`,
    })
    .from(tickets)
    .where(and(ticketScope(actor), gte(tickets.resolvedAt, since)))
    .groupBy(sql`1`);
  const series: Array<{ date: string; opened: number; resolved: number }> = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = businessToday(new Date(Date.now() - i * 86_400_000));
    series.push({
      date,
      opened: opened.find((o) => o.date === date)?.n ?? 0,
      resolved: resolved.find((r) => r.date === date)?.n ?? 0,
    });
  }
  const resolvedCount = resolved.reduce((a, r) => a + r.n, 0);
  const totalHours = resolved.reduce((a, r) => a + Number(r.hours ?? 0), 0);
  return {
    days,
    opened: opened.reduce((a, o) => a + o.n, 0),
    resolved: resolvedCount,
    avgResolutionHours: resolvedCount ? Math.round((totalHours / resolvedCount) * 10) / 10 : null,
    series,
  };
}

/**
 * Profile stats counter (`GET /auth/profile/stats`): tickets the caller reported or is
 * assigned; for a client, every ticket of its client record.
 */
export async function countProfileTickets(db: Db, actor: Actor): Promise<number> {
  const cond = !actsForSupport(actor)
    ? ticketScope(actor)
    : or(eq(tickets.reportedBy, actor.id), eq(tickets.assignedTo, actor.id));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(cond);
  return row?.n ?? 0;
}

/** `GET /tickets/stats` (also the dashboard's `tickets` block: total and open = active statuses). */
export async function ticketStats({ db, actor }: ActorCall): Promise<TicketStats> {
  // Counts per status × priority × type, and per group the resolved tickets and their
  // resolution seconds, from which the average is taken: summed from the counters kept by the
  // writes (decision 122), one small read instead of a scan of every ticket (issue 14).
  const rows = await ticketCountRows(db, actor);
  const byStatus = (s: TicketStatus) => rows.filter((r) => r.status === s).reduce((a, r) => a + r.n, 0);
  const byPriority = Object.fromEntries(
    TICKET_PRIORITIES.map((p) => [p, rows.filter((r) => r.priority === p).reduce((a, r) => a + r.n, 0)]),
  ) as TicketStats['byPriority'];
  const byType = Object.fromEntries(
    TICKET_TYPES.map((t) => [t, rows.filter((r) => r.type === t).reduce((a, r) => a + r.n, 0)]),
  ) as TicketStats['byType'];
  const resolved = rows.reduce((a, r) => a + r.resolved, 0);
  const resolvedHours = rows.reduce((a, r) => a + r.resolvedSeconds, 0) / 3600;
  return {
    total: rows.reduce((a, r) => a + r.n, 0),
    open: byStatus('open'),
    inProgress: byStatus('in_progress'),
    pendingClient: byStatus('pending_client'),
    resolved: byStatus('resolved'),
    closed: byStatus('closed'),
    cancelled: byStatus('cancelled'),
    byPriority,
    byType,
    averageResolutionHours: resolved === 0 ? null : Math.round((resolvedHours / resolved) * 10) / 10,
  };
}
