import { type EcfAlerts, type EcfSubmission, FINAL_ECF_STATUSES } from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ecfDocuments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { ecfModeOf, getCertificate } from './ecf-settings.service.js';

type Row = typeof ecfDocuments.$inferSelect;

/** A stored e-CF as the invoice screen shows it. */
export function submissionOf(row: Row): EcfSubmission {
  return {
    encf: row.encf,
    status: row.status,
    channel: row.channel,
    securityCode: row.securityCode,
    signedAt: row.signedAt.toISOString(),
    trackId: row.trackId,
    messages: row.messages,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: FINAL_ECF_STATUSES.includes(row.status) ? null : row.nextAttemptAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The e-CF of invoice `id` (or of its credit note `noteId`) for an actor who may read the invoice
 * (invoice policy: staff, or the invoice's own client and never a draft; anyone else 404 as the
 * invoice routes answer). Null when the document was not issued in direct mode.
 */
export async function findEcfDocument(opts: {
  db: Db;
  actor: Actor;
  id: string;
  noteId?: string;
}): Promise<Row | null> {
  const invoice = await getInvoice({ db: opts.db, actor: opts.actor, id: opts.id });
  if (opts.noteId) {
    if (!invoice.creditNotes.some((n) => n._id === opts.noteId))
      throw notFound('Nota de crédito no encontrada');
    const [row] = await opts.db.select().from(ecfDocuments).where(eq(ecfDocuments.creditNoteId, opts.noteId));
    return row ?? null;
  }
  const [row] = await opts.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, invoice._id));
  return row ?? null;
}

/**
 * `POST /invoices/{id}/ecf/retry` (admin): a document still `pending` (the DGII did not answer) is
 * tried now instead of at its next back-off time; the attempt count restarts (audited). 404 when
 * the invoice has no direct e-CF; 409 once the DGII received it (`sent`: the result is being
 * asked; accepted or rejected: final — a rejected e-CF is corrected with a new document, see
 * decision 136).
 */
export async function retryEcf(opts: { db: Db; actor: Actor; ctx: AuditContext; id: string }): Promise<Row> {
  const row = await findEcfDocument(opts);
  if (!row) throw notFound('Esta factura no tiene un e-CF emitido desde el portal.');
  if (row.status !== 'pending')
    throw conflict(
      row.status === 'sent'
        ? 'La DGII ya recibió este e-CF; el portal está consultando su resultado.'
        : 'La DGII ya respondió sobre este e-CF; no se puede reenviar.',
    );
  const [updated] = await opts.db
    .update(ecfDocuments)
    .set({ nextAttemptAt: new Date(), attempts: 0, lastError: null, updatedAt: new Date() })
    .where(eq(ecfDocuments.id, row.id))
    .returning();
  await audit(opts.db, opts.ctx, 'invoice.ecf_retry', { type: 'invoice', id: opts.id }, { encf: row.encf });
  return updated!;
}

/** How long a document may wait for the DGII before the dashboard warns (issue 26: one hour). */
export const ECF_STALE_AFTER_MS = 3600_000;

/** `GET /fiscal/ecf-alerts`: rejected documents, documents waiting over an hour, certificate expiry. */
export async function ecfAlerts(db: Db, now = new Date()): Promise<EcfAlerts> {
  const staleBefore = new Date(now.getTime() - ECF_STALE_AFTER_MS).toISOString();
  const result = (await db.execute(sql`
    select count(*) filter (where status = 'rejected')::int as rejected,
           count(*) filter (where status in ('pending', 'sent') and signed_at < ${staleBefore}::timestamptz)::int as stale
      from ecf_documents`)) as unknown as { rows: Array<{ rejected: number; stale: number }> };
  const certificate = await getCertificate(db);
  return {
    ecfMode: await ecfModeOf(db),
    rejected: Number(result.rows[0]?.rejected ?? 0),
    stalePending: Number(result.rows[0]?.stale ?? 0),
    certificateValidTo: certificate?.validTo ?? null,
  };
}
