import { type Invoice, type InvoiceSummary, invoiceIsOpen, isElectronicType, toCents } from '@agencia/shared';

/** Why an invoice with an NCF offers no Cancelar/Eliminar (decision 080: it needs a credit note). */
export const NCF_LOCKED_HINT = 'Tiene comprobante fiscal: corrígela con una nota de crédito';

/**
 * What the invoice's credit notes add up to, in centavos. The full invoice lists its notes; a
 * list summary only has `amountCredited`, which the API counts as the part applied to the
 * balance (a note's refund is left out), so it can understate.
 */
export function creditedCentsOf(inv: InvoiceSummary | Invoice): number {
  return 'creditNotes' in inv
    ? inv.creditNotes.reduce((a, n) => a + toCents(n.total), 0)
    : toCents(inv.amountCredited);
}

/**
 * Which staff actions an invoice allows, shared by the list's row menu and the detail page so
 * both follow the server's rules (decision 080): drafts are edited, issued (`Emitir`) or sent
 * (which issues too) and deleted; an invoice with an NCF is never cancelled or deleted — it gets
 * credit notes while they don't reach its total (plus its debit notes) and debit notes while it is
 * not cancelled; e-CF types record the provider's signature,
 * unless the portal signed and sent it itself (direct emission, `ecfStatus` set, issue 26).
 */
export function invoiceActionRules(inv: InvoiceSummary | Invoice) {
  const isDraft = inv.status === 'draft';
  const payable = invoiceIsOpen(inv.status);
  const fiscal = Boolean(inv.ncf);
  const electronic = fiscal && inv.documentType !== null && isElectronicType(inv.documentType);
  return {
    isDraft,
    payable,
    fiscal,
    electronic,
    /** "Registrar e-CF firmado": an e-CF whose provider signed it (not one the portal issued). */
    recordsSignature: electronic && inv.ecfStatus === null,
    creditable:
      fiscal &&
      inv.status !== 'cancelled' &&
      creditedCentsOf(inv) < toCents(inv.total) + toCents(inv.amountDebited),
    /** "Nota de débito" (decision 138): any issued invoice with an NCF that is not cancelled. */
    debitable: fiscal && !isDraft && inv.status !== 'cancelled',
    cancellable: payable && !fiscal && inv.amountPaid === 0 && inv.amountWithheld === 0,
    /** Shown disabled with {@link NCF_LOCKED_HINT}: it would be cancellable but for its NCF. */
    cancelLocked: payable && fiscal,
  };
}
