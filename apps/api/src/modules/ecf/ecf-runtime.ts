import { ECF_STATUS_LABELS, ErrorCodes } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { ecfAnnulments, ecfDocuments } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import { buildAnecfXml } from './ecf-anecf.js';
import { isDirectEcfType, type SignedEcf, signExpenseEcf, signInvoiceEcf, signNoteEcf } from './ecf-issue.js';
import { ecfModeOf, loadSigningKey } from './ecf-settings.service.js';
import { signXml } from './ecf-signature.js';

/*
 * The process's e-CF configuration, set once by `buildApp` (like the list cap of lib/paging.ts), so
 * that issuing code deep in the billing services signs without threading the configuration through
 * every caller (issue 26). Until set, direct emission is unavailable and issuing behaves as the
 * provider mode.
 */
let current: EcfConfig | null = null;

/** Sets the process's e-CF configuration (`buildApp` passes `config.ecf`). */
export function setEcfConfig(config: EcfConfig): void {
  current = config;
}

/**
 * Inside an invoice's issuing transaction, after its e-NCF was taken: in direct mode builds, checks,
 * signs and stores its e-CF (`signInvoiceEcf`, throws 422/409 so nothing is consumed). Answers
 * whether it did; provider mode and paper types do nothing.
 */
export async function signIssuedInvoice(tx: Tx, invoiceId: string, documentType: string): Promise<boolean> {
  if (!current || !isDirectEcfType(documentType) || (await ecfModeOf(tx)) !== 'direct') return false;
  await signInvoiceEcf(tx, current, invoiceId);
  return true;
}

/** The same for a credit note (E34) inside its issuing transaction; answers what it signed, or null. */
export async function signIssuedCreditNote(
  tx: Tx,
  noteId: string,
  documentType: string,
): Promise<SignedEcf | null> {
  if (!current || !isDirectEcfType(documentType) || (await ecfModeOf(tx)) !== 'direct') return null;
  return signNoteEcf(tx, current, 'credit', noteId);
}

/**
 * The same for a debit note (E33, decision 138) inside its issuing transaction: in direct mode signs
 * and stores its e-CF and answers what it signed; null for a B03 or in provider mode.
 */
export async function signIssuedDebitNote(
  tx: Tx,
  noteId: string,
  documentType: string,
): Promise<SignedEcf | null> {
  if (!current || !isDirectEcfType(documentType) || (await ecfModeOf(tx)) !== 'direct') return null;
  return signNoteEcf(tx, current, 'debit', noteId);
}

/**
 * The same for a purchase document the agency issues (E41, E43, E47; decision 140) inside
 * `createExpense`'s transaction, after its e-NCF was taken: in direct mode signs and stores its e-CF
 * (`signExpenseEcf`; 422/409 roll the number back) and answers what it signed; null for B11/B13/B17,
 * a supplier's NCF or the provider mode.
 */
export async function signIssuedExpense(
  tx: Tx,
  expenseId: string,
  documentType: string,
): Promise<SignedEcf | null> {
  if (!current || !isDirectEcfType(documentType) || (await ecfModeOf(tx)) !== 'direct') return null;
  if (!['E41', 'E43', 'E47'].includes(documentType)) return null;
  return signExpenseEcf(tx, current, expenseId);
}

/**
 * Inside `deleteExpense`'s transaction, before its agency-issued e-NCF is annulled: withdraws the
 * purchase's e-CF from the outbox. Only a document the DGII never received can go — still
 * `pending` and never posted (no `submittedAt`, no TrackId) — or one it rejected: its e-NCF is then
 * unused and the caller annuls it with an ANECF ({@link recordEcfAnnulment}; decision 136,
 * "Voiding unused e-NCF"). A document posted, in process or accepted is a used e-NCF, which an ANECF
 * does not annul → 409 in Spanish. The rows are locked, so a sender that claimed the document
 * finds it gone when it records its attempt and does not post it (`EcfSender.markSubmitted`).
 * No-op when the purchase has no e-CF.
 */
export async function withdrawExpenseEcf(tx: Tx, expenseId: string): Promise<void> {
  const docs = await tx
    .select()
    .from(ecfDocuments)
    .where(eq(ecfDocuments.expenseId, expenseId))
    .for('update');
  for (const d of docs) {
    if (d.status === 'rejected') continue;
    if (d.status !== 'pending' || d.submittedAt || d.trackId)
      throw conflict(
        `El e-CF ${d.encf} ya se envió a la DGII (${ECF_STATUS_LABELS[d.status].toLowerCase()}): un e-NCF usado no se anula; registra una nota de crédito del proveedor o corrige el gasto con la DGII.`,
      );
  }
  if (docs.length > 0) await tx.delete(ecfDocuments).where(eq(ecfDocuments.expenseId, expenseId));
}

/**
 * 409 when direct e-CF emission is on (`ecf_settings.ecfMode` direct) while the company's
 * *Modo de facturación* (`company_settings.fiscalMode`) still says paper: the agency's own purchase
 * documents take their type from that mode (B11 ↔ E41, B13 ↔ E43, B17 ↔ E47, decision 140), and
 * the two settings must not disagree silently (issue 42, point 8) — a B11 numbered from a paper
 * range while the portal sends e-CF to the DGII. The message names the setting to change; the
 * envelope's field is `fiscalMode`.
 */
export async function assertModesAgree(tx: Tx, fiscalMode: 'paper' | 'electronic'): Promise<void> {
  if (fiscalMode !== 'paper' || (await ecfModeOf(tx)) !== 'direct') return;
  const message =
    'La emisión directa de e-CF está activa, pero el Modo de facturación de la empresa dice «Comprobantes en papel»: cambia el Modo de facturación a «Comprobantes electrónicos (e-CF serie E)» en Configuración → Fiscal, o desactiva la emisión directa, antes de emitir este comprobante.';
  throw new AppError(409, ErrorCodes.CONFLICT, message, [{ field: 'fiscalMode', message }]);
}

/**
 * Inside the void transaction of `POST /fiscal/sequences/{id}/void` (608 annulments): in direct mode
 * and for an e-CF type, builds and signs the ANECF of the consecutive e-NCF just voided
 * (`ecf-anecf.ts`) and stores it in `ecf_annulments` for the sender to deliver to the DGII's
 * anulación de rangos service (issue 26). Throws 409 without a certificate (the void rolls back).
 * Answers whether it did.
 */
export async function recordEcfAnnulment(
  tx: Tx,
  input: { documentType: string; ncfs: string[]; issuerRnc: string | null; actorId: string | null },
): Promise<boolean> {
  if (!current || !isDirectEcfType(input.documentType) || input.ncfs.length === 0) return false;
  if ((await ecfModeOf(tx)) !== 'direct') return false;
  const key = await loadSigningKey({ db: tx, config: current });
  if (!key) throw conflict('Carga el certificado digital (.p12) para anular e-NCF ante la DGII.');
  if (!input.issuerRnc) throw conflict('Configura el RNC de la empresa antes de anular e-NCF ante la DGII.');
  const sorted = [...input.ncfs].sort();
  const from = sorted[0]!;
  const to = sorted[sorted.length - 1]!;
  const xml = buildAnecfXml({
    issuerRnc: input.issuerRnc,
    at: new Date(),
    ranges: [{ type: Number(input.documentType.slice(1)), from, to, count: sorted.length }],
  });
  await tx.insert(ecfAnnulments).values({
    documentType: input.documentType,
    encfFrom: from,
    encfTo: to,
    count: sorted.length,
    issuerRnc: input.issuerRnc,
    signedXml: signXml(xml, key),
    createdBy: input.actorId,
  });
  return true;
}

/**
 * The DGII environment of the printed QR's address (`https://ecf.dgii.gov.do/{env}/ConsultaTimbre`):
 * the configured one (`testecf`, `certecf`, `ecf`) for a document the portal sent itself (it went
 * to that environment), production for the rest (an outside provider issued it).
 */
export function qrEnvironmentFor(sentByPortal: boolean): 'testecf' | 'certecf' | 'ecf' {
  if (!sentByPortal || !current) return 'ecf';
  return current.environment.toLowerCase() as 'testecf' | 'certecf' | 'ecf';
}
