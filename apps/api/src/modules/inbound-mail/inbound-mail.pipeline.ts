import {
  formatTicketNumber,
  type InboundMailStatus,
  type InboundMatchKey,
  type InboundSource,
  TICKET_STATUS_LABELS,
  type TicketStatus,
} from '@agencia/shared';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  emailOutbox,
  type InboundAttachment,
  inboundMail,
  inboundMailSources,
  ticketRelations,
  tickets,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type Effects, mergeEffects } from '../../lib/effects.js';
import { line, renderEmail, strong } from '../../lib/email-template.js';
import { AppError } from '../../lib/errors.js';
import {
  findBodyMarkers,
  parseOwnMessageId,
  plusTagOf,
  subjectTicketNumbers,
  verifyReplyToken,
} from '../../lib/mail-thread.js';
import { queueEmail } from '../../lib/mailer.js';
import { saveFile } from '../../lib/storage.js';
import { addContactMessage, addMessage } from '../tickets/ticket-conversation.service.js';
import { addEvent, createTicket, createTicketForContact } from '../tickets/ticket-workflow.service.js';
import { TICKET_STAFF_ROLES } from '../tickets/tickets.policy.js';
import { type ParsedMail, parseMail } from './inbound-mail.parse.js';

/** A reply to a ticket closed longer ago than this opens a new ticket linked to it (days). */
export const REOPEN_WINDOW_DAYS = 30;
/** Acknowledgements one sender gets at most per hour (the rest are not sent: loops, floods). */
export const ACKS_PER_SENDER_PER_HOUR = 3;
/** Largest attachment taken from a message (the ticket upload limit, 10 MB). */
const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many attachments per message (the ticket message limit). */
const MAX_ATTACHMENTS = 5;
/** Ticket message length limit (CreateTicketMessageRequestSchema). */
const MESSAGE_MAX = 5000;

/** What every pipeline call needs besides the message. */
export interface InboundContext {
  /** Reply-token key ({@link replyTokenKey}). */
  key: Buffer;
  /** The support address (INBOUND_EMAIL_ADDRESS or the company's e-mail), lower case. */
  supportAddress: string;
  /** Our own sender address (SMTP_FROM): mail from it is ours and is dropped (loops). */
  ownAddresses: string[];
  /** Publishes committed effects (realtime, notifications). */
  publish: (fx: Effects) => void;
  /** PUBLIC_URL, for the link in the acknowledgement. */
  publicUrl: string;
}

/** What the pipeline did with one message. */
export interface InboundOutcome {
  status: InboundMailStatus | 'duplicate';
  inboundId: string | null;
  ticketId: string | null;
  matchedBy: InboundMatchKey | null;
  reason: string | null;
}

type TicketRow = typeof tickets.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** An actor for a user recognised by address (the services need one; no session). */
export function actorFromUser(u: UserRow): Actor {
  return {
    id: u.id,
    role: u.role,
    clientId: u.clientId,
    sessionId: 'email',
    permissions: u.permissions,
    firstName: u.firstName,
    lastName: u.lastName,
    mustChangePassword: false,
  };
}

/** "Re: RV: [#TK-0007] Hola" → "Hola". */
export function cleanSubject(subject: string): string {
  let s = subject.replace(/\[#TK-\d+\]/gi, ' ');
  for (;;) {
    const next = s.replace(/^\s*(re|rv|fw|fwd|enc|aw|wg|sv|r)\s*(\[\d+\])?\s*:\s*/i, '');
    if (next === s) break;
    s = next;
  }
  return s.replace(/\s+/g, ' ').trim();
}

const isStaff = (u: UserRow | undefined) => !!u && (TICKET_STAFF_ROLES as readonly string[]).includes(u.role);

/**
 * Handles one received message (decision 168), in one transaction that begins by claiming its
 * Message-ID (`inbound_mail.message_id` is unique): a second process with the same message waits
 * on the first one's insert and then finds it taken, so each message is handled once however many
 * listeners and pollers run. Order: bounces (mark the address failing on the client's record) →
 * automatic mail (dropped, RFC 3834) → match a ticket (known Message-ID → signed plus token →
 * subject tag → body marker) → add the message as its sender, reopening a closed ticket or,
 * after {@link REOPEN_WINDOW_DAYS}, opening a new one linked to it → a known client contact
 * writing to the support address opens a ticket and gets an acknowledgement → everything else
 * waits in "Correo sin asignar". Never throws for a bad message: a failure is stored as `failed`.
 */
export async function handleInboundMail({
  db,
  raw,
  source,
  envelopeTo = [],
  context,
}: {
  db: Db;
  raw: Buffer;
  source: InboundSource;
  envelopeTo?: string[];
  context: InboundContext;
}): Promise<InboundOutcome> {
  let mail: ParsedMail;
  try {
    mail = await parseMail(raw, envelopeTo);
  } catch (err) {
    return recordFailure(db, source, null, `No se pudo leer el mensaje: ${(err as Error).message}`);
  }
  let fx: Effects[] = [];
  try {
    const outcome = await db.transaction(async (tx) => {
      fx = [];
      const [claimed] = await tx
        .insert(inboundMail)
        .values({
          messageId: mail.messageId,
          source,
          status: 'failed',
          fromAddress: mail.fromAddress,
          fromName: mail.fromName,
          toAddresses: mail.recipients,
          subject: mail.subject.slice(0, 500),
          body: mail.visibleText.slice(0, MESSAGE_MAX * 4),
        })
        .onConflictDoNothing({ target: inboundMail.messageId })
        .returning({ id: inboundMail.id });
      if (!claimed) return null;
      const result = await decide(tx, claimed.id, mail, context, fx);
      await tx
        .update(inboundMail)
        .set({
          status: result.status,
          reason: result.reason,
          matchedBy: result.matchedBy,
          ticketId: result.ticketId,
          suggestedTicketId: result.suggestedTicketId ?? null,
          senderUserId: result.senderUserId ?? null,
          acknowledged: result.acknowledged ?? false,
          attachments: result.attachments ?? [],
        })
        .where(eq(inboundMail.id, claimed.id));
      return { ...result, inboundId: claimed.id };
    });
    await touchSource({ db, source, patch: { lastMessageAt: new Date() } });
    if (!outcome)
      return { status: 'duplicate', inboundId: null, ticketId: null, matchedBy: null, reason: null };
    context.publish(mergeEffects(...fx));
    return {
      status: outcome.status,
      inboundId: outcome.inboundId,
      ticketId: outcome.ticketId,
      matchedBy: outcome.matchedBy,
      reason: outcome.reason,
    };
  } catch (err) {
    return recordFailure(db, source, mail, (err as Error).message);
  }
}

interface Decision {
  status: InboundMailStatus;
  reason: string | null;
  matchedBy: InboundMatchKey | null;
  ticketId: string | null;
  suggestedTicketId?: string | null;
  senderUserId?: string | null;
  acknowledged?: boolean;
  attachments?: InboundAttachment[];
}

async function decide(
  tx: Tx,
  inboundId: string,
  mail: ParsedMail,
  ctx: InboundContext,
  fx: Effects[],
): Promise<Decision> {
  const none = { matchedBy: null, ticketId: null } as const;
  if (mail.bounce) return { status: 'bounce', reason: await markBounce(tx, mail), ...none };
  if (mail.automatic) return { status: 'dropped', reason: `Correo automático: ${mail.automatic}`, ...none };
  if (!mail.fromAddress) return { status: 'dropped', reason: 'Sin remitente', ...none };
  if (ctx.ownAddresses.includes(mail.fromAddress) || plusTagOf(mail.fromAddress, ctx.supportAddress) !== null)
    return { status: 'dropped', reason: 'Enviado por nuestra propia dirección (bucle)', ...none };

  const [sender] = await tx
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${mail.fromAddress}`, eq(users.status, 'active')))
    .limit(1);
  // A client record's own address is a known contact even without a portal user (decision 168
  // addendum); a portal user with the address always wins.
  const [contact] = sender
    ? []
    : await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(sql`lower(${clients.email}) = ${mail.fromAddress}`, isNull(clients.archivedAt)))
        .orderBy(asc(clients.createdAt))
        .limit(1);
  const match = await matchTicket(tx, mail, ctx);
  const toSupport = mail.recipients.some((r) => plusTagOf(r, ctx.supportAddress) !== null);

  if (match && contact && contact.id === match.ticket.clientId)
    return contactReply(tx, inboundId, mail, ctx, fx, match, contact.id);
  if (match) {
    const { ticket, by } = match;
    const allowed = isStaff(sender) || (!!sender?.clientId && sender.clientId === ticket.clientId);
    if (!sender || !allowed) {
      const attachments = await storeAttachments(tx, mail, 'inbound_mail', inboundId, null);
      return {
        status: 'unassigned',
        reason: sender
          ? 'El remitente no pertenece al cliente de este ticket'
          : 'Remitente desconocido para este ticket',
        matchedBy: by,
        ticketId: null,
        suggestedTicketId: ticket.id,
        senderUserId: sender?.id ?? null,
        attachments: attachments.stored,
      };
    }
    const actor = actorFromUser(sender);
    const closed: TicketStatus[] = ['resolved', 'closed', 'cancelled'];
    if (!isStaff(sender) && closed.includes(ticket.status)) {
      const since = ticket.closedAt ?? ticket.resolvedAt ?? ticket.updatedAt;
      if (Date.now() - since.getTime() > REOPEN_WINDOW_DAYS * 86_400_000) {
        const created = await openTicket(tx, actor, mail, ctx, fx, inboundId, ticket);
        return {
          ...created,
          matchedBy: by,
          reason: `Ticket ${formatTicketNumber(ticket.number)} cerrado hace más de ${REOPEN_WINDOW_DAYS} días`,
        };
      }
      await reopen(tx, ticket, actor.id);
    }
    const attachments = await storeAttachments(tx, mail, 'ticket', ticket.id, sender.id);
    const written = await addMessage({
      db: tx as unknown as Db,
      actor,
      id: ticket.id,
      input: {
        content: messageContent(mail, attachments.rejected),
        isInternal: false,
        attachments: attachments.stored.map((a) => a.fileId),
      },
    });
    fx.push(written.effects);
    return {
      status: 'added',
      reason: null,
      matchedBy: by,
      ticketId: ticket.id,
      senderUserId: sender.id,
      attachments: attachments.stored,
    };
  }

  if (sender && sender.role === 'client' && sender.clientId && toSupport) {
    return openTicket(tx, actorFromUser(sender), mail, ctx, fx, inboundId, null);
  }
  if (contact && toSupport) return openTicket(tx, { contact: contact.id }, mail, ctx, fx, inboundId, null);
  const attachments = await storeAttachments(tx, mail, 'inbound_mail', inboundId, null);
  return {
    status: 'unassigned',
    reason: !toSupport
      ? 'No fue enviado a la dirección de soporte'
      : sender
        ? 'No corresponde a ningún ticket'
        : 'Remitente desconocido',
    ...none,
    senderUserId: sender?.id ?? null,
    attachments: attachments.stored,
  };
}

/**
 * A reply from a client contact without a portal user (the client record's own address) on a
 * ticket of that client: added with no author and the address kept on the message; a closed
 * ticket reopens, or after {@link REOPEN_WINDOW_DAYS} a new one linked to it is opened.
 */
async function contactReply(
  tx: Tx,
  inboundId: string,
  mail: ParsedMail,
  ctx: InboundContext,
  fx: Effects[],
  match: { ticket: TicketRow; by: InboundMatchKey },
  clientId: string,
): Promise<Decision> {
  const { ticket, by } = match;
  const closed: TicketStatus[] = ['resolved', 'closed', 'cancelled'];
  if (closed.includes(ticket.status)) {
    const since = ticket.closedAt ?? ticket.resolvedAt ?? ticket.updatedAt;
    if (Date.now() - since.getTime() > REOPEN_WINDOW_DAYS * 86_400_000) {
      const created = await openTicket(tx, { contact: clientId }, mail, ctx, fx, inboundId, ticket);
      return {
        ...created,
        matchedBy: by,
        reason: `Ticket ${formatTicketNumber(ticket.number)} cerrado hace más de ${REOPEN_WINDOW_DAYS} días`,
      };
    }
    await reopen(tx, ticket, null);
  }
  const attachments = await storeAttachments(tx, mail, 'ticket', ticket.id, null);
  const written = await addContactMessage({
    db: tx,
    ticket: { ...ticket, status: closed.includes(ticket.status) ? 'open' : ticket.status },
    address: mail.fromAddress,
    content: messageContent(mail, attachments.rejected),
    attachmentIds: attachments.stored.map((a) => a.fileId),
  });
  fx.push(written.effects);
  return {
    status: 'added',
    reason: null,
    matchedBy: by,
    ticketId: ticket.id,
    senderUserId: null,
    attachments: attachments.stored,
  };
}

/** The four keys, in order. Only tickets that exist count. */
async function matchTicket(
  tx: Tx,
  mail: ParsedMail,
  ctx: InboundContext,
): Promise<{ ticket: TicketRow; by: InboundMatchKey } | null> {
  const byId = async (id: string) => (await tx.select().from(tickets).where(eq(tickets.id, id)).limit(1))[0];
  const byNumber = async (n: number) =>
    (await tx.select().from(tickets).where(eq(tickets.number, n)).limit(1))[0];
  // 1. A Message-ID we know: ours (outbox row or ticket root) or one received on a ticket.
  for (const id of [...mail.referencedIds].reverse()) {
    const own = parseOwnMessageId(id);
    let ticketId: string | null | undefined = null;
    if (own && 'ticketId' in own) ticketId = own.ticketId;
    else if (own) {
      const [row] = await tx
        .select({ ticketId: emailOutbox.ticketId })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, own.outboxId));
      ticketId = row?.ticketId;
    } else {
      const [row] = await tx
        .select({ ticketId: inboundMail.ticketId })
        .from(inboundMail)
        .where(eq(inboundMail.messageId, id));
      ticketId = row?.ticketId;
    }
    const ticket = ticketId ? await byId(ticketId) : undefined;
    if (ticket) return { ticket, by: 'message_id' };
  }
  // 2. The signed plus token of the address it was sent to.
  for (const r of mail.recipients) {
    const tag = plusTagOf(r, ctx.supportAddress);
    const n = tag ? verifyReplyToken(ctx.key, tag) : null;
    const ticket = n ? await byNumber(n) : undefined;
    if (ticket) return { ticket, by: 'token' };
  }
  // 3. The subject tag.
  for (const n of subjectTicketNumbers(mail.subject)) {
    const ticket = await byNumber(n);
    if (ticket) return { ticket, by: 'subject' };
  }
  // 4. The marker in the body (text, or the HTML where it is hidden).
  for (const token of findBodyMarkers(`${mail.fullText}\n${mail.html}`)) {
    const n = verifyReplyToken(ctx.key, token);
    const ticket = n ? await byNumber(n) : undefined;
    if (ticket) return { ticket, by: 'marker' };
  }
  return null;
}

/** A client's reply reopens a resolved/closed/cancelled ticket (timeline entry, counters by trigger). */
async function reopen(tx: Tx, ticket: TicketRow, actorId: string | null) {
  await tx
    .update(tickets)
    .set({ status: 'open', resolvedAt: null, closedAt: null, updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id));
  await addEvent({
    db: tx,
    ticketId: ticket.id,
    actorId,
    type: 'status_change',
    description: `Estado cambiado de ${TICKET_STATUS_LABELS[ticket.status]} a ${TICKET_STATUS_LABELS.open} (respuesta del cliente por correo)`,
    metadata: { from: ticket.status, to: 'open', via: 'email' },
  });
}

/** Text of the ticket message: the visible reply, plus a note of attachments the checks refused. */
function messageContent(mail: ParsedMail, rejected: string[]): string {
  let content = mail.visibleText || '(mensaje sin texto)';
  if (rejected.length) content += `\n\n(Adjuntos no aceptados: ${rejected.join('; ')})`;
  return content.length > MESSAGE_MAX ? `${content.slice(0, MESSAGE_MAX - 1)}…` : content;
}

/**
 * Opens a ticket from a message of a client contact (subject → title, body → description,
 * category "Otro", priority medium), linked to `previous` when it follows a long-closed ticket,
 * and sends the acknowledgement (rate limited per sender).
 */
async function openTicket(
  tx: Tx,
  by: Actor | { contact: string },
  mail: ParsedMail,
  ctx: InboundContext,
  fx: Effects[],
  inboundId: string,
  previous: TicketRow | null,
): Promise<Decision> {
  const subject = cleanSubject(mail.subject);
  let title = subject.length >= 5 ? subject : `Correo: ${subject || 'sin asunto'}`;
  if (previous && !subject) title = `Seguimiento de ${formatTicketNumber(previous.number)}`;
  title = title.slice(0, 200);
  let description = mail.visibleText || mail.fullText || '(mensaje sin texto)';
  if (description.length < 10) description = `${description} (recibido por correo)`;
  if (previous) description = `Sigue al ticket ${formatTicketNumber(previous.number)}.\n\n${description}`;
  const requestId = `mail:${mail.messageId}`.slice(0, 200);
  let ticketId: string;
  if ('contact' in by) {
    const written = await createTicketForContact({
      db: tx,
      ctx: { ip: null, requestId },
      contact: { clientId: by.contact, address: mail.fromAddress, name: mail.fromName },
      input: { title, description: description.slice(0, 10_000) },
    });
    fx.push(written.effects);
    ticketId = written.value.id;
  } else {
    const written = await createTicket({
      db: tx as unknown as Db,
      actor: by,
      ctx: { actorId: by.id, ip: null, requestId },
      input: {
        title,
        description: description.slice(0, 10_000),
        type: 'support',
        priority: 'medium',
        severity: 'medium',
        category: 'Otro',
        tags: [],
        projectId: null,
        clientId: null,
        environment: null,
        browserInfo: null,
        steps: null,
      },
    });
    fx.push(written.effects);
    ticketId = written.value._id;
  }
  const uploader = 'contact' in by ? null : by.id;
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId));
  if (previous) {
    const [a, b] = [previous.id, ticketId].sort();
    await tx.insert(ticketRelations).values({ ticketId: a!, relatedId: b! }).onConflictDoNothing();
  }
  const attachments = await storeAttachments(tx, mail, 'ticket', ticketId, uploader);
  if (attachments.stored.length || attachments.rejected.length) {
    const content = attachments.rejected.length
      ? `Adjuntos del correo. (Adjuntos no aceptados: ${attachments.rejected.join('; ')})`
      : 'Adjuntos del correo.';
    const added =
      'contact' in by
        ? await addContactMessage({
            db: tx,
            ticket: ticket!,
            address: mail.fromAddress,
            content,
            attachmentIds: attachments.stored.map((a) => a.fileId),
          })
        : await addMessage({
            db: tx as unknown as Db,
            actor: by,
            id: ticketId,
            input: { content, isInternal: false, attachments: attachments.stored.map((a) => a.fileId) },
          });
    fx.push(added.effects);
  }
  const acknowledged = await acknowledge(tx, mail, ticket!, ctx, inboundId);
  return {
    status: 'created',
    reason: null,
    matchedBy: null,
    ticketId,
    senderUserId: uploader,
    acknowledged,
    attachments: attachments.stored,
  };
}

/** Queues the acknowledgement unless the sender already got {@link ACKS_PER_SENDER_PER_HOUR} this hour. */
async function acknowledge(
  tx: Tx,
  mail: ParsedMail,
  ticket: TicketRow,
  ctx: InboundContext,
  inboundId: string,
): Promise<boolean> {
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(inboundMail)
    .where(
      and(
        sql`lower(${inboundMail.fromAddress}) = ${mail.fromAddress}`,
        eq(inboundMail.acknowledged, true),
        gt(inboundMail.receivedAt, sql`now() - interval '1 hour'`),
        sql`${inboundMail.id} <> ${inboundId}`,
      ),
    );
  if ((recent?.n ?? 0) >= ACKS_PER_SENDER_PER_HOUR) return false;
  const number = formatTicketNumber(ticket.number);
  const body = renderEmail({
    greeting: mail.fromName ? `Hola ${mail.fromName},` : 'Hola,',
    paragraphs: [
      line`Recibimos su mensaje y abrimos el ticket ${strong(number)}: «${ticket.title}».`,
      'Para añadir información, responda a este correo. Le avisaremos cuando el equipo responda.',
      line`Puede seguirlo también en el portal: ${ctx.publicUrl}/tickets/${ticket.id}`,
    ],
    signature: ['Equipo de soporte'],
  });
  await queueEmail(tx, {
    to: mail.fromAddress,
    subject: `Recibimos su solicitud: ${ticket.title}`,
    text: body.text,
    html: body.html,
    ticket: { id: ticket.id, number: ticket.number },
  });
  return true;
}

/**
 * Stores the attachments through the upload checks (size, sniffed type, the sender's quota), each
 * in a savepoint so a refused file leaves the rest. Returns what was stored and, for the message,
 * what was refused and why.
 */
async function storeAttachments(
  tx: Tx,
  mail: ParsedMail,
  ownerType: 'ticket' | 'inbound_mail',
  ownerId: string,
  uploadedBy: string | null,
): Promise<{ stored: InboundAttachment[]; rejected: string[] }> {
  const stored: InboundAttachment[] = [];
  const rejected: string[] = [];
  for (const a of mail.attachments) {
    if (stored.length >= MAX_ATTACHMENTS) {
      rejected.push(`${a.filename} — más de ${MAX_ATTACHMENTS} adjuntos`);
      continue;
    }
    try {
      const saved = await tx.transaction((sp) =>
        saveFile(sp, {
          ownerType,
          ownerId,
          filename: a.filename,
          data: a.data,
          uploadedBy,
          maxBytes: ATTACHMENT_MAX_BYTES,
          userUpload: uploadedBy !== null,
        }),
      );
      stored.push({
        fileId: saved.id,
        filename: saved.filename,
        contentType: saved.contentType,
        sizeBytes: saved.sizeBytes,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      rejected.push(`${a.filename} — ${err.message}`);
    }
  }
  return { stored, rejected };
}

/**
 * A bounce of our mail: each failed recipient that one of our outbox mails went to (named by the
 * returned Message-ID, or any mail to it in the last 30 days) is marked failing on the client
 * records with that e-mail. Returns the note kept on the row.
 */
async function markBounce(tx: Tx, mail: ParsedMail): Promise<string> {
  const bounce = mail.bounce!;
  if (bounce.failedRecipients.length === 0) return 'Aviso de entrega sin destinatarios fallidos';
  const outboxIds = bounce.ourMessageIds
    .map(parseOwnMessageId)
    .flatMap((m) => (m && 'outboxId' in m ? [m.outboxId] : []));
  const marked: string[] = [];
  for (const r of bounce.failedRecipients) {
    const ours = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.to}) = ${r.address}`,
          outboxIds.length
            ? inArray(emailOutbox.id, outboxIds)
            : gt(emailOutbox.createdAt, sql`now() - interval '30 days'`),
        ),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    if (ours.length === 0) continue;
    const updated = await tx
      .update(clients)
      .set({ emailFailingAt: new Date(), emailFailingReason: r.status })
      .where(sql`lower(${clients.email}) = ${r.address}`)
      .returning({ id: clients.id });
    marked.push(updated.length ? `${r.address} (${r.status})` : `${r.address} (sin ficha de cliente)`);
  }
  return marked.length
    ? `Rebote de nuestro correo: ${marked.join(', ')}`
    : 'Rebote de un correo que no es nuestro';
}

async function recordFailure(
  db: Db,
  source: InboundSource,
  mail: ParsedMail | null,
  message: string,
): Promise<InboundOutcome> {
  const reason = message.slice(0, 500);
  const [row] = await db
    .insert(inboundMail)
    .values({
      messageId: mail?.messageId ?? `<failed-${Date.now()}-${Math.random().toString(36).slice(2)}@inbound>`,
      source,
      status: 'failed',
      reason,
      fromAddress: mail?.fromAddress ?? '',
      fromName: mail?.fromName ?? null,
      toAddresses: mail?.recipients ?? [],
      subject: mail?.subject.slice(0, 500) ?? '',
      body: mail?.visibleText.slice(0, MESSAGE_MAX) ?? '',
    })
    .onConflictDoNothing({ target: inboundMail.messageId })
    .returning({ id: inboundMail.id });
  await touchSource({ db, source, patch: { lastError: reason, lastErrorAt: new Date() } });
  return { status: 'failed', inboundId: row?.id ?? null, ticketId: null, matchedBy: null, reason };
}

/** Records a source's health (last message, last check, last error); the latest write wins. */
export async function touchSource({
  db,
  source,
  patch,
}: {
  db: Db;
  source: InboundSource;
  patch: Partial<Omit<typeof inboundMailSources.$inferInsert, 'source'>>;
}): Promise<void> {
  await db
    .insert(inboundMailSources)
    .values({ source, ...patch })
    .onConflictDoUpdate({ target: inboundMailSources.source, set: patch });
}
