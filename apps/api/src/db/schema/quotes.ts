import { QUOTE_STATUSES } from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { documentLineColumns, documentMoneyColumns, documentPartyColumns, invoices } from './billing.js';
import { id, timestamps } from './columns.js';
import { projects } from './projects.js';
import { quoteRequests } from './requests.js';
import { users } from './users.js';

/**
 * Quotes (cotizaciones, issue 16, decision 114). Numbered `COT-YYYY-NNNN`, gap-free per year
 * (`quote_counters`, like decision 054). Money in centavos, computed by the invoices' totals
 * engine (decision 052/080). `status`: draft → sent → accepted | rejected | expired.
 * Acceptance stores the typed name, IP and time and links the invoice(s) and project it created.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    quoteNumber: text('quote_number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    ...documentPartyColumns(),
    /** The public quote request (lead) it was made from, if any. */
    quoteRequestId: uuid('quote_request_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    issueDate: date('issue_date').notNull(),
    /** Last day the client may accept it (agency time zone). */
    validUntil: date('valid_until').notNull(),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    ...documentMoneyColumns(),
    notes: text('notes'),
    /** Percent (1–99) billed as an advance invoice on acceptance; null = one invoice. */
    advancePercent: integer('advance_percent'),
    /** On acceptance, create a project whose milestones are the quote's lines. */
    createProject: boolean('create_project').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedIp: text('accepted_ip'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    signedName: text('signed_name'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The draft invoice created on acceptance (the advance invoice when split). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The balance invoice when an advance was billed. */
    balanceInvoiceId: uuid('balance_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The project created on acceptance. */
    createdProjectId: uuid('created_project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quotes_number_uq').on(t.quoteNumber),
    uniqueIndex('quotes_year_seq_uq').on(t.year, t.sequence),
    index('quotes_client_idx').on(t.clientId, t.issueDate, t.createdAt),
    index('quotes_status_valid_idx').on(t.status, t.validUntil),
    index('quotes_issue_date_idx').on(t.issueDate, t.createdAt, t.id),
    index('quotes_request_idx').on(t.quoteRequestId),
    check(
      'quotes_money_nonneg',
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    check('quotes_advance_range', sql`${t.advancePercent} is null or ${t.advancePercent} between 1 and 99`),
  ],
);

/** Quote lines, priced like invoice lines (quantity × unit price in centavos, half-up). */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: id(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    ...documentLineColumns(),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId, t.position),
    check('quote_items_qty_min', sql`${t.quantity} >= 1`),
    check('quote_items_price_nonneg', sql`${t.unitPriceCents} >= 0`),
  ],
);

/** Gap-free quote numbering: the last number per year, incremented by an upsert (decision 054). */
export const quoteCounters = pgTable('quote_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
