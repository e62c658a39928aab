import type { EcfConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { isDirectEcfType, type SignedEcf, signCreditNoteEcf, signInvoiceEcf } from './ecf-issue.js';
import { ecfModeOf } from './ecf-settings.service.js';

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
  return signCreditNoteEcf(tx, current, noteId);
}
