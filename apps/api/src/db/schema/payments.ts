import {
  AZUL_ENVIRONMENTS,
  CARD_PAYMENT_STATUSES,
  CURRENCIES,
  type Currency,
  PAYMENT_REPORT_STATUSES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoicePayments, invoices } from './billing.js';
import { id, timestamps } from './columns.js';
import { files } from './files.js';
import { users } from './users.js';

/*
 * Paying from the portal (decision 147): transfer reports, Azul card payment attempts and the
 * Azul set-up. A confirmed report or an approved attempt points at the invoice payment it made.
 */

/**
 * A transfer a client reports on one of its open invoices, with the bank's receipt (a stored
 * file). An admin confirms it once (which records the payment) or rejects it with a reason.
 */
export const paymentReports = pgTable(
  'payment_reports',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PAYMENT_REPORT_STATUSES }).notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The day the client says it transferred (YYYY-MM-DD). */
    transferDate: date('transfer_date').notNull(),
    bank: text('bank').notNull(),
    reference: text('reference').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    paymentId: uuid('payment_id').references(() => invoicePayments.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('payment_reports_status_idx').on(t.status, t.createdAt),
    index('payment_reports_invoice_idx').on(t.invoiceId),
    check('payment_reports_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * One card payment attempt through Azul's Payment Page: the order number sent (unique per
 * attempt), the amount, and Azul's answer once the browser comes back. An approved answer makes
 * one invoice payment (`paymentId`); a repeated answer changes nothing.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    status: text('status', { enum: CARD_PAYMENT_STATUSES }).notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    itbisCents: bigint('itbis_cents', { mode: 'number' }).notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).$type<Currency>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Azul's answer (query string of the approved/declined URL). */
    authorizationCode: text('authorization_code'),
    rrn: text('rrn'),
    azulOrderId: text('azul_order_id'),
    responseCode: text('response_code'),
    isoCode: text('iso_code'),
    responseMessage: text('response_message'),
    errorDescription: text('error_description'),
    /** Azul's `DateTime` of the transaction (YYYYMMDDHHMMSS, Santo Domingo time). */
    azulDateTime: text('azul_date_time'),
    paymentId: uuid('payment_id').references(() => invoicePayments.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('card_payments_order_number_key').on(t.orderNumber),
    index('card_payments_invoice_idx').on(t.invoiceId),
    check('card_payments_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The Azul Payment Page set-up: a single row (id = 1), off until an admin turns it on. The auth
 * key is sealed with AES-256-GCM (`lib/sealed.ts`, the e-CF key) and never returned.
 */
export const onlinePaymentSettings = pgTable(
  'online_payment_settings',
  {
    id: smallint('id').primaryKey().default(1),
    azulEnabled: boolean('azul_enabled').notNull().default(false),
    azulEnvironment: text('azul_environment', { enum: AZUL_ENVIRONMENTS }).notNull().default('pruebas'),
    azulMerchantId: text('azul_merchant_id').notNull().default(''),
    azulMerchantName: text('azul_merchant_name').notNull().default(''),
    azulMerchantType: text('azul_merchant_type').notNull().default(''),
    azulAuthKeySealed: text('azul_auth_key_sealed'),
    azulCurrencies: jsonb('azul_currencies').$type<Currency[]>().notNull().default(['DOP']),
    ...timestamps(),
  },
  (t) => [check('online_payment_settings_one_row', sql`${t.id} = 1`)],
);
