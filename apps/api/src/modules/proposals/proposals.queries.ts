import { createHash } from 'node:crypto';
import {
  DOCUMENT_NUMBER_PREFIX,
  type DocumentEvent,
  type DocumentItem,
  type DocumentItemInput,
  type DocumentKind,
  type DocumentTemplate,
  fromCents,
  hasPermission,
  type MergeField,
  type SignableDocument,
  toCents,
} from '@agencia/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  type documentTemplates,
  leads,
  type StoredDocumentItem,
  signableDocumentEvents,
  signableDocumentSignatures,
  signableDocuments,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';
import {
  documentReadAccess,
  type ProposalAction,
  proposalPermissionFor,
  proposalPolicy,
} from './proposals.policy.js';

/** A stored document row. */
export type DocumentRow = typeof signableDocuments.$inferSelect;

/** Hex SHA-256 of bytes or UTF-8 text. */
export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** 403 unless `actor` may do `action` (role from the policy table; staff also need the permission). */
export function assertCan(actor: Actor, action: ProposalAction, owns = false): void {
  if (!proposalPolicy.can(actor.role, action, owns)) throw forbidden();
  const needed = proposalPermissionFor(actor.role, action);
  if (needed && !hasPermission(actor, needed)) throw forbidden();
}

/** Price table lines as typed → stored (centavos). */
export function toStoredItems(
  items: ReadonlyArray<DocumentItemInput & { currency?: string }>,
): StoredDocumentItem[] {
  return items.map((i) => ({
    description: i.description,
    serviceId: i.serviceId ?? null,
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
    currency: (i.currency ?? 'DOP') as StoredDocumentItem['currency'],
    milestone: i.milestone ?? null,
  }));
}

/** Stored lines → API lines (major units, with the line total). */
export function fromStoredItems(items: StoredDocumentItem[]): DocumentItem[] {
  return items.map((i) => ({
    description: i.description,
    serviceId: (i.serviceId ?? null) as DocumentItem['serviceId'],
    quantity: i.quantity,
    unitPrice: fromCents(i.unitPriceCents),
    currency: i.currency,
    milestone: i.milestone,
    total: fromCents(Math.round(i.quantity * i.unitPriceCents)),
  }));
}

/** The total of stored lines in centavos and their currency (DOP when empty). */
export function itemsTotal(items: StoredDocumentItem[]): {
  totalCents: number;
  currency: StoredDocumentItem['currency'];
} {
  return {
    totalCents: items.reduce((sum, i) => sum + Math.round(i.quantity * i.unitPriceCents), 0),
    currency: items[0]?.currency ?? 'DOP',
  };
}

/** "PRO-0007" / "CON-0003". */
export const documentNumber = (kind: DocumentKind, sequence: number) =>
  `${DOCUMENT_NUMBER_PREFIX[kind]}-${String(sequence).padStart(4, '0')}`;

/** A template as the API answers it. */
export function toTemplate(row: typeof documentTemplates.$inferSelect): DocumentTemplate {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    body: row.body,
    requiresCountersign: row.requiresCountersign,
    items: fromStoredItems(row.items),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Who the document is for: the client record, else the lead's contact. */
export interface Recipient {
  name: string;
  email: string | null;
  taxId: string | null;
  phone: string | null;
  address: string | null;
  company: string | null;
}

/** The recipient of a document from its client (preferred) or lead. */
export async function recipientOf(
  db: Db | Tx,
  row: Pick<DocumentRow, 'clientId' | 'leadId'>,
): Promise<Recipient> {
  if (row.clientId) {
    const [c] = await db.select().from(clients).where(eq(clients.id, row.clientId)).limit(1);
    if (c) {
      const person = `${c.firstName} ${c.lastName}`.trim();
      return {
        name: c.clientType === 'company' && c.companyName ? c.companyName : person,
        email: c.email,
        taxId: c.companyRnc ?? null,
        phone: c.phone,
        address: [c.street, c.city].filter(Boolean).join(', ') || null,
        company: c.companyName,
      };
    }
  }
  if (row.leadId) {
    const [l] = await db.select().from(leads).where(eq(leads.id, row.leadId)).limit(1);
    if (l)
      return {
        name: l.company ?? l.contactName,
        email: l.email,
        taxId: null,
        phone: l.phone,
        address: null,
        company: l.company,
      };
  }
  return { name: 'Destinatario', email: null, taxId: null, phone: null, address: null, company: null };
}

/** The values of the merge fields for a document. */
export function mergeValues(args: {
  row: Pick<DocumentRow, 'kind' | 'sequence' | 'version' | 'title'>;
  recipient: Recipient;
  settings: CompanySettingsRow;
  total: string;
  currency: string;
  date: string;
}): Partial<Record<MergeField, string | null>> {
  const { row, recipient, settings } = args;
  return {
    'cliente.nombre': recipient.name,
    'cliente.rnc': recipient.taxId,
    'cliente.email': recipient.email,
    'cliente.telefono': recipient.phone,
    'cliente.direccion': recipient.address,
    'cliente.empresa': recipient.company,
    'proyecto.nombre': row.title,
    total: args.total,
    moneda: args.currency,
    fecha: args.date,
    'documento.numero': documentNumber(row.kind, row.sequence),
    'documento.version': String(row.version),
    'empresa.nombre': settings.name,
    'empresa.rnc': settings.taxId,
    'empresa.email': settings.email,
    'empresa.telefono': settings.phone,
  };
}

/** The trail of a document, oldest first. */
export async function eventsOf(db: Db | Tx, documentId: string): Promise<DocumentEvent[]> {
  const rows = await db
    .select()
    .from(signableDocumentEvents)
    .where(eq(signableDocumentEvents.documentId, documentId))
    .orderBy(asc(signableDocumentEvents.at), asc(signableDocumentEvents.id));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    kind: r.kind,
    event: r.event,
    actor: r.actor,
    ip: r.ip,
    userAgent: r.userAgent,
  }));
}

/** Appends one event to a document's trail. */
export async function addEvent(
  db: Db | Tx,
  e: {
    documentId: string;
    kind: string;
    event: string;
    actor?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    at?: Date;
  },
): Promise<void> {
  await db.insert(signableDocumentEvents).values({
    documentId: e.documentId,
    kind: e.kind,
    event: e.event,
    actor: e.actor ?? null,
    ip: e.ip ?? null,
    userAgent: e.userAgent ?? null,
    at: e.at ?? new Date(),
  });
}

/** The row of `id` of `kind`; 404 in Spanish otherwise. */
export async function findDocument(
  db: Db | Tx,
  kind: DocumentKind,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<DocumentRow> {
  const query = db
    .select()
    .from(signableDocuments)
    .where(and(eq(signableDocuments.id, id), eq(signableDocuments.kind, kind)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(kind === 'proposal' ? 'Propuesta no encontrada' : 'Contrato no encontrado');
  return row;
}

/**
 * Loads a document `actor` may read (the policy's `documentReadAccess`): staff with
 * `proposals.read`; a client only its own, once sent (drafts and others' documents answer 404,
 * as if they did not exist).
 */
export async function readableDocument(
  db: Db | Tx,
  actor: Actor,
  kind: DocumentKind,
  id: string,
): Promise<DocumentRow> {
  const row = await findDocument(db, kind, id);
  const access = documentReadAccess(actor, row);
  if (access === 'hidden')
    throw notFound(kind === 'proposal' ? 'Propuesta no encontrada' : 'Contrato no encontrado');
  assertCan(actor, access === 'all' ? 'readAll' : 'read', access === 'own');
  return row;
}

/** A document row as the API answers it (`shareUrl` null: only the send answer carries it). */
export async function toDocument(
  db: Db | Tx,
  row: DocumentRow,
  mergedContent: string,
): Promise<SignableDocument> {
  const recipient = await recipientOf(db, row);
  const signatures = await db
    .select()
    .from(signableDocumentSignatures)
    .where(eq(signableDocumentSignatures.documentId, row.id))
    .orderBy(asc(signableDocumentSignatures.signedAt));
  const [owner] = row.ownerId
    ? await db
        .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.ownerId))
        .limit(1)
    : [];
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    version: row.version,
    previousVersionId: row.previousVersionId,
    supersededById: row.supersededById,
    title: row.title,
    leadId: row.leadId,
    clientId: row.clientId,
    recipient: { name: recipient.name, email: row.recipientEmail ?? recipient.email, taxId: recipient.taxId },
    templateId: row.templateId,
    content: row.content,
    mergedContent,
    items: fromStoredItems(row.items),
    currency: row.currency,
    total: fromCents(row.totalCents),
    requiresCountersign: row.requiresCountersign,
    status: row.status,
    views: {
      first: row.firstViewedAt?.toISOString() ?? null,
      last: row.lastViewedAt?.toISOString() ?? null,
      count: row.viewCount,
    },
    shareUrl: null,
    sentAt: row.sentAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    declinedAt: row.declinedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    documentSha256: signatures.length ? row.documentSha256 : null,
    sentSha256: row.status === 'draft' ? null : row.documentSha256,
    sealedSha256: row.sealedSha256,
    signatures: signatures.map((s) => ({
      role: s.role,
      name: s.name,
      idNumber: s.idNumber,
      email: s.email,
      ip: s.ip,
      userAgent: s.userAgent,
      signedAt: s.signedAt.toISOString(),
      signedAtLocal: s.signedAtLocal,
      documentSha256: s.documentSha256,
      consentText: s.consentText,
      consentSha256: s.consentSha256,
      otpVerifiedAt: s.otpVerifiedAt.toISOString(),
      hasSignatureImage: Boolean(s.signatureImageFileId),
    })),
    conversion:
      row.conversionTarget && row.conversionId && row.convertedAt
        ? { target: row.conversionTarget, id: row.conversionId, at: row.convertedAt.toISOString() }
        : null,
    owner: owner ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
