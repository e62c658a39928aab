import { CURRENCIES, JOB_RUN_STATUSES, RECURRING_FREQUENCIES, RECURRING_STATUSES } from '@agencia/shared';
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
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * One row per scheduled job (decision 110). A process claims a due job by setting
 * `locked_until` (a lease) in a `FOR UPDATE SKIP LOCKED` update, so with several app processes
 * one runs it; a crashed process's lease simply expires.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status', { enum: JOB_RUN_STATUSES }),
  lastError: text('last_error'),
  lastSummary: text('last_summary'),
  /** Consecutive failed runs; 0 after a success. */
  failures: integer('failures').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per job and period (`period_key`, e.g. the business day `2026-03-05`): a period that
 * finished `ok` is not run again by the schedule (idempotency key of decision 110).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: id(),
    jobName: text('job_name').notNull(),
    periodKey: text('period_key').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    summary: text('summary'),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_runs_job_period_uq').on(t.jobName, t.periodKey)],
);

/** An invoice line of a retainer template: quantity × unit price (centavos). */
export interface RecurringItem {
  description: string;
  details: string | null;
  quantity: number;
  unitPriceCents: number;
  taxExempt: boolean;
}

/**
 * Retainers (igualas, issue 16, decision 111): the template of one invoice per period. The job
 * generates the period starting `next_period_start` when it is due; each generated invoice
 * points back here with its `period_start` (unique per retainer, so never twice).
 */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<RecurringItem[]>().notNull(),
    /** Percent; null = the company's rate when the invoice is generated. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }),
    currency: text('currency', { enum: CURRENCIES }),
    frequency: text('frequency', { enum: RECURRING_FREQUENCIES }).notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    count: integer('count'),
    autoSend: boolean('auto_send').notNull().default(false),
    status: text('status', { enum: RECURRING_STATUSES }).notNull().default('active'),
    paymentTerms: integer('payment_terms').notNull().default(30),
    hoursIncluded: numeric('hours_included', { precision: 8, scale: 2, mode: 'number' }),
    overageRateCents: bigint('overage_rate_cents', { mode: 'number' }),
    notes: text('notes'),
    /** Start of the next period to invoice; null once the end date or count is reached. */
    nextPeriodStart: date('next_period_start'),
    generatedCount: integer('generated_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('recurring_invoices_client_idx').on(t.clientId),
    index('recurring_invoices_due_idx').on(t.status, t.nextPeriodStart),
    check('recurring_invoices_day_range', sql`${t.dayOfMonth} between 1 and 31`),
  ],
);
