import type { CreditNote } from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { creditNotes } from '../../db/schema/index.js';
import { noteDtoFields } from './invoice-notes.js';

type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Maps a stored credit note to the API shape (major units, ISO dates). */
export function toCreditNoteDto(row: CreditNoteRow): CreditNote {
  return {
    ...noteDtoFields(row),
    documentType: row.documentType,
    modificationCode: row.modificationCode,
    refundAmount: row.refundCents / 100,
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
