import type { DgiiMessage } from '@agencia/shared';
import {
  COMMERCIAL_APPROVAL_STATUSES,
  ECF_CHANNELS,
  ECF_MODES,
  ECF_STATUSES,
  RECEIVED_ECF_VERIFICATIONS,
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { invoices } from './billing.js';
import { id, timestamps } from './columns.js';
import { creditNotes, debitNotes } from './fiscal.js';
import { expenses } from './purchases.js';
import { users } from './users.js';

/**
 * The e-CF set-up (issue 26): one row (`id` = 1). The certificate's key, certificate and password
 * are sealed together (AES-256-GCM, `ECF_ENCRYPTION_KEY` or `DATA_DIR/ecf-key`) in
 * `certificateSealed`; only the summary columns are readable. The DGII's session token is cached
 * sealed too, shared by every process until it expires.
 */
export const ecfSettings = pgTable(
  'ecf_settings',
  {
    id: smallint('id').primaryKey().default(1),
    ecfMode: text('ecf_mode', { enum: ECF_MODES }).notNull().default('provider'),
    certificateSealed: text('certificate_sealed'),
    certificateSubject: text('certificate_subject'),
    certificateSerial: text('certificate_serial'),
    certificateValidFrom: timestamp('certificate_valid_from', { withTimezone: true }),
    certificateValidTo: timestamp('certificate_valid_to', { withTimezone: true }),
    certificateUploadedAt: timestamp('certificate_uploaded_at', { withTimezone: true }),
    certificateUploadedBy: uuid('certificate_uploaded_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Which expiry warning went out for the loaded certificate: `30d`, then `expired`. */
    certificateWarned: text('certificate_warned'),
    tokenSealed: text('token_sealed'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /**
     * The admin confirmed the agency was certified by the DGII outside the portal's wizard (issue
     * 41): direct mode in production is allowed without the wizard's last step.
     */
    certifiedElsewhereAt: timestamp('certified_elsewhere_at', { withTimezone: true }),
    certifiedElsewhereBy: uuid('certified_elsewhere_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    ...timestamps(),
  },
  (t) => [check('ecf_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Every e-CF the portal signed (issue 26): the signed XML stored unchanged for ever, and its
 * journey to the DGII. The row is the outbox the sender claims (`lockedUntil`, `FOR UPDATE SKIP
 * LOCKED`), and a row with a `trackId` is never posted again. One live (not rejected) row per
 * e-NCF and per document: a rejection whose e-NCF the DGII did not spend (`sequenceUsed` false,
 * Reglamento 587-24 art. 17 párr. I) may be corrected and signed again as a new row, the rejected
 * one kept as it was. Exactly one of `invoiceId` / `creditNoteId` / `debitNoteId` is set.
 */
export const ecfDocuments = pgTable(
  'ecf_documents',
  {
    id: id(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id, { onDelete: 'restrict' }),
    /** An E33's (decision 138). */
    debitNoteId: uuid('debit_note_id').references(() => debitNotes.id, { onDelete: 'restrict' }),
    /** An E41/E43/E47 the agency issued for a purchase (decision 140, section on direct emission). */
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'restrict' }),
    encf: text('encf').notNull(),
    documentType: text('document_type').notNull(),
    /** Issuer RNC as signed (the DGII's file name is RNC + e-NCF). */
    issuerRnc: text('issuer_rnc').notNull(),
    signedXml: text('signed_xml').notNull(),
    /** The signed consumo summary (RFCE) for an E32 under RD$250,000 (`channel` = rfce). */
    summaryXml: text('summary_xml'),
    channel: text('channel', { enum: ECF_CHANNELS }).notNull().default('ecf'),
    securityCode: text('security_code').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ECF_STATUSES }).notNull().default('pending'),
    trackId: text('track_id'),
    messages: jsonb('messages').$type<DgiiMessage[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When admins were told it was rejected (once). */
    rejectionNotifiedAt: timestamp('rejection_notified_at', { withTimezone: true }),
    /** The DGII's `secuenciaUtilizada` with its answer: false = the e-NCF may be sent again. */
    sequenceUsed: boolean('sequence_used'),
    /**
     * DGII_ECF_ENV when signed (TesteCF, CerteCF, eCF; null for rows older than issue 41): the
     * certification wizard counts the simulation documents issued in CerteCF.
     */
    environment: text('environment'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ecf_documents_live_encf_uq').on(t.encf).where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('ecf_documents_live_invoice_uq')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null and ${t.status} <> 'rejected'`),
    uniqueIndex('ecf_documents_live_credit_note_uq')
      .on(t.creditNoteId)
      .where(sql`${t.creditNoteId} is not null and ${t.status} <> 'rejected'`),
    uniqueIndex('ecf_documents_live_debit_note_uq')
      .on(t.debitNoteId)
      .where(sql`${t.debitNoteId} is not null and ${t.status} <> 'rejected'`),
    index('ecf_documents_invoice_idx').on(t.invoiceId, t.createdAt),
    index('ecf_documents_credit_note_idx').on(t.creditNoteId, t.createdAt),
    index('ecf_documents_debit_note_idx').on(t.debitNoteId, t.createdAt),
    uniqueIndex('ecf_documents_live_expense_uq')
      .on(t.expenseId)
      .where(sql`${t.expenseId} is not null and ${t.status} <> 'rejected'`),
    index('ecf_documents_expense_idx').on(t.expenseId, t.createdAt),
    index('ecf_documents_due_idx').on(t.status, t.nextAttemptAt),
    check(
      'ecf_documents_one_owner',
      sql`num_nonnulls(${t.invoiceId}, ${t.creditNoteId}, ${t.debitNoteId}, ${t.expenseId}) = 1`,
    ),
  ],
);

/**
 * e-CF received from suppliers on the public reception route (`/fe/recepcion/api/ecf`), with the
 * signed ARECF acknowledgement answered and the admin's commercial approval (ACECF) (issue 26,
 * "Receiving"). A row is "por verificar" (`verification` pending) until the DGII's consulta de
 * estado confirms it (decision 161): several pending rows may carry one issuer's e-NCF (a forgery
 * cannot block the genuine document), at most one verified row does.
 */
export const ecfReceived = pgTable(
  'ecf_received',
  {
    id: id(),
    issuerRnc: text('issuer_rnc').notNull(),
    issuerName: text('issuer_name').notNull(),
    buyerRnc: text('buyer_rnc').notNull(),
    encf: text('encf').notNull(),
    documentType: text('document_type').notNull(),
    issueDate: date('issue_date').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    xml: text('xml').notNull(),
    /** The signed ARECF answered to the sender. */
    acknowledgementXml: text('acknowledgement_xml').notNull(),
    approvalStatus: text('approval_status', { enum: COMMERCIAL_APPROVAL_STATUSES })
      .notNull()
      .default('pending'),
    approvalReason: text('approval_reason'),
    /** The signed ACECF sent to the DGII, and its answer. */
    approvalXml: text('approval_xml'),
    approvalSentAt: timestamp('approval_sent_at', { withTimezone: true }),
    approvalMessages: jsonb('approval_messages').$type<DgiiMessage[]>().notNull().default([]),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first 6 characters of the e-CF's `SignatureValue`: the consulta de estado asks with it. */
    securityCode: text('security_code'),
    verification: text('verification', { enum: RECEIVED_ECF_VERIFICATIONS }).notNull().default('pending'),
    /** Why it is not (yet) verified, in Spanish (the DGII's answer, or ours). */
    verificationMessage: text('verification_message'),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    /** When the verifier asks the DGII next (also its claim lease while it asks). */
    nextVerificationAt: timestamp('next_verification_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('ecf_received_verified_encf_uq')
      .on(t.issuerRnc, t.encf)
      .where(sql`${t.verification} = 'verified'`),
    index('ecf_received_issuer_encf_idx').on(t.issuerRnc, t.encf),
    index('ecf_received_verification_idx').on(t.verification, t.nextVerificationAt),
    index('ecf_received_list_idx').on(t.receivedAt, t.id),
  ],
);

/** Commercial approvals (ACECF) our buyers sent about e-CF we issued (`/fe/aprobacioncomercial/api/ecf`). */
export const ecfBuyerApprovals = pgTable(
  'ecf_buyer_approvals',
  {
    id: id(),
    encf: text('encf').notNull(),
    buyerRnc: text('buyer_rnc').notNull(),
    /** The ACECF's Estado: 1 approved, 2 rejected. */
    state: smallint('state').notNull(),
    reason: text('reason'),
    xml: text('xml').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ecf_buyer_approvals_uq').on(t.encf, t.buyerRnc),
    check('ecf_buyer_approvals_state', sql`${t.state} in (1, 2)`),
  ],
);

/**
 * Annulments of unused e-NCF sent to the DGII (ANECF, issue 26: voiding numbers of an e-NCF range
 * in direct mode). One row per void request: the signed ANECF stored unchanged, and its delivery
 * through the e-CF sender (same claim and retry as `ecf_documents`).
 */
export const ecfAnnulments = pgTable(
  'ecf_annulments',
  {
    id: id(),
    documentType: text('document_type').notNull(),
    encfFrom: text('encf_from').notNull(),
    encfTo: text('encf_to').notNull(),
    count: integer('count').notNull(),
    issuerRnc: text('issuer_rnc').notNull(),
    signedXml: text('signed_xml').notNull(),
    status: text('status', { enum: ECF_STATUSES }).notNull().default('pending'),
    messages: jsonb('messages').$type<DgiiMessage[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('ecf_annulments_due_idx').on(t.status, t.nextAttemptAt),
    check('ecf_annulments_count', sql`${t.count} > 0`),
  ],
);
