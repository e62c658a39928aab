import {
  businessToday,
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  type CreateCreditNoteRequestSchema,
  type CreditNote,
  computeInvoiceTotals,
  creditNoteTypeFor,
  daysBetween,
  divRoundHalfUp,
  dopAmounts,
  type FiscalDocumentType,
  formatMoney,
  fromCents,
  toCents,
} from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreditNoteLineRow } from '../../db/schema/fiscal.js';
import { clients, creditNotes, invoiceEvents, invoices, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { signIssuedCreditNote } from '../ecf/ecf-runtime.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { assertPeriodOpen } from '../fiscal/fiscal-periods.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { displayDate, type WriteOptions } from './billing-documents.js';
import { toCreditNoteDto } from './credit-notes.read.js';
import { buildFiscalSnapshot } from './fiscal-snapshot.js';
import { assertBuyerId } from './invoice-issue.js';
import { balanceCents, lockInvoice } from './invoices.queries.js';

/** The amounts of a note in centavos. */
interface NoteAmounts {
  lines: CreditNoteLineRow[];
  subtotalCents: number;
  exemptCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * An `amount` (ITBIS included) split like the invoice: the ITBIS share is the invoice's
 * tax / total ratio (half-up), none when the note carries no ITBIS.
 */
function fromAmount(
  amountCents: number,
  invoice: {
    totalCents: number;
    taxCents: number;
    exemptCents: number;
    subtotalCents: number;
    discountCents: number;
  },
  withItbis: boolean,
  description: string,
): NoteAmounts {
  const taxCents =
    withItbis && invoice.totalCents > 0
      ? divRoundHalfUp(amountCents * invoice.taxCents, invoice.totalCents)
      : 0;
  const subtotalCents = amountCents - taxCents;
  const netBase = invoice.subtotalCents - invoice.discountCents;
  const exemptCents = netBase > 0 ? divRoundHalfUp(subtotalCents * invoice.exemptCents, netBase) : 0;
  return {
    lines: [
      {
        description,
        quantity: 1,
        unitPriceCents: subtotalCents,
        totalCents: subtotalCents,
        taxExempt: false,
      },
    ],
    subtotalCents,
    exemptCents,
    taxCents,
    totalCents: amountCents,
  };
}

/**
 * `POST /invoices/{id}/credit-notes` (admin, issue 12): a B04 / E34 credit note against an
 * issued invoice. Takes the note's NCF from its active range in the same transaction, stores
 * the modified NCF and date and the buyer's and issuer's fiscal data as they are now
 * (`fiscalSnapshot`, decision 132), and applies the note to the balance; what exceeds the open
 * balance (an invoice already paid) is recorded as a refund owed to the client. The notes of an
 * invoice never add up to more than its total. The note is dated today (business day; an
 * `issueDate` other than today → 400, decision 132); one issued more than
 * {@link CREDIT_NOTE_ITBIS_MAX_DAYS} days after the invoice carries no ITBIS. 409 for
 * drafts/cancelled invoices, no usable range or today's month closed (decision 135); 400 for amounts above what is left, a date other
 * than today or a missing buyer id.
 */
export async function createCreditNote(
  opts: WriteOptions & { invoiceId: string; input: z.output<typeof CreateCreditNoteRequestSchema> },
): Promise<Written<CreditNote>> {
  const { db, actor, ctx, invoiceId, input } = opts;
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice.ncf || !invoice.documentType || invoice.status === 'draft' || invoice.status === 'cancelled')
      throw conflict('Solo se emiten notas de crédito sobre facturas emitidas con comprobante fiscal (NCF).');
    // A note is dated the day it is issued, like an invoice (decision 132): a date sent with the
    // request must be today's, so notes stay in numbering order and in the period being reported.
    const today = businessToday();
    const issueDate = today;
    if (input.issueDate !== undefined && input.issueDate !== today) {
      const message = `La nota de crédito se fecha el día en que se emite: la fecha debe ser hoy, ${displayDate(today)}.`;
      throw badRequest(message, [{ field: 'issueDate', message }]);
    }
    await assertPeriodOpen(tx, issueDate, 'issueDate');
    const withItbis = daysBetween(invoice.issueDate, issueDate) <= CREDIT_NOTE_ITBIS_MAX_DAYS;

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
      amounts = fromAmount(toCents(input.amount!), invoice, withItbis, input.reason);
    }
    if (amounts.totalCents < 1) {
      const message = 'El monto mínimo es RD$0.01';
      throw badRequest(message, [{ field: input.lines ? 'lines' : 'amount', message }]);
    }
    const [{ credited }] = (await tx
      .select({ credited: sql<number>`coalesce(sum(${creditNotes.totalCents}), 0)::bigint`.mapWith(Number) })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoiceId))) as [{ credited: number }];
    const available = invoice.totalCents - credited;
    if (amounts.totalCents > available) {
      const message = `Las notas de crédito no pueden superar el total de la factura (disponible: ${formatMoney(fromCents(available), invoice.currency)})`;
      throw badRequest(message, [{ field: input.lines ? 'lines' : 'amount', message }]);
    }

    const [client] = await tx.select().from(clients).where(eq(clients.id, invoice.clientId)).limit(1);
    const invoiceType = invoice.documentType as FiscalDocumentType;
    // The RD$250,000 threshold is in pesos: a foreign-currency invoice at its frozen rate (decision 137).
    assertBuyerId(invoiceType, dopAmounts(invoice, invoice.exchangeRate).totalCents, client!);
    const noteType = creditNoteTypeFor(invoiceType);
    const taken = await takeNcf(tx, noteType, today);

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
        fiscalSnapshot: buildFiscalSnapshot(client!, await getCompanySettings(tx)),
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
    const money = formatMoney(fromCents(amounts.totalCents), invoice.currency);
    const refundNote =
      refundCents > 0
        ? ` · Reembolso al cliente: ${formatMoney(fromCents(refundCents), invoice.currency)}`
        : '';
    await tx.insert(invoiceEvents).values({
      invoiceId,
      event: 'credit_note',
      actorId: actor.id,
      note: `NCF ${taken.ncf} por ${money}${withItbis ? '' : ' (sin ITBIS: más de 30 días)'}${refundNote}`,
    });
    await audit(
      tx,
      ctx,
      'invoice.credit_note_issued',
      { type: 'invoice', id: invoiceId },
      {
        ncf: taken.ncf,
        totalCents: amounts.totalCents,
        refundCents,
        modificationCode: input.modificationCode,
      },
    );
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.credit_note',
      entityType: 'invoice',
      entityId: invoiceId,
      clientId: invoice.clientId,
      projectId: invoice.projectId,
      title: `Nota de crédito ${taken.ncf} sobre la factura ${invoice.invoiceNumber}`,
    });
    const clientUsers = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.clientId, invoice.clientId));
    const toClient = await createNotifications(tx, {
      userIds: clientUsers.map((u) => u.id),
      topic: 'invoicesGenerated',
      title: `Nota de crédito ${taken.ncf}`,
      message: `Se emitió una nota de crédito por ${money} sobre la factura ${invoice.invoiceNumber}.`,
      link: `/billing/${invoiceId}`,
      email: false,
    });
    return {
      value: toCreditNoteDto(row!),
      effects: effects({ notifications: [...taken.notifications, ...toClient] }),
    };
  });
}
