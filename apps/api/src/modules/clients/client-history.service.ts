import {
  type ClientSubListQuerySchema,
  type Communication,
  type CreateCommunicationRequestSchema,
  fromCents,
} from '@agencia/shared';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { clientCommunications, clients, projects, tickets, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { listTotalCap, pagedSelect } from '../../lib/paging.js';

/*
 * A client's history on its detail screen (spec doc 2 §3): its projects and tickets (paged) and
 * the communications log.
 */

type SubListQuery = z.output<typeof ClientSubListQuerySchema>;
/**
 * `GET /clients/{id}/projects`: one page of the client's projects, newest first (ties on id; total capped, decision 113),
 * budget in major units. Throws 404 for an unknown client.
 */
export async function listClientProjects({ db, id, query }: { db: Db; id: string; query: SubListQuery }) {
  await getClientRow(db, id);
  const cond = and(eq(projects.clientId, id), isNull(projects.deletedAt));
  const { rows, pagination } = await pagedSelect(db, query, {
    table: projects,
    where: cond,
    cap: listTotalCap(),
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(projects)
        .where(cond)
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    projects: rows.map((p) => ({
      _id: p.id,
      title: p.title,
      status: p.status,
      startDate: p.startDate,
      endDate: p.actualEndDate ?? p.estimatedEndDate,
      budget: p.approvedBudgetCents === null ? null : fromCents(p.approvedBudgetCents),
      progress: p.progressPercentage,
    })),
    pagination,
  };
}

/** `GET /clients/{id}/tickets`: one page of the client's tickets, newest first (total capped, decision 113). Throws 404 for an unknown client. */
export async function listClientTickets({ db, id, query }: { db: Db; id: string; query: SubListQuery }) {
  await getClientRow(db, id);
  const cond = eq(tickets.clientId, id);
  const { rows, pagination } = await pagedSelect(db, query, {
    table: tickets,
    where: cond,
    cap: listTotalCap(),
    rows: ({ limit, offset }) =>
      db
        .select({
          id: tickets.id,
          title: tickets.title,
          status: tickets.status,
          priority: tickets.priority,
          project: projects.title,
          createdAt: tickets.createdAt,
        })
        .from(tickets)
        .leftJoin(projects, eq(projects.id, tickets.projectId))
        .where(cond)
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    tickets: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      status: r.status,
      priority: r.priority,
      project: r.project ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    pagination,
  };
}

async function getClientRow(db: Db, id: string) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1);
  if (!row) throw notFound('Cliente no encontrado');
  return row;
}

type CommRow = typeof clientCommunications.$inferSelect & { createdByName: string | null };
function toCommunicationDto(r: CommRow): Communication {
  return {
    _id: r.id,
    type: r.type,
    subject: r.subject,
    date: r.date.toISOString(),
    direction: r.direction,
    duration: r.durationMinutes,
    notes: r.notes,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
  };
}

const commSelect = {
  ...getTableColumns(clientCommunications),
  createdByName: sql<
    string | null
  >`(select u.first_name || ' ' || u.last_name from ${users} u where u.id = "client_communications"."created_by")`,
};

/** One page of the client's communication log, latest date first (ties on id). Throws 404 for an unknown client. */
export async function listCommunications({
  db,
  clientId,
  query,
}: {
  db: Db;
  clientId: string;
  query: SubListQuery;
}) {
  await getClientRow(db, clientId);
  const cond = eq(clientCommunications.clientId, clientId);
  const { rows, pagination } = await pagedSelect(db, query, {
    table: clientCommunications,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select(commSelect)
        .from(clientCommunications)
        .where(cond)
        .orderBy(desc(clientCommunications.date), desc(clientCommunications.id))
        .limit(limit)
        .offset(offset),
  });
  return {
    communications: rows.map((r) => toCommunicationDto(r as CommRow)),
    pagination,
  };
}

/** Logs a communication (admin); updates the client's lastContact when it is newer. */
export async function createCommunication({
  db,
  actor,
  ctx,
  clientId,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  clientId: string;
  input: z.output<typeof CreateCommunicationRequestSchema>;
}): Promise<Communication> {
  await getClientRow(db, clientId);
  const date = new Date(input.date);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clientCommunications)
      .values({
        clientId,
        type: input.type,
        subject: input.subject,
        date,
        direction: input.direction,
        durationMinutes: input.duration ?? null,
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: clientCommunications.id });
    await tx
      .update(clients)
      .set({
        lastContact: sql`greatest(coalesce(${clients.lastContact}, ${date.toISOString()}::timestamptz), ${date.toISOString()}::timestamptz)`,
      })
      .where(eq(clients.id, clientId));
    await audit(tx, ctx, 'client.communication.created', { type: 'client', id: clientId });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'client.communication',
      entityType: 'client',
      entityId: clientId,
      clientId,
      title: `Comunicación registrada: ${input.subject}`,
      isInternal: true,
    });
    return row!.id;
  });
  const [row] = await db.select(commSelect).from(clientCommunications).where(eq(clientCommunications.id, id));
  return toCommunicationDto(row as CommRow);
}

/** Deletes a communication entry (admin); 404 when it is not the client's. */
export async function deleteCommunication({
  db,
  ctx,
  clientId,
  commId,
}: {
  db: Db;
  ctx: AuditContext;
  clientId: string;
  commId: string;
}) {
  const deleted = await db
    .delete(clientCommunications)
    .where(and(eq(clientCommunications.id, commId), eq(clientCommunications.clientId, clientId)))
    .returning({ id: clientCommunications.id });
  if (!deleted[0]) throw notFound('Comunicación no encontrada');
  await audit(db, ctx, 'client.communication.deleted', { type: 'client', id: clientId }, { commId });
}
