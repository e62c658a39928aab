import {
  DOCUMENTS_CHANGED_EVENT,
  formatLongDate,
  formatMoney,
  fromCents,
  type SignableDocument,
  signConsentText,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { signableDocuments } from '../../db/schema/index.js';
import { type Effects, effects } from '../../lib/effects.js';
import { notFound } from '../../lib/errors.js';
import { readFile, saveFile } from '../../lib/storage.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { mergeTemplate } from './proposals.merge.js';
import { renderSignablePdf } from './proposals.pdf.js';
import { type DocumentRow, mergeValues, recipientOf, sha256, toDocument } from './proposals.queries.js';

/* Rendering helpers of proposals and contracts (decision 171): merge, PDF, freeze, API shape. */

/** Realtime: proposals/contracts changed (staff refetch; no data in the payload). */
export function documentsChanged(
  documentId: string | null,
  notifications: Effects['notifications'] = [],
): Effects {
  return effects({
    notifications,
    messages: [{ event: DOCUMENTS_CHANGED_EVENT, payload: { documentId }, roles: ['admin', 'employee'] }],
  });
}

/** The merged Markdown and the PDF model inputs of a row. */
export async function mergedOf(db: Db | Tx, row: DocumentRow) {
  const settings = await getCompanySettings(db);
  const recipient = await recipientOf(db, row);
  const date = (row.sentAt ?? row.createdAt).toISOString().slice(0, 10);
  const total = formatMoney(fromCents(row.totalCents), row.currency);
  const merged = mergeTemplate(
    row.content,
    mergeValues({ row, recipient, settings, total, currency: row.currency, date: formatLongDate(date) }),
  );
  return { settings, recipient, date, merged };
}

/** Renders the PDF of a row as it stands (the preview; the same bytes as what is frozen at sending). */
export async function renderRow(db: Db | Tx, row: DocumentRow): Promise<Buffer> {
  const { settings, recipient, date, merged } = await mergedOf(db, row);
  const doc = await toDocument(db, row, merged);
  return renderSignablePdf({
    db,
    settings,
    model: {
      kind: row.kind,
      number: row.number,
      version: row.version,
      title: row.title,
      date,
      recipient: {
        name: recipient.name,
        taxId: recipient.taxId,
        email: row.recipientEmail ?? recipient.email,
      },
      body: merged,
      items: doc.items,
      currency: row.currency,
      total: doc.total,
      createdAt: row.updatedAt,
    },
  });
}

/** Renders and stores the PDF the signer will see; sets `pdf_file_id` and `document_sha256`. */
export async function freezePdf(tx: Tx, row: DocumentRow, actorId: string | null): Promise<DocumentRow> {
  const pdf = await renderRow(tx, row);
  const file = await saveFile(tx, {
    ownerType: 'signable_document',
    ownerId: row.id,
    filename: `${row.number}-v${row.version}.pdf`,
    data: pdf,
    uploadedBy: actorId,
    maxBytes: 20 * 1024 * 1024,
    allowed: ['application/pdf'],
  });
  const [updated] = await tx
    .update(signableDocuments)
    .set({ pdfFileId: file.id, documentSha256: sha256(pdf) })
    .where(eq(signableDocuments.id, row.id))
    .returning();
  return updated!;
}

/** The API shape of a row, merged. */
export async function present(db: Db | Tx, row: DocumentRow): Promise<SignableDocument> {
  const { merged } = await mergedOf(db, row);
  return toDocument(db, row, merged);
}

/** The bytes of a row's PDF (see {@link documentPdf}). */
export async function pdfOf(
  db: Db | Tx,
  row: DocumentRow,
  copy: 'signed' | 'current' = 'current',
): Promise<{ filename: string; body: Buffer }> {
  const base = `${row.number}-v${row.version}`;
  if (copy === 'current' && row.sealedFileId) {
    const file = await readFile(db, row.sealedFileId);
    if (file) return { filename: `${base}-firmado.pdf`, body: file.data };
  }
  if (row.pdfFileId) {
    const file = await readFile(db, row.pdfFileId);
    if (file) return { filename: `${base}.pdf`, body: file.data };
  }
  if (copy === 'signed') throw notFound('Este documento aún no tiene una copia firmada');
  return { filename: `${base}.pdf`, body: await renderRow(db, row) };
}

/** The consent text of a document naming it (the shared `signConsentText`, also shown by the portal). */
export function consentTextOf({ row }: { row: Pick<DocumentRow, 'kind' | 'number' | 'version'> }): string {
  return signConsentText(row);
}
