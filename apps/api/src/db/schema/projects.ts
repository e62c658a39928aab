import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * Projects (spec doc 2 §3 "Project"; statuses, priorities and categories of §4).
 * Money in centavos (`approvedBudgetCents`, `spentCents`); soft delete via `deletedAt`.
 * Milestones, notes, meetings, files and time entries live in their own tables.
 */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    status: text('status', {
      enum: ['requested', 'approved', 'in_progress', 'in_review', 'completed', 'on_hold', 'cancelled'],
    })
      .notNull()
      .default('requested'),
    priority: text('priority', { enum: ['low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('medium'),
    category: text('category', {
      enum: ['webapp', 'maintenance', 'support', 'ecommerce', 'landing', 'custom'],
    })
      .notNull()
      .default('webapp'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    startDate: date('start_date'),
    estimatedEndDate: date('estimated_end_date'),
    actualEndDate: date('actual_end_date'),
    approvedBudgetCents: bigint('approved_budget_cents', { mode: 'number' }),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('projects_client_idx').on(t.clientId),
    index('projects_status_idx').on(t.status),
    check('projects_progress_range', sql`${t.progressPercentage} between 0 and 100`),
  ],
);

/** Team members of a project with their role on it ("Líder", "Desarrollador" …). */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('Desarrollador'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);
