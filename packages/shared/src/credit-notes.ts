import { z } from 'zod';
import type { CreditNoteModificationCode } from './fiscal.js';
import { amountXorLines, NoteLineInputSchema, noteFields, noteRequestFields } from './invoice-notes.js';

/*
 * Credit notes (B04 / E34) of issued invoices: the request and the note as the API answers it
 * (issue 12; the snapshot and the issue-day date, decision 132). The modification codes and the
 * 30-day ITBIS rule stay with the fiscal rules in fiscal.ts.
 */

/** The credit-note document types: B04 on paper, E34 electronic (Norma General 06-2018). */
export const CREDIT_NOTE_DOCUMENT_TYPES = ['B04', 'E34'] as const;

/** One line of a credit note (same rules as an invoice line). */
export const CreditNoteLineInputSchema = NoteLineInputSchema;

/**
 * `POST /invoices/{id}/credit-notes` (admin). Either `amount` (major units, ITBIS included: what
 * the note takes off the invoice) or `lines` (priced like invoice lines, ITBIS added on top).
 */
export const CreateCreditNoteRequestSchema = z
  .object({
    ...noteRequestFields('Indica el motivo de la nota de crédito'),
    modificationCode: z
      .number({ error: 'Código de modificación inválido (1–5)' })
      .int('Código de modificación inválido (1–5)')
      .min(1, 'Código de modificación inválido (1–5)')
      .max(5, 'Código de modificación inválido (1–5)')
      .transform((v) => v as CreditNoteModificationCode),
  })
  .refine(...amountXorLines);
export type CreateCreditNoteRequest = z.input<typeof CreateCreditNoteRequestSchema>;

/** A credit note (B04/E34) of an invoice. Money in major units; dates YYYY-MM-DD. */
export const CreditNoteSchema = z.object({
  ...noteFields,
  documentType: z.enum(CREDIT_NOTE_DOCUMENT_TYPES),
  modificationCode: z.number().int(),
  /** The part of the note above the invoice's open balance, owed back to the client. */
  refundAmount: z.number(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;
export const CreateCreditNoteResponseSchema = z.object({ creditNote: CreditNoteSchema });

/**
 * What is left of an invoice's ITBIS and of its amount before ITBIS once its credit notes are
 * deducted, in centavos (never below 0): the figures a withholding agent withholds on (issue 27,
 * point 5). A credit note annuls part of the operation (Norma General 06-2018, tipo 04), so the
 * buyer's 606 carries the ITBIS net of it and the 30 % of Norma 02-2005 — or the 100 % / ISR of a
 * persona física — applies to that net figure; withholding on the gross ITBIS would not match
 * the buyer's report.
 */
export function netOfCreditNotes(
  invoice: { taxCents: number; baseCents: number },
  notes: ReadonlyArray<{ taxCents: number; subtotalCents: number }>,
): { taxCents: number; baseCents: number } {
  const tax = notes.reduce((sum, n) => sum + n.taxCents, 0);
  const base = notes.reduce((sum, n) => sum + n.subtotalCents, 0);
  return {
    taxCents: Math.max(0, invoice.taxCents - tax),
    baseCents: Math.max(0, invoice.baseCents - base),
  };
}
