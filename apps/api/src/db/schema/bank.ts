import {
  AGENCY_PURCHASE_DOCUMENT_TYPES,
  BANK_LINE_STATUSES,
  EXPENSE_TYPES,
  PURCHASE_PAYMENT_METHODS,
  RECONCILIATION_CURRENCIES,
  type StatementMapping,
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
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoicePayments, invoices } from './billing.js';
import { id, timestamps } from './columns.js';
import { paymentReports } from './payments.js';
import { expenses, suppliers } from './purchases.js';
import { users } from './users.js';

/*
 * Bank reconciliation (issue 48, decision 166): the agency's bank accounts, the lines of the
 * statements imported from the bank's files, what each matched line recorded in the portal, and the
 * admin's rules for debits. Money in centavos of the account's currency.
 */

/** A bank account whose statements are imported; `mapping` is the generic layout for other banks. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    bank: text('bank').notNull(),
    accountNumber: text('account_number').notNull(),
    currency: text('currency', { enum: RECONCILIATION_CURRENCIES }).notNull(),
    openingBalanceCents: bigint('opening_balance_cents', { mode: 'number' }).notNull().default(0),
    openingDate: date('opening_date').notNull(),
    mapping: jsonb('mapping').$type<StatementMapping>(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('bank_accounts_number_uq').on(sql`lower(${t.bank})`, t.accountNumber)],
);

/**
 * One statement line. `identity` is the line's identity within its account (decision 166): date,
 * amount, reference, running balance and, for lines identical in all four, their occurrence in the
 * file (`#2`); re-importing an overlapping statement skips the lines whose identity is kept.
 * `seq` keeps the bank's order (oldest first) across imports.
 */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: id(),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    description: text('description').notNull(),
    reference: text('reference').notNull().default(''),
    /** Signed: credits positive, debits negative. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }),
    identity: text('identity').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    status: text('status', { enum: BANK_LINE_STATUSES }).notNull().default('unmatched'),
    ignoreReason: text('ignore_reason'),
    matchedBy: uuid('matched_by').references(() => users.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bank_lines_identity_uq').on(t.bankAccountId, t.identity),
    index('bank_lines_account_date_idx').on(t.bankAccountId, t.date, t.seq),
    index('bank_lines_account_status_idx').on(t.bankAccountId, t.status, t.date),
    check('bank_lines_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * What a match recorded, one row per portal record (decision 166, the undo model): a payment made
 * on an invoice (`paymentId`, with the transfer report it confirmed, if any), or an expense paid by a
 * debit (`expenseId`; `createdExpense` when the match created it from a rule, `previousPaymentDate`
 * the expense's payment date before the match). Undoing a match takes back exactly these rows.
 */
export const bankLineLinks = pgTable(
  'bank_line_links',
  {
    id: id(),
    bankLineId: uuid('bank_line_id')
      .notNull()
      .references(() => bankLines.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => invoicePayments.id, { onDelete: 'cascade' }),
    paymentReportId: uuid('payment_report_id').references(() => paymentReports.id, { onDelete: 'set null' }),
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdExpense: boolean('created_expense').notNull().default(false),
    previousPaymentDate: date('previous_payment_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_line_links_line_idx').on(t.bankLineId),
    uniqueIndex('bank_line_links_payment_uq').on(t.paymentId),
    uniqueIndex('bank_line_links_expense_uq').on(t.expenseId),
  ],
);

/** An admin's rule for debits: conditions on the description and amount → an expense to record. */
export const bankRules = pgTable(
  'bank_rules',
  {
    id: id(),
    name: text('name').notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'cascade' }),
    descriptionContains: text('description_contains'),
    amountMinCents: bigint('amount_min_cents', { mode: 'number' }),
    amountMaxCents: bigint('amount_max_cents', { mode: 'number' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    expenseType: text('expense_type', { enum: EXPENSE_TYPES }).notNull(),
    documentType: text('document_type', { enum: AGENCY_PURCHASE_DOCUMENT_TYPES }).notNull(),
    paymentMethod: text('payment_method', { enum: PURCHASE_PAYMENT_METHODS }).notNull(),
    expenseDescription: text('expense_description'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('bank_rules_account_idx').on(t.bankAccountId)],
);
