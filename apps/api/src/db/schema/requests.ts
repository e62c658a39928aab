import { CLIENT_TYPES } from '@agencia/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { users } from './users.js';

const REQUEST_STATUS = ['new', 'contacted', 'converted', 'discarded'] as const;

/**
 * Quote requests sent from `/quote` (spec doc 1 §2 "Quote request"): the chosen service, its
 * first five features as shown to the visitor, and every form field.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: id(),
    status: text('status', { enum: REQUEST_STATUS }).notNull().default('new'),
    serviceId: text('service_id').notNull(),
    serviceTitle: text('service_title').notNull(),
    serviceFeatures: text('service_features').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    company: text('company'),
    budget: text('budget').notNull(),
    timeline: text('timeline').notNull(),
    description: text('description').notNull(),
    requirements: text('requirements'),
    ip: text('ip'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('quote_requests_status_idx').on(t.status),
    index('quote_requests_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Access requests from the six-step modal on `/login` (spec doc 1 §2, §3). The searchable
 * columns are copied out of `data`, which keeps every validated field as submitted.
 * `clientId` is set when an admin converts the request into a client record.
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: id(),
    status: text('status', { enum: REQUEST_STATUS }).notNull().default('new'),
    clientType: text('client_type', { enum: CLIENT_TYPES }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Stored uploads: `[{ fileId, field, filename, contentType, size }]`. */
    files: jsonb('files')
      .$type<{ fileId: string; field: string; filename: string; contentType: string; size: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    ip: text('ip'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('access_requests_status_idx').on(t.status),
    index('access_requests_created_idx').on(t.createdAt, t.id),
  ],
);
