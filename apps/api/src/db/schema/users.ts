import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';

/**
 * Portal accounts. Emails are unique case-insensitively (unique index on lower(email)).
 * `clientId` links a `client` user to its client record; staff have none.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'employee', 'client'] }).notNull(),
    department: text('department'),
    status: text('status', { enum: ['active', 'inactive', 'pending'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    avatar: text('avatar'),
    bio: text('bio'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    permissions: text('permissions').array(),
    /** Notification preferences (shape: NotificationPreferences in @agencia/shared); null = defaults. */
    notificationPrefs: jsonb('notification_prefs').$type<Record<string, unknown>>(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_client_idx').on(t.clientId),
    index('users_role_idx').on(t.role),
  ],
);
