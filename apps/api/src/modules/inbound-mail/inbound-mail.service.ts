import {
  type AssignInboundMailRequest,
  formatTicketNumber,
  type InboundMail,
  type InboundMailStatus,
  type InboundMode,
  type InboundReceivingStatus,
  type ListInboundMailResponse,
  pageWindow,
  parseTicketNumberInput,
} from '@agencia/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, inboundMail, inboundMailSources, tickets, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { Effects } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { plusAddress, replyToken } from '../../lib/mail-thread.js';
import type { WriteCall } from '../../lib/service-args.js';
import { addMessage } from '../tickets/ticket-conversation.service.js';
import { createTicket } from '../tickets/ticket-workflow.service.js';
import { TICKET_STAFF_ROLES } from '../tickets/tickets.policy.js';
import { actorFromUser, cleanSubject } from './inbound-mail.pipeline.js';
import type { InboundMailRuntime } from './inbound-mail.runtime.js';

type Row = typeof inboundMail.$inferSelect;
type TicketRef = { _id: string; number: string; title: string };

async function ticketRefs(db: Db, ids: Array<string | null>): Promise<Map<string, TicketRef>> {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: tickets.id, number: tickets.number, title: tickets.title })
    .from(tickets)
    .where(inArray(tickets.id, wanted));
  return new Map(
    rows.map((t) => [t.id, { _id: t.id, number: formatTicketNumber(t.number), title: t.title }]),
  );
}

function toInboundMail(r: Row, refs: Map<string, TicketRef>): InboundMail {
  return {
    _id: r.id,
    messageId: r.messageId,
    source: r.source,
    status: r.status,
    reason: r.reason,
    matchedBy: r.matchedBy,
    fromAddress: r.fromAddress,
    fromName: r.fromName,
    subject: r.subject,
    body: r.body,
    attachmentCount: r.attachments.length,
    ticket: (r.ticketId && refs.get(r.ticketId)) || null,
    suggestedTicket: (r.suggestedTicketId && refs.get(r.suggestedTicketId)) || null,
    receivedAt: r.receivedAt.toISOString(),
  };
}

/** `GET /mail/inbound`: received mail, newest first (ties on id), optionally of one status. */
export async function listInboundMail({
  db,
  query,
}: {
  db: Db;
  query: { status?: InboundMailStatus; page: number; limit: number };
}): Promise<ListInboundMailResponse> {
  const where = query.status ? eq(inboundMail.status, query.status) : undefined;
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(inboundMail)
      .where(where)
      .orderBy(desc(inboundMail.receivedAt), desc(inboundMail.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(inboundMail)
      .where(where),
  ]);
  const refs = await ticketRefs(
    db,
    rows.flatMap((r) => [r.ticketId, r.suggestedTicketId]),
  );
  return {
    messages: rows.map((r) => toInboundMail(r, refs)),
    pagination: { page: query.page, limit: query.limit, total: count?.n ?? 0 },
  };
}

/** `GET /mail/inbound/status`: mode, support address, each source's health, counts. */
export async function inboundMailStatus({
  db,
  runtime,
}: {
  db: Db;
  runtime: InboundMailRuntime;
}): Promise<InboundReceivingStatus> {
  const { smtpPort, imapUrl } = runtime.config;
  const mode: InboundMode = smtpPort && imapUrl ? 'smtp_imap' : smtpPort ? 'smtp' : imapUrl ? 'imap' : 'off';
  const address = await runtime.supportAddress();
  const [sources, [counts], [last]] = await Promise.all([
    db.select().from(inboundMailSources),
    db
      .select({
        unassigned: sql<number>`count(*) filter (where ${inboundMail.status} = 'unassigned')::int`.mapWith(
          Number,
        ),
        failed: sql<number>`count(*) filter (where ${inboundMail.status} = 'failed')::int`.mapWith(Number),
      })
      .from(inboundMail),
    db
      .select({ at: inboundMail.receivedAt })
      .from(inboundMail)
      .orderBy(desc(inboundMail.receivedAt))
      .limit(1),
  ]);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    mode,
    address,
    plusExample: plusAddress(address, replyToken(runtime.key, 7)),
    sources: sources.map((s) => ({
      source: s.source,
      detail: s.detail,
      lastMessageAt: iso(s.lastMessageAt),
      lastCheckAt: iso(s.lastCheckAt),
      lastError: s.lastError,
      lastErrorAt: iso(s.lastErrorAt),
    })),
    lastMessageAt: iso(last?.at ?? null),
    unassigned: counts?.unassigned ?? 0,
    failed: counts?.failed ?? 0,
  };
}

/** The unassigned row `id`, locked for the change; 404 / 409 otherwise. */
async function unassignedRow(tx: Db, id: string): Promise<Row> {
  const [row] = await tx.select().from(inboundMail).where(eq(inboundMail.id, id)).for('update');
  if (!row) throw notFound('Correo no encontrado');
  if (row.status !== 'unassigned') throw conflict('Este correo ya fue atendido.');
  return row;
}

/** Moves the files of an unassigned message onto a ticket; returns their ids (at most 5). */
async function moveAttachments(tx: Db, row: Row, ticketId: string): Promise<string[]> {
  const ids = row.attachments.map((a) => a.fileId).slice(0, 5);
  if (ids.length === 0) return [];
  await tx
    .update(files)
    .set({ ownerType: 'ticket', ownerId: ticketId })
    .where(and(inArray(files.id, ids), eq(files.ownerType, 'inbound_mail'), eq(files.ownerId, row.id)));
  return ids;
}

function sender(row: Row): string {
  return row.fromName ? `${row.fromName} <${row.fromAddress}>` : row.fromAddress;
}

/**
 * `POST /mail/inbound/{id}/assign` (staff): adds an unassigned message to the ticket numbered
 * `ticketNumber`. A known user who may write on that ticket (staff, or a user of its client)
 * becomes the author of a public message; anyone else's mail becomes an internal note of the
 * staff member, so nobody's words reach the client unchecked. 404 unknown ticket or message,
 * 409 when the message is no longer unassigned.
 */
export async function assignInboundMail({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteCall & { id: string; input: AssignInboundMailRequest }): Promise<{
  value: InboundMail;
  effects: Effects;
}> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await unassignedRow(tx, id);
    const number = parseTicketNumberInput(input.ticketNumber);
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.number, number));
    if (!ticket)
      throw badRequest('No existe un ticket con ese número', [
        { field: 'ticketNumber', message: 'Ticket no encontrado' },
      ]);
    const [user] = row.senderUserId
      ? await tx.select().from(users).where(eq(users.id, row.senderUserId))
      : [];
    const senderMayWrite =
      !!user &&
      user.status === 'active' &&
      ((TICKET_STAFF_ROLES as readonly string[]).includes(user.role) ||
        (!!user.clientId && user.clientId === ticket.clientId));
    const attachments = await moveAttachments(tx, row, ticket.id);
    const written = await addMessage({
      db: tx,
      actor: senderMayWrite ? actorFromUser(user!) : actor,
      id: ticket.id,
      input: senderMayWrite
        ? { content: row.body || '(mensaje sin texto)', isInternal: false, attachments }
        : {
            content:
              `Correo de ${sender(row)} — «${row.subject || 'sin asunto'}»:\n\n${row.body || '(mensaje sin texto)'}`.slice(
                0,
                5000,
              ),
            isInternal: true,
            attachments,
          },
    });
    const [updated] = await tx
      .update(inboundMail)
      .set({ status: 'assigned', ticketId: ticket.id, handledBy: actor.id })
      .where(eq(inboundMail.id, id))
      .returning();
    await audit(
      tx,
      ctx,
      'mail.inbound.assigned',
      { type: 'email', id },
      { ticket: formatTicketNumber(ticket.number) },
    );
    return { value: toInboundMail(updated!, await ticketRefs(tx, [ticket.id])), effects: written.effects };
  });
}

/**
 * `POST /mail/inbound/{id}/create-ticket` (staff): opens a ticket for client `clientId` from an
 * unassigned message (subject → title, body → description, category "Otro", priority medium),
 * with its attachments. 400 unknown client, 404 / 409 as {@link assignInboundMail}.
 */
export async function createTicketFromInboundMail({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteCall & { id: string; input: { clientId: string } }): Promise<{
  value: InboundMail;
  effects: Effects;
}> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await unassignedRow(tx, id);
    const subject = cleanSubject(row.subject);
    let description = `Correo de ${sender(row)}:\n\n${row.body || '(mensaje sin texto)'}`;
    if (description.length < 10) description = `${description} (recibido por correo)`;
    const written = await createTicket({
      db: tx,
      actor,
      ctx,
      input: {
        title: (subject.length >= 5 ? subject : `Correo: ${subject || 'sin asunto'}`).slice(0, 200),
        description: description.slice(0, 10_000),
        type: 'support',
        priority: 'medium',
        severity: 'medium',
        category: 'Otro',
        clientId: input.clientId,
        projectId: null,
        tags: [],
        environment: null,
        browserInfo: null,
        steps: null,
      },
    });
    const ticketId = written.value._id;
    const attachments = await moveAttachments(tx, row, ticketId);
    let effects = written.effects;
    if (attachments.length) {
      const added = await addMessage({
        db: tx,
        actor,
        id: ticketId,
        input: { content: 'Adjuntos del correo.', isInternal: false, attachments },
      });
      effects = added.effects;
    }
    const [updated] = await tx
      .update(inboundMail)
      .set({ status: 'assigned', ticketId, handledBy: actor.id })
      .where(eq(inboundMail.id, id))
      .returning();
    await audit(
      tx,
      ctx,
      'mail.inbound.ticket_created',
      { type: 'email', id },
      { ticket: written.value.ticketNumber },
    );
    return { value: toInboundMail(updated!, await ticketRefs(tx, [ticketId])), effects };
  });
}

/** `POST /mail/inbound/{id}/discard` (staff): the message leaves the list; its files are deleted. */
export async function discardInboundMail({
  db,
  actor,
  ctx,
  id,
}: WriteCall & { id: string }): Promise<InboundMail> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const row = await unassignedRow(tx, id);
    await tx.delete(files).where(and(eq(files.ownerType, 'inbound_mail'), eq(files.ownerId, row.id)));
    const [updated] = await tx
      .update(inboundMail)
      .set({ status: 'discarded', attachments: [], handledBy: actor.id })
      .where(eq(inboundMail.id, id))
      .returning();
    await audit(tx, ctx, 'mail.inbound.discarded', { type: 'email', id }, { from: row.fromAddress });
    return toInboundMail(updated!, new Map());
  });
}
