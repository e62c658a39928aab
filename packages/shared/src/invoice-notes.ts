import { z } from 'zod';
import { EcfStatusSchema } from './ecf.js';
import { FiscalSnapshotSchema } from './fiscal-snapshot.js';
import { isoDateSchema } from './text.js';

/*
 * What credit notes (B04 / E34) and debit notes (B03 / E33) share (issues 12 and 27, decision 138):
 * both modify an issued invoice, are priced by an amount (ITBIS included) or by lines, are dated the
 * day they are issued (decision 132) and carry the modified NCF and the fiscal snapshot.
 */

const isoDate = isoDateSchema();

/** One line of a note (same rules as an invoice line); `unitPrice` in major units. */
export const NoteLineInputSchema = z.object({
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
 * The request fields of a note: `amount` (major units, ITBIS included) or `lines` (ITBIS added on
 * top), a `reason` (the message names the note) and an optional `issueDate`, which must be today.
 */
export const noteRequestFields = (reasonMessage: string) => ({
  amount: z
    .number({ error: 'Monto inválido' })
    .min(0.01, 'El monto mínimo es RD$0.01')
    .max(100_000_000)
    .optional(),
  lines: z.array(NoteLineInputSchema).min(1, 'Agrega al menos una línea').max(100).optional(),
  reason: z.string().trim().min(3, reasonMessage).max(500),
  /** Optional; a note is dated the day it is issued, so only today is accepted (decision 132). */
  issueDate: isoDate.optional(),
});

/** Exactly one of `amount` and `lines`: the refinement of a note request (`schema.refine(...)`). */
export const amountXorLines: [
  (v: { amount?: number; lines?: unknown[] }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => (v.amount === undefined) !== (v.lines === undefined),
  { message: 'Indica un monto o las líneas de la nota, no ambos', path: ['amount'] },
];

/** The answer fields of a note. Money in major units; dates YYYY-MM-DD; times ISO. */
export const noteFields = {
  _id: z.uuid(),
  invoiceId: z.uuid(),
  ncf: z.string(),
  ncfExpiresOn: z.string().nullable(),
  modifiedNcf: z.string(),
  modifiedIssueDate: z.string(),
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
  /**
   * Buyer and issuer as they were when the note was issued (decision 132): the note's PDF and its
   * 607 line read them. Null only on a credit note whose invoice had no snapshot to copy in
   * migration 0013.
   */
  fiscalSnapshot: FiscalSnapshotSchema.nullable(),
  /**
   * An e-CF note's own security code and signature time (ISO) when the portal signed it (issue 26:
   * its PDF prints its own QR), and where it stands with the DGII; null otherwise.
   */
  securityCode: z.string().nullable(),
  signedAt: z.string().nullable(),
  ecfStatus: EcfStatusSchema.nullable(),
  createdAt: z.string(),
};
