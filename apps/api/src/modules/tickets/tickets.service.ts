import {
  type AssignTicketRequestSchema,
  type ChangeTicketStatusRequestSchema,
  type CloseTicketRequestSchema,
  type CreateTicketMessageRequestSchema,
  type CreateTicketRequestSchema,
  type CreateTicketTimeLogRequestSchema,
  canTransitionTicket,
  formatTicketNumber,
  type ListTicketAttachmentsResponse,
  type ListTicketMessagesQuerySchema,
  type ListTicketMessagesResponse,
  type ListTicketsQuerySchema,
  type ListTicketsResponse,
  type ListTicketTimeLogsResponse,
  type ListTicketTimelineResponse,
  MAX_INT4,
  type Notification,
  pageWindow,
  TICKET_DETAIL_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES_NEEDING_RESOLUTION,
  TICKET_TYPES,
  type Ticket,
  type TicketAttachment,
  type TicketDetail,
  type TicketMessage,
  type TicketPerson,
  type TicketStats,
  type TicketStatus,
  type TicketSubListQuerySchema,
  type UpdateTicketRequestSchema,
  WORK_TYPE_LABELS,
} from '@agencia/shared';
import { and, asc, desc, eq, gte, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  files,
  projects,
  ticketEvents,
  ticketMessages,
  ticketRelations,
  tickets,
  ticketTimeLogs,
  ticketWatchers,
  users,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { inOrder } from '../../lib/in-order.js';
import { createNotifications } from '../../lib/notify.js';
import { countRows, listTotalCap, pagedSelect } from '../../lib/paging.js';
import { saveFile } from '../../lib/storage.js';
import type { Actor } from '../../plugins/auth.js';
import { ticketCountRows, ticketTotals } from './ticket-counts.js';
import { CLIENT_EDITABLE_FIELDS, ticketAllows } from './tickets.policy.js';

type TicketRow = typeof tickets.$inferSelect;
type Created = Array<{ userId: string; notification: Notification }>;

/** What a write returns: the ticket, notifications to push after commit, who to tell live. */
export interface TicketWriteResult {
  ticket: TicketDetail;
  notifications: Created;
  /** False when only staff may learn about the change (internal message, time log). */
  visibleToClient: boolean;
  clientId: string | null;
}

/** Max size of one ticket attachment: 10 MB. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const NOT_FOUND = 'Ticket no encontrado';
const isStaffActor = (actor: Actor) => actor.role !== 'client';

/** Rows the actor may see: staff all, a client only its own client record's tickets. */
export function ticketScope(actor: Actor): SQL | undefined {
  if (isStaffActor(actor)) return undefined;
  return actor.clientId ? eq(tickets.clientId, actor.clientId) : sql`false`;
}

/** Loads a ticket the actor may see, or throws 404 (also for other clients' tickets). */
export async function findTicketFor(db: Db | Tx, actor: Actor, id: string): Promise<TicketRow> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), ticketScope(actor)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function loadPeople(db: Db | Tx, ids: Array<string | null | undefined>) {
  const unique = [...new Set(ids.filter((v): v is string => !!v))];
  const map = new Map<string, TicketPerson>();
  if (unique.length === 0) return map;
  const rows = await db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      avatar: users.avatar,
    })
    .from(users)
    .where(inArray(users.id, unique));
  for (const r of rows) map.set(r._id, r);
  return map;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function toTickets(db: Db | Tx, rows: TicketRow[]): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const people = await loadPeople(
    db,
    rows.flatMap((r) => [r.reportedBy, r.assignedTo]),
  );
  const clientIds = [...new Set(rows.map((r) => r.clientId).filter((v): v is string => !!v))];
  const projectIds = [...new Set(rows.map((r) => r.projectId).filter((v): v is string => !!v))];
  const [clientRows, projectRows, spent, messageCounts] = await inOrder([
    clientIds.length
      ? db
          .select({
            id: clients.id,
            companyName: clients.companyName,
            firstName: clients.firstName,
            lastName: clients.lastName,
          })
          .from(clients)
          .where(inArray(clients.id, clientIds))
      : [],
    projectIds.length
      ? db
          .select({ id: projects.id, title: projects.title })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : [],
    db
      .select({ ticketId: ticketTimeLogs.ticketId, hours: sql<string>`sum(${ticketTimeLogs.hours})` })
      .from(ticketTimeLogs)
      .where(inArray(ticketTimeLogs.ticketId, ids))
      .groupBy(ticketTimeLogs.ticketId),
    db
      .select({ ticketId: ticketMessages.ticketId, n: sql<number>`count(*)::int` })
      .from(ticketMessages)
      .where(and(inArray(ticketMessages.ticketId, ids), eq(ticketMessages.isInternal, false)))
      .groupBy(ticketMessages.ticketId),
  ]);
  const clientMap = new Map(clientRows.map((c) => [c.id, c]));
  const projectMap = new Map(projectRows.map((p) => [p.id, p]));
  const spentMap = new Map(spent.map((s) => [s.ticketId, Number(s.hours)]));
  const countMap = new Map(messageCounts.map((m) => [m.ticketId, m.n]));
  return rows.map((r) => {
    const client = r.clientId ? clientMap.get(r.clientId) : undefined;
    const project = r.projectId ? projectMap.get(r.projectId) : undefined;
    return {
      _id: r.id,
      ticketNumber: formatTicketNumber(r.number),
      title: r.title,
      description: r.description,
      type: r.type,
      status: r.status,
      priority: r.priority,
      severity: r.severity,
      category: r.category,
      client: client
        ? {
            _id: client.id,
            companyName: client.companyName,
            firstName: client.firstName,
            lastName: client.lastName,
          }
        : null,
      project: project ? { _id: project.id, title: project.title } : null,
      reportedBy: (r.reportedBy && people.get(r.reportedBy)) || null,
      assignedTo: (r.assignedTo && people.get(r.assignedTo)) || null,
      reportedDate: r.createdAt.toISOString(),
      estimatedResolutionTime: r.estimatedHours ?? null,
      actualTimeSpent: spentMap.get(r.id) ?? 0,
      messageCount: countMap.get(r.id) ?? 0,
      resolution: r.resolution,
      preventionMeasures: r.preventionMeasures,
      resolvedAt: iso(r.resolvedAt),
      closedAt: iso(r.closedAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

type MessageRow = typeof ticketMessages.$inferSelect;

/** Columns of a ticket attachment as the API shows it ({@link attachmentOf}). */
const ATTACHMENT_COLUMNS = {
  id: files.id,
  filename: files.filename,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  createdAt: files.createdAt,
};

/**
 * The files of a ticket `actor` may see: staff all of them, a client none that is attached to an
 * internal note (decision 042).
 */
function visibleTicketFiles(actor: Actor, ticketId: string): SQL | undefined {
  return and(
    eq(files.ownerType, 'ticket'),
    eq(files.ownerId, ticketId),
    isStaffActor(actor)
      ? undefined
      : sql`not exists (select 1 from ${ticketMessages} where ${ticketMessages.ticketId} = ${ticketId} and ${ticketMessages.isInternal} and ${files.id} = any(${ticketMessages.attachmentIds}))`,
  );
}

/** Timeline entries of a ticket `actor` may see (clients: no internal ones). */
const visibleEvents = (actor: Actor, ticketId: string) =>
  and(
    eq(ticketEvents.ticketId, ticketId),
    isStaffActor(actor) ? undefined : eq(ticketEvents.isInternal, false),
  );

/** The attachments of `rows` (messages of one ticket), by id, for {@link toMessage}. */
async function messageFiles(db: Db | Tx, ticketId: string, rows: MessageRow[]) {
  const ids = [...new Set(rows.flatMap((m) => m.attachmentIds))];
  const found = ids.length
    ? await db
        .select(ATTACHMENT_COLUMNS)
        .from(files)
        .where(and(eq(files.ownerType, 'ticket'), eq(files.ownerId, ticketId), inArray(files.id, ids)))
    : [];
  return new Map(found.map((f) => [f.id, attachmentOf(ticketId, f)]));
}

const attachmentOf = (
  ticketId: string,
  f: { id: string; filename: string; contentType: string; sizeBytes: number; createdAt: Date },
): TicketAttachment => ({
  _id: f.id,
  filename: f.filename,
  contentType: f.contentType,
  size: f.sizeBytes,
  url: `/api/tickets/${ticketId}/attachments/${f.id}`,
  createdAt: f.createdAt.toISOString(),
});

function toMessage(
  m: MessageRow,
  people: Map<string, TicketPerson>,
  fileMap: Map<string, TicketAttachment>,
): TicketMessage {
  return {
    _id: m.id,
    author: (m.authorId && people.get(m.authorId)) || null,
    content: m.content,
    isInternal: m.isInternal,
    attachments: m.attachmentIds.map((id) => fileMap.get(id)).filter((a): a is TicketAttachment => !!a),
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * One window of a ticket's conversation as `actor` may see it (clients: no internal notes),
 * newest first (`created_at desc, id desc`), plus the number of such messages in all.
 */
async function messagePage(
  db: Db | Tx,
  actor: Actor,
  ticketId: string,
  window: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const cond = and(
    eq(ticketMessages.ticketId, ticketId),
    isStaffActor(actor) ? undefined : eq(ticketMessages.isInternal, false),
  );
  const page = await pagedSelect(
    db,
    { page: window.offset / window.limit + 1, limit: window.limit },
    {
      table: ticketMessages,
      where: cond,
      rows: ({ limit, offset }) =>
        db
          .select()
          .from(ticketMessages)
          .where(cond)
          .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
          .limit(limit)
          .offset(offset),
    },
  );
  return { rows: page.rows, total: page.pagination.total };
}

/**
 * `GET /tickets/{id}/messages`: one page of the conversation, newest first (page 1 = the
 * newest; the detail already carries it). 404 'Ticket no encontrado' for a ticket the actor
 * may not see; internal notes never reach a client. Decision 102.
 */
export async function listTicketMessages({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof ListTicketMessagesQuerySchema>;
}): Promise<ListTicketMessagesResponse> {
  const row = await findTicketFor(db, actor, id);
  const page = await messagePage(db, actor, row.id, pageWindow(input));
  const people = await loadPeople(
    db,
    page.rows.map((m) => m.authorId),
  );
  const fileMap = await messageFiles(db, row.id, page.rows);
  return {
    messages: page.rows.map((m) => toMessage(m, people, fileMap)),
    pagination: { page: input.page, limit: input.limit, total: page.total },
  };
}

/**
 * Builds the detail view of one ticket for `actor` (internal parts removed for clients): the
 * newest messages, and counts of attachments, timeline and time log, which are paged by their
 * own endpoints (issue 14), so a detail costs the same however long the ticket's history.
 */
export async function ticketDetail(db: Db | Tx, actor: Actor, row: TicketRow): Promise<TicketDetail> {
  const staff = isStaffActor(actor);
  const [base] = await toTickets(db, [row]);
  const [newest, attachmentsCount, timelineCount, timeLogsCount, watcherRows, relRows] = await inOrder([
    messagePage(db, actor, row.id, { limit: TICKET_DETAIL_MESSAGES, offset: 0 }),
    countRows(db, files, visibleTicketFiles(actor, row.id)),
    countRows(db, ticketEvents, visibleEvents(actor, row.id)),
    staff
      ? countRows(db, ticketTimeLogs, eq(ticketTimeLogs.ticketId, row.id))
      : Promise.resolve({ total: 0 }),
    db
      .select({ userId: ticketWatchers.userId })
      .from(ticketWatchers)
      .where(eq(ticketWatchers.ticketId, row.id)),
    db
      .select({ a: ticketRelations.ticketId, b: ticketRelations.relatedId })
      .from(ticketRelations)
      .where(or(eq(ticketRelations.ticketId, row.id), eq(ticketRelations.relatedId, row.id))),
  ]);
  const messages = [...newest.rows].reverse();
  const people = await loadPeople(db, [
    ...messages.map((m) => m.authorId),
    ...watcherRows.map((w) => w.userId),
  ]);
  const fileMap = await messageFiles(db, row.id, messages);
  const relatedIds = relRows.map((r) => (r.a === row.id ? r.b : r.a));
  const related = relatedIds.length
    ? await db
        .select({ id: tickets.id, number: tickets.number, title: tickets.title, status: tickets.status })
        .from(tickets)
        .where(and(inArray(tickets.id, relatedIds), ticketScope(actor)))
    : [];
  return {
    ...base!,
    environment: row.environment,
    browserInfo: row.browserInfo,
    steps: row.steps,
    tags: row.tags,
    watchers: watcherRows.map((w) => people.get(w.userId)).filter((p): p is TicketPerson => !!p),
    messages: messages.map((m) => toMessage(m, people, fileMap)),
    messagesTotal: newest.total,
    attachmentsTotal: attachmentsCount.total,
    timelineTotal: timelineCount.total,
    timeLogsTotal: timeLogsCount.total,
    relatedTickets: related.map((r) => ({
      _id: r.id,
      ticketNumber: formatTicketNumber(r.number),
      title: r.title,
      status: r.status,
    })),
  };
}

type TicketSubListInput = z.output<typeof TicketSubListQuerySchema>;

/**
 * `GET /tickets/{id}/attachments`: one page of the files `actor` may see (clients: none attached
 * only to an internal note), newest first. 404 'Ticket no encontrado' for a ticket out of scope.
 */
export async function listTicketAttachments({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: TicketSubListInput;
}): Promise<ListTicketAttachmentsResponse> {
  const row = await findTicketFor(db, actor, id);
  const where = visibleTicketFiles(actor, row.id);
  const page = await pagedSelect(db, input, {
    table: files,
    where,
    rows: ({ limit, offset }) =>
      db
        .select(ATTACHMENT_COLUMNS)
        .from(files)
        .where(where)
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(limit)
        .offset(offset),
  });
  return { attachments: page.rows.map((f) => attachmentOf(row.id, f)), pagination: page.pagination };
}

/**
 * `GET /tickets/{id}/timeline`: one page of the ticket's activity, newest first (`created_at
 * desc, id desc`); clients never get internal entries. 404 for a ticket out of scope.
 */
export async function listTicketTimeline({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: TicketSubListInput;
}): Promise<ListTicketTimelineResponse> {
  const row = await findTicketFor(db, actor, id);
  const where = visibleEvents(actor, row.id);
  const page = await pagedSelect(db, input, {
    table: ticketEvents,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(ticketEvents)
        .where(where)
        .orderBy(desc(ticketEvents.createdAt), desc(ticketEvents.id))
        .limit(limit)
        .offset(offset),
  });
  const people = await loadPeople(
    db,
    page.rows.map((e) => e.actorId),
  );
  return {
    timeline: page.rows.map((e) => ({
      _id: e.id,
      type: e.type,
      actor: (e.actorId && people.get(e.actorId)) || null,
      description: e.description,
      createdAt: e.createdAt.toISOString(),
    })),
    pagination: page.pagination,
  };
}

/**
 * `GET /tickets/{id}/time-logs` (staff): one page of the time log, latest date first (then
 * newest, then id). 403 for clients (the route refuses them first), 404 for a ticket out of scope.
 */
export async function listTicketTimeLogs({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: TicketSubListInput;
}): Promise<ListTicketTimeLogsResponse> {
  if (!isStaffActor(actor)) throw forbidden('Solo el equipo puede ver el tiempo registrado.');
  const row = await findTicketFor(db, actor, id);
  const where = eq(ticketTimeLogs.ticketId, row.id);
  const page = await pagedSelect(db, input, {
    table: ticketTimeLogs,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(ticketTimeLogs)
        .where(where)
        .orderBy(desc(ticketTimeLogs.date), desc(ticketTimeLogs.createdAt), desc(ticketTimeLogs.id))
        .limit(limit)
        .offset(offset),
  });
  const people = await loadPeople(
    db,
    page.rows.map((l) => l.userId),
  );
  return {
    timeLogs: page.rows.map((l) => ({
      _id: l.id,
      user: (l.userId && people.get(l.userId)) || null,
      hours: Number(l.hours),
      workType: l.workType,
      description: l.description,
      date: l.date,
      createdAt: l.createdAt.toISOString(),
    })),
    pagination: page.pagination,
  };
}

/**
 * `GET /tickets`: one page of the tickets the actor may see, filtered by search (title,
 * description, number), status, priority, type, project, client and assignee; newest first with
 * `id` as tie-breaker (stable across pages, decision 088). `pagination.total` counts the matches
 * up to the cap (`totalCapped: true` past it, decision 113).
 */
export async function listTickets({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ListTicketsQuerySchema>;
}): Promise<ListTicketsResponse> {
  const conds: Array<SQL | undefined> = [ticketScope(actor)];
  if (input.status) conds.push(eq(tickets.status, input.status));
  if (input.priority) conds.push(eq(tickets.priority, input.priority));
  if (input.type) conds.push(eq(tickets.type, input.type));
  if (input.projectId) conds.push(eq(tickets.projectId, input.projectId));
  if (input.clientId) conds.push(eq(tickets.clientId, input.clientId));
  if (input.assignedTo)
    conds.push(eq(tickets.assignedTo, input.assignedTo === 'me' ? actor.id : input.assignedTo));
  if (input.search) {
    const term = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = input.search.replace(/\D/g, '');
    conds.push(
      or(
        ilike(tickets.title, term),
        ilike(tickets.description, term),
        digits && /^(tk-?)?\d+$/i.test(input.search.trim()) && Number(digits) <= MAX_INT4
          ? eq(tickets.number, Number(digits))
          : undefined,
      ),
    );
  }
  const cond = and(...conds);
  const { limit, offset } = pageWindow(input);
  // The page's ids first (an index-only walk of `(…, created_at, id)`), then only those rows:
  // a deep page skips index entries instead of whole rows (decision 104; 94 → 13 ms at page
  // 1,000 of 1M tickets).
  const pageIds = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(cond)
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit)
    .offset(offset);
  // The total is counted up to the cap (decision 113): an exact count of 1M rows took 200–900 ms.
  // A search first asks the planner: the capped count of a common word still reads all its
  // trigram matches (153 ms for 90,909 at 1M tickets), so far above the cap it is not run (122).
  const page = await pagedSelect(db, input, {
    table: tickets,
    where: cond,
    cap: listTotalCap(),
    estimateFirst: Boolean(input.search),
    rows: () =>
      db
        .select()
        .from(tickets)
        .where(inArray(tickets.id, pageIds))
        .orderBy(desc(tickets.createdAt), desc(tickets.id)),
  });
  return { tickets: await toTickets(db, page.rows), pagination: page.pagination };
}

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

/** Dashboard stats block (spec doc 2 §3 "Dashboard stats": totalTickets, openTickets = still needing work). */
export async function dashboardTicketStats(db: Db, actor: Actor) {
  // From the counters (decision 122), same scope as `ticketScope`.
  const { total, active } = await ticketTotals(db, actor);
  return { totalTickets: total, openTickets: active };
}

/** 'Tickets Recientes' of the dashboard (default 5). */
export async function dashboardRecentTickets(db: Db, actor: Actor, limit: number) {
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
  const tz = 'America/Santo_Domingo';
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
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (let i = days - 1; i >= 0; i--) {
    const date = fmt.format(new Date(Date.now() - i * 86_400_000));
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
  const cond =
    actor.role === 'client'
      ? ticketScope(actor)
      : or(eq(tickets.reportedBy, actor.id), eq(tickets.assignedTo, actor.id));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tickets).where(cond);
  return row?.n ?? 0;
}

/** `GET /tickets/stats` (also the dashboard's `tickets` block: total and open = active statuses). */
export async function ticketStats(db: Db, actor: Actor): Promise<TicketStats> {
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

async function clientUserIds(db: Db | Tx, clientId: string | null): Promise<string[]> {
  if (!clientId) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'client')));
  return rows.map((r) => r.id);
}

async function watcherIds(db: Db | Tx, ticketId: string): Promise<string[]> {
  const rows = await db
    .select({ id: ticketWatchers.userId })
    .from(ticketWatchers)
    .where(eq(ticketWatchers.ticketId, ticketId));
  return rows.map((r) => r.id);
}

async function staffIds(db: Db | Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.role, ['admin', 'employee'])));
  return rows.map((r) => r.id);
}

async function assertProjectFor(db: Db | Tx, projectId: string, clientId: string | null): Promise<string> {
  const [project] = await db
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(and(eq(projects.id, projectId), sql`${projects.deletedAt} is null`))
    .limit(1);
  if (!project || (clientId && project.clientId !== clientId))
    throw badRequest('El proyecto no existe o no pertenece al cliente', [
      { field: 'projectId', message: 'Proyecto inválido' },
    ]);
  return project.clientId;
}

async function addEvent(
  db: Db | Tx,
  ticketId: string,
  actorId: string,
  type: (typeof ticketEvents.$inferInsert)['type'],
  description: string,
  isInternal = false,
  metadata?: Record<string, unknown>,
) {
  await db.insert(ticketEvents).values({ ticketId, actorId, type, description, isInternal, metadata });
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();

/**
 * `POST /tickets`. A client's ticket is always for its own client record (403 when the user
 * has none); staff give `clientId` or a project (its client is used). The reporter watches
 * the ticket. Notifies staff (topic clientMessages) when a client opens it, else the client's users.
 */
export async function createTicket({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof CreateTicketRequestSchema>;
}): Promise<TicketWriteResult> {
  return db.transaction(async (tx) => {
    let clientId: string | null;
    if (isStaffActor(actor)) {
      clientId = input.clientId ?? null;
      if (clientId) {
        const [c] = await tx
          .select({ id: clients.id })
          .from(clients)
          .where(eq(clients.id, clientId))
          .limit(1);
        if (!c)
          throw badRequest('El cliente no existe', [{ field: 'clientId', message: 'Cliente inválido' }]);
      }
      if (input.projectId) clientId = await assertProjectFor(tx, input.projectId, clientId);
    } else {
      if (!actor.clientId) throw forbidden('Tu cuenta no está vinculada a un cliente.');
      clientId = actor.clientId;
      if (input.projectId) await assertProjectFor(tx, input.projectId, clientId);
    }
    const [row] = await tx
      .insert(tickets)
      .values({
        title: input.title,
        description: input.description,
        type: input.type,
        priority: input.priority,
        severity: input.severity,
        category: input.category,
        clientId,
        projectId: input.projectId ?? null,
        reportedBy: actor.id,
        environment: input.environment,
        browserInfo: input.browserInfo,
        steps: input.steps,
        tags: input.tags,
        estimatedHours: isStaffActor(actor) ? (input.estimatedResolutionTime ?? null) : null,
      })
      .returning();
    const ticket = row!;
    await tx.insert(ticketWatchers).values({ ticketId: ticket.id, userId: actor.id }).onConflictDoNothing();
    await addEvent(tx, ticket.id, actor.id, 'created', `${fullName(actor)} creó el ticket`);
    const number = formatTicketNumber(ticket.number);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'ticket.created',
      entityType: 'ticket',
      entityId: ticket.id,
      clientId,
      projectId: ticket.projectId,
      title: `Nuevo ticket ${number}: ${ticket.title}`,
    });
    const link = `/tickets/${ticket.id}`;
    const created = isStaffActor(actor)
      ? await createNotifications(tx, {
          userIds: await clientUserIds(tx, clientId),
          exceptUserId: actor.id,
          topic: 'ticketComments',
          title: `Nuevo ticket ${number}`,
          message: `${fullName(actor)} abrió el ticket "${ticket.title}" para tu empresa.`,
          link,
        })
      : await createNotifications(tx, {
          roles: ['admin', 'employee'],
          exceptUserId: actor.id,
          topic: 'clientMessages',
          title: `Nuevo ticket ${number}`,
          message: `${fullName(actor)} abrió el ticket "${ticket.title}".`,
          link,
        });
    return {
      ticket: await ticketDetail(tx, actor, ticket),
      notifications: created,
      visibleToClient: true,
      clientId,
    };
  });
}

/** `GET /tickets/{id}`. */
export async function getTicket({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<TicketDetail> {
  const row = await findTicketFor(db, actor, id);
  return ticketDetail(db, actor, row);
}

/**
 * `PUT /tickets/{id}`. Clients: only title, description and priority of their own ticket
 * while it is open or waiting on them (403 otherwise). Staff: every field, including
 * project (must belong to the ticket's client) and related tickets.
 */
export async function updateTicket({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof UpdateTicketRequestSchema>;
}): Promise<TicketWriteResult> {
  return db.transaction(async (tx) => {
    const row = await findTicketFor(tx, actor, id);
    const staff = isStaffActor(actor);
    if (!staff) {
      const extra = Object.keys(input).filter(
        (k) =>
          input[k as keyof typeof input] !== undefined &&
          !(CLIENT_EDITABLE_FIELDS as readonly string[]).includes(k),
      );
      if (extra.length > 0) throw forbidden('Solo el equipo de soporte puede cambiar esos campos.');
      if (!['open', 'pending_client'].includes(row.status))
        throw forbidden('Solo puedes editar tickets abiertos.');
    }
    const { relatedTicketIds, estimatedResolutionTime, ...fields } = input;
    const patch: Partial<typeof tickets.$inferInsert> = { ...fields, updatedAt: new Date() };
    if (estimatedResolutionTime !== undefined) patch.estimatedHours = estimatedResolutionTime;
    if (fields.projectId) await assertProjectFor(tx, fields.projectId, row.clientId);
    const [updated] = await tx.update(tickets).set(patch).where(eq(tickets.id, id)).returning();
    if (relatedTicketIds) {
      const others = [...new Set(relatedTicketIds.filter((r) => r !== id))];
      if (others.length) {
        const found = await tx.select({ id: tickets.id }).from(tickets).where(inArray(tickets.id, others));
        if (found.length !== others.length)
          throw badRequest('Algún ticket relacionado no existe', [
            { field: 'relatedTicketIds', message: 'Ticket inválido' },
          ]);
      }
      await tx
        .delete(ticketRelations)
        .where(or(eq(ticketRelations.ticketId, id), eq(ticketRelations.relatedId, id)));
      if (others.length)
        await tx
          .insert(ticketRelations)
          .values(
            others.map((o) => (o < id ? { ticketId: o, relatedId: id } : { ticketId: id, relatedId: o })),
          )
          .onConflictDoNothing();
    }
    return {
      ticket: await ticketDetail(tx, actor, updated!),
      notifications: [],
      visibleToClient: true,
      clientId: row.clientId,
    };
  });
}

/** `DELETE /tickets/{id}` (admin): removes the ticket with its messages, logs and files. */
export async function deleteTicket({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  if (!ticketAllows(actor.role, 'delete')) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await findTicketFor(tx, actor, id);
    await tx.delete(files).where(and(eq(files.ownerType, 'ticket'), eq(files.ownerId, id)));
    await tx.delete(tickets).where(eq(tickets.id, id));
    return row;
  });
}

/**
 * `POST /tickets/{id}/messages`. Clients never post internal messages (403). A client's reply
 * on `pending_client` moves the ticket back to `open`. `attachments` must be files uploaded
 * to this ticket. Notifies the other side: staff (assignee and staff watchers, or all staff
 * when unassigned) for a client's reply; the client's users and watchers for a public staff
 * reply; only staff for an internal note.
 */
export async function addMessage({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof CreateTicketMessageRequestSchema>;
}): Promise<TicketWriteResult> {
  if (input.isInternal && !ticketAllows(actor.role, 'internalMessages'))
    throw forbidden('Los clientes no pueden enviar notas internas.');
  return db.transaction(async (tx) => {
    let row = await findTicketFor(tx, actor, id);
    if (input.attachments.length) {
      const found = await tx
        .select({ id: files.id })
        .from(files)
        .where(
          and(inArray(files.id, input.attachments), eq(files.ownerType, 'ticket'), eq(files.ownerId, id)),
        );
      if (found.length !== new Set(input.attachments).size)
        throw badRequest('Algún adjunto no pertenece a este ticket', [
          { field: 'attachments', message: 'Adjunto inválido' },
        ]);
    }
    await tx.insert(ticketMessages).values({
      ticketId: id,
      authorId: actor.id,
      content: input.content,
      isInternal: input.isInternal,
      attachmentIds: input.attachments,
    });
    await addEvent(
      tx,
      id,
      actor.id,
      'comment',
      input.isInternal
        ? `${fullName(actor)} agregó una nota interna`
        : `${fullName(actor)} agregó un comentario`,
      input.isInternal,
    );
    const patch: Partial<typeof tickets.$inferInsert> = { updatedAt: new Date() };
    if (!isStaffActor(actor) && row.status === 'pending_client') {
      patch.status = 'open';
      await addEvent(
        tx,
        id,
        actor.id,
        'status_change',
        `Estado cambiado de ${TICKET_STATUS_LABELS.pending_client} a ${TICKET_STATUS_LABELS.open} (respuesta del cliente)`,
        false,
        { from: 'pending_client', to: 'open' },
      );
    }
    [row] = (await tx.update(tickets).set(patch).where(eq(tickets.id, id)).returning()) as [TicketRow];
    const number = formatTicketNumber(row.number);
    const link = `/tickets/${id}`;
    const watchers = await watcherIds(tx, id);
    let created: Created;
    if (input.isInternal) {
      created = await createNotifications(tx, {
        userIds: await staffIds(
          tx,
          [...watchers, row.assignedTo].filter((v): v is string => !!v),
        ),
        exceptUserId: actor.id,
        topic: 'ticketComments',
        title: `Nota interna en ${number}`,
        message: `${fullName(actor)}: ${input.content.slice(0, 140)}`,
        link,
      });
    } else if (isStaffActor(actor)) {
      const recipients = [...(await clientUserIds(tx, row.clientId)), ...watchers];
      created = await createNotifications(tx, {
        userIds: recipients,
        exceptUserId: actor.id,
        topic: 'ticketComments',
        title: `Nueva respuesta en ${number}`,
        message: `${fullName(actor)}: ${input.content.slice(0, 140)}`,
        link,
      });
    } else {
      const staffRecipients = await staffIds(
        tx,
        [...watchers, row.assignedTo].filter((v): v is string => !!v),
      );
      created = await createNotifications(tx, {
        userIds: [...staffRecipients, ...watchers],
        roles: staffRecipients.length === 0 ? ['admin', 'employee'] : undefined,
        exceptUserId: actor.id,
        topic: 'clientMessages',
        title: `Mensaje del cliente en ${number}`,
        message: `${fullName(actor)}: ${input.content.slice(0, 140)}`,
        link,
      });
    }
    return {
      ticket: await ticketDetail(tx, actor, row),
      notifications: created,
      visibleToClient: !input.isInternal,
      clientId: row.clientId,
    };
  });
}

/** `PUT /tickets/{id}/assign` (staff). The assignee must be an active admin or employee; they start watching. */
export async function assignTicket({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof AssignTicketRequestSchema>;
}): Promise<TicketWriteResult> {
  if (!ticketAllows(actor.role, 'assign')) throw forbidden();
  return db.transaction(async (tx) => {
    await findTicketFor(tx, actor, id);
    let assignee: { id: string; firstName: string; lastName: string } | null = null;
    if (input.assignedTo) {
      const [u] = await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          and(
            eq(users.id, input.assignedTo),
            inArray(users.role, ['admin', 'employee']),
            eq(users.status, 'active'),
          ),
        )
        .limit(1);
      if (!u)
        throw badRequest('El responsable debe ser un miembro activo del equipo', [
          { field: 'assignedTo', message: 'Responsable inválido' },
        ]);
      assignee = u;
      await tx.insert(ticketWatchers).values({ ticketId: id, userId: u.id }).onConflictDoNothing();
    }
    const [row] = await tx
      .update(tickets)
      .set({ assignedTo: assignee?.id ?? null, updatedAt: new Date() })
      .where(eq(tickets.id, id))
      .returning();
    await addEvent(
      tx,
      id,
      actor.id,
      'assigned',
      assignee ? `Asignado a ${fullName(assignee)}` : 'Ticket sin asignar',
      false,
      { assignedTo: assignee?.id ?? null },
    );
    const created = assignee
      ? await createNotifications(tx, {
          userIds: [assignee.id],
          exceptUserId: actor.id,
          topic: 'ticketComments',
          title: `Ticket ${formatTicketNumber(row!.number)} asignado`,
          message: `${fullName(actor)} te asignó el ticket "${row!.title}".`,
          link: `/tickets/${id}`,
        })
      : [];
    return {
      ticket: await ticketDetail(tx, actor, row!),
      notifications: created,
      visibleToClient: true,
      clientId: row!.clientId,
    };
  });
}

/**
 * `PUT /tickets/{id}/status` and `PUT /tickets/{id}/close`. Enforces
 * {@link canTransitionTicket} (409 for a move the table does not allow, 403 when a client
 * tries a staff-only move) and the resolution rule (400 without one for resolved/closed).
 */
export async function changeTicketStatus({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof ChangeTicketStatusRequestSchema>;
}): Promise<TicketWriteResult> {
  return db.transaction(async (tx) => {
    const current = await findTicketFor(tx, actor, id);
    const from = current.status;
    const to = input.status;
    if (from === to) throw badRequest(`El ticket ya está en estado ${TICKET_STATUS_LABELS[to]}`);
    if (!canTransitionTicket(actor.role, from, to)) {
      if (actor.role === 'client' && canTransitionTicket('admin', from, to))
        throw forbidden('Solo el equipo de soporte puede hacer este cambio de estado.');
      throw badRequest(`No se puede pasar de ${TICKET_STATUS_LABELS[from]} a ${TICKET_STATUS_LABELS[to]}`, [
        { field: 'status', message: 'Transición no permitida' },
      ]);
    }
    const resolution = input.resolution ?? current.resolution;
    if (TICKET_STATUSES_NEEDING_RESOLUTION.includes(to) && !resolution)
      throw badRequest('La resolución es requerida para resolver o cerrar el ticket', [
        { field: 'resolution', message: 'La resolución es requerida' },
      ]);
    const now = new Date();
    const patch: Partial<typeof tickets.$inferInsert> = { status: to, updatedAt: now };
    if (input.resolution) patch.resolution = input.resolution;
    if (input.preventionMeasures) patch.preventionMeasures = input.preventionMeasures;
    if (to === 'resolved') patch.resolvedAt = now;
    if (to === 'closed') {
      patch.closedAt = now;
      if (!current.resolvedAt) patch.resolvedAt = now;
    }
    if (to === 'open' || to === 'in_progress') {
      patch.resolvedAt = null;
      patch.closedAt = null;
    }
    const [row] = await tx.update(tickets).set(patch).where(eq(tickets.id, id)).returning();
    await addEvent(
      tx,
      id,
      actor.id,
      'status_change',
      `Estado cambiado de ${TICKET_STATUS_LABELS[from]} a ${TICKET_STATUS_LABELS[to]}`,
      false,
      { from, to },
    );
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'ticket.status_changed',
      entityType: 'ticket',
      entityId: id,
      clientId: row!.clientId,
      projectId: row!.projectId,
      title: `Ticket ${formatTicketNumber(row!.number)}: ${TICKET_STATUS_LABELS[to]}`,
      metadata: { from, to },
    });
    const watchers = await watcherIds(tx, id);
    const created = await createNotifications(tx, {
      userIds: [...watchers, ...(await clientUserIds(tx, row!.clientId)), row!.assignedTo].filter(
        (v): v is string => !!v,
      ),
      exceptUserId: actor.id,
      topic: 'ticketComments',
      title: `Ticket ${formatTicketNumber(row!.number)}: ${TICKET_STATUS_LABELS[to]}`,
      message: `${fullName(actor)} cambió el estado de "${row!.title}" a ${TICKET_STATUS_LABELS[to]}.`,
      link: `/tickets/${id}`,
    });
    return {
      ticket: await ticketDetail(tx, actor, row!),
      notifications: created,
      visibleToClient: true,
      clientId: row!.clientId,
    };
  });
}

/** `PUT /tickets/{id}/close` (staff): status closed with resolution and prevention measures. */
export async function closeTicket(opts: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof CloseTicketRequestSchema>;
}): Promise<TicketWriteResult> {
  if (!ticketAllows(opts.actor.role, 'close')) throw forbidden();
  return changeTicketStatus({ ...opts, input: { status: 'closed', ...opts.input } });
}

/** `POST /tickets/{id}/time-logs` (staff). Hours 0.25–24 in quarter hours; internal timeline entry. */
export async function addTimeLog({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof CreateTicketTimeLogRequestSchema>;
}): Promise<TicketWriteResult> {
  if (!ticketAllows(actor.role, 'logTime')) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await findTicketFor(tx, actor, id);
    await tx.insert(ticketTimeLogs).values({
      ticketId: id,
      userId: actor.id,
      hours: input.hours,
      workType: input.workType,
      description: input.description,
      date: input.date ?? new Date().toISOString().slice(0, 10),
    });
    await addEvent(
      tx,
      id,
      actor.id,
      'time_logged',
      `${fullName(actor)} registró ${input.hours} h de ${WORK_TYPE_LABELS[input.workType].toLowerCase()}`,
      true,
      { hours: input.hours, workType: input.workType },
    );
    const [updated] = await tx
      .update(tickets)
      .set({ updatedAt: new Date() })
      .where(eq(tickets.id, id))
      .returning();
    return {
      ticket: await ticketDetail(tx, actor, updated ?? row),
      notifications: [],
      visibleToClient: false,
      clientId: row.clientId,
    };
  });
}

/**
 * `POST /tickets/{id}/watchers`: the caller (or, for staff, another user who can see the
 * ticket: staff, or a user of the ticket's client) starts watching.
 */
export async function addWatcher({
  db,
  actor,
  id,
  userId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  userId?: string;
}): Promise<TicketDetail> {
  const row = await findTicketFor(db, actor, id);
  const target = userId ?? actor.id;
  if (target !== actor.id) {
    if (!ticketAllows(actor.role, 'watchOthers')) throw forbidden();
    const [u] = await db
      .select({ role: users.role, clientId: users.clientId })
      .from(users)
      .where(and(eq(users.id, target), eq(users.status, 'active')))
      .limit(1);
    if (!u || (u.role === 'client' && u.clientId !== row.clientId))
      throw badRequest('Ese usuario no puede seguir este ticket', [
        { field: 'userId', message: 'Usuario inválido' },
      ]);
  }
  await db.insert(ticketWatchers).values({ ticketId: id, userId: target }).onConflictDoNothing();
  return ticketDetail(db, actor, row);
}

/** `DELETE /tickets/{id}/watchers/{userId}`: stop watching (staff may remove anyone). */
export async function removeWatcher({
  db,
  actor,
  id,
  userId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  userId: string;
}): Promise<TicketDetail> {
  const row = await findTicketFor(db, actor, id);
  if (userId !== actor.id && !ticketAllows(actor.role, 'watchOthers')) throw forbidden();
  await db
    .delete(ticketWatchers)
    .where(and(eq(ticketWatchers.ticketId, id), eq(ticketWatchers.userId, userId)));
  return ticketDetail(db, actor, row);
}

/** `POST /tickets/{id}/attachments`: stores one file (type-sniffed, max 10 MB). */
export async function uploadAttachment({
  db,
  actor,
  id,
  filename,
  data,
}: {
  db: Db;
  actor: Actor;
  id: string;
  filename: string;
  data: Buffer;
}): Promise<TicketAttachment> {
  const row = await findTicketFor(db, actor, id);
  const saved = await saveFile(db, {
    ownerType: 'ticket',
    ownerId: row.id,
    filename,
    data,
    uploadedBy: actor.id,
    maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
    userUpload: true,
  });
  return attachmentOf(row.id, saved);
}

/** Finds a downloadable attachment of a ticket the actor may see (404 for internal-only files and clients). */
export async function findAttachment({
  db,
  actor,
  id,
  fileId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  fileId: string;
}) {
  await findTicketFor(db, actor, id);
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerType, 'ticket'), eq(files.ownerId, id)))
    .limit(1);
  if (!file) throw notFound('Archivo no encontrado');
  if (!isStaffActor(actor)) {
    const [internal] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(
        and(
          eq(ticketMessages.ticketId, id),
          eq(ticketMessages.isInternal, true),
          sql`${fileId}::uuid = any(${ticketMessages.attachmentIds})`,
        ),
      )
      .limit(1);
    if (internal) throw notFound('Archivo no encontrado');
  }
  return file;
}

/** Active staff who can be assigned (`GET /tickets/assignees`). */
export async function listAssignees(db: Db) {
  const rows = await db
    .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'employee']), eq(users.status, 'active')))
    .orderBy(asc(users.firstName));
  return rows;
}

/** User ids of a ticket's client (for live updates). */
export { clientUserIds };
