import { MAIL_STATUSES } from '@agencia/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An email attachment: a stored file referenced by id. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  fileId: string;
}

/**
 * Email outbox. Every email is written here first (in the caller's transaction); with
 * SMTP_URL set a dispatcher sends queued rows and marks them `sent`/`failed`; without SMTP
 * they stay `queued` and admins read them in the portal.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not sent before this time (exponential backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A process holds the row until then while it sends it (lease; several processes share the outbox). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
