import { COMMUNICATION_DIRECTIONS, COMMUNICATION_TYPES } from '@agencia/shared';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id } from './columns.js';
import { users } from './users.js';

/** Communications log of a client (email, call, meeting, WhatsApp). */
export const clientCommunications = pgTable(
  'client_communications',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: text('type', { enum: COMMUNICATION_TYPES }).notNull(),
    subject: text('subject').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    direction: text('direction', { enum: COMMUNICATION_DIRECTIONS }).notNull(),
    durationMinutes: integer('duration_minutes'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_communications_client_idx').on(t.clientId, t.date)],
);
