import { PUSH_OUTBOX_STATUSES } from '@agencia/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Web Push subscriptions (issue 46, decision 169): one row per user and device (browser profile),
 * keyed by the push service's endpoint. `p256dh` and `auth` are the device's keys (RFC 8291,
 * base64url). A device that signs in as another user moves to that user (same endpoint).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time the push service accepted a message for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** What a push outbox row sends (the JSON encrypted for the device). */
export interface PushOutboxPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  topic: string;
}

/**
 * Push messages waiting for the push service (decision 169): written in the transaction that stored
 * the notification, sent by the push sender with the e-mail outbox's claim, lease and backoff. A
 * subscription deleted (by its user, or because the push service answered 404/410) takes its
 * pending rows with it.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PushOutboxPayload>().notNull(),
    status: text('status', { enum: PUSH_OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('push_outbox_subscription_idx').on(t.subscriptionId),
  ],
);
