import {
  businessToday,
  computeInvoiceTotals,
  divRoundHalfUp,
  formatMoney,
  fromCents,
  type NoteLineInputSchema,
  toCents,
} from '@agencia/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { creditNotes, debitNotes, NoteLineRow } from '../../db/schema/index.js';
import { invoiceEvents } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { StoredNotifications } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { displayDate, notifyClientUsers } from '../billing-documents/billing-documents.js';
import type { InvoiceRow } from './invoices.queries.js';

/*
 * What credit notes (B04/E34, credit-notes.service.ts) and debit notes (B03/E33,
 * debit-notes.service.ts) share (decision 138): the issue-day date, pricing by amount or by lines,
 * the DTO fields and the records written when one is issued. What differs stays with each: the
 * 30-day ITBIS rule, the cap and the refund of credit notes; debit notes raising the balance.
 */

/** The amounts of a note in centavos, and its lines as stored. */
export interface NoteAmounts {
  lines: NoteLineRow[];
  subtotalCents: number;
  /** Part of `subtotalCents` exempt of ITBIS. */
  exemptCents: number;
  taxCents: number;
  totalCents: number;
}

/** The invoice figures a note is priced from (centavos; `taxRate` in percent). */
type PricedInvoice = Pick<
  InvoiceRow,
  'totalCents' | 'taxCents' | 'exemptCents' | 'subtotalCents' | 'discountCents' | 'taxRate'
>;

/**
 * A note's amounts in centavos from its request: `lines` priced like invoice lines at the invoice's
 * ITBIS rate (exempt lines without), or an `amount` (major units, ITBIS included) split like the
 * invoice — its ITBIS share is the invoice's tax / total (half-up) and its exempt share the
 * invoice's exempt / net base, so the note is taxed as the operation it modifies (decision 138).
 * `withItbis` false prices the note without ITBIS
 * (a credit note issued more than 30 days after its invoice). An `amount` becomes one line per
 * kind described by `reason`: its taxed part and, on an invoice with exempt lines, its exempt part. Throws 400 ("El monto mínimo es RD$0.01") when the note comes to nothing.
 */
export function noteAmounts(
  input: { amount?: number; lines?: Array<z.output<typeof NoteLineInputSchema>>; reason: string },
  invoice: PricedInvoice,
  withItbis: boolean,
): NoteAmounts {
  let amounts: NoteAmounts;
  if (input.lines) {
    const t = computeInvoiceTotals(input.lines, withItbis ? invoice.taxRate : 0, 0);
    amounts = {
      lines: input.lines.map((l, i) => ({
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: toCents(l.unitPrice),
        totalCents: t.lineTotalsCents[i]!,
        taxExempt: l.taxExempt,
      })),
      subtotalCents: t.subtotalCents,
      exemptCents: t.exemptCents,
      taxCents: t.taxCents,
      totalCents: t.totalCents,
    };
  } else {
    const amountCents = toCents(input.amount!);
    const taxCents =
      withItbis && invoice.totalCents > 0
        ? divRoundHalfUp(amountCents * invoice.taxCents, invoice.totalCents)
        : 0;
    const subtotalCents = amountCents - taxCents;
    const netBase = invoice.subtotalCents - invoice.discountCents;
    const exemptCents = netBase > 0 ? divRoundHalfUp(subtotalCents * invoice.exemptCents, netBase) : 0;
    // One line per kind, so the e-CF's MontoExento and MontoGravado equal the sums of their lines
    // (Formato e-CF, Totales <MontoExento> b: "suma de valores del monto ítem con indicador de
    // facturación = 4"): the taxed part (IndicadorFacturacion 1) and the exempt part (4), issue 42.
    const line = (cents: number, taxExempt: boolean): NoteLineRow => ({
      description: input.reason,
      quantity: 1,
      unitPriceCents: cents,
      totalCents: cents,
      taxExempt,
    });
    const taxedCents = subtotalCents - exemptCents;
    const lines = [line(taxedCents, false), line(exemptCents, true)].filter((l) => l.totalCents > 0);
    amounts = {
      lines: lines.length > 0 ? lines : [line(subtotalCents, false)],
      subtotalCents,
      exemptCents,
      taxCents,
      totalCents: amountCents,
    };
  }
  if (amounts.totalCents < 1) {
    const message = 'El monto mínimo es RD$0.01';
    throw badRequest(message, [{ field: input.lines ? 'lines' : 'amount', message }]);
  }
  return amounts;
}

/**
 * The day a note is dated: today (business day). A note is dated the day it is issued, like an
 * invoice (decision 132), so notes stay in numbering order and in the period being reported; an
 * `issueDate` sent with the request other than today → 400 on `issueDate`. `noun` names the note
 * in the message ("La nota de crédito").
 */
export function noteIssueDay(requested: string | undefined, noun: string): string {
  const today = businessToday();
  if (requested !== undefined && requested !== today) {
    const message = `${noun} se fecha el día en que se emite: la fecha debe ser hoy, ${displayDate(today)}.`;
    throw badRequest(message, [{ field: 'issueDate', message }]);
  }
  return today;
}

type NoteRow = typeof creditNotes.$inferSelect | typeof debitNotes.$inferSelect;

/** The fields every note DTO shares, from its row (major units, ISO dates and times). */
export function noteDtoFields(row: NoteRow) {
  return {
    _id: row.id,
    invoiceId: row.invoiceId,
    ncf: row.ncf,
    ncfExpiresOn: row.ncfExpiresOn,
    modifiedNcf: row.modifiedNcf,
    modifiedIssueDate: row.modifiedIssueDate,
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
    fiscalSnapshot: row.fiscalSnapshot ?? null,
    securityCode: row.securityCode,
    signedAt: row.signedAt?.toISOString() ?? null,
    ecfStatus: row.ecfStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How one kind of note is named in the records {@link recordNoteIssued} writes. */
export interface NoteKind {
  /** History event and activity suffix: `credit_note` / `debit_note`. */
  event: 'credit_note' | 'debit_note';
  /** "Nota de crédito" / "Nota de débito". */
  label: string;
  /** "una nota de crédito" / "una nota de débito" (inside a sentence). */
  article: string;
}

/**
 * Inside the issuing transaction, the records of a note: the invoice's history event (`note`
 * after the NCF and amount), the audit entry `invoice.<event>_issued` with `auditMeta`, the
 * activity-feed entry, and an in-app notification to the invoice's client users (answered, to
 * publish after commit).
 */
export async function recordNoteIssued(
  tx: Tx,
  opts: {
    kind: NoteKind;
    actorId: string;
    ctx: AuditContext;
    invoice: Pick<InvoiceRow, 'id' | 'clientId' | 'projectId' | 'invoiceNumber' | 'currency'>;
    ncf: string;
    totalCents: number;
    /** Appended to the history note (" (sin ITBIS…)", " · Reembolso…"). */
    eventSuffix?: string;
    auditMeta?: Record<string, unknown>;
  },
): Promise<StoredNotifications> {
  const { kind, invoice, ncf } = opts;
  const money = formatMoney(fromCents(opts.totalCents), invoice.currency);
  await tx.insert(invoiceEvents).values({
    invoiceId: invoice.id,
    event: kind.event,
    actorId: opts.actorId,
    note: `NCF ${ncf} por ${money}${opts.eventSuffix ?? ''}`,
  });
  await audit(
    tx,
    opts.ctx,
    `invoice.${kind.event}_issued`,
    { type: 'invoice', id: invoice.id },
    { ncf, totalCents: opts.totalCents, ...opts.auditMeta },
  );
  await recordActivity(tx, {
    actorId: opts.actorId,
    type: `invoice.${kind.event}`,
    entityType: 'invoice',
    entityId: invoice.id,
    clientId: invoice.clientId,
    projectId: invoice.projectId,
    title: `${kind.label} ${ncf} sobre la factura ${invoice.invoiceNumber}`,
  });
  return notifyClientUsers(tx, invoice.clientId, {
    topic: 'invoicesGenerated',
    title: `${kind.label} ${ncf}`,
    message: `Se emitió ${kind.article} por ${money} sobre la factura ${invoice.invoiceNumber}.`,
    link: `/billing/${invoice.id}`,
  });
}
