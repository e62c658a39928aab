import { formatTicketNumber, ticketSubjectTag } from '@agencia/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../db/client.js';
import { emailOutbox, inboundMail, type OutboxAttachment, tickets } from '../db/schema/index.js';
import { renderEmail } from './email-template.js';
import {
  bodyMarker,
  hiddenMarkerHtml,
  outboxMessageId,
  plusAddress,
  replyToken,
  splitAddress,
  ticketRootMessageId,
} from './mail-thread.js';
import { readFile } from './storage.js';

/** An email to queue. `attachments` reference stored files. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  /**
   * The ticket the mail is about (decision 168): the subject gets its `[#TK-0007]` tag at the end here and
   * the dispatcher threads the mail (Message-ID, In-Reply-To, References, Reply-To, marker).
   */
  ticket?: { id: string; number: number };
}

/**
 * Writes an email to the outbox (inside the caller's transaction when given one, so a
 * rolled-back action sends nothing). The dispatcher sends it when SMTP is configured.
 */
export async function queueEmail(db: Db | Tx, message: EmailMessage): Promise<string> {
  let subject = message.subject;
  if (message.ticket) {
    const tag = ticketSubjectTag(formatTicketNumber(message.ticket.number));
    if (!subject.includes(tag)) subject = `${subject} ${tag}`;
  }
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject,
      ticketId: message.ticket?.id ?? null,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? [],
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Attempts before a mail is marked `failed` (backoff 30 s doubling, capped at 6 h: ~1.5 days in all). */
export const MAX_ATTEMPTS = 12;

/**
 * Seconds to wait before attempt `attempts + 1`: `base` × 2^(attempts − 1), at most `max`
 * (defaults 30 s and 6 hours, decision 085).
 */
export function backoffSeconds(attempts: number, base = 30, max = 6 * 3600): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), max);
}

/**
 * Tuning of a {@link MailDispatcher}. Production uses the defaults; tests shrink the times so an
 * outage of "minutes" takes seconds (seconds may be fractional).
 */
export interface MailDispatcherOptions {
  /** Milliseconds between flushes when started (default 5000). */
  intervalMs?: number;
  /** First retry delay in seconds, doubled on every failure (default 30). */
  backoffBaseSeconds?: number;
  /** Longest retry delay in seconds (default 6 hours). */
  backoffMaxSeconds?: number;
  /** Attempts before a mail is `failed` (default {@link MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** How long a process holds claimed rows while sending them, in seconds (default 120). */
  leaseSeconds?: number;
  /** Rows claimed per flush (default 20). */
  batchSize?: number;
}

/**
 * How the dispatcher threads ticket mail (decision 168): the reply-token key (derived from
 * JWT_SECRET, {@link replyTokenKey}) and the support address (INBOUND_EMAIL_ADDRESS or the
 * company's e-mail, read when a batch is sent).
 */
export interface MailThreading {
  key: Buffer;
  supportAddress: () => Promise<string>;
}

/** Headers every mail of ours carries: it is automatic (RFC 3834), so auto-responders stay quiet. */
export const AUTOMATIC_MAIL_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

/**
 * Sends queued outbox rows through SMTP (nodemailer, `SMTP_URL` such as
 * smtp://user:pass@host:587) every few seconds. Safe with several app processes on one database
 * (issue 13): a batch is claimed in one statement (`FOR UPDATE SKIP LOCKED` + a lease), so two
 * processes never take the same row; a failure waits {@link backoffSeconds} before the next
 * try and the row is `failed` after {@link MAX_ATTEMPTS} (its `next_attempt_at` then holds the
 * time of that last attempt, shown to admins in Configuración → Correos). Without SMTP_URL it is
 * not started and emails stay readable in the portal's outbox.
 */
export class MailDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private readonly transport: Transporter;
  private readonly options: Required<MailDispatcherOptions>;

  constructor(
    private readonly db: Db,
    smtp: string | Transporter,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    options: MailDispatcherOptions = {},
    private readonly threading: MailThreading | null = null,
  ) {
    this.transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : smtp;
    this.options = {
      intervalMs: 5000,
      backoffBaseSeconds: 30,
      backoffMaxSeconds: 6 * 3600,
      maxAttempts: MAX_ATTEMPTS,
      leaseSeconds: 120,
      batchSize: 20,
      ...options,
    };
  }

  /** Verifies the SMTP connection (used by the "send test email" button). */
  verify(): Promise<true> {
    return this.transport.verify();
  }

  /** Flushes every `intervalMs` (default: the `intervalMs` option) until {@link stop}. */
  start(intervalMs = this.options.intervalMs): void {
    this.timer = setInterval(() => {
      // A database outage must not become an unhandled rejection; the next tick tries again.
      this.flush().catch((err: { code?: string }) =>
        this.log.warn({ code: err?.code }, 'email outbox flush failed'),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.transport.close();
  }

  /**
   * Message-ID and automatic-mail headers of a row, plus for ticket mail In-Reply-To / References
   * (the ticket's root id and the last message received on it), Reply-To with the signed plus
   * address and the marker at the end of the body (hidden in HTML). Decision 168.
   */
  private async threadFields(row: typeof emailOutbox.$inferSelect, support: string | null) {
    const domain = support
      ? splitAddress(support).domain
      : (/@([^>\s]+)/.exec(this.from)?.[1] ?? 'localhost');
    const fields: {
      messageId: string;
      headers: Record<string, string>;
      inReplyTo?: string;
      references?: string[];
      replyTo?: string;
      text?: string;
      html?: string;
    } = { messageId: outboxMessageId(row.id, domain), headers: { ...AUTOMATIC_MAIL_HEADERS } };
    if (!row.ticketId || !support || !this.threading) return fields;
    const [ticket] = await this.db
      .select({ number: tickets.number })
      .from(tickets)
      .where(eq(tickets.id, row.ticketId));
    if (!ticket) return fields;
    const [last] = await this.db
      .select({ messageId: inboundMail.messageId })
      .from(inboundMail)
      .where(and(eq(inboundMail.ticketId, row.ticketId)))
      .orderBy(desc(inboundMail.receivedAt))
      .limit(1);
    const root = ticketRootMessageId(row.ticketId, domain);
    const token = replyToken(this.threading.key, ticket.number);
    fields.inReplyTo = last?.messageId ?? root;
    fields.references = last ? [root, last.messageId] : [root];
    fields.replyTo = plusAddress(support, token);
    fields.text = `${row.text.replace(/\n*$/, '')}\n\n[${bodyMarker(token)}]\n`;
    // Plain notifications get an HTML part too, so the marker can hide in it.
    const html =
      row.html ??
      renderEmail({ greeting: '', paragraphs: row.text.trim().split(/\n{2,}/), signature: [] }).html;
    fields.html = `${html}${hiddenMarkerHtml(token)}`;
    return fields;
  }

  /** Claims up to `limit` due rows for this process (lease), oldest first. */
  private async claim(limit: number) {
    const result = (await this.db.execute(sql`
      update ${emailOutbox}
         set locked_until = now() + make_interval(secs => ${this.options.leaseSeconds}), attempts = attempts + 1
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

  /** Sends up to `batchSize` due emails; single flight per process, and safe across processes (claimed rows). */
  async flush(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let sent = 0;
    try {
      const batch = await this.claim(this.options.batchSize);
      const support = batch.length > 0 && this.threading ? await this.threading.supportAddress() : null;
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
            ...(await this.threadFields(row, support)),
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
          const { maxAttempts, backoffBaseSeconds, backoffMaxSeconds } = this.options;
          const failed = row.attempts >= maxAttempts;
          const waitSeconds = failed
            ? 0
            : backoffSeconds(row.attempts, backoffBaseSeconds, backoffMaxSeconds);
          await this.db
            .update(emailOutbox)
            .set({
              lastError: String((err as Error).message).slice(0, 500),
              status: failed ? 'failed' : 'queued',
              nextAttemptAt: new Date(Date.now() + waitSeconds * 1000),
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
