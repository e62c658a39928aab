import type { DgiiMessage } from '@agencia/shared';
import {
  CERTIFICATION_CASE_STATUSES,
  CERTIFICATION_CHANNELS,
  CERTIFICATION_SET_KINDS,
  CERTIFICATION_SET_STATUSES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * The DGII certification wizard's steps (issue 41): one row per step checked off (1–15), with the
 * date the admin says it was done on the DGII portal and a note. A missing row = not done.
 */
export const ecfCertificationSteps = pgTable(
  'ecf_certification_steps',
  {
    step: smallint('step').primaryKey(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('ecf_certification_steps_range', sql`${t.step} between 1 and 15`)],
);

/**
 * An imported DGII test workbook (issue 41, "Pruebas de Datos e-CF" and "Aprobación Comercial").
 * The runner claims a set with a lease (`lockedUntil`, `FOR UPDATE SKIP LOCKED`) so one process
 * sends it; `status` follows the run: ready → sending → completed | stopped (first rejection).
 */
export const ecfCertificationSets = pgTable(
  'ecf_certification_sets',
  {
    id: id(),
    kind: text('kind', { enum: CERTIFICATION_SET_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    /** DGII_ECF_ENV when imported. */
    environment: text('environment').notNull(),
    status: text('status', { enum: CERTIFICATION_SET_STATUSES }).notNull().default('ready'),
    advice: text('advice'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('ecf_certification_sets_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * One case (workbook row) of a test set, in the DGII's sending order (`position`). `values` holds
 * the row as read (header → cell text, exactly as given); `unsignedXml` the document built from it
 * at import (checked against the rules before anything is stored); the signed XML is written at
 * send time. Each e-NCF is posted once, ever: `submittedAt` is committed before the request leaves,
 * and a unique index keeps one submitted case per issuer and e-NCF across sets.
 */
export const ecfCertificationCases = pgTable(
  'ecf_certification_cases',
  {
    id: id(),
    setId: uuid('set_id')
      .notNull()
      .references(() => ecfCertificationSets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    caseNumber: text('case_number').notNull(),
    documentType: text('document_type').notNull(),
    encf: text('encf').notNull(),
    issuerRnc: text('issuer_rnc').notNull(),
    channel: text('channel', { enum: CERTIFICATION_CHANNELS }).notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    unsignedXml: text('unsigned_xml').notNull(),
    signedXml: text('signed_xml'),
    /** The signed RFCE (channel rfce): the full E32 stays in `signedXml`. */
    summaryXml: text('summary_xml'),
    total: text('total'),
    status: text('status', { enum: CERTIFICATION_CASE_STATUSES }).notNull().default('ready'),
    trackId: text('track_id'),
    securityCode: text('security_code'),
    messages: jsonb('messages').$type<DgiiMessage[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ecf_certification_cases_position_uq').on(t.setId, t.position),
    uniqueIndex('ecf_certification_cases_submitted_uq')
      .on(t.issuerRnc, t.encf, t.channel)
      .where(sql`${t.submittedAt} is not null`),
    index('ecf_certification_cases_encf_idx').on(t.encf),
  ],
);
