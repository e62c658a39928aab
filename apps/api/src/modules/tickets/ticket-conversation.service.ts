import {
  type CreateTicketMessageRequestSchema,
  formatTicketNumber,
  type ListTicketMessagesQuerySchema,
  type ListTicketMessagesResponse,
  pageWindow,
  TICKET_STATUS_LABELS,
  type TicketDetail,
} from '@agencia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { files, ticketMessages, tickets, ticketWatchers, users } from '../../db/schema/index.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { line, renderEmail, strong } from '../../lib/email-template.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import type { ResourceCall, ResourceInput } from '../../lib/service-args.js';
import { addEvent, writtenTicket } from './ticket-workflow.service.js';
import { clientUserIds, staffIds, ticketEffects, watcherIds } from './tickets.audience.js';
import { fullName, loadPeople, type TicketRow, toMessage } from './tickets.mappers.js';
import { actsForSupport, ownsTicket, TICKET_STAFF_ROLES, ticketPolicy } from './tickets.policy.js';
import { findTicketFor, messageFiles, messagePage, ticketDetail } from './tickets.queries.js';

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
}: ResourceInput<z.output<typeof ListTicketMessagesQuerySchema>>): Promise<ListTicketMessagesResponse> {
  const row = await findTicketFor({ db, actor, id });
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
}: ResourceInput<z.output<typeof CreateTicketMessageRequestSchema>>): Promise<Written<TicketDetail>> {
  if (input.isInternal && !ticketPolicy.can(actor.role, 'internalMessages'))
    throw forbidden('Los clientes no pueden enviar notas internas.');
  return db.transaction(async (tx) => {
    let row = await findTicketFor({ db: tx, actor, id });
    if (!ticketPolicy.can(actor.role, 'reply', ownsTicket(actor, row))) throw forbidden();
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
    await addEvent({
      db: tx,
      ticketId: id,
      actorId: actor.id,
      type: 'comment',
      description: input.isInternal
        ? `${fullName(actor)} agregó una nota interna`
        : `${fullName(actor)} agregó un comentario`,
      isInternal: input.isInternal,
    });
    const patch: Partial<typeof tickets.$inferInsert> = { updatedAt: new Date() };
    if (!actsForSupport(actor) && row.status === 'pending_client') {
      patch.status = 'open';
      await addEvent({
        db: tx,
        ticketId: id,
        actorId: actor.id,
        type: 'status_change',
        description: `Estado cambiado de ${TICKET_STATUS_LABELS.pending_client} a ${TICKET_STATUS_LABELS.open} (respuesta del cliente)`,
        isInternal: false,
        metadata: { from: 'pending_client', to: 'open' },
      });
    }
    [row] = (await tx.update(tickets).set(patch).where(eq(tickets.id, id)).returning()) as [TicketRow];
    const number = formatTicketNumber(row.number);
    const link = `/tickets/${id}`;
    const watchers = await watcherIds(tx, id);
    let created: StoredNotifications;
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
        ticket: { id, number: row.number },
      });
    } else if (actsForSupport(actor)) {
      if (row.reporterEmail) await mailContact(tx, row, fullName(actor), input.content);
      const recipients = [...(await clientUserIds(tx, row.clientId)), ...watchers];
      created = await createNotifications(tx, {
        userIds: recipients,
        exceptUserId: actor.id,
        topic: 'ticketComments',
        title: `Nueva respuesta en ${number}`,
        message: `${fullName(actor)}: ${input.content.slice(0, 140)}`,
        link,
        ticket: { id, number: row.number },
      });
    } else {
      const staffRecipients = await staffIds(
        tx,
        [...watchers, row.assignedTo].filter((v): v is string => !!v),
      );
      created = await createNotifications(tx, {
        userIds: [...staffRecipients, ...watchers],
        roles: staffRecipients.length === 0 ? TICKET_STAFF_ROLES : undefined,
        exceptUserId: actor.id,
        topic: 'clientMessages',
        title: `Mensaje del cliente en ${number}`,
        message: `${fullName(actor)}: ${input.content.slice(0, 140)}`,
        link,
        ticket: { id, number: row.number },
      });
    }
    return writtenTicket({
      tx,
      actor,
      row,
      change: { visibleToClient: !input.isInternal, notifications: created },
    });
  });
}

/**
 * A staff reply to a ticket a client contact without a portal user opened by e-mail (decision 168
 * addendum) is mailed to that address, threaded like every ticket mail (its replies come back).
 */
async function mailContact(tx: Tx, row: TicketRow, staffName: string, content: string): Promise<void> {
  const number = formatTicketNumber(row.number);
  const body = renderEmail({
    greeting: 'Hola,',
    paragraphs: [
      line`${staffName} respondió a su ticket ${strong(number)}: «${row.title}».`,
      content,
      'Para contestar, responda a este correo.',
    ],
    signature: ['Equipo de soporte'],
  });
  await queueEmail(tx, {
    to: row.reporterEmail!,
    subject: `Nueva respuesta: ${row.title}`,
    text: body.text,
    html: body.html,
    ticket: { id: row.id, number: row.number },
  });
}

/**
 * A message received by e-mail from a client contact without a portal user (decision 168
 * addendum), on a ticket of the client whose record has `address`: stored with no author and the
 * address as `authorEmail`; a ticket waiting on the client goes back to open; staff watching or
 * assigned are notified (topic clientMessages), else every staff member. Inside the pipeline's
 * transaction; `attachmentIds` are files already stored on the ticket.
 */
export async function addContactMessage({
  db,
  ticket,
  address,
  content,
  attachmentIds,
}: {
  db: Db | Tx;
  ticket: TicketRow;
  address: string;
  content: string;
  attachmentIds: string[];
}): Promise<Written<TicketRow>> {
  await db.insert(ticketMessages).values({
    ticketId: ticket.id,
    authorId: null,
    authorEmail: address,
    content,
    isInternal: false,
    attachmentIds,
  });
  await addEvent({
    db,
    ticketId: ticket.id,
    actorId: null,
    type: 'comment',
    description: `${address} agregó un comentario por correo`,
  });
  const patch: Partial<typeof tickets.$inferInsert> = { updatedAt: new Date() };
  if (ticket.status === 'pending_client') {
    patch.status = 'open';
    await addEvent({
      db,
      ticketId: ticket.id,
      actorId: null,
      type: 'status_change',
      description: `Estado cambiado de ${TICKET_STATUS_LABELS.pending_client} a ${TICKET_STATUS_LABELS.open} (respuesta del cliente)`,
      metadata: { from: 'pending_client', to: 'open' },
    });
  }
  const [row] = (await db.update(tickets).set(patch).where(eq(tickets.id, ticket.id)).returning()) as [
    TicketRow,
  ];
  const watchers = await watcherIds(db, ticket.id);
  const staffRecipients = await staffIds(
    db,
    [...watchers, row.assignedTo].filter((v): v is string => !!v),
  );
  const created = await createNotifications(db, {
    userIds: staffRecipients,
    roles: staffRecipients.length === 0 ? TICKET_STAFF_ROLES : undefined,
    topic: 'clientMessages',
    title: `Mensaje del cliente en ${formatTicketNumber(row.number)}`,
    message: `${address}: ${content.slice(0, 140)}`,
    link: `/tickets/${row.id}`,
    ticket: { id: row.id, number: row.number },
  });
  return {
    value: row,
    effects: await ticketEffects(db, {
      ticketId: row.id,
      clientId: row.clientId,
      visibleToClient: true,
      notifications: created,
    }),
  };
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
}: ResourceCall & { userId?: string }): Promise<TicketDetail> {
  const row = await findTicketFor({ db, actor, id });
  if (!ticketPolicy.can(actor.role, 'watch', ownsTicket(actor, row))) throw forbidden();
  const target = userId ?? actor.id;
  if (target !== actor.id) {
    if (!ticketPolicy.can(actor.role, 'watchOthers')) throw forbidden();
    const [u] = await db
      .select({ role: users.role, clientId: users.clientId })
      .from(users)
      .where(and(eq(users.id, target), eq(users.status, 'active')))
      .limit(1);
    // The target must be able to read the ticket (for a client user: same client record as the ticket).
    if (!u || !ticketPolicy.can(u.role, 'read', u.clientId === row.clientId))
      throw badRequest('Ese usuario no puede seguir este ticket', [
        { field: 'userId', message: 'Usuario inválido' },
      ]);
  }
  await db.insert(ticketWatchers).values({ ticketId: id, userId: target }).onConflictDoNothing();
  return ticketDetail({ db, actor, row });
}

/** `DELETE /tickets/{id}/watchers/{userId}`: stop watching (staff may remove anyone). */
export async function removeWatcher({
  db,
  actor,
  id,
  userId,
}: ResourceCall & { userId: string }): Promise<TicketDetail> {
  const row = await findTicketFor({ db, actor, id });
  if (!ticketPolicy.can(actor.role, 'watch', ownsTicket(actor, row))) throw forbidden();
  if (userId !== actor.id && !ticketPolicy.can(actor.role, 'watchOthers')) throw forbidden();
  await db
    .delete(ticketWatchers)
    .where(and(eq(ticketWatchers.ticketId, id), eq(ticketWatchers.userId, userId)));
  return ticketDetail({ db, actor, row });
}
