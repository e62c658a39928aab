import {
  type CreateDebitNoteRequestSchema,
  type DebitNote,
  debitNoteTypeFor,
  type FiscalDocumentType,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { clients, debitNotes, invoices } from '../../db/schema/index.js';
import { effects, type Written } from '../../lib/effects.js';
import { conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { signIssuedDebitNote } from '../ecf/ecf-runtime.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { assertPeriodOpen } from '../fiscal/fiscal-periods.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { toDebitNoteDto } from './debit-notes.read.js';
import { noteBuyerId, noteFiscalSnapshot } from './fiscal-snapshot.js';
import { assertBuyerId } from './invoice-issue.js';
import { noteAmounts, noteIssueDay, recordNoteIssued } from './invoice-notes.js';
import { lockInvoice } from './invoices.queries.js';

/**
 * `POST /invoices/{id}/debit-notes` (admin, issue 27, decision 138): a debit note — B03 for a paper
 * invoice (B01, B02, B14, B15, B16), E33 for an e-CF — that raises what an issued invoice charges
 * (interest, an additional charge, a price corrected upwards; Norma General 06-2018, tipo 03).
 *
 * - Priced by `amount` (major units, ITBIS included, split like the invoice between ITBIS, taxable
 *   and exempt) or by `lines` at the invoice's ITBIS rate ({@link noteAmounts}); unlike a credit
 *   note there is no 30-day limit on its ITBIS and no cap.
 * - Takes its NCF from the active B03/E33 range in the same transaction, stores the modified NCF and
 *   date and the fiscal snapshot as it is now (decision 132); dated today (decision 132).
 * - Needs the buyer's RNC/cédula when the invoice it modifies does (`assertBuyerId`).
 * - Raises the invoice's balance (`debitedCents`); a paid invoice goes back to `pending` (part
 *   paid) with no paid date.
 * - In direct e-CF mode the E33 is signed and stored with the note (issue 26).
 *
 * Errors: 404 unknown invoice; 409 for a draft or cancelled invoice or one without NCF, no usable
 * B03/E33 range, today's month closed (decision 135); 400 for a date other than today, an amount
 * under RD$0.01, a missing buyer id; 422/409 from e-CF signing.
 */
export async function createDebitNote(
  opts: WriteCall & { invoiceId: string; input: z.output<typeof CreateDebitNoteRequestSchema> },
): Promise<Written<DebitNote>> {
  const { db, actor, ctx, invoiceId, input } = opts;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice.ncf || !invoice.documentType || invoice.status === 'draft' || invoice.status === 'cancelled')
      throw conflict('Solo se emiten notas de débito sobre facturas emitidas con comprobante fiscal (NCF).');
    const issueDate = noteIssueDay(input.issueDate, 'La nota de débito');
    await assertPeriodOpen({ tx, day: issueDate, what: 'issueDate' });
    const amounts = noteAmounts(input, invoice, true);

    const [client] = await tx.select().from(clients).where(eq(clients.id, invoice.clientId)).limit(1);
    const invoiceType = invoice.documentType as FiscalDocumentType;
    assertBuyerId(invoiceType, invoice.totalCents, noteBuyerId(invoice.fiscalSnapshot, client!));
    const noteType = debitNoteTypeFor(invoiceType);
    const taken = await takeNcf({ tx, type: noteType, today: issueDate });
    const [inserted] = await tx
      .insert(debitNotes)
      .values({
        invoiceId,
        documentType: noteType,
        ncf: taken.ncf,
        sequenceId: taken.sequenceId,
        ncfExpiresOn: taken.expiresOn,
        issueDate,
        modifiedNcf: invoice.ncf,
        modifiedIssueDate: invoice.issueDate,
        reason: input.reason,
        lines: amounts.lines,
        subtotalCents: amounts.subtotalCents,
        exemptCents: amounts.exemptCents,
        taxCents: amounts.taxCents,
        totalCents: amounts.totalCents,
        fiscalSnapshot: noteFiscalSnapshot(invoice.fiscalSnapshot, client!, await getCompanySettings(tx)),
        createdBy: actor.id,
      })
      .returning();
    // Direct e-CF emission (issue 26): the E33 is signed and stored with the note.
    const signed = await signIssuedDebitNote(tx, inserted!.id, noteType);
    const row = signed
      ? {
          ...inserted!,
          securityCode: signed.securityCode,
          signedAt: signed.signedAt,
          ecfStatus: 'pending' as const,
        }
      : inserted!;

    // The balance grows: a settled invoice is open again, part paid.
    const reopened = invoice.status === 'paid';
    await tx
      .update(invoices)
      .set({
        debitedCents: invoice.debitedCents + amounts.totalCents,
        status: reopened ? 'pending' : invoice.status,
        paidDate: reopened ? null : invoice.paidDate,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    const toClient = await recordNoteIssued(tx, {
      kind: { event: 'debit_note', label: 'Nota de débito', article: 'una nota de débito' },
      actorId: actor.id,
      ctx,
      invoice,
      ncf: taken.ncf,
      totalCents: amounts.totalCents,
    });
    return {
      value: toDebitNoteDto(row),
      effects: effects({ notifications: [...taken.notifications, ...toClient] }),
    };
  });
}
