import {
  businessToday,
  formatMoney,
  fromCents,
  type Invoice,
  netOfCreditNotes,
  PAYMENT_METHOD_LABELS,
  type PayInvoiceRequestSchema,
  paymentDateError,
  toCents,
  type VoidPaymentRequestSchema,
  withholdingForPreset,
} from '@agencia/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  creditNotes,
  debitNotes,
  invoiceEvents,
  invoicePayments,
  invoices,
  paymentReports,
} from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import { effects, type StoredNotifications, type Written } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { WriteCall } from '../../lib/service-args.js';
import { notifyClientUsers } from '../billing-documents/billing-documents.js';
import { assertPeriodOpen } from '../fiscal/fiscal-periods.service.js';
import { mailReceiptInTx, nextReceiptNumber, paymentOf } from './invoice-receipts.js';
import { balanceCents, getInvoice, type InvoiceRow, lockInvoice } from './invoices.queries.js';

/**
 * `PUT /invoices/{id}/pay` (admin): records a payment (default: the whole balance, today,
 * the invoice's method or bank transfer). Partial payments leave it `pending`; full payment
 * marks it `paid` with that date. 409 for drafts, paid or cancelled; 400 above the balance, and
 * for a payment or retention date before the invoice's issue date or after tomorrow; 409 when
 * either date falls in a closed fiscal period ({@link assertPeriodOpen}, decision 135).
 */
export async function payInvoice(
  opts: WriteCall & { id: string; input: z.output<typeof PayInvoiceRequestSchema> },
): Promise<Written<Invoice>> {
  const { db, actor, ctx, id, input } = opts;
  const { notifications } = await db.transaction((tx) =>
    recordPaymentInTx({ tx, opts: { actor, ctx, id, input } }),
  );
  return { value: await getInvoice({ db, actor, id }), effects: effects({ notifications }) };
}

/** What {@link recordPaymentInTx} wrote: the payment's id and receipt, and what to publish. */
export interface RecordedPayment {
  paymentId: string;
  receiptNumber: string;
  fullyPaid: boolean;
  notifications: StoredNotifications;
}

/**
 * Records a payment of invoice `id` inside the caller's transaction, under the rules of
 * {@link payInvoice} (the same 409s and 400s, withholdings included), with its receipt
 * (decision 147): the next `REC-YYYY-NNNN` number, the balance after it, and the receipt PDF
 * e-mailed to the client. Transfer reports and card payments record through here too; the
 * admins are notified unless `actor` is one of them.
 */
export async function recordPaymentInTx({
  tx,
  opts,
}: {
  tx: Tx;
  opts: Omit<WriteCall, 'db'> & { id: string; input: z.output<typeof PayInvoiceRequestSchema> };
}): Promise<RecordedPayment> {
  const { actor, ctx, id, input } = opts;
  {
    const current = await lockInvoice(tx, id);
    if (current.status === 'draft')
      throw conflict('La factura está en borrador: envíala antes de registrar un pago.');
    if (current.status === 'paid') throw conflict('Esta factura ya está pagada.');
    if (current.status === 'cancelled')
      throw conflict('No se pueden registrar pagos en una factura cancelada.');
    const balance = balanceCents(current);
    const [prior] = await tx
      .select({
        itbis: sql<number>`coalesce(sum(${invoicePayments.itbisWithheldCents}), 0)`.mapWith(Number),
        isr: sql<number>`coalesce(sum(${invoicePayments.isrWithheldCents}), 0)`.mapWith(Number),
      })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id));
    const [credited] = await tx
      .select({
        taxCents: sql<number>`coalesce(sum(${creditNotes.taxCents}), 0)`.mapWith(Number),
        subtotalCents: sql<number>`coalesce(sum(${creditNotes.subtotalCents}), 0)`.mapWith(Number),
      })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, id));
    // Debit notes add to the operation (decision 138): their ITBIS and base can be withheld on too.
    const [debited] = await tx
      .select({
        taxCents: sql<number>`coalesce(sum(${debitNotes.taxCents}), 0)`.mapWith(Number),
        subtotalCents: sql<number>`coalesce(sum(${debitNotes.subtotalCents}), 0)`.mapWith(Number),
      })
      .from(debitNotes)
      .where(eq(debitNotes.invoiceId, id));
    const gross = {
      taxCents: current.taxCents + (debited?.taxCents ?? 0),
      baseCents: current.subtotalCents - current.discountCents + (debited?.subtotalCents ?? 0),
    };
    const net = netOfCreditNotes(gross, credited ? [credited] : []);
    const withheld = withholdingsOf(current, gross, net, input, {
      itbisWithheldCents: prior?.itbis ?? 0,
      isrWithheldCents: prior?.isr ?? 0,
    });
    const withheldTotal = withheld.itbisWithheldCents + withheld.isrWithheldCents;
    const amount = input.amount === undefined ? balance - withheldTotal : toCents(input.amount);
    if (amount < 1) {
      const message = 'El monto mínimo es RD$0.01';
      throw badRequest(message, [{ field: 'amount', message }]);
    }
    if (amount + withheldTotal > balance) {
      const message = `El monto supera el saldo pendiente (${formatMoney(fromCents(balance), current.currency)})`;
      throw badRequest(message, [{ field: withheldTotal > 0 ? 'itbisWithheld' : 'amount', message }]);
    }
    const paidDate = input.paidDate ?? businessToday();
    assertPaymentDay('paidDate', paidDate, current.issueDate);
    if (input.retentionDate !== undefined)
      assertPaymentDay('retentionDate', input.retentionDate, current.issueDate);
    // Nothing dated in a filed (closed) month is written (issue 27, decision 135).
    await assertPeriodOpen({ tx, day: paidDate, what: 'paidDate' });
    if (withheldTotal > 0 && input.retentionDate !== undefined)
      await assertPeriodOpen({ tx, day: input.retentionDate, what: 'retentionDate' });
    const method = input.paymentMethod ?? current.paymentMethod ?? 'bank_transfer';
    const paidCentsAfter = current.paidCents + amount;
    const withheldCentsAfter = current.withheldCents + withheldTotal;
    const balanceAfter = balanceCents({
      ...current,
      paidCents: paidCentsAfter,
      withheldCents: withheldCentsAfter,
    });
    const receiptNumber = await nextReceiptNumber(tx);
    const [payment] = await tx
      .insert(invoicePayments)
      .values({
        invoiceId: id,
        amountCents: amount,
        paidDate,
        paymentMethod: method,
        reference: input.reference ?? null,
        itbisWithheldCents: withheld.itbisWithheldCents,
        isrWithheldCents: withheld.isrWithheldCents,
        retentionDate: withheldTotal > 0 ? (input.retentionDate ?? paidDate) : null,
        recordedBy: actor.id,
        receiptNumber,
        balanceAfterCents: balanceAfter,
      })
      .returning({ id: invoicePayments.id });
    const paidCents = paidCentsAfter;
    const withheldCents = withheldCentsAfter;
    const fullyPaid = balanceAfter === 0;
    await tx
      .update(invoices)
      .set({
        paidCents,
        withheldCents,
        status: fullyPaid ? 'paid' : 'pending',
        paidDate: fullyPaid ? paidDate : null,
        paymentMethod: current.paymentMethod ?? method,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    const money = formatMoney(fromCents(amount), current.currency);
    const withheldNote =
      withheldTotal > 0
        ? ` · Retenciones: ITBIS ${formatMoney(fromCents(withheld.itbisWithheldCents), current.currency)}, ISR ${formatMoney(fromCents(withheld.isrWithheldCents), current.currency)}`
        : '';
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: fullyPaid ? 'paid' : 'payment',
      actorId: actor.id,
      note: `${money} · ${PAYMENT_METHOD_LABELS[method]}${input.reference ? ` · Ref. ${input.reference}` : ''}${withheldNote}`,
    });
    await audit(
      tx,
      ctx,
      'invoice.payment_recorded',
      { type: 'invoice', id },
      { amountCents: amount, withheldCents: withheldTotal, fullyPaid },
    );
    await recordActivity(tx, {
      actorId: actor.id,
      type: fullyPaid ? 'invoice.paid' : 'invoice.payment',
      entityType: 'invoice',
      entityId: id,
      clientId: current.clientId,
      projectId: current.projectId,
      title: fullyPaid
        ? `Factura ${current.invoiceNumber} pagada`
        : `Pago de ${money} recibido en la factura ${current.invoiceNumber}`,
    });
    // The receipt goes to the client with the payment (decision 147); staff read the invoice whole.
    const invoice = await getInvoice({ db: tx, actor, id });
    await mailReceiptInTx(tx, actor, invoice, paymentOf(invoice, payment!.id));
    const notifications = await createNotifications(tx, {
      roles: ['admin'],
      exceptUserId: actor.id,
      topic: 'paymentsReceived',
      title: fullyPaid
        ? `Factura ${current.invoiceNumber} pagada`
        : `Pago recibido: ${current.invoiceNumber}`,
      message: `Se registró un pago de ${money} en la factura ${current.invoiceNumber} (recibo ${receiptNumber}).`,
      link: `/billing/${id}`,
    });
    return { paymentId: payment!.id, receiptNumber, fullyPaid, notifications };
  }
}

/**
 * Withholdings of a payment in centavos: explicit amounts win, else the preset computed on the
 * invoice's ITBIS and its amount before ITBIS plus its debit notes (`gross`, decision 138) net of
 * its credit notes (`net`,
 * {@link netOfCreditNotes}; {@link withholdingForPreset}). `prior` holds what earlier payments of
 * the invoice already withheld: 400 when the running ITBIS withheld would exceed the invoice's
 * ITBIS or the running ISR the amount before ITBIS (a withholding agent retains each tax once per
 * invoice, Norma DGII 02-2005 / Ley 11-92 art. 309).
 */
function withholdingsOf(
  current: InvoiceRow,
  gross: { taxCents: number; baseCents: number },
  net: { taxCents: number; baseCents: number },
  input: z.output<typeof PayInvoiceRequestSchema>,
  prior: { itbisWithheldCents: number; isrWithheldCents: number },
): { itbisWithheldCents: number; isrWithheldCents: number } {
  const preset = withholdingForPreset(input.withholdingPreset ?? 'none', net);
  // A preset never asks for more than what is left to withhold; typed amounts are checked below.
  const itbis =
    input.itbisWithheld === undefined
      ? Math.min(preset.itbisWithheldCents, Math.max(0, net.taxCents - prior.itbisWithheldCents))
      : toCents(input.itbisWithheld);
  const isr =
    input.isrWithheld === undefined
      ? Math.min(preset.isrWithheldCents, Math.max(0, net.baseCents - prior.isrWithheldCents))
      : toCents(input.isrWithheld);
  // Credit notes lower what can be withheld: the caps are the figures net of them.
  const netNote =
    net.taxCents < gross.taxCents || net.baseCents < gross.baseCents ? ' neto de notas de crédito' : '';
  if (prior.itbisWithheldCents + itbis > net.taxCents) {
    const message =
      prior.itbisWithheldCents > 0
        ? `El ITBIS retenido no puede superar el ITBIS de la factura${netNote} (ya se retuvieron ${formatMoney(fromCents(prior.itbisWithheldCents), current.currency)})`
        : `El ITBIS retenido no puede superar el ITBIS de la factura${netNote}`;
    throw badRequest(message, [{ field: 'itbisWithheld', message }]);
  }
  if (prior.isrWithheldCents + isr > net.baseCents) {
    const message =
      prior.isrWithheldCents > 0
        ? `El ISR retenido no puede superar el monto antes de impuestos${netNote} (ya se retuvieron ${formatMoney(fromCents(prior.isrWithheldCents), current.currency)})`
        : `El ISR retenido no puede superar el monto antes de impuestos${netNote}`;
    throw badRequest(message, [{ field: 'isrWithheld', message }]);
  }
  return { itbisWithheldCents: itbis, isrWithheldCents: isr };
}

/** 400 on `field` when {@link paymentDateError} refuses `day` for an invoice issued on `issueDate`. */
function assertPaymentDay(field: 'paidDate' | 'retentionDate', day: string, issueDate: string): void {
  const message = paymentDateError(field, day, issueDate);
  if (message) throw badRequest(message, [{ field, message }]);
}

/**
 * `POST /invoices/{id}/payments/{paymentId}/void` (admin, decision 163): takes back a payment
 * recorded by mistake — typed by hand, or a transfer report confirmed with the wrong figures.
 * Only the invoice's latest payment can be voided (each receipt states the balance after it, so
 * voiding an earlier one would make the later receipts wrong): 409 otherwise, and when its
 * payment or retention date lies in a closed fiscal period (decision 135: the 607 of that month
 * was filed with it). In one transaction: the payment row is deleted (its receipt number stays
 * used; the history and the audit keep amount, withholdings and receipt), the invoice's paid and
 * withheld totals go back, its status becomes `pending` while other payments remain and `sent`
 * otherwise, a transfer report it came from returns to review (`pending`), and the client's users
 * are told. 404 for an unknown payment of the invoice.
 */
export async function voidPayment(
  opts: WriteCall & { id: string; paymentId: string; input: z.output<typeof VoidPaymentRequestSchema> },
): Promise<Written<Invoice>> {
  const { db, actor, ctx, id, paymentId, input } = opts;
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    const [payment] = await tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, id)))
      .limit(1);
    if (!payment) throw notFound('Pago no encontrado');
    if (current.status === 'cancelled')
      throw conflict('La factura está cancelada: su pago no se puede anular.');
    const [latest] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id))
      .orderBy(desc(invoicePayments.createdAt), desc(invoicePayments.receiptNumber))
      .limit(1);
    if (latest?.id !== payment.id)
      throw conflict(
        'Solo se puede anular el último pago de la factura: anula primero los pagos posteriores.',
      );
    await assertPeriodOpen({ tx, day: payment.paidDate, what: 'paidDate' });
    if (payment.retentionDate)
      await assertPeriodOpen({ tx, day: payment.retentionDate, what: 'retentionDate' });
    const withheld = payment.itbisWithheldCents + payment.isrWithheldCents;
    const [report] = await tx
      .select({ id: paymentReports.id })
      .from(paymentReports)
      .where(eq(paymentReports.paymentId, payment.id))
      .limit(1);
    await tx.delete(invoicePayments).where(eq(invoicePayments.id, payment.id));
    const [left] = await tx
      .select({ n: count() })
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, id));
    const paidCents = Math.max(0, current.paidCents - payment.amountCents);
    const withheldCents = Math.max(0, current.withheldCents - withheld);
    await tx
      .update(invoices)
      .set({
        paidCents,
        withheldCents,
        status: (left?.n ?? 0) > 0 ? 'pending' : 'sent',
        paidDate: null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id));
    if (report)
      await tx
        .update(paymentReports)
        .set({ status: 'pending', paymentId: null, decidedBy: null, decidedAt: null, updatedAt: new Date() })
        .where(eq(paymentReports.id, report.id));
    const money = formatMoney(fromCents(payment.amountCents), current.currency);
    const withheldNote =
      withheld > 0 ? ` · Retenciones: ${formatMoney(fromCents(withheld), current.currency)}` : '';
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'payment_voided',
      actorId: actor.id,
      note: `${money}${withheldNote} · Recibo ${payment.receiptNumber} · Motivo: ${input.reason}${report ? ' · La transferencia reportada vuelve a revisión' : ''}`,
    });
    await audit(
      tx,
      ctx,
      'invoice.payment_voided',
      { type: 'invoice', id },
      {
        reason: input.reason,
        receiptNumber: payment.receiptNumber,
        amountCents: payment.amountCents,
        itbisWithheldCents: payment.itbisWithheldCents,
        isrWithheldCents: payment.isrWithheldCents,
        paidDate: payment.paidDate,
        paymentMethod: payment.paymentMethod,
        reference: payment.reference,
        reportId: report?.id ?? null,
      },
    );
    return notifyClientUsers(tx, current.clientId, {
      topic: 'paymentsReceived',
      title: `Pago anulado: ${current.invoiceNumber}`,
      message: `Anulamos el pago de ${money} (recibo ${payment.receiptNumber}) de la factura ${current.invoiceNumber}. Motivo: ${input.reason}`,
      link: `/billing/${id}`,
    });
  });
  return { value: await getInvoice({ db, actor, id }), effects: effects({ notifications }) };
}
