import {
  ECF_STATUSES,
  EXPENSE_STATUSES,
  EXPENSE_TYPES,
  ISR_WITHHOLDING_TYPES,
  PURCHASE_CURRENCIES,
  PURCHASE_DOCUMENT_TYPES,
  PURCHASE_PAYMENT_METHODS,
  SUPPLIER_TAX_ID_TYPES,
  SUPPLIER_TAXPAYER_TYPES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from './billing.js';
import { id, timestamps } from './columns.js';
import { ecfReceived } from './ecf.js';
import { files } from './files.js';
import { fiscalSequences } from './fiscal.js';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * Suppliers the agency buys from (decision 140). `taxId` holds RNC / cédula digits, a foreign
 * id as typed, or null for an informal supplier; an RNC or cédula belongs to one supplier.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    name: text('name').notNull(),
    taxId: text('tax_id'),
    taxIdType: text('tax_id_type', { enum: SUPPLIER_TAX_ID_TYPES }).notNull(),
    taxpayerType: text('taxpayer_type', { enum: SUPPLIER_TAXPAYER_TYPES }).notNull(),
    email: text('email'),
    phone: text('phone'),
    contactName: text('contact_name'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('DO'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('suppliers_tax_id_uq').on(t.taxId).where(sql`${t.taxIdType} in ('rnc', 'cedula')`),
    index('suppliers_name_idx').on(sql`lower(${t.name})`, t.id),
    check(
      'suppliers_tax_id_shape',
      sql`(${t.taxIdType} = 'none' and ${t.taxId} is null) or (${t.taxIdType} = 'rnc' and ${t.taxId} ~ '^[0-9]{8,9}$') or (${t.taxIdType} = 'cedula' and ${t.taxId} ~ '^[0-9]{10,11}$') or (${t.taxIdType} = 'foreign')`,
    ),
  ],
);

/**
 * Purchases and expenses (compras y gastos, the 606 lines; decision 140). Amounts are centavos of
 * `currency`; a USD purchase carries the DOP rate of its issue day (decision 137), which converts
 * every DGII figure. `ncf` is the supplier's NCF, or for B11/B13/B17 (E41/E43/E47) the number the
 * agency took from its own range (`sequenceId`); a supplier's NCF is recorded once. A `draft` is a
 * received e-CF to complete (`ecfReceivedId`); `invoiceId` is the invoice a billable expense was
 * billed on (like project_time_entries.invoice_id).
 */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    status: text('status', { enum: EXPENSE_STATUSES }).notNull().default('recorded'),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    documentType: text('document_type', { enum: PURCHASE_DOCUMENT_TYPES }).notNull(),
    ncf: text('ncf').notNull(),
    /** The agency's range the NCF came from (agency-issued types only). */
    sequenceId: uuid('sequence_id').references(() => fiscalSequences.id, { onDelete: 'set null' }),
    issueDate: date('issue_date').notNull(),
    paymentDate: date('payment_date'),
    /** 606 codes; null only while `draft`. */
    expenseType: text('expense_type', { enum: EXPENSE_TYPES }),
    paymentMethod: text('payment_method', { enum: PURCHASE_PAYMENT_METHODS }),
    currency: text('currency', { enum: PURCHASE_CURRENCIES }).notNull().default('DOP'),
    /** DOP per unit of `currency` on the issue day; null for DOP. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4, mode: 'number' }),
    goodsCents: bigint('goods_cents', { mode: 'number' }).notNull().default(0),
    servicesCents: bigint('services_cents', { mode: 'number' }).notNull().default(0),
    itbisCents: bigint('itbis_cents', { mode: 'number' }).notNull().default(0),
    itbisToCostCents: bigint('itbis_to_cost_cents', { mode: 'number' }).notNull().default(0),
    itbisWithheldCents: bigint('itbis_withheld_cents', { mode: 'number' }).notNull().default(0),
    isrWithholdingType: text('isr_withholding_type', { enum: ISR_WITHHOLDING_TYPES }),
    isrWithheldCents: bigint('isr_withheld_cents', { mode: 'number' }).notNull().default(0),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    billable: boolean('billable').notNull().default(false),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    receiptFileId: uuid('receipt_file_id').references(() => files.id, { onDelete: 'set null' }),
    ecfReceivedId: uuid('ecf_received_id').references(() => ecfReceived.id, { onDelete: 'set null' }),
    /**
     * Direct e-CF emission: the DGII status of the E41/E43/E47 the agency signed for this purchase
     * (`ecf_documents.expense_id`, mirrored by the sender like `invoices.ecf_status`); null otherwise.
     */
    ecfStatus: text('ecf_status', { enum: ECF_STATUSES }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('expenses_supplier_ncf_uq').on(t.supplierId, t.ncf),
    uniqueIndex('expenses_ecf_received_uq').on(t.ecfReceivedId),
    index('expenses_issue_date_idx').on(t.issueDate, t.id),
    index('expenses_payment_date_idx').on(t.paymentDate),
    index('expenses_project_idx').on(t.projectId, t.issueDate),
    index('expenses_supplier_idx').on(t.supplierId, t.issueDate),
    index('expenses_invoice_idx').on(t.invoiceId),
    check(
      'expenses_money',
      sql`${t.goodsCents} >= 0 and ${t.servicesCents} >= 0 and ${t.itbisCents} >= 0 and ${t.itbisToCostCents} >= 0 and ${t.itbisToCostCents} <= ${t.itbisCents} and ${t.itbisWithheldCents} >= 0 and ${t.itbisWithheldCents} <= ${t.itbisCents} and ${t.isrWithheldCents} >= 0 and ${t.isrWithheldCents} <= ${t.goodsCents} + ${t.servicesCents}`,
    ),
    check(
      'expenses_recorded_complete',
      sql`${t.status} = 'draft' or (${t.expenseType} is not null and ${t.paymentMethod} is not null)`,
    ),
    check(
      'expenses_rate',
      sql`(${t.currency} = 'DOP' and ${t.exchangeRate} is null) or (${t.currency} <> 'DOP' and ${t.exchangeRate} > 0)`,
    ),
  ],
);

export type ExpenseRow = typeof expenses.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
