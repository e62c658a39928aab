import {
  CONVERSION_TARGETS,
  CURRENCIES,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  SIGNER_ROLES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { id, timestamps } from './columns.js';
import { files } from './files.js';
import { leads } from './leads.js';
import { users } from './users.js';

/** A price table line as stored: money in centavos. */
export interface StoredDocumentItem {
  description: string;
  serviceId: string | null;
  quantity: number;
  unitPriceCents: number;
  currency: (typeof CURRENCIES)[number];
  milestone: string | null;
}

/** Templates of proposals and contracts (decision 171): Markdown body with merge fields, default lines. */
export const documentTemplates = pgTable('document_templates', {
  id: id(),
  name: text('name').notNull(),
  kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
  body: text('body').notNull(),
  requiresCountersign: boolean('requires_countersign').notNull().default(true),
  items: jsonb('items').$type<StoredDocumentItem[]>().notNull().default([]),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps(),
});

/**
 * A proposal or contract, one row per version (decision 171). `number` is shared by every
 * version ("PRO-0007"); `(kind, sequence, version)` is unique. The PDF shown to the signer is
 * frozen in `pdf_file_id` with its SHA-256 (`document_sha256`) when sent (re-rendered while it may
 * still change); once signed nothing here changes but the status, the seal and the conversion.
 */
export const signableDocuments = pgTable(
  'signable_documents',
  {
    id: id(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    version: integer('version').notNull().default(1),
    previousVersionId: uuid('previous_version_id'),
    supersededById: uuid('superseded_by_id'),
    title: text('title').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => documentTemplates.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    items: jsonb('items').$type<StoredDocumentItem[]>().notNull().default([]),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('DOP'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    requiresCountersign: boolean('requires_countersign').notNull().default(true),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull().default('draft'),
    recipientEmail: text('recipient_email'),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The PDF exactly as shown to the signer (frozen at sending; kept as signed). */
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'set null' }),
    documentSha256: text('document_sha256'),
    sealedFileId: uuid('sealed_file_id').references(() => files.id, { onDelete: 'set null' }),
    sealedSha256: text('sealed_sha256'),
    sealError: text('seal_error'),
    conversionTarget: text('conversion_target', { enum: CONVERSION_TARGETS }),
    conversionId: uuid('conversion_id'),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('signable_documents_number_version_uq').on(t.kind, t.sequence, t.version),
    index('signable_documents_lead_idx').on(t.leadId),
    index('signable_documents_client_idx').on(t.clientId),
    index('signable_documents_document_sha_idx').on(t.documentSha256),
    index('signable_documents_sealed_sha_idx').on(t.sealedSha256),
    check('signable_documents_one_recipient', sql`(${t.leadId} is not null) or (${t.clientId} is not null)`),
  ],
);

/**
 * One frozen signature (decision 171): who, from where, when (UTC and Santo Domingo), the PDF's
 * and the consent's SHA-256 and the one-time code that proved the e-mail. Unique per document
 * and role: a second signature is refused by the database too.
 */
export const signableDocumentSignatures = pgTable(
  'signable_document_signatures',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signableDocuments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: SIGNER_ROLES }).notNull(),
    name: text('name').notNull(),
    idNumber: text('id_number').notNull(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    signedAtLocal: text('signed_at_local').notNull(),
    documentSha256: text('document_sha256').notNull(),
    consentText: text('consent_text').notNull(),
    consentSha256: text('consent_sha256').notNull(),
    otpId: uuid('otp_id').notNull(),
    otpVerifiedAt: timestamp('otp_verified_at', { withTimezone: true }).notNull(),
    signatureImageFileId: uuid('signature_image_file_id').references(() => files.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('signable_document_signatures_role_uq').on(t.documentId, t.role)],
);

/** The trail of a document (the "Certificado de firma" lists it), oldest first. */
export const signableDocumentEvents = pgTable(
  'signable_document_events',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signableDocuments.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    event: text('event').notNull(),
    actor: text('actor'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signable_document_events_document_idx').on(t.documentId, t.at)],
);

/**
 * One-time codes (6 digits, 10 minutes, 5 tries): only an HMAC-SHA256 of the code is stored.
 * A new code for the same document and role retires the previous ones (`retired_at`).
 */
export const documentOtps = pgTable(
  'document_otps',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => signableDocuments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: SIGNER_ROLES }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_otps_document_idx').on(t.documentId, t.role, t.createdAt)],
);
