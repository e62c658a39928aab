import { and, asc, eq, lt } from 'drizzle-orm';
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

const MAX_ATTEMPTS = 5;

/**
 * Sends queued outbox rows through SMTP (nodemailer, `SMTP_URL` such as
 * smtp://user:pass@host:587) every few seconds; marks rows `sent`, or `failed` after 5 tries.
 * Without SMTP_URL it is not started and emails stay readable in the portal's outbox.
 */
export class MailDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
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

  /** Sends up to 20 queued emails; safe to call concurrently (single flight). */
  async flush(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let sent = 0;
    try {
      const batch = await this.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'queued'), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(emailOutbox.createdAt))
        .limit(20);
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
            .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(emailOutbox.id, row.id));
          sent++;
        } catch (err) {
          const attempts = row.attempts + 1;
          this.log.warn({ err, emailId: row.id }, 'email send failed');
          await this.db
            .update(emailOutbox)
            .set({
              attempts,
              lastError: String((err as Error).message).slice(0, 500),
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
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
