import { ATTENDEE_STATUSES, EVENT_PRIORITIES, EVENT_TYPES } from '@agencia/shared';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/** Calendar events (spec doc 2 §3 "Event"). Instants in timestamptz; `timezone` is the display zone. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', {
      enum: EVENT_TYPES,
    }).notNull(),
    priority: text('priority', { enum: EVENT_PRIORITIES }).notNull().default('medium'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isAllDay: boolean('is_all_day').notNull().default(false),
    location: text('location'),
    meetingLink: text('meeting_link'),
    timezone: text('timezone').notNull().default('America/Santo_Domingo'),
    organizerId: uuid('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('calendar_events_range_idx').on(t.startDate, t.endDate),
    index('calendar_events_client_idx').on(t.clientId),
  ],
);

/** Attendees with their answer (accepted, pending, declined, tentative). */
export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTENDEE_STATUSES }).notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
);

/**
 * Private iCalendar feed tokens, one per user. Only the SHA-256 of the token is stored; the
 * URL is shown once when created. Deleting the row revokes the feed.
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
