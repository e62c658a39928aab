import { z } from 'zod';
import { amountXorLines, noteFields, noteRequestFields } from './invoice-notes.js';

/*
 * Debit notes (B03 / E33) of issued invoices (issue 27, decision 138): they raise what the invoice
 * charges — interest, additional charges, a price corrected upwards — carry the modified NCF and
 * ITBIS at the invoice's rate on their taxable part, and raise the invoice's balance.
 */

/** The debit-note document types: B03 on paper, E33 electronic (Norma General 06-2018, tipo 03). */
export const DEBIT_NOTE_DOCUMENT_TYPES = ['B03', 'E33'] as const;

/**
 * `POST /invoices/{id}/debit-notes` (admin). Either `amount` (major units, ITBIS included: what the
 * note adds to the invoice, split like it between taxable and exempt) or `lines` (priced like
 * invoice lines, ITBIS added on top), and a reason.
 */
export const CreateDebitNoteRequestSchema = z
  .object(noteRequestFields('Indica el motivo de la nota de débito'))
  .refine(...amountXorLines);
export type CreateDebitNoteRequest = z.input<typeof CreateDebitNoteRequestSchema>;

/** A debit note (B03/E33) of an invoice. Money in major units; dates YYYY-MM-DD. */
export const DebitNoteSchema = z.object({
  ...noteFields,
  documentType: z.enum(DEBIT_NOTE_DOCUMENT_TYPES),
});
export type DebitNote = z.infer<typeof DebitNoteSchema>;
export const CreateDebitNoteResponseSchema = z.object({ debitNote: DebitNoteSchema });
