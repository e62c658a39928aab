import type { FiscalSnapshot } from '@agencia/shared';
import {
  CURRENCIES,
  ECF_STATUSES,
  INVOICE_EVENTS,
  PAYMENT_METHODS,
  REPORT_TYPES,
  STORED_INVOICE_STATUSES,
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { projects } from './projects.js';
import { recurringInvoices } from './scheduling.js';
import { users } from './users.js';

/*
 * Column groups shared by the billing documents, invoices and quotes (issue 15): their client
 * and project, their money in centavos, and their lines. Each table spreads them where its own
 * columns stood, so the generated SQL is unchanged.
 */

/** The document's client (required, never deleted under it) and project (cleared when deleted). */
export const documentPartyColumns = () => ({
  clientId: uuid('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'restrict' }),
  projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
});

/** The document's currency and totals in centavos (computed by the totals engine, decision 052). */
export const documentMoneyColumns = () => ({
  currency: text('currency', { enum: CURRENCIES }).notNull().default('DOP'),
  subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
  /** Exempt lines net of their discount share; ITBIS base = subtotal − discount − exempt (issue 12). */
  exemptCents: bigint('exempt_cents', { mode: 'number' }).notNull().default(0),
  taxableBaseCents: bigint('taxable_base_cents', { mode: 'number' }).notNull().default(0),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
  discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
});

/** The columns of a document's line after its owner id: position, text, quantity, price, total, exemption. */
export const documentLineColumns = () => ({
  position: integer('position').notNull(),
  description: text('description').notNull(),
  details: text('details'),
  quantity: numeric('quantity', { precision: 14, scale: 4, mode: 'number' }).notNull(),
  unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  taxExempt: boolean('tax_exempt').notNull().default(false),
});

/**
 * Invoices (spec doc 2 §3 "Invoice"). Money in centavos (bigint); every total is computed by
 * the service from the items (decision 052). `status` stores draft/sent/pending/paid/cancelled;
 * overdue is computed from `dueDate` (decision 053). `invoiceNumber` is unique and gap-free per
 * series and year (counter in `invoice_counters`, decision 054).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text('invoice_number').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    ...documentPartyColumns(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    paidDate: date('paid_date'),
    status: text('status', { enum: STORED_INVOICE_STATUSES }).notNull().default('draft'),
    ...documentMoneyColumns(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** ITBIS + ISR withheld by the client on its payments. */
    withheldCents: bigint('withheld_cents', { mode: 'number' }).notNull().default(0),
    /** Part of the credit notes' totals applied to the balance (the rest was refunded). */
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    /** What the debit notes (B03/E33) added to the invoice, ITBIS included (decision 138). */
    debitedCents: bigint('debited_cents', { mode: 'number' }).notNull().default(0),
    /** Fiscal document type (B01…, E31…) and its NCF, taken when issued (decision 080). */
    documentType: text('document_type'),
    ncf: text('ncf'),
    ncfSequenceId: uuid('ncf_sequence_id'),
    ncfExpiresOn: date('ncf_expires_on'),
    /** e-CF: the provider's security code and signature time. */
    securityCode: text('security_code'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** Direct e-CF emission (issue 26): the DGII status of its e-CF (`ecf_documents`), null otherwise. */
    ecfStatus: text('ecf_status', { enum: ECF_STATUSES }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /**
     * Buyer and issuer as they were when the NCF was taken (decision 132); null on drafts. Every
     * fiscal reader (PDF, 607, share page, invoice screen) uses it instead of the client's row.
     */
    fiscalSnapshot: jsonb('fiscal_snapshot').$type<FiscalSnapshot>(),
    /**
     * Foreign-currency invoices (issue 27, decision 137): DOP per unit of `currency`, frozen when
     * issued (the rate of the issue date or the last one before it, `exchangeRateDate`); null on
     * DOP invoices and drafts. Every DGII figure is the amount × this rate, half-up to the centavo.
     */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4, mode: 'number' }),
    exchangeRateDate: date('exchange_rate_date'),
    paymentMethod: text('payment_method', {
      enum: PAYMENT_METHODS,
    }),
    paymentTerms: integer('payment_terms').notNull().default(30),
    notes: text('notes'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The retainer that generated it and the start of its period (decision 111). */
    recurringInvoiceId: uuid('recurring_invoice_id').references(() => recurringInvoices.id, {
      onDelete: 'set null',
    }),
    periodStart: date('period_start'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.invoiceNumber),
    // One invoice per retainer period, whatever races (decision 111).
    uniqueIndex('invoices_recurring_period_uq').on(t.recurringInvoiceId, t.periodStart),
    uniqueIndex('invoices_series_seq_uq').on(t.series, t.year, t.sequence),
    index('invoices_client_idx').on(t.clientId, t.issueDate, t.createdAt),
    index('invoices_project_idx').on(t.projectId),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_ecf_status_idx').on(t.ecfStatus).where(sql`${t.ecfStatus} is not null`),
    check(
      'invoices_money_nonneg',
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0 and ${t.paidCents} >= 0`,
    ),
    uniqueIndex('invoices_ncf_uq').on(t.ncf),
    check(
      'invoices_exchange_rate',
      sql`(${t.exchangeRate} is null or ${t.exchangeRate} > 0) and (${t.currency} <> 'DOP' or ${t.exchangeRate} is null) and ((${t.exchangeRate} is null) = (${t.exchangeRateDate} is null))`,
    ),
    // List order: issue_date desc, created_at desc (decision 104).
    index('invoices_issue_date_idx').on(t.issueDate, t.createdAt, t.id),
    index('invoices_number_trgm_idx').using('gin', t.invoiceNumber.op('gin_trgm_ops')),
    check(
      'invoices_settled_le_total',
      sql`${t.paidCents} + ${t.withheldCents} + ${t.creditedCents} <= ${t.totalCents} + ${t.debitedCents} and ${t.withheldCents} >= 0 and ${t.creditedCents} >= 0 and ${t.debitedCents} >= 0`,
    ),
    check('invoices_due_after_issue', sql`${t.dueDate} >= ${t.issueDate}`),
  ],
);

/** Invoice lines: quantity (up to 4 decimals) × unit price (centavos) = total (centavos, half-up). */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ...documentLineColumns(),
  },
  (t) => [
    index('invoice_items_invoice_idx').on(t.invoiceId, t.position),
    check('invoice_items_qty_min', sql`${t.quantity} >= 1`),
    check('invoice_items_price_nonneg', sql`${t.unitPriceCents} >= 0`),
  ],
);

/** Payments received against an invoice (partial payments allowed). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidDate: date('paid_date').notNull(),
    paymentMethod: text('payment_method', {
      enum: PAYMENT_METHODS,
    }).notNull(),
    reference: text('reference'),
    /** Withholdings retained by the client with this payment (centavos) and their date. */
    itbisWithheldCents: bigint('itbis_withheld_cents', { mode: 'number' }).notNull().default(0),
    isrWithheldCents: bigint('isr_withheld_cents', { mode: 'number' }).notNull().default(0),
    retentionDate: date('retention_date'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** "Recibo de pago" number, `REC-2026-0001` (decision 147), from {@link receiptCounters}. */
    receiptNumber: text('receipt_number').notNull(),
    /** The invoice's balance right after this payment (centavos); null before receipts existed. */
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    index('invoice_payments_date_idx').on(t.paidDate),
    uniqueIndex('invoice_payments_receipt_number_key').on(t.receiptNumber),
    check('invoice_payments_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Gap-free receipt numbering per year (decision 147), like the invoice counters: the recording
 * transaction increments the year's row with an upsert, which holds its lock until commit.
 */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Invoice history: created, updated, sent, viewed, payment, paid, cancelled — who and when. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    event: text('event', {
      enum: INVOICE_EVENTS,
    }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_events_invoice_idx').on(t.invoiceId, t.createdAt)],
);

/**
 * Scheduled payment reminders sent (decision 111): one row per invoice and offset (days from
 * the due date), so each offset goes out at most once.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offsetDays: integer('offset_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.offsetDays] })],
);

/**
 * Gap-free numbering: one row per series and year holding the last number issued. The
 * creating transaction increments it with an upsert, which locks the row until commit, so
 * concurrent creates queue and a rolled-back create gives its number back (decision 054).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** Generated reports (financial, projects): the computed content is stored as JSON. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    type: text('type', { enum: REPORT_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_created_idx').on(t.createdAt)],
);
