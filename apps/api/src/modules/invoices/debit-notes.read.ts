import type { DebitNote } from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { debitNotes } from '../../db/schema/index.js';
import { noteDtoFields } from './invoice-notes.js';

type DebitNoteRow = typeof debitNotes.$inferSelect;

/** Maps a stored debit note to the API shape (major units, ISO dates; decision 138). */
export function toDebitNoteDto(row: DebitNoteRow): DebitNote {
  return { ...noteDtoFields(row), documentType: row.documentType };
}

/** The debit notes of an invoice, oldest first. */
export async function listDebitNotes({
  db,
  invoiceId,
}: {
  db: Db | Tx;
  invoiceId: string;
}): Promise<DebitNote[]> {
  const rows = await db
    .select()
    .from(debitNotes)
    .where(eq(debitNotes.invoiceId, invoiceId))
    .orderBy(asc(debitNotes.createdAt), asc(debitNotes.ncf));
  return rows.map(toDebitNoteDto);
}
