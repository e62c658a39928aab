import {
  TICKET_PRIORITIES,
  TICKET_SEVERITIES,
  TICKET_STATUSES,
  TICKET_TIMELINE_TYPES,
  TICKET_TYPES,
  WORK_TYPES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * Support tickets (spec doc 2 §3 "Ticket"; statuses, priorities, types of §4). `number` is a
 * sequential identity shown as "TK-0001". `estimatedHours` is the estimated resolution time in
 * hours; the time actually spent is the sum of `ticket_time_logs`.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type', {
      enum: TICKET_TYPES,
    }).notNull(),
    status: text('status', {
      enum: TICKET_STATUSES,
    })
      .notNull()
      .default('open'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('medium'),
    severity: text('severity', { enum: TICKET_SEVERITIES }).notNull().default('medium'),
    category: text('category'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The address of a client contact without a portal user who opened the ticket by e-mail
     * (decision 168 addendum): `reportedBy` is null, `clientId` the client whose record has the
     * address. Staff replies are mailed to it.
     */
    reporterEmail: text('reporter_email'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    environment: text('environment'),
    browserInfo: text('browser_info'),
    steps: text('steps'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    estimatedHours: numeric('estimated_hours', { precision: 8, scale: 2, mode: 'number' }),
    resolution: text('resolution'),
    preventionMeasures: text('prevention_measures'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // List filters and order (created_at desc, id), decision 104: each filter column leads, the
    // sort follows, so a filtered first page reads 20 index entries and a count is index-only.
    index('tickets_client_idx').on(t.clientId, t.createdAt, t.id),
    index('tickets_client_status_idx').on(t.clientId, t.status, t.createdAt, t.id),
    // A client's priority and type filters (decision 127): without them the capped count read
    // the client's matches through a sequential scan (165 ms cold at 1M tickets).
    index('tickets_client_priority_idx').on(t.clientId, t.priority, t.createdAt, t.id),
    index('tickets_client_type_idx').on(t.clientId, t.type, t.createdAt, t.id),
    index('tickets_status_idx').on(t.status, t.createdAt, t.id),
    index('tickets_priority_idx').on(t.priority, t.createdAt, t.id),
    index('tickets_assigned_idx').on(t.assignedTo, t.createdAt, t.id),
    index('tickets_project_idx').on(t.projectId, t.createdAt, t.id),
    index('tickets_created_idx').on(t.createdAt, t.id),
    uniqueIndex('tickets_number_uq').on(t.number),
    // `search` (ILIKE '%…%') on title and description: trigram GIN indexes (pg_trgm).
    index('tickets_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('tickets_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
  ],
);

/**
 * Ticket counters (decision 122): one row per client × status × priority × type with the number
 * of tickets, how many of them have `resolved_at` and the sum of their resolution times in
 * seconds (`resolved_at - created_at`). Kept by statement-level triggers on `tickets` (migration
 * 0010) in the writer's transaction, so every writer (services, seeds, bulk SQL) keeps them exact;
 * the stats read these rows instead of scanning `tickets`. `client_id` is null for tickets without
 * a client (unique with NULLS NOT DISTINCT). Rows that fall to 0 stay (deleting them would race
 * with a concurrent increment). Never written by the application.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    clientId: uuid('client_id'),
    status: text('status', {
      enum: TICKET_STATUSES,
    }).notNull(),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull(),
    type: text('type', {
      enum: TICKET_TYPES,
    }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    resolvedN: bigint('resolved_n', { mode: 'number' }).notNull().default(0),
    resolvedSeconds: numeric('resolved_seconds').notNull().default('0'),
  },
  (t) => [unique('ticket_counts_key').on(t.clientId, t.status, t.priority, t.type).nullsNotDistinct()],
);

/** Conversation of a ticket. Internal messages are staff-only. `attachmentIds` reference `files`. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** A message received by e-mail from a client contact without a portal user: its sender (author null). */
    authorEmail: text('author_email'),
    content: text('content').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    attachmentIds: uuid('attachment_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Time logged on a ticket by staff: hours in quarter hours (spec doc 2 §5). */
export const ticketTimeLogs = pgTable(
  'ticket_time_logs',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    hours: numeric('hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    workType: text('work_type', {
      enum: WORK_TYPES,
    }).notNull(),
    description: text('description').notNull(),
    date: date('date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_time_logs_ticket_idx').on(t.ticketId),
    check('ticket_time_logs_hours_range', sql`${t.hours} >= 0.25 and ${t.hours} <= 24`),
  ],
);

/**
 * Typed timeline of a ticket (created, comment, status_change, time_logged, assigned).
 * `isInternal` entries (internal comments, time logs) are never sent to clients.
 */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', {
      enum: TICKET_TIMELINE_TYPES,
    }).notNull(),
    description: text('description').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_events_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Users following a ticket (notified of its messages and status changes). */
export const ticketWatchers = pgTable(
  'ticket_watchers',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

/** Related tickets, stored once per pair with `ticketId < relatedId`. */
export const ticketRelations = pgTable(
  'ticket_relations',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    relatedId: uuid('related_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.relatedId] }),
    check('ticket_relations_order', sql`${t.ticketId} < ${t.relatedId}`),
  ],
);
