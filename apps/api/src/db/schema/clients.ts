import { CLIENT_STATUSES, CLIENT_TYPES, PREFERRED_COMMUNICATIONS, TAXPAYER_TYPES } from '@agencia/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';

/**
 * Client records (spec doc 2 §3 "Client"). `companyRnc` stores the Dominican RNC (companies)
 * or cédula (individuals) as digits only; the API exposes it as `companyRUC`.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    clientType: text('client_type', { enum: CLIENT_TYPES }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone'),
    avatar: text('avatar'),
    companyName: text('company_name'),
    companyRnc: text('company_rnc'),
    /** Fiscal profile (issue 12): contribuyente, consumidor_final, regimen_especial, gubernamental, extranjero. */
    taxpayerType: text('taxpayer_type', {
      enum: TAXPAYER_TYPES,
    })
      .notNull()
      .default('consumidor_final'),
    /** Why staff accepted a tax id whose check digit fails. */
    taxIdOverrideReason: text('tax_id_override_reason'),
    /**
     * A foreign buyer's passport or foreign tax id (issue 42): written as the e-CF's
     * IdentificadorExtranjero and as id type 3 in the 607; only for the "extranjero" profile.
     */
    foreignTaxId: text('foreign_tax_id'),
    industry: text('industry'),
    website: text('website'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    country: text('country').notNull().default('República Dominicana'),
    postalCode: text('postal_code'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('active'),
    joinDate: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
    lastContact: timestamp('last_contact', { withTimezone: true }),
    satisfactionRating: integer('satisfaction_rating'),
    preferredCommunication: text('preferred_communication', {
      enum: PREFERRED_COMMUNICATIONS,
    })
      .notNull()
      .default('email'),
    timezone: text('timezone').notNull().default('America/Santo_Domingo'),
    notes: text('notes'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The client asked not to receive automatic payment reminders (decision 111). */
    remindersOptOut: boolean('reminders_opt_out').notNull().default(false),
    /** Our mail to `email` bounced (a delivery status notification, decision 168): when, and why. */
    emailFailingAt: timestamp('email_failing_at', { withTimezone: true }),
    emailFailingReason: text('email_failing_reason'),
    ...timestamps(),
  },
  (t) => [
    index('clients_email_idx').on(sql`lower(${t.email})`),
    index('clients_status_idx').on(t.status, t.createdAt, t.id),
    index('clients_created_idx').on(t.createdAt, t.id),
    index('clients_company_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    check(
      'clients_rating_range',
      sql`${t.satisfactionRating} is null or ${t.satisfactionRating} between 1 and 5`,
    ),
  ],
);
