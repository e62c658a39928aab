import { type CreditNote, type DebitNote, formatMoney, type Invoice } from '@agencia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { invoiceEvents, invoices } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { line, strong } from '../../lib/email-template.js';
import { conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import {
  type BillingDocumentKind,
  displayDate,
  mailDocumentInTx,
  notifyClientUsers,
} from '../billing-documents/billing-documents.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { noteQr, renderCreditNotePdf, renderDebitNotePdf } from './credit-notes.pdf.js';
import { issueInTx } from './invoice-issue.js';
import { invoiceQr, renderInvoicePdf } from './invoices.pdf.js';
import { balanceCents, getInvoice, lockInvoice } from './invoices.queries.js';

/** Builds the PDF of an invoice (bytes) with the company settings. */
export async function buildInvoicePdf({ db, invoice }: { db: Db | Tx; invoice: Invoice }): Promise<Buffer> {
  const settings = await getCompanySettings(db);
  return renderInvoicePdf(invoice, settings, db);
}

/** Builds the PDF of a credit note of `invoice` (bytes) with the company settings. */
export async function buildCreditNotePdf({
  db,
  invoice,
  note,
}: {
  db: Db | Tx;
  invoice: Invoice;
  note: CreditNote;
}): Promise<Buffer> {
  const settings = await getCompanySettings(db);
  return renderCreditNotePdf(invoice, note, settings, db);
}

/** Builds the PDF of a debit note of `invoice` (bytes) with the company settings (decision 138). */
export async function buildDebitNotePdf({
  db,
  invoice,
  note,
}: {
  db: Db | Tx;
  invoice: Invoice;
  note: DebitNote;
}): Promise<Buffer> {
  const settings = await getCompanySettings(db);
  return renderDebitNotePdf(invoice, note, settings, db);
}

/**
 * What the DGII QR of the PDF of `invoice` (or of its `note`) holds — the timbre URL, the security
 * code and the signature instant printed under it — or null when the PDF prints no QR: the same
 * data `renderInvoicePdf` / the notes' PDF draw (certification wizard, step 5, decision 159).
 */
export async function printedQrOf({
  db,
  invoice,
  note,
}: {
  db: Db | Tx;
  invoice: Invoice;
  note?: CreditNote | DebitNote;
}): Promise<{ url: string; securityCode: string; signedAt: string } | null> {
  const settings = await getCompanySettings(db);
  return note ? noteQr(invoice, note, settings) : invoiceQr(invoice, settings);
}

/** File name of an invoice PDF: `Factura-FAC-2026-0001.pdf`. */
export const pdfFilename = (invoice: Pick<Invoice, 'invoiceNumber'>) =>
  `Factura-${invoice.invoiceNumber}.pdf`;

/** Invoices as a client-facing billing document (send, remind, PDF route, share links). */
export const INVOICE_DOCUMENT: BillingDocumentKind<Invoice> = {
  ownerType: 'invoice',
  load: getInvoice,
  renderPdf: (db, doc) => buildInvoicePdf({ db, invoice: doc }),
  filename: pdfFilename,
  recipient: (invoice) => ({
    clientId: invoice.client._id,
    email: invoice.client.email,
    name: invoice.client.company ?? `${invoice.client.firstName} ${invoice.client.lastName}`,
  }),
  link: (id) => `/billing/${id}`,
};

/**
 * `POST /invoices/{id}/send` (admin): emails the invoice with its PDF attached (outbox/SMTP)
 * to the client; a draft becomes sent. Resending a sent/pending one is allowed; paid or
 * cancelled → 409. Notifies the client's users (topic invoicesGenerated).
 */
export async function sendInvoice(opts: WriteCall & { id: string }): Promise<Written<Invoice>> {
  const { db, actor, ctx, id } = opts;
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'paid' || current.status === 'cancelled')
      throw conflict('Esta factura ya está pagada o cancelada; no se puede enviar.');
    const wasDraft = current.status === 'draft';
    const fiscalAlerts = wasDraft ? await issueInTx(tx, ctx, current) : [];
    const now = new Date();
    await tx
      .update(invoices)
      .set({ status: wasDraft ? 'sent' : current.status, sentAt: now, updatedAt: now })
      .where(eq(invoices.id, id));
    const invoice = await getInvoice({ db: tx, actor, id });
    const total = formatMoney(invoice.total, invoice.currency);
    await mailDocumentInTx(tx, actor, INVOICE_DOCUMENT, invoice, ({ name, company }) => ({
      subject: `Factura ${invoice.invoiceNumber} de ${company}`,
      body: {
        greeting: `Hola ${name},`,
        paragraphs: [
          line`Adjuntamos la factura ${strong(invoice.invoiceNumber)} por ${strong(total)}, con vencimiento el ${displayDate(invoice.dueDate)}.`,
        ],
        signature: ['Gracias por su preferencia.', company],
      },
    }));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'sent',
      actorId: actor.id,
      note: wasDraft ? `Enviada a ${invoice.client.email}` : `Reenviada a ${invoice.client.email}`,
    });
    await audit(tx, ctx, wasDraft ? 'invoice.sent' : 'invoice.resent', { type: 'invoice', id });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'invoice.sent',
      entityType: 'invoice',
      entityId: id,
      clientId: invoice.client._id,
      projectId: invoice.project?._id ?? null,
      title: `Factura ${invoice.invoiceNumber} enviada`,
    });
    const toClient = await notifyClientUsers(tx, invoice.client._id, {
      topic: 'invoicesGenerated',
      title: `Nueva factura ${invoice.invoiceNumber}`,
      message: `Se emitió la factura ${invoice.invoiceNumber} por ${total}.`,
      link: INVOICE_DOCUMENT.link(id),
    });
    return [...fiscalAlerts, ...toClient];
  });
  return { value: await getInvoice({ db, actor, id }), effects: effects({ notifications }) };
}

/** Minimum time between two payment reminders of one invoice, in hours. */
export const REMINDER_INTERVAL_HOURS = 24;

/**
 * `POST /invoices/{id}/remind` (admin): emails the client a payment reminder for the balance,
 * with the invoice PDF attached (outbox), records a `reminded` event, audits and notifies the
 * client's users (topic `deadlines`). 409 for drafts (send first), paid or cancelled invoices,
 * and when a reminder went out in the last {@link REMINDER_INTERVAL_HOURS} hours.
 * `automatic` (the scheduled reminders, decision 111) is added to the history note.
 */
export async function remindInvoice(
  opts: WriteCall & { id: string; automatic?: string },
): Promise<Written<Invoice>> {
  const { db, actor, ctx, id, automatic } = opts;
  const notifications = await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, id);
    if (current.status === 'draft') throw conflict('Envía la factura antes de recordar el pago.');
    if (current.status === 'paid' || current.status === 'cancelled' || balanceCents(current) === 0)
      throw conflict('Esta factura no tiene saldo pendiente.');
    const since = new Date(Date.now() - REMINDER_INTERVAL_HOURS * 3600_000);
    const [recent] = await tx
      .select({ at: invoiceEvents.createdAt })
      .from(invoiceEvents)
      .where(
        and(
          eq(invoiceEvents.invoiceId, id),
          eq(invoiceEvents.event, 'reminded'),
          sql`${invoiceEvents.createdAt} > ${since.toISOString()}`,
        ),
      )
      .orderBy(desc(invoiceEvents.createdAt))
      .limit(1);
    if (recent) throw conflict('Ya se envió un recordatorio de esta factura en las últimas 24 horas.');

    const invoice = await getInvoice({ db: tx, actor, id });
    const balance = formatMoney(invoice.balance, invoice.currency);
    const due = invoice.isOverdue
      ? `venció el ${displayDate(invoice.dueDate)}`
      : `vence el ${displayDate(invoice.dueDate)}`;
    await mailDocumentInTx(tx, actor, INVOICE_DOCUMENT, invoice, ({ name, company }) => ({
      subject: `Recordatorio de pago: factura ${invoice.invoiceNumber} de ${company}`,
      body: {
        greeting: `Hola ${name},`,
        paragraphs: [
          line`Le recordamos que la factura ${strong(invoice.invoiceNumber)} tiene un saldo pendiente de ${strong(balance)} y ${due}. La adjuntamos de nuevo.`,
          'Si ya realizó el pago, por favor ignore este mensaje.',
        ],
        signature: [company],
      },
    }));
    await tx.insert(invoiceEvents).values({
      invoiceId: id,
      event: 'reminded',
      actorId: actor.id,
      note: `Recordatorio enviado a ${invoice.client.email}${automatic ? ` · ${automatic}` : ''}`,
    });
    await audit(tx, ctx, 'invoice.reminded', { type: 'invoice', id });
    return notifyClientUsers(tx, invoice.client._id, {
      topic: 'deadlines',
      title: `Recordatorio de pago: ${invoice.invoiceNumber}`,
      message: `La factura ${invoice.invoiceNumber} tiene un saldo pendiente de ${balance}.`,
      link: INVOICE_DOCUMENT.link(id),
    });
  });
  return { value: await getInvoice({ db, actor, id }), effects: effects({ notifications }) };
}
