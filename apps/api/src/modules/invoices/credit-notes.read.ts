import type { CreditNote } from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { creditNotes } from '../../db/schema/index.js';

type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Maps a stored credit note to the API shape (major units, ISO dates). */
export function toCreditNoteDto(row: CreditNoteRow): CreditNote {
  return {
    _id: row.id,
    invoiceId: row.invoiceId,
    documentType: row.documentType,
    ncf: row.ncf,
    ncfExpiresOn: row.ncfExpiresOn,
    modifiedNcf: row.modifiedNcf,
    modifiedIssueDate: row.modifiedIssueDate,
    modificationCode: row.modificationCode,
    reason: row.reason,
    issueDate: row.issueDate,
    lines: row.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPriceCents / 100,
      total: l.totalCents / 100,
      taxExempt: l.taxExempt,
    })),
    subtotal: row.subtotalCents / 100,
    exemptAmount: row.exemptCents / 100,
    taxAmount: row.taxCents / 100,
    total: row.totalCents / 100,
    refundAmount: row.refundCents / 100,
    fiscalSnapshot: row.fiscalSnapshot ?? null,
    securityCode: row.securityCode,
    signedAt: row.signedAt?.toISOString() ?? null,
    ecfStatus: row.ecfStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The credit notes of an invoice, oldest first. */
export async function listCreditNotes({
  db,
  invoiceId,
}: {
  db: Db | Tx;
  invoiceId: string;
}): Promise<CreditNote[]> {
  const rows = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.ncf));
  return rows.map(toCreditNoteDto);
}
