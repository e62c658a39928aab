import { CLIENT_TYPES } from '@agencia/shared';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id } from './columns.js';
import { users } from './users.js';

/**
 * Single-use client registration links (spec doc 1 §7). Only the SHA-256 of the 256-bit token
 * is stored; `usedAt` marks it spent; links expire after 7 days. `clientId` set = the invitee
 * joins that client record; `prefill` carries form values (e.g. from an access request).
 */
export const registrationLinks = pgTable(
  'registration_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    clientType: text('client_type', { enum: CLIENT_TYPES }).notNull(),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    prefill: jsonb('prefill').$type<Record<string, string>>().notNull().default({}),
    source: text('source').notNull().default('admin'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registration_links_token_uq').on(t.tokenHash),
    index('registration_links_email_idx').on(t.email),
  ],
);
