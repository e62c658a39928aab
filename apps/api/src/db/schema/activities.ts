import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './users.js';

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
