import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Stored files (avatars, attachments, documents, generated PDFs), kept in PostgreSQL so one
 * machine and many behave the same (ARCHITECTURE.md "Data"). `ownerType`/`ownerId` name the
 * row the file belongs to ("project", "ticket", "user_avatar", "access_request" …); every
 * download route checks access to that owner. `contentType` is sniffed from the bytes.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerType: text('owner_type').notNull(),
    ownerId: uuid('owner_id'),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerType, t.ownerId)],
);

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
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
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

/** In-app notifications (bell menu), one row per recipient. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    // Unread badge and the "no leídas" filter.
    index('notifications_user_unread_idx').on(t.userId, t.createdAt, t.id).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Activity feed written by the services (project created, status changed, milestone
 * completed, note added, ticket opened, invoice paid …). Feeds `/dashboard/activity` and
 * a client's "última actividad". `clientId`/`projectId` scope what a client may see.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    projectId: uuid('project_id'),
    title: text('title').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_created_idx').on(t.createdAt),
    index('activities_client_idx').on(t.clientId, t.createdAt),
    index('activities_project_idx').on(t.projectId, t.createdAt),
  ],
);
