import { LEAD_CURRENCIES, LEAD_EVENT_KINDS, LEAD_SOURCES, LEAD_STAGE_KINDS } from '@agencia/shared';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { accessRequests, quoteRequests } from './requests.js';
import { users } from './users.js';

/**
 * Stages of the leads board (decision 170), ordered by `position`; `kind` says whether a lead in
 * it is still open, won or lost. The migration inserts the six default stages.
 */
export const leadStages = pgTable('lead_stages', {
  id: id(),
  name: text('name').notNull(),
  kind: text('kind', { enum: LEAD_STAGE_KINDS }).notNull().default('open'),
  position: integer('position').notNull(),
  ...timestamps(),
});

/**
 * A prospective client (decision 170). `position` orders the cards of a stage (fractional:
 * a move takes the midpoint of its neighbours; a column is renumbered when the gap runs out).
 * `quote_request_id` / `access_request_id` are unique: a request creates its lead once.
 * Money in centavos of `currency`. `client_id` is set once, by the conversion.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    title: text('title').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    description: text('description'),
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => leadStages.id),
    position: doublePrecision('position').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    estimatedValueCents: bigint('estimated_value_cents', { mode: 'number' }),
    currency: text('currency', { enum: LEAD_CURRENCIES }).notNull().default('DOP'),
    expectedCloseDate: date('expected_close_date'),
    lostReason: text('lost_reason'),
    quoteRequestId: uuid('quote_request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    accessRequestId: uuid('access_request_id').references(() => accessRequests.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    wonAt: timestamp('won_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('leads_stage_position_idx').on(t.stageId, t.position),
    index('leads_owner_idx').on(t.ownerId),
    uniqueIndex('leads_quote_request_uq').on(t.quoteRequestId),
    uniqueIndex('leads_access_request_uq').on(t.accessRequestId),
  ],
);

/**
 * A lead's timeline (decision 170): how it was created, notes, calls / meetings / e-mails (with
 * an optional follow-up day that the `lead-follow-ups` job turns into a notification to the
 * owner once: `follow_up_notified_at`), stage changes and the conversion.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: id(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEAD_EVENT_KINDS }).notNull(),
    body: text('body'),
    followUpDate: date('follow_up_date'),
    followUpNotifiedAt: timestamp('follow_up_notified_at', { withTimezone: true }),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_events_lead_idx').on(t.leadId, t.createdAt),
    index('lead_events_follow_up_idx').on(t.followUpDate),
  ],
);
