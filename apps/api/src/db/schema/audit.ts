import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Audit trail of writes and security events (login success/failure, token reuse, …):
 * who (`actorId`, null for anonymous), what (`action`, e.g. "auth.login.failed"),
 * on what (`targetType`/`targetId`), from where (`ip`, `requestId`), when.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    requestId: text('request_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Filters of the audit screen and a user's activity tab, then the order (created_at desc, id).
    index('audit_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_created_idx').on(t.createdAt, t.id),
    // `action` matches exactly or as a prefix ("auth.%"): text_pattern_ops serves LIKE 'x%' in any collation.
    index('audit_action_idx').on(t.action.op('text_pattern_ops'), t.createdAt),
    index('audit_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);
