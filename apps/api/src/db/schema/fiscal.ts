import type { FiscalSnapshot } from '@agencia/shared';
import {
  CREDIT_NOTE_DOCUMENT_TYPES,
  DEBIT_NOTE_DOCUMENT_TYPES,
  ECF_STATUSES,
  EXCHANGE_RATE_SOURCES,
  FOREIGN_CURRENCIES,
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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from './billing.js';
import { id, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * Fiscal sequences (rangos de NCF / e-NCF authorised by the DGII, Norma 06-2018). Numbers are
 * serials (1 = B0100000001). `nextNumber` is the next serial to hand out; the issuing
 * transaction increments it under a row lock, so numbers go out in order, never twice, and a
 * rollback gives the number back (decision 080). At most one active range per type.
 */
export const fiscalSequences = pgTable(
  'fiscal_sequences',
  {
    id: id(),
    documentType: text('document_type').notNull(),
    rangeFrom: bigint('range_from', { mode: 'number' }).notNull(),
    rangeTo: bigint('range_to', { mode: 'number' }).notNull(),
    nextNumber: bigint('next_number', { mode: 'number' }).notNull(),
    expiresOn: date('expires_on').notNull(),
    /** Percent of the range remaining that raises the alert. */
    alertThreshold: integer('alert_threshold').notNull().default(35),
    active: boolean('active').notNull().default(true),
    /** When admins were told the range is low / about to expire (once each). */
    lowAlertedAt: timestamp('low_alerted_at', { withTimezone: true }),
    expiryAlertedAt: timestamp('expiry_alerted_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('fiscal_sequences_one_active_uq').on(t.documentType).where(sql`${t.active}`),
    index('fiscal_sequences_type_idx').on(t.documentType, t.rangeFrom),
    check('fiscal_sequences_range', sql`${t.rangeFrom} >= 1 and ${t.rangeTo} >= ${t.rangeFrom}`),
    check(
      'fiscal_sequences_next_in_range',
      sql`${t.nextNumber} >= ${t.rangeFrom} and ${t.nextNumber} <= ${t.rangeTo} + 1`,
    ),
    check('fiscal_sequences_threshold', sql`${t.alertThreshold} between 1 and 99`),
  ],
);

/** A note line as stored (centavos); credit and debit notes alike. */
export interface NoteLineRow {
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  taxExempt: boolean;
}
/** A credit-note line as stored (centavos). */
export type CreditNoteLineRow = NoteLineRow;

/**
 * The columns credit and debit notes share (decision 138): the invoice they modify, their own NCF
 * and range, the day they were issued, the modified NCF and its date, reason, lines and amounts in
 * centavos, the fiscal snapshot (decision 132) and, for an e-CF note the portal signed, its security
 * code, signature time and DGII status (issue 26).
 */
const noteColumns = () => ({
  id: id(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  ncf: text('ncf').notNull(),
  sequenceId: uuid('sequence_id').references(() => fiscalSequences.id, { onDelete: 'set null' }),
  ncfExpiresOn: date('ncf_expires_on'),
  issueDate: date('issue_date').notNull(),
  modifiedNcf: text('modified_ncf').notNull(),
  modifiedIssueDate: date('modified_issue_date').notNull(),
  reason: text('reason').notNull(),
  lines: jsonb('lines').$type<NoteLineRow[]>().notNull(),
  subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
  exemptCents: bigint('exempt_cents', { mode: 'number' }).notNull().default(0),
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  /** Buyer and issuer as they were when the note was issued (decision 132). */
  fiscalSnapshot: jsonb('fiscal_snapshot').$type<FiscalSnapshot>(),
  /** An e-CF note's security code and signature time (issue 26: its own QR), and its DGII status in direct mode. */
  securityCode: text('security_code'),
  signedAt: timestamp('signed_at', { withTimezone: true }),
  ecfStatus: text('ecf_status', { enum: ECF_STATUSES }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Credit notes (B04 / E34) of issued invoices. `modifiedNcf`/`modifiedIssueDate` copy the
 * invoice's; `totalCents` is what the note takes off the invoice (ITBIS included), of which
 * `refundCents` exceeded the open balance and is owed back to the client.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    ...noteColumns(),
    documentType: text('document_type', { enum: CREDIT_NOTE_DOCUMENT_TYPES }).notNull(),
    modificationCode: integer('modification_code').notNull(),
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('credit_notes_ncf_uq').on(t.ncf),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_issue_date_idx').on(t.issueDate),
    check('credit_notes_code', sql`${t.modificationCode} between 1 and 5`),
    check(
      'credit_notes_money',
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} > 0 and ${t.refundCents} >= 0 and ${t.refundCents} <= ${t.totalCents}`,
    ),
  ],
);

/**
 * Debit notes (B03 / E33) of issued invoices (issue 27, decision 138): what they add to the
 * invoice, ITBIS included (`totalCents`), raises its balance (`invoices.debited_cents`). Their
 * DGII modification code is always 3, "corrige montos" (`DEBIT_NOTE_MODIFICATION_CODE`).
 */
export const debitNotes = pgTable(
  'debit_notes',
  {
    ...noteColumns(),
    documentType: text('document_type', { enum: DEBIT_NOTE_DOCUMENT_TYPES }).notNull(),
  },
  (t) => [
    uniqueIndex('debit_notes_ncf_uq').on(t.ncf),
    index('debit_notes_invoice_idx').on(t.invoiceId),
    index('debit_notes_issue_date_idx').on(t.issueDate),
    check(
      'debit_notes_money',
      sql`${t.subtotalCents} >= 0 and ${t.exemptCents} >= 0 and ${t.exemptCents} <= ${t.subtotalCents} and ${t.taxCents} >= 0 and ${t.totalCents} > 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`,
    ),
  ],
);

/** NCFs annulled without being used (reported in the 608, annulment types 01–10). */
export const ncfVoids = pgTable(
  'ncf_voids',
  {
    id: id(),
    sequenceId: uuid('sequence_id').references(() => fiscalSequences.id, { onDelete: 'set null' }),
    documentType: text('document_type').notNull(),
    ncf: text('ncf').notNull(),
    annulmentType: text('annulment_type').notNull(),
    reason: text('reason'),
    voidedOn: date('voided_on').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ncf_voids_ncf_uq').on(t.ncf),
    index('ncf_voids_date_idx').on(t.voidedOn),
    check('ncf_voids_type', sql`${t.annulmentType} in ('01','02','03','04','05','06','07','08','09','10')`),
  ],
);

/**
 * Closed fiscal periods (issue 27, decision 135): months (YYYYMM) whose DGII reports were filed.
 * A row means closed; reopening deletes it (the audit log keeps who, when and why).
 */
export const fiscalPeriods = pgTable(
  'fiscal_periods',
  {
    period: text('period').primaryKey(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('fiscal_periods_format', sql`${t.period} ~ '^[0-9]{4}(0[1-9]|1[0-2])$'`)],
);

/**
 * Exchange rates (issue 27, decision 137): DOP per one unit of `currency` on `date`, up to 4
 * decimals, as the Banco Central publishes them (its selling rate) — typed by an admin (`manual`)
 * or imported from the BCRD's series (`bcrd_csv`). One rate per currency and day; writing a day
 * again replaces it (audited). Issuing a foreign-currency invoice copies the rate of its day (or
 * the last one before it, within 7 days) onto the invoice, so changing a rate later never changes
 * an issued document.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    date: date('date').notNull(),
    currency: text('currency', { enum: FOREIGN_CURRENCIES }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 4, mode: 'number' }).notNull(),
    source: text('source', { enum: EXCHANGE_RATE_SOURCES }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('exchange_rates_currency_date_uq').on(t.currency, t.date),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
  ],
);
