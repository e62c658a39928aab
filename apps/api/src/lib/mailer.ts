import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../db/client.js';
import { emailOutbox, type OutboxAttachment } from '../db/schema/index.js';
import { readFile } from './storage.js';

/** An email to queue. `attachments` reference stored files. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
}

/**
 * Writes an email to the outbox (inside the caller's transaction when given one, so a
 * rolled-back action sends nothing). The dispatcher sends it when SMTP is configured.
 */
export async function queueEmail(db: Db | Tx, message: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Attempts before a mail is marked `failed` (backoff 30 s doubling, capped at 6 h: ~1.5 days in all). */
export const MAX_ATTEMPTS = 12;
/** How long a process holds claimed rows while sending them. */
const LEASE_SECONDS = 120;

/** Seconds to wait before attempt `attempts + 1`: 30 s × 2^(attempts − 1), at most 6 hours. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
}

/**
 * Sends queued outbox rows through SMTP (nodemailer, `SMTP_URL` such as
 * smtp://user:pass@host:587) every few seconds. Safe with several app processes on one database
 * (issue 13): a batch is claimed in one statement (`FOR UPDATE SKIP LOCKED` + a lease), so two
 * processes never take the same row; a failure waits {@link backoffSeconds} before the next
 * try and the row is `failed` after {@link MAX_ATTEMPTS}. Without SMTP_URL it is not started and
 * emails stay readable in the portal's outbox.
 */
export class MailDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    smtp: string | Transporter,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : smtp;
  }

  /** Verifies the SMTP connection (used by the "send test email" button). */
  verify(): Promise<true> {
    return this.transport.verify();
  }

  start(intervalMs = 5000): void {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.transport.close();
  }

  /** Claims up to `limit` due rows for this process (lease), oldest first. */
  private async claim(limit: number) {
    const result = (await this.db.execute(sql`
      update ${emailOutbox}
         set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
       where id in (
         select id from ${emailOutbox}
          where status = 'queued' and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by created_at
          limit ${limit}
          for update skip locked)
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    const ids = result.rows.map((r) => r.id);
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, ids))
      .orderBy(asc(emailOutbox.createdAt));
  }

  /** Sends up to 20 due emails; single flight per process, and safe across processes (claimed rows). */
  async flush(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let sent = 0;
    try {
      const batch = await this.claim(20);
      for (const row of batch) {
        try {
          const attachments = [];
          for (const a of row.attachments) {
            const file = await readFile(this.db, a.fileId);
            if (file)
              attachments.push({ filename: a.filename, contentType: a.contentType, content: file.data });
          }
          await this.transport.sendMail({
            from: this.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html ?? undefined,
            attachments,
          });
          await this.db
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: new Date(), lockedUntil: null })
            .where(eq(emailOutbox.id, row.id));
          sent++;
        } catch (err) {
          this.log.warn(
            { emailId: row.id, attempts: row.attempts, code: (err as { code?: string }).code },
            'email send failed',
          );
          await this.db
            .update(emailOutbox)
            .set({
              lastError: String((err as Error).message).slice(0, 500),
              status: row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
              nextAttemptAt: new Date(Date.now() + backoffSeconds(row.attempts) * 1000),
              lockedUntil: null,
            })
            .where(eq(emailOutbox.id, row.id));
        }
      }
    } finally {
      this.running = false;
    }
    return sent;
  }
}
