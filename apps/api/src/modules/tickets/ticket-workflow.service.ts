import {
  type AssignTicketRequestSchema,
  businessToday,
  type ChangeTicketStatusRequestSchema,
  type CloseTicketRequestSchema,
  type CreateTicketRequestSchema,
  type CreateTicketTimeLogRequestSchema,
  canTransitionTicket,
  formatTicketNumber,
  TICKET_EVENTS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES_NEEDING_RESOLUTION,
  type TicketDetail,
  type UpdateTicketRequestSchema,
  WORK_TYPE_LABELS,
} from '@agencia/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  files,
  projects,
  ticketEvents,
  ticketRelations,
  tickets,
  ticketTimeLogs,
  ticketWatchers,
  users,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { ActorInput, Audited, ResourceCall, ResourceInput } from '../../lib/service-args.js';
import { clientUserIds, ticketEffects, watcherIds } from './tickets.audience.js';
import { fullName, type TicketRow } from './tickets.mappers.js';
import {
  actsForSupport,
  CLIENT_EDITABLE_FIELDS,
  ownsTicket,
  TICKET_STAFF_ROLES,
  ticketPolicy,
} from './tickets.policy.js';
import { findTicketFor, ticketDetail } from './tickets.queries.js';

/**
 * Checks that a project exists (not deleted) and, when `clientId` is given, belongs to that
 * client; returns the project's client id. 400 on the `projectId` field otherwise.
 */
export async function assertProjectFor({
  db,
  projectId,
  clientId,
}: {
  db: Db | Tx;
  projectId: string;
  clientId: string | null;
}): Promise<string> {
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

/** Adds one timeline entry to a ticket (`isInternal`: shown to staff only). */
export async function addEvent({
  db,
  ticketId,
  actorId,
  type,
  description,
  isInternal = false,
  metadata,
}: {
  db: Db | Tx;
  ticketId: string;
  /** Null for a client contact without a portal user writing by e-mail (decision 168). */
  actorId: string | null;
  type: (typeof ticketEvents.$inferInsert)['type'];
  description: string;
  isInternal?: boolean;
  metadata?: Record<string, unknown>;
}) {
  await db.insert(ticketEvents).values({ ticketId, actorId, type, description, isInternal, metadata });
}

/**
 * The answer of a ticket write: the detail of `row` as `actor` sees it, and what the write pushes
 * after commit ({@link ticketEffects}) to the ticket's audience.
 */
export async function writtenTicket({
  tx,
  actor,
  row,
  change,
}: {
  tx: Tx;
  actor: Actor;
  row: TicketRow;
  change: { visibleToClient: boolean; event?: string; notifications?: StoredNotifications };
}): Promise<Written<TicketDetail>> {
  return {
    value: await ticketDetail({ db: tx, actor, row }),
    effects: await ticketEffects(tx, { ticketId: row.id, clientId: row.clientId, ...change }),
  };
}

/**
 * `POST /tickets`. A client's ticket is always for its own client record (403 when the user
 * has none); staff give `clientId` or a project (its client is used). The reporter watches
 * the ticket and the `ticket.created` audit entry is written in the same transaction. Notifies
 * staff (topic clientMessages) when a client opens it, else the client's users.
 */
export async function createTicket({
  db,
  actor,
  ctx,
  input,
}: Audited<ActorInput<z.output<typeof CreateTicketRequestSchema>>>): Promise<Written<TicketDetail>> {
  return db.transaction(async (tx) => {
    let clientId: string | null;
    if (ticketPolicy.can(actor.role, 'create')) {
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
      if (input.projectId)
        clientId = await assertProjectFor({ db: tx, projectId: input.projectId, clientId });
    } else {
      if (!ticketPolicy.can(actor.role, 'create', actor.clientId !== null))
        throw forbidden('Tu cuenta no está vinculada a un cliente.');
      clientId = actor.clientId;
      if (input.projectId) await assertProjectFor({ db: tx, projectId: input.projectId, clientId });
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
        estimatedHours: ticketPolicy.can(actor.role, 'editStaffFields')
          ? (input.estimatedResolutionTime ?? null)
          : null,
      })
      .returning();
    const ticket = row!;
    await tx.insert(ticketWatchers).values({ ticketId: ticket.id, userId: actor.id }).onConflictDoNothing();
    await addEvent({
      db: tx,
      ticketId: ticket.id,
      actorId: actor.id,
      type: 'created',
      description: `${fullName(actor)} creó el ticket`,
    });
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
    await audit(tx, ctx, 'ticket.created', { type: 'ticket', id: ticket.id });
    const link = `/tickets/${ticket.id}`;
    const created = actsForSupport(actor)
      ? await createNotifications(tx, {
          userIds: await clientUserIds(tx, clientId),
          exceptUserId: actor.id,
          topic: 'ticketComments',
          title: `Nuevo ticket ${number}`,
          message: `${fullName(actor)} abrió el ticket "${ticket.title}" para tu empresa.`,
          link,
          ticket: { id: ticket.id, number: ticket.number },
        })
      : await createNotifications(tx, {
          roles: TICKET_STAFF_ROLES,
          exceptUserId: actor.id,
          topic: 'clientMessages',
          title: `Nuevo ticket ${number}`,
          message: `${fullName(actor)} abrió el ticket "${ticket.title}".`,
          link,
          ticket: { id: ticket.id, number: ticket.number },
        });
    return writtenTicket({
      tx,
      actor,
      row: ticket,
      change: {
        visibleToClient: true,
        event: TICKET_EVENTS.created,
        notifications: created,
      },
    });
  });
}

/**
 * A ticket opened by e-mail by a client contact who has no portal user (decision 168 addendum):
 * the client record's own address wrote to the support address. `reportedBy` is null, the
 * client is set and the sender's address is kept as `reporterEmail` (staff replies are mailed
 * to it). No watcher (no user); staff are notified (topic clientMessages) as for a client's
 * ticket. Call inside the pipeline's transaction; answers the new row and its effects.
 */
export async function createTicketForContact({
  db,
  ctx,
  contact,
  input,
}: {
  db: Db | Tx;
  ctx: { ip: null; requestId: string };
  /** The client whose record has the address, the address (lower case) and the display name. */
  contact: { clientId: string; address: string; name: string | null };
  input: { title: string; description: string };
}): Promise<Written<TicketRow>> {
  const [ticket] = await db
    .insert(tickets)
    .values({
      title: input.title,
      description: input.description,
      type: 'support',
      priority: 'medium',
      severity: 'medium',
      category: 'Otro',
      clientId: contact.clientId,
      reportedBy: null,
      reporterEmail: contact.address,
    })
    .returning();
  const row = ticket!;
  const who = contact.name ? `${contact.name} <${contact.address}>` : contact.address;
  await addEvent({
    db,
    ticketId: row.id,
    actorId: null,
    type: 'created',
    description: `${who} abrió el ticket por correo`,
  });
  const number = formatTicketNumber(row.number);
  await recordActivity(db, {
    actorId: null,
    type: 'ticket.created',
    entityType: 'ticket',
    entityId: row.id,
    clientId: contact.clientId,
    title: `Nuevo ticket ${number}: ${row.title}`,
  });
  await audit(
    db,
    { actorId: null, ...ctx },
    'ticket.created',
    { type: 'ticket', id: row.id },
    { via: 'email', from: contact.address },
  );
  const created = await createNotifications(db, {
    roles: TICKET_STAFF_ROLES,
    topic: 'clientMessages',
    title: `Nuevo ticket ${number}`,
    message: `${who} abrió el ticket "${row.title}" por correo.`,
    link: `/tickets/${row.id}`,
    ticket: { id: row.id, number: row.number },
  });
  return {
    value: row,
    effects: await ticketEffects(db, {
      ticketId: row.id,
      clientId: row.clientId,
      visibleToClient: true,
      event: TICKET_EVENTS.created,
      notifications: created,
    }),
  };
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
}: ResourceInput<z.output<typeof UpdateTicketRequestSchema>>): Promise<Written<TicketDetail>> {
  return db.transaction(async (tx) => {
    const row = await findTicketFor({ db: tx, actor, id });
    if (!ticketPolicy.can(actor.role, 'editBasicFields', ownsTicket(actor, row))) throw forbidden();
    if (!ticketPolicy.can(actor.role, 'editStaffFields')) {
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
    if (fields.projectId)
      await assertProjectFor({ db: tx, projectId: fields.projectId, clientId: row.clientId });
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
    return writtenTicket({ tx, actor, row: updated!, change: { visibleToClient: true } });
  });
}

/**
 * `DELETE /tickets/{id}` (admin): removes the ticket with its messages, logs and files and writes
 * the `ticket.deleted` audit entry (with its title); returns the removed row and its effects (the
 * client's users read before the delete).
 */
export async function deleteTicket({
  db,
  actor,
  ctx,
  id,
}: Audited<ResourceCall>): Promise<Written<TicketRow>> {
  if (!ticketPolicy.can(actor.role, 'delete')) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await findTicketFor({ db: tx, actor, id });
    const fx = await ticketEffects(tx, { ticketId: row.id, clientId: row.clientId, visibleToClient: true });
    await tx.delete(files).where(and(eq(files.ownerType, 'ticket'), eq(files.ownerId, id)));
    await tx.delete(tickets).where(eq(tickets.id, id));
    await audit(tx, ctx, 'ticket.deleted', { type: 'ticket', id: row.id }, { title: row.title });
    return { value: row, effects: fx };
  });
}

/** `PUT /tickets/{id}/assign` (staff). The assignee must be an active admin or employee; they start watching. */
export async function assignTicket({
  db,
  actor,
  id,
  input,
}: ResourceInput<z.output<typeof AssignTicketRequestSchema>>): Promise<Written<TicketDetail>> {
  if (!ticketPolicy.can(actor.role, 'assign')) throw forbidden();
  return db.transaction(async (tx) => {
    await findTicketFor({ db: tx, actor, id });
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
    await addEvent({
      db: tx,
      ticketId: id,
      actorId: actor.id,
      type: 'assigned',
      description: assignee ? `Asignado a ${fullName(assignee)}` : 'Ticket sin asignar',
      isInternal: false,
      metadata: { assignedTo: assignee?.id ?? null },
    });
    const created = assignee
      ? await createNotifications(tx, {
          userIds: [assignee.id],
          exceptUserId: actor.id,
          topic: 'ticketComments',
          title: `Ticket ${formatTicketNumber(row!.number)} asignado`,
          message: `${fullName(actor)} te asignó el ticket "${row!.title}".`,
          link: `/tickets/${id}`,
          ticket: { id, number: row!.number },
        })
      : [];
    return writtenTicket({ tx, actor, row: row!, change: { visibleToClient: true, notifications: created } });
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
}: ResourceInput<z.output<typeof ChangeTicketStatusRequestSchema>>): Promise<Written<TicketDetail>> {
  return db.transaction(async (tx) => {
    const current = await findTicketFor({ db: tx, actor, id });
    if (!ticketPolicy.can(actor.role, 'changeStatus', ownsTicket(actor, current))) throw forbidden();
    const from = current.status;
    const to = input.status;
    if (from === to) throw badRequest(`El ticket ya está en estado ${TICKET_STATUS_LABELS[to]}`);
    if (!canTransitionTicket(actor.role, from, to)) {
      // A move only the support team may make is a 403 for the others; one nobody may make, a 400.
      if (TICKET_STAFF_ROLES.some((role) => canTransitionTicket(role, from, to)))
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
    await addEvent({
      db: tx,
      ticketId: id,
      actorId: actor.id,
      type: 'status_change',
      description: `Estado cambiado de ${TICKET_STATUS_LABELS[from]} a ${TICKET_STATUS_LABELS[to]}`,
      isInternal: false,
      metadata: { from, to },
    });
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
      ticket: { id, number: row!.number },
    });
    return writtenTicket({ tx, actor, row: row!, change: { visibleToClient: true, notifications: created } });
  });
}

/** `PUT /tickets/{id}/close` (staff): status closed with resolution and prevention measures. */
export async function closeTicket(opts: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof CloseTicketRequestSchema>;
}): Promise<Written<TicketDetail>> {
  if (!ticketPolicy.can(opts.actor.role, 'close')) throw forbidden();
  return changeTicketStatus({ ...opts, input: { status: 'closed', ...opts.input } });
}

/** `POST /tickets/{id}/time-logs` (staff). Hours 0.25–24 in quarter hours; internal timeline entry. */
export async function addTimeLog({
  db,
  actor,
  id,
  input,
}: ResourceInput<z.output<typeof CreateTicketTimeLogRequestSchema>>): Promise<Written<TicketDetail>> {
  if (!ticketPolicy.can(actor.role, 'logTime')) throw forbidden();
  return db.transaction(async (tx) => {
    const row = await findTicketFor({ db: tx, actor, id });
    await tx.insert(ticketTimeLogs).values({
      ticketId: id,
      userId: actor.id,
      hours: input.hours,
      workType: input.workType,
      description: input.description,
      date: input.date ?? businessToday(),
    });
    await addEvent({
      db: tx,
      ticketId: id,
      actorId: actor.id,
      type: 'time_logged',
      description: `${fullName(actor)} registró ${input.hours} h de ${WORK_TYPE_LABELS[input.workType].toLowerCase()}`,
      isInternal: true,
      metadata: { hours: input.hours, workType: input.workType },
    });
    const [updated] = await tx
      .update(tickets)
      .set({ updatedAt: new Date() })
      .where(eq(tickets.id, id))
      .returning();
    return writtenTicket({
      tx,
      actor,
      row: updated ?? row,
      change: { visibleToClient: false, notifications: [] },
    });
  });
}
