import { INBOUND_MAIL_STATUSES, INBOUND_MATCH_KEYS, INBOUND_SOURCES, MAIL_STATUSES } from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tickets } from './tickets.js';
import { users } from './users.js';

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
    /**
     * The ticket this mail is about (decision 168): the dispatcher then threads it (Message-ID
     * `<outbox-{id}@domain>`, In-Reply-To/References, Reply-To with the signed plus address, the
     * hidden marker), and a reply naming its Message-ID is matched back to the ticket.
     */
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** An attachment of a received message, stored as a file (after the upload checks). */
export interface InboundAttachment {
  fileId: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Received e-mail (decision 168). One row per Message-ID: the pipeline claims a message by
 * inserting its row in the transaction that handles it (unique `message_id`), so any number of
 * processes (SMTP listeners, IMAP pollers) handle each message once. `body` is the text without
 * quoted history and signature (the raw source is not kept); the attachments of an unassigned
 * message are files owned by `inbound_mail` until staff assign or discard it.
 */
export const inboundMail = pgTable(
  'inbound_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id').notNull(),
    source: text('source', { enum: INBOUND_SOURCES }).notNull(),
    status: text('status', { enum: INBOUND_MAIL_STATUSES }).notNull(),
    reason: text('reason'),
    matchedBy: text('matched_by', { enum: INBOUND_MATCH_KEYS }),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    toAddresses: text('to_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments').$type<InboundAttachment[]>().notNull().default([]),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    suggestedTicketId: uuid('suggested_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** True when this message got an acknowledgement (the per-sender rate limit counts these). */
    acknowledged: boolean('acknowledged').notNull().default(false),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbound_mail_message_id_uq').on(t.messageId),
    index('inbound_mail_status_idx').on(t.status, t.receivedAt, t.id),
    index('inbound_mail_received_idx').on(t.receivedAt, t.id),
    index('inbound_mail_ticket_idx').on(t.ticketId),
    index('inbound_mail_from_idx').on(sql`lower(${t.fromAddress})`, t.receivedAt),
  ],
);

/**
 * Health of each receiving source (decision 168), one row per source: written by the listener and
 * the poller of every process (the latest write wins), read by Configuración → Correos.
 */
export const inboundMailSources = pgTable('inbound_mail_sources', {
  source: text('source', { enum: INBOUND_SOURCES }).primaryKey(),
  detail: text('detail').notNull().default(''),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  lastCheckAt: timestamp('last_check_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});
