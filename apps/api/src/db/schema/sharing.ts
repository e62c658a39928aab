import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { users } from './users.js';

/**
 * Signed, expiring, revocable links to view one document without signing in (decision 116).
 * Only the SHA-256 hex of the random token is stored (`tokenHash`); the token itself is shown
 * once, inside the URL. `documentType` is one of SHARE_DOCUMENT_TYPES in @agencia/shared;
 * `documentId` is not a foreign key because it points into several tables.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    documentType: text('document_type').notNull(),
    documentId: uuid('document_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
  },
  (t) => [
    index('share_links_document_idx').on(t.documentType, t.documentId, t.createdAt),
    check('share_links_expiry_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
