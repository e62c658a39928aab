import {
  formatTicketNumber,
  type Ticket,
  type TicketAttachment,
  type TicketMessage,
  type TicketPerson,
} from '@agencia/shared';
import { and, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  files,
  projects,
  ticketMessages,
  type tickets,
  ticketTimeLogs,
  users,
} from '../../db/schema/index.js';
import { preparedStatement } from '../../lib/prepared.js';

/** The client columns a ticket list item shows. */
interface ClientRef {
  id: string;
  companyName: string | null;
  firstName: string;
  lastName: string;
}

/** A `tickets` row. */
export type TicketRow = typeof tickets.$inferSelect;

/** Users by id as tickets show them (name, role, avatar); unknown or null ids are skipped. */
export async function loadPeople(db: Db | Tx, ids: Array<string | null | undefined>) {
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

/** ISO 8601 text of a date, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `column = any(ids)`, `ids` a uuid array bound as one parameter (or an array placeholder). */
const anyOf = (column: SQL | PgColumn, ids: string[] | Placeholder) =>
  sql`${column} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::uuid[])`;

/**
 * The five lookups of {@link toTickets} in one row of JSON arrays: the people, clients and
 * projects named by the page's tickets, and the hours logged and public messages per ticket.
 */
function relatedQuery(
  db: Db | Tx,
  {
    personIds,
    clientIds,
    projectIds,
    ids,
  }: Record<'personIds' | 'clientIds' | 'projectIds' | 'ids', string[] | Placeholder>,
) {
  return db
    .select({
      people: sql<
        TicketPerson[] | null
      >`(select json_agg(json_build_object('_id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'role', ${users.role}, 'avatar', ${users.avatar})) from ${users} where ${anyOf(users.id, personIds)})`,
      clients: sql<
        ClientRef[] | null
      >`(select json_agg(json_build_object('id', ${clients.id}, 'companyName', ${clients.companyName}, 'firstName', ${clients.firstName}, 'lastName', ${clients.lastName})) from ${clients} where ${anyOf(clients.id, clientIds)})`,
      projects: sql<Array<{
        id: string;
        title: string;
      }> | null>`(select json_agg(json_build_object('id', ${projects.id}, 'title', ${projects.title})) from ${projects} where ${anyOf(projects.id, projectIds)})`,
      spent: sql<Array<
        [string, number | string]
      > | null>`(select json_agg(json_build_array(s.ticket_id, s.hours)) from (select ${ticketTimeLogs.ticketId} as ticket_id, sum(${ticketTimeLogs.hours}) as hours from ${ticketTimeLogs} where ${anyOf(ticketTimeLogs.ticketId, ids)} group by ${ticketTimeLogs.ticketId}) s)`,
      messages: sql<Array<
        [string, number]
      > | null>`(select json_agg(json_build_array(m.ticket_id, m.n)) from (select ${ticketMessages.ticketId} as ticket_id, count(*)::int as n from ${ticketMessages} where ${and(anyOf(ticketMessages.ticketId, ids), eq(ticketMessages.isInternal, false))} group by ${ticketMessages.ticketId}) m)`,
    })
    .from(sql`(select 1) as one`);
}

/** List items of tickets (client, project, people, hours spent, public message count), in the order of `rows`. */
export async function toTickets(db: Db | Tx, rows: TicketRow[]): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const personIds = [
    ...new Set(rows.flatMap((r) => [r.reportedBy, r.assignedTo]).filter((v): v is string => !!v)),
  ];
  const clientIds = [...new Set(rows.map((r) => r.clientId).filter((v): v is string => !!v))];
  const projectIds = [...new Set(rows.map((r) => r.projectId).filter((v): v is string => !!v))];
  // One statement for the five lookups (people, clients, projects, hours, public messages), each
  // a sub-select as its own query was (decision 148: 5 round trips → 1), with the ids as array
  // parameters: prepared once per database (decision 154), or built for a transaction.
  const values = { personIds, clientIds, projectIds, ids };
  const [related] =
    db instanceof PgTransaction
      ? await relatedQuery(db, values)
      : await preparedStatement(db, 'ticket_related', (name) =>
          relatedQuery(db, {
            personIds: sql.placeholder('personIds'),
            clientIds: sql.placeholder('clientIds'),
            projectIds: sql.placeholder('projectIds'),
            ids: sql.placeholder('ids'),
          }).prepare(name),
        ).execute(values);
  const people = new Map((related?.people ?? []).map((p) => [p._id, p]));
  const clientMap = new Map((related?.clients ?? []).map((c) => [c.id, c]));
  const projectMap = new Map((related?.projects ?? []).map((p) => [p.id, p]));
  const spentMap = new Map((related?.spent ?? []).map(([id, hours]) => [id, Number(hours)]));
  const countMap = new Map((related?.messages ?? []).map(([id, n]) => [id, Number(n)]));
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
      reporterEmail: r.reporterEmail,
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

/** A `ticket_messages` row. */
export type MessageRow = typeof ticketMessages.$inferSelect;

/** Columns of a ticket attachment as the API shows it ({@link attachmentOf}). */
export const ATTACHMENT_COLUMNS = {
  id: files.id,
  filename: files.filename,
  contentType: files.contentType,
  sizeBytes: files.sizeBytes,
  createdAt: files.createdAt,
};

/** A ticket file as the API shows it, with its download URL under the ticket. */
export const attachmentOf = (
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

/** A message as the API shows it (author and attachments from the given maps). */
export function toMessage(
  m: MessageRow,
  people: Map<string, TicketPerson>,
  fileMap: Map<string, TicketAttachment>,
): TicketMessage {
  return {
    _id: m.id,
    author: (m.authorId && people.get(m.authorId)) || null,
    authorEmail: m.authorEmail,
    content: m.content,
    isInternal: m.isInternal,
    attachments: m.attachmentIds.map((id) => fileMap.get(id)).filter((a): a is TicketAttachment => !!a),
    createdAt: m.createdAt.toISOString(),
  };
}

/** "First Last" of a person. */
export const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
