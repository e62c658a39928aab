import {
  businessToday,
  formatInvoiceNumber,
  formatMoney,
  type Invoice,
  PAYMENT_METHOD_LABELS,
  RECEIPT_SERIES,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { receiptCounters } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { line, strong } from '../../lib/email-template.js';
import { notFound } from '../../lib/errors.js';
import { mailDocumentInTx } from '../billing-documents/billing-documents.js';
import { dateEs, renderDocument } from '../billing-documents/document-pdf.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { settingsAsIssued } from './fiscal-snapshot.js';
import { partyOf } from './invoices.pdf.js';

/*
 * "Recibo de pago" (decision 147): every payment of an invoice — recorded by an admin, from a
 * confirmed transfer report or an approved card payment — gets a receipt with its own number
 * series (`REC-2026-0001`), a PDF in the invoice's style, and an e-mail to the client.
 */

/**
 * The next receipt number of `year` (gap-free: the upsert locks the year's counter until the
 * recording transaction ends; a rollback gives the number back), e.g. `REC-2026-0007`.
 */
export async function nextReceiptNumber(tx: Tx, year: number = Number(businessToday().slice(0, 4))) {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptCounters.lastNumber });
  return formatInvoiceNumber(RECEIPT_SERIES, year, row!.lastNumber);
}

type Payment = Invoice['payments'][number];

/** File name of a receipt PDF: `Recibo-REC-2026-0001.pdf`. */
export const receiptFilename = (payment: Pick<Payment, 'receiptNumber'>) =>
  `Recibo-${payment.receiptNumber}.pdf`;

/** The payment `paymentId` of `invoice` (already loaded in the caller's scope), 404 otherwise. */
export function paymentOf(invoice: Invoice, paymentId: string): Payment {
  const payment = invoice.payments.find((p) => p._id === paymentId);
  if (!payment) throw notFound('Pago no encontrado');
  return payment;
}

/**
 * Renders the receipt of `payment` of `invoice` with the document layout of the invoices
 * (agency header and buyer as issued): title "RECIBO DE PAGO", its number, the invoice it pays,
 * the amount received, the withholdings, what settled the invoice in all and the balance after
 * it; method, date and reference below.
 */
export async function renderReceiptPdf(db: Db | Tx, invoice: Invoice, payment: Payment): Promise<Buffer> {
  const settings = await getCompanySettings(db);
  const money = (n: number) => formatMoney(n, invoice.currency);
  const withheld = payment.itbisWithheld + payment.isrWithheld;
  const totals: Array<[string, string, boolean?]> = [['Monto recibido', money(payment.amount), true]];
  if (payment.itbisWithheld > 0) totals.push(['ITBIS retenido', money(payment.itbisWithheld)]);
  if (payment.isrWithheld > 0) totals.push(['ISR retenido', money(payment.isrWithheld)]);
  if (withheld > 0) totals.push(['Total aplicado a la factura', money(payment.amount + withheld)]);
  totals.push(['Total de la factura', money(invoice.total + invoice.amountDebited)]);
  if (payment.balanceAfter !== null)
    totals.push(['Saldo después de este pago', money(payment.balanceAfter), true]);
  const info = [
    `Método de pago: ${PAYMENT_METHOD_LABELS[payment.paymentMethod]}`,
    `Fecha del pago: ${dateEs(payment.paidDate)}`,
  ];
  if (payment.reference) info.push(`Referencia: ${payment.reference}`);
  if (withheld > 0 && payment.retentionDate)
    info.push(`Fecha de retención: ${dateEs(payment.retentionDate)}`);
  return renderDocument(
    {
      title: 'RECIBO DE PAGO',
      internalNumber: `Recibo ${payment.receiptNumber}`,
      ncfLabel: invoice.ncf ? (invoice.documentType?.startsWith('E') ? 'e-NCF' : 'NCF') : 'Factura',
      ncf: invoice.ncf,
      ncfExpiresOn: null,
      meta: [
        `Fecha del recibo: ${dateEs(payment.createdAt.slice(0, 10))}`,
        `Factura: ${invoice.invoiceNumber}`,
        `Moneda: ${invoice.currency}`,
      ],
      client: partyOf(invoice),
      aside: invoice.project ? { label: 'PROYECTO', lines: [invoice.project.title] } : null,
      lines: [
        {
          description: `Pago de la factura ${invoice.invoiceNumber}`,
          details: invoice.ncf ? `${invoice.ncf} · emitida el ${dateEs(invoice.issueDate)}` : null,
          quantity: 1,
          unitPrice: payment.amount + withheld,
          total: payment.amount + withheld,
          exempt: false,
        },
      ],
      currency: invoice.currency,
      totals,
      info,
      payment: null,
      notes: null,
      qr: null,
      draft: false,
    },
    settingsAsIssued(settings, invoice.fiscalSnapshot),
    db,
  );
}

/**
 * Stores the receipt PDF of `payment` and queues it by e-mail to the invoice's client, in the
 * recording transaction (a rollback sends nothing; the outbox sends it after commit).
 */
export async function mailReceiptInTx(
  tx: Tx,
  actor: Actor,
  invoice: Invoice,
  payment: Payment,
): Promise<void> {
  await mailDocumentInTx(
    tx,
    actor,
    {
      ownerType: 'invoice',
      load: async () => invoice,
      renderPdf: (db) => renderReceiptPdf(db, invoice, payment),
      filename: () => receiptFilename(payment),
      recipient: () => ({
        clientId: invoice.client._id,
        email: invoice.client.email,
        name: invoice.client.company ?? `${invoice.client.firstName} ${invoice.client.lastName}`,
      }),
      link: (id) => `/billing/${id}`,
    },
    invoice,
    ({ name, company }) => ({
      subject: `Recibo de pago ${payment.receiptNumber} de ${company}`,
      body: {
        greeting: `Hola ${name},`,
        paragraphs: [
          line`Recibimos tu pago de ${strong(formatMoney(payment.amount, invoice.currency))} de la factura ${strong(invoice.invoiceNumber)}.`,
          payment.balanceAfter !== null && payment.balanceAfter > 0
            ? line`Saldo pendiente: ${strong(formatMoney(payment.balanceAfter, invoice.currency))}.`
            : line`La factura quedó saldada.`,
          line`Adjuntamos el recibo ${strong(payment.receiptNumber)}. También puedes descargarlo en Mis Facturas.`,
        ],
        signature: ['Gracias por su pago.', company],
      },
    }),
  );
}
