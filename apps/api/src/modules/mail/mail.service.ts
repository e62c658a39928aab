import {
  type ListMailOutboxResponse,
  type MailOutboxMessage,
  type MailOutboxStatus,
  pageWindow,
} from '@agencia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailOutbox } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';

type Row = typeof emailOutbox.$inferSelect;

/**
 * An outbox row as admins see it: no body, no attachments. For a `failed` row the dispatcher
 * leaves the time of its last attempt in `next_attempt_at` (decision 098); for a pending row that
 * column is when it is tried next.
 */
export function toMailOutboxMessage(r: Row): MailOutboxMessage {
  const failed = r.status === 'failed';
  return {
    _id: r.id,
    to: r.to,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError && redactCredentials(r.lastError),
    createdAt: r.createdAt.toISOString(),
    lastAttemptAt: failed ? r.nextAttemptAt.toISOString() : null,
    nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
  };
}

/** Hides `user:password@` of a URL an SMTP error may quote (`smtp://u:p@host` → `smtp://[oculto]@host`). */
function redactCredentials(message: string): string {
  return message.replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//[oculto]@');
}

/** One page of outbox mail with `status`, newest first (ties on id), plus the total. */
export async function listMailOutbox({
  db,
  query,
}: {
  db: Db;
  query: { status: MailOutboxStatus; page: number; limit: number };
}): Promise<ListMailOutboxResponse> {
  const where = eq(emailOutbox.status, query.status);
  const { limit, offset } = pageWindow(query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(emailOutbox)
      .where(where),
  ]);
  return {
    messages: rows.map(toMailOutboxMessage),
    pagination: { page: query.page, limit: query.limit, total: count?.n ?? 0 },
  };
}

/**
 * Puts a `failed` mail back in the queue: status `queued`, attempts 0, due now, no lease, last
 * error cleared; writes the audit entry `mail.resent` in the same transaction. Throws 404 for an
 * unknown id and 409 when the mail is not `failed` (pending or already sent).
 */
export async function resendMail(opts: {
  db: Db;
  ctx: AuditContext;
  id: string;
}): Promise<MailOutboxMessage> {
  const { db, ctx, id } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      if (!current) throw notFound('Correo no encontrado');
      throw conflict(
        current.status === 'sent'
          ? 'Este correo ya fue enviado; solo se pueden reenviar correos fallidos.'
          : 'Este correo ya está en cola; solo se pueden reenviar correos fallidos.',
      );
    }
    await audit(tx, ctx, 'mail.resent', { type: 'email', id });
    return toMailOutboxMessage(row);
  });
}
