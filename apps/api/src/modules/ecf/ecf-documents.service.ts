import { type EcfAlerts, type EcfSubmission, FINAL_ECF_STATUSES } from '@agencia/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { clients, ecfDocuments, invoices } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { buildFiscalSnapshot } from '../invoices/fiscal-snapshot.js';
import { getInvoice, lockInvoice } from '../invoices/invoices.queries.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { signInvoiceEcf } from './ecf-issue.js';
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
 * The e-CF of invoice `id` (or of its credit note `noteId`, or its debit note with `noteKind:
 * 'debit'`) for an actor who may read the invoice (invoice policy: staff, or the invoice's own
 * client and never a draft; anyone else 404 as the invoice routes answer). Null when the document
 * was not issued in direct mode; 404 for a note that is not the invoice's.
 */
export async function findEcfDocument(opts: {
  db: Db;
  actor: Actor;
  id: string;
  noteId?: string;
  noteKind?: 'credit' | 'debit';
}): Promise<Row | null> {
  const invoice = await getInvoice({ db: opts.db, actor: opts.actor, id: opts.id });
  if (opts.noteId) {
    const debit = opts.noteKind === 'debit';
    const notes = debit ? invoice.debitNotes : invoice.creditNotes;
    if (!notes.some((n) => n._id === opts.noteId))
      throw notFound(debit ? 'Nota de débito no encontrada' : 'Nota de crédito no encontrada');
    const [row] = await opts.db
      .select()
      .from(ecfDocuments)
      .where(eq(debit ? ecfDocuments.debitNoteId : ecfDocuments.creditNoteId, opts.noteId))
      .orderBy(desc(ecfDocuments.createdAt))
      .limit(1);
    return row ?? null;
  }
  // The latest attempt: a corrected document after a rejection is a new row (decision 136).
  const [row] = await opts.db
    .select()
    .from(ecfDocuments)
    .where(eq(ecfDocuments.invoiceId, invoice._id))
    .orderBy(desc(ecfDocuments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * `POST /invoices/{id}/ecf/retry` (admin, issue 26, decision 136):
 * - `pending` (the DGII did not answer): tried now instead of at its next back-off time; the
 *   attempt count restarts.
 * - `rejected` with the e-NCF not spent (`secuenciaUtilizada` false: invalid certificate or
 *   signature, unauthorised signer or e-NCF, expired sequence — causes 1 to 5 of Reglamento 587-24
 *   art. 17, whose párrafo I lets the issuer reuse the e-NCF once corrected): signed again from
 *   the invoice and the client and company data as they are now (a new fiscal snapshot) with the
 *   same e-NCF, as a new document; the rejected one stays stored as it was.
 * - `rejected` with the e-NCF spent: 409 — the invoice is cancelled and issued again with a new
 *   e-NCF (párrafo III: a rejected e-CF has no fiscal effect).
 * Audited. 404 when the invoice has no direct e-CF; 409 while `sent` or once accepted.
 */
export async function retryEcf(opts: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  config: EcfConfig;
  id: string;
}): Promise<Row> {
  const row = await findEcfDocument(opts);
  if (!row) throw notFound('Esta factura no tiene un e-CF emitido desde el portal.');
  if (row.status === 'rejected') return resignRejected(opts, row);
  if (row.status !== 'pending')
    throw conflict(
      row.status === 'sent'
        ? 'La DGII ya recibió este e-CF; el portal está consultando su resultado.'
        : 'La DGII ya aceptó este e-CF; no se puede reenviar.',
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
export async function ecfAlerts({ db, now = new Date() }: { db: Db; now?: Date }): Promise<EcfAlerts> {
  const staleBefore = new Date(now.getTime() - ECF_STALE_AFTER_MS).toISOString();
  const result = (await db.execute(sql`
    select count(*) filter (where d.status = 'rejected' and not exists (
             select 1 from ecf_documents n
              where n.created_at > d.created_at
                and (n.invoice_id = d.invoice_id or n.credit_note_id = d.credit_note_id
                     or n.debit_note_id = d.debit_note_id)))::int as rejected,
           count(*) filter (where d.status in ('pending', 'sent') and d.signed_at < ${staleBefore}::timestamptz)::int as stale
      from ecf_documents d`)) as unknown as { rows: Array<{ rejected: number; stale: number }> };
  const certificate = await getCertificate(db);
  return {
    ecfMode: await ecfModeOf(db),
    rejected: Number(result.rows[0]?.rejected ?? 0),
    stalePending: Number(result.rows[0]?.stale ?? 0),
    certificateValidTo: certificate?.validTo ?? null,
  };
}

/** A rejected e-CF whose e-NCF the DGII did not spend, signed again as it is now (see {@link retryEcf}). */
async function resignRejected(
  opts: { db: Db; actor: Actor; ctx: AuditContext; config: EcfConfig; id: string },
  rejected: Row,
): Promise<Row> {
  if (rejected.sequenceUsed !== false)
    throw conflict(
      'La DGII rechazó este e-CF y dio su e-NCF por utilizado: no se puede reenviar. Cancela la factura y emite una nueva (Duplicar) con un e-NCF nuevo.',
    );
  if (rejected.creditNoteId)
    throw conflict('Para corregir una nota de crédito rechazada, emite una nota de crédito nueva.');
  if (!rejected.invoiceId)
    throw conflict('Para corregir una nota de débito rechazada, emite una nota de débito nueva.');
  const invoiceId = rejected.invoiceId;
  await opts.db.transaction(async (tx) => {
    const current = await lockInvoice(tx, invoiceId);
    const [client] = await tx.select().from(clients).where(eq(clients.id, current.clientId)).limit(1);
    await tx
      .update(invoices)
      .set({
        fiscalSnapshot: buildFiscalSnapshot(client!, await getCompanySettings(tx)),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    const signed = await signInvoiceEcf(tx, opts.config, invoiceId);
    await audit(
      tx,
      opts.ctx,
      'invoice.ecf_resigned',
      { type: 'invoice', id: invoiceId },
      {
        encf: rejected.encf,
        securityCode: signed.securityCode,
        rejectedSecurityCode: rejected.securityCode,
      },
    );
  });
  const latest = await findEcfDocument(opts);
  return latest!;
}
