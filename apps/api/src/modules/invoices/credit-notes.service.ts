import {
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  type CreateCreditNoteRequestSchema,
  type CreditNote,
  creditNoteTypeFor,
  daysBetween,
  dopAmounts,
  type FiscalDocumentType,
  formatMoney,
  fromCents,
} from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { clients, creditNotes, invoices } from '../../db/schema/index.js';
import { effects, type Written } from '../../lib/effects.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { signIssuedCreditNote } from '../ecf/ecf-runtime.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { assertPeriodOpen } from '../fiscal/fiscal-periods.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { releaseBilledWork } from './billed-work.js';
import { toCreditNoteDto } from './credit-notes.read.js';
import { noteBuyerId, noteFiscalSnapshot } from './fiscal-snapshot.js';
import { assertBuyerId } from './invoice-issue.js';
import { noteAmounts, noteIssueDay, recordNoteIssued } from './invoice-notes.js';
import { balanceCents, lockInvoice } from './invoices.queries.js';

/**
 * `POST /invoices/{id}/credit-notes` (admin, issue 12): a B04 / E34 credit note against an
 * issued invoice. Takes the note's NCF from its active range in the same transaction, stores
 * the modified NCF and date and the buyer's and issuer's fiscal data as they are now
 * (`fiscalSnapshot`, decision 132), and applies the note to the balance; what exceeds the open
 * balance (an invoice already paid) is recorded as a refund owed to the client. The credit notes of
 * an invoice never add up to more than its total plus its debit notes (decision 138). The note is dated today (business day; an
 * `issueDate` other than today → 400, decision 132); one issued more than
 * {@link CREDIT_NOTE_ITBIS_MAX_DAYS} days after the invoice carries no ITBIS. 409 for
 * drafts/cancelled invoices, no usable range or today's month closed (decision 135); 400 for amounts above what is left, a date other
 * than today or a missing buyer id.
 */
export async function createCreditNote(
  opts: WriteCall & { invoiceId: string; input: z.output<typeof CreateCreditNoteRequestSchema> },
): Promise<Written<CreditNote>> {
  const { db, actor, ctx, invoiceId, input } = opts;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice.ncf || !invoice.documentType || invoice.status === 'draft' || invoice.status === 'cancelled')
      throw conflict('Solo se emiten notas de crédito sobre facturas emitidas con comprobante fiscal (NCF).');
    const issueDate = noteIssueDay(input.issueDate, 'La nota de crédito');
    await assertPeriodOpen({ tx, day: issueDate, what: 'issueDate' });
    const withItbis = daysBetween(invoice.issueDate, issueDate) <= CREDIT_NOTE_ITBIS_MAX_DAYS;
    const amounts = noteAmounts(input, invoice, withItbis);
    const [{ credited }] = (await tx
      .select({ credited: sql<number>`coalesce(sum(${creditNotes.totalCents}), 0)::bigint`.mapWith(Number) })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoiceId))) as [{ credited: number }];
    // Debit notes raise what the invoice charges, so what credit notes may take off (decision 138).
    const available = invoice.totalCents + invoice.debitedCents - credited;
    if (amounts.totalCents > available) {
      const message = `Las notas de crédito no pueden superar el total de la factura (disponible: ${formatMoney(fromCents(available), invoice.currency)})`;
      throw badRequest(message, [{ field: input.lines ? 'lines' : 'amount', message }]);
    }

    const [client] = await tx.select().from(clients).where(eq(clients.id, invoice.clientId)).limit(1);
    const invoiceType = invoice.documentType as FiscalDocumentType;
    // The RD$250,000 threshold is in pesos: a foreign-currency invoice at its frozen rate (decision 137).
    assertBuyerId(
      invoiceType,
      dopAmounts(invoice, invoice.exchangeRate).totalCents,
      noteBuyerId(invoice.fiscalSnapshot, client!),
    );
    const noteType = creditNoteTypeFor(invoiceType);
    const taken = await takeNcf({ tx, type: noteType, today: issueDate });

    const open = balanceCents(invoice);
    const applied = Math.min(open, amounts.totalCents);
    const refundCents = amounts.totalCents - applied;
    const [inserted] = await tx
      .insert(creditNotes)
      .values({
        invoiceId,
        documentType: noteType,
        ncf: taken.ncf,
        sequenceId: taken.sequenceId,
        ncfExpiresOn: taken.expiresOn,
        issueDate,
        modifiedNcf: invoice.ncf,
        modifiedIssueDate: invoice.issueDate,
        modificationCode: input.modificationCode,
        reason: input.reason,
        lines: amounts.lines,
        subtotalCents: amounts.subtotalCents,
        exemptCents: amounts.exemptCents,
        taxCents: amounts.taxCents,
        totalCents: amounts.totalCents,
        refundCents,
        fiscalSnapshot: noteFiscalSnapshot(invoice.fiscalSnapshot, client!, await getCompanySettings(tx)),
        createdBy: actor.id,
      })
      .returning();
    // Direct e-CF emission (issue 26): the E34 is signed and stored with the note.
    const signed = await signIssuedCreditNote(tx, inserted!.id, noteType);
    const row = signed
      ? {
          ...inserted!,
          securityCode: signed.securityCode,
          signedAt: signed.signedAt,
          ecfStatus: 'pending' as const,
        }
      : inserted;

    const creditedCents = invoice.creditedCents + applied;
    const after = { ...invoice, creditedCents };
    const settled = balanceCents(after) === 0;
    // Fully credited with nothing paid = annulled by the note; otherwise settled = paid.
    const annulled = settled && invoice.paidCents + invoice.withheldCents === 0;
    await tx
      .update(invoices)
      .set({
        creditedCents,
        status: settled ? (annulled ? 'cancelled' : 'paid') : invoice.status,
        paidDate: settled && !annulled ? (invoice.paidDate ?? issueDate) : invoice.paidDate,
        cancelledAt: annulled ? new Date() : invoice.cancelledAt,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    // Fully credited (the notes take off everything it charges): what it billed is billable
    // again (decisions 115 and 142).
    if (credited + amounts.totalCents >= invoice.totalCents + invoice.debitedCents)
      await releaseBilledWork(tx, invoiceId);
    const refundNote =
      refundCents > 0
        ? ` · Reembolso al cliente: ${formatMoney(fromCents(refundCents), invoice.currency)}`
        : '';
    const toClient = await recordNoteIssued(tx, {
      kind: { event: 'credit_note', label: 'Nota de crédito', article: 'una nota de crédito' },
      actorId: actor.id,
      ctx,
      invoice,
      ncf: taken.ncf,
      totalCents: amounts.totalCents,
      eventSuffix: `${withItbis ? '' : ' (sin ITBIS: más de 30 días)'}${refundNote}`,
      auditMeta: { refundCents, modificationCode: input.modificationCode },
    });
    return {
      value: toCreditNoteDto(row!),
      effects: effects({ notifications: [...taken.notifications, ...toClient] }),
    };
  });
}
