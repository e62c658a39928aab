import {
  MILESTONE_STATUSES,
  PROJECT_CATEGORIES,
  PROJECT_PRIORITIES,
  PROJECT_STATUSES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import { invoices } from './billing.js';
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
      enum: PROJECT_STATUSES,
    })
      .notNull()
      .default('requested'),
    priority: text('priority', { enum: PROJECT_PRIORITIES }).notNull().default('medium'),
    category: text('category', {
      enum: PROJECT_CATEGORIES,
    })
      .notNull()
      .default('webapp'),
    progressPercentage: integer('progress_percentage').notNull().default(0),
    startDate: date('start_date'),
    estimatedEndDate: date('estimated_end_date'),
    actualEndDate: date('actual_end_date'),
    approvedBudgetCents: bigint('approved_budget_cents', { mode: 'number' }),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    /** Whether the client sees the budget and spent (decision 145); staff always do. */
    budgetVisibleToClient: boolean('budget_visible_to_client').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // List filters and order (created_at desc, id): each filter column leads, the sort follows
    // (decision 104). The client index also serves the foreign-key lookups.
    index('projects_client_idx').on(t.clientId, t.createdAt, t.id),
    index('projects_status_idx').on(t.status, t.createdAt, t.id),
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_updated_idx').on(t.updatedAt, t.id),
    // `search` (ILIKE '%…%') on title and description: trigram GIN indexes (pg_trgm), led by the
    // client (btree_gin, decision 128) so a client's search — or staff's with `clientId` — finds its
    // own matches inside the index; a multicolumn GIN index also serves the search without a client.
    index('projects_client_title_trgm_idx').using('gin', t.clientId, t.title.op('gin_trgm_ops')),
    index('projects_client_description_trgm_idx').using('gin', t.clientId, t.description.op('gin_trgm_ops')),
    // `overdue` of the stats (decision 122): not final, end date before today; index-only.
    index('projects_open_end_date_idx')
      .on(t.estimatedEndDate, t.clientId)
      .where(sql`${t.deletedAt} is null and ${t.status} not in ('completed', 'cancelled')`),
    check('projects_progress_range', sql`${t.progressPercentage} between 0 and 100`),
  ],
);

/**
 * Project counters (decision 122): per client × status, the number of live (not soft-deleted)
 * projects and the sums of their approved budget (null as 0), spent amount (centavos) and progress
 * percentage. Kept by statement-level triggers on `projects` (migration 0010) in the writer's
 * transaction; the stats of admins and clients read these rows. Rows that fall to 0 stay. Never
 * written by the application.
 */
export const projectCounts = pgTable(
  'project_counts',
  {
    clientId: uuid('client_id').notNull(),
    status: text('status', {
      enum: PROJECT_STATUSES,
    }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    budgetCents: bigint('budget_cents', { mode: 'number' }).notNull().default(0),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    progressSum: bigint('progress_sum', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.status] })],
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

/** Milestones of a project, ordered by `order` (spec doc 2 §2 tab "Milestones"). */
export const projectMilestones = pgTable(
  'project_milestones',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueDate: date('due_date'),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    order: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('project_milestones_project_idx').on(t.projectId, t.order)],
);

/**
 * Notes and comments. `isInternal` notes are staff-only and never sent to clients; the author
 * may edit (`editedAt`), the author or an admin may delete (decision record 036).
 */
export const projectNotes = pgTable(
  'project_notes',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last edit by the author (content or internal flag); null = never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('project_notes_project_idx').on(t.projectId, t.createdAt)],
);

/** Meetings of a project: `durationMinutes`, attendees are user ids. */
export const projectMeetings = pgTable(
  'project_meetings',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    attendeeIds: uuid('attendee_ids').array().notNull().default(sql`'{}'::uuid[]`),
    notes: text('notes').notNull().default(''),
    link: text('link'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_meetings_project_idx').on(t.projectId, t.date)],
);

/**
 * Time logged on a project, stored as integer `minutes` (hours × 60) so sums are exact;
 * the API speaks decimal hours in steps of 0.5 (spec doc 2 §5). `invoiceId` is set when the
 * entry was billed ("Facturar horas", decision 115); cancelling or deleting the draft clears it.
 */
export const projectTimeEntries = pgTable(
  'project_time_entries',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    minutes: integer('minutes').notNull(),
    description: text('description').notNull(),
    date: date('date').notNull(),
    billable: boolean('billable').notNull().default(true),
    /** The invoice this entry was billed on (decision 115); null = not billed. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_time_entries_project_idx').on(t.projectId, t.date),
    index('project_time_entries_invoice_idx').on(t.invoiceId),
    check('project_time_entries_minutes_range', sql`${t.minutes} between 30 and 1440`),
  ],
);
