import { z } from 'zod';
import { EcfStatusSchema } from './ecf.js';
import type { CreditNoteModificationCode } from './fiscal.js';
import { FiscalSnapshotSchema } from './fiscal-snapshot.js';
import { isoDateSchema } from './text.js';

/*
 * Credit notes (B04 / E34) of issued invoices: the request and the note as the API answers it
 * (issue 12; the snapshot and the issue-day date, decision 132). The modification codes and the
 * 30-day ITBIS rule stay with the fiscal rules in fiscal.ts.
 */

const isoDate = isoDateSchema();

/** The credit-note document types: B04 on paper, E34 electronic (Norma General 06-2018). */
export const CREDIT_NOTE_DOCUMENT_TYPES = ['B04', 'E34'] as const;

/** One line of a credit note (same rules as an invoice line). */
export const CreditNoteLineInputSchema = z.object({
  description: z.string().trim().min(1, 'Descripción es requerida').max(300),
  quantity: z
    .number({ error: 'Cantidad inválida' })
    .positive('La cantidad debe ser mayor que 0')
    .max(1_000_000),
  unitPrice: z
    .number({ error: 'Precio inválido' })
    .min(0, 'El precio no puede ser negativo')
    .max(100_000_000),
  taxExempt: z.boolean().default(false),
});

/**
 * `POST /invoices/{id}/credit-notes` (admin). Either `amount` (major units, ITBIS included: what
 * the note takes off the invoice) or `lines` (priced like invoice lines, ITBIS added on top).
 */
export const CreateCreditNoteRequestSchema = z
  .object({
    amount: z
      .number({ error: 'Monto inválido' })
      .min(0.01, 'El monto mínimo es RD$0.01')
      .max(100_000_000)
      .optional(),
    lines: z.array(CreditNoteLineInputSchema).min(1, 'Agrega al menos una línea').max(100).optional(),
    reason: z.string().trim().min(3, 'Indica el motivo de la nota de crédito').max(500),
    modificationCode: z
      .number({ error: 'Código de modificación inválido (1–5)' })
      .int('Código de modificación inválido (1–5)')
      .min(1, 'Código de modificación inválido (1–5)')
      .max(5, 'Código de modificación inválido (1–5)')
      .transform((v) => v as CreditNoteModificationCode),
    /** Optional; a note is dated the day it is issued, so only today is accepted (decision 132). */
    issueDate: isoDate.optional(),
  })
  .refine((v) => (v.amount === undefined) !== (v.lines === undefined), {
    message: 'Indica un monto o las líneas de la nota, no ambos',
    path: ['amount'],
  });
export type CreateCreditNoteRequest = z.input<typeof CreateCreditNoteRequestSchema>;

/** A credit note (B04/E34) of an invoice. Money in major units; dates YYYY-MM-DD. */
export const CreditNoteSchema = z.object({
  _id: z.uuid(),
  invoiceId: z.uuid(),
  documentType: z.enum(CREDIT_NOTE_DOCUMENT_TYPES),
  ncf: z.string(),
  ncfExpiresOn: z.string().nullable(),
  modifiedNcf: z.string(),
  modifiedIssueDate: z.string(),
  modificationCode: z.number().int(),
  reason: z.string(),
  issueDate: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      total: z.number(),
      taxExempt: z.boolean(),
    }),
  ),
  subtotal: z.number(),
  /** Part of `subtotal` exempt of ITBIS (the exempt share of an amount-based note); ITBIS is on the rest. */
  exemptAmount: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  refundAmount: z.number(),
  /**
   * Buyer and issuer as they were when the note was issued (decision 132): the note's PDF and its
   * 607 line read them. Null only on a note whose invoice had no snapshot to copy in migration 0013.
   */
  fiscalSnapshot: FiscalSnapshotSchema.nullable(),
  /**
   * An E34's own security code and signature time (ISO) when the portal signed it (issue 26: its
   * PDF prints its own QR), and where it stands with the DGII; null otherwise.
   */
  securityCode: z.string().nullable(),
  signedAt: z.string().nullable(),
  ecfStatus: EcfStatusSchema.nullable(),
  createdAt: z.string(),
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
