import {
  computeInvoiceTotals,
  DISCOUNT_ABOVE_SUBTOTAL,
  formatInvoiceNumber,
  fromCents,
  type NotificationTopic,
  QUOTE_SERIES,
  toCents,
} from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { invoiceCounters, quoteCounters, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { StoredNotifications } from '../../lib/effects.js';
import { type EmailBody, renderEmail } from '../../lib/email-template.js';
import { badRequest } from '../../lib/errors.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import type { ReadCall } from '../../lib/service-args.js';
import { contentDisposition, saveFile } from '../../lib/storage.js';
import { getCompanySettings } from '../settings/settings.service.js';

/*
 * The billing documents module (issue 25, decision 149): the per-document wiring shared by the
 * client-facing billing documents, invoices, quotes and their notes (issue 15, decision 114): number series, line rows, "render PDF, store it, queue the e-mail",
 * the client's notification on send and the PDF download answer. Each kind describes itself
 * once as a {@link BillingDocumentKind}; the steps take the kind as a parameter.
 */

/** An ISO date (YYYY-MM-DD) as Dominicans write it in e-mails: DD/MM/YYYY. */
export function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Totals of an invoice's or a quote's lines by the one engine ({@link computeInvoiceTotals},
 * centavos); 400 {@link DISCOUNT_ABOVE_SUBTOTAL} on `discountAmount` when the discount exceeds
 * the subtotal.
 */
export function totalsOrThrow(
  items: { quantity: number; unitPrice: number; taxExempt?: boolean }[],
  taxRate: number,
  discount: number,
) {
  const t = computeInvoiceTotals(items, taxRate, discount);
  if (t.discountCents > t.subtotalCents)
    throw badRequest(DISCOUNT_ABOVE_SUBTOTAL, [
      { field: 'discountAmount', message: DISCOUNT_ABOVE_SUBTOTAL },
    ]);
  return t;
}

/** A line as the create/update bodies carry it (money in pesos). */
export interface LineInput {
  description: string;
  details?: string | null;
  quantity: number;
  unitPrice: number;
  taxExempt?: boolean;
}

/** A stored line of an invoice or a quote (money in centavos; quantity as the numeric column reads). */
export interface LineRow {
  id: string;
  description: string;
  details: string | null;
  quantity: string | number;
  unitPriceCents: number;
  totalCents: number;
  taxExempt: boolean;
}

/** The columns of `items` as line rows in order (`lineTotals` from {@link totalsOrThrow}), without the owner id. */
export function lineValues(items: LineInput[], lineTotals: number[]) {
  return items.map((it, position) => ({
    position,
    description: it.description,
    details: it.details,
    quantity: it.quantity,
    unitPriceCents: toCents(it.unitPrice),
    totalCents: lineTotals[position]!,
    taxExempt: it.taxExempt ?? false,
  }));
}

/** A stored line as the API answers it (pesos). */
export function lineDto(row: LineRow) {
  return {
    _id: row.id,
    description: row.description,
    details: row.details,
    quantity: Number(row.quantity),
    unitPrice: fromCents(row.unitPriceCents),
    total: fromCents(row.totalCents),
    taxExempt: row.taxExempt,
  };
}

/** A stored line back as a body line (to recompute totals or copy it into another document). */
export function lineInput(row: LineRow) {
  return {
    description: row.description,
    details: row.details,
    quantity: Number(row.quantity),
    unitPrice: fromCents(row.unitPriceCents),
    taxExempt: row.taxExempt,
  };
}

/** A number series: an invoice series (`FAC`, …) per year, or the quotes' `COT` per year. */
export type NumberSeries = { kind: 'invoice'; series: string } | { kind: 'quote' };

/**
 * Takes the next number of `series` in `year` inside the caller's transaction (`SERIES-YYYY-NNNN`).
 * The upsert locks the counter row until commit: concurrent creates wait, and a rollback returns
 * the number, so numbers are unique and gap-free (decision 054). Invoices and quotes keep their
 * own counter tables, so the two series never share numbers (decision 114).
 */
export async function nextDocumentNumber(
  tx: Tx,
  series: NumberSeries,
  year: number,
): Promise<{ sequence: number; number: string }> {
  const [row] =
    series.kind === 'invoice'
      ? await tx
          .insert(invoiceCounters)
          .values({ series: series.series, year, lastNumber: 1 })
          .onConflictDoUpdate({
            target: [invoiceCounters.series, invoiceCounters.year],
            set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
          })
          .returning({ lastNumber: invoiceCounters.lastNumber })
      : await tx
          .insert(quoteCounters)
          .values({ year, lastNumber: 1 })
          .onConflictDoUpdate({
            target: quoteCounters.year,
            set: { lastNumber: sql`${quoteCounters.lastNumber} + 1` },
          })
          .returning({ lastNumber: quoteCounters.lastNumber });
  const sequence = row!.lastNumber;
  const prefix = series.kind === 'invoice' ? series.series : QUOTE_SERIES;
  return { sequence, number: formatInvoiceNumber(prefix, year, sequence) };
}

/** Who a client-facing document goes to: its client, the e-mail and the display name. */
export interface DocumentRecipient {
  clientId: string;
  email: string;
  /** Company, else first + last name. */
  name: string;
}

/**
 * One kind of client-facing billing document (invoice, quote), described once: how to load it
 * within an actor's scope, its PDF and file name, who gets it and where it lives in the portal.
 * The send/remind mail step, the client notification, the PDF routes and the share links take it.
 */
export interface BillingDocumentKind<D> {
  /** Owner type of the stored PDF files (`files.owner_type`). */
  ownerType: 'invoice' | 'quote';
  /** Loads the document within `actor`'s scope; 404 (Spanish) otherwise. */
  load(opts: ReadCall & { id: string }): Promise<D>;
  /** The document's PDF (bytes) with the company settings read from `db`. */
  renderPdf(db: Db | Tx, doc: D): Promise<Buffer>;
  /** File name of its PDF, e.g. `Factura-FAC-2026-0001.pdf`. */
  filename(doc: D): string;
  recipient(doc: D): DocumentRecipient;
  /** In-app route of the document with id `id`. */
  link(id: string): string;
}

/** Writes an e-mail from the recipient's display name and the company's name. */
export type ComposeMail = (who: { name: string; company: string }) => { subject: string; body: EmailBody };

/**
 * The "render PDF, store it, queue the e-mail" step (issue 15) of send and remind, for invoices
 * and quotes alike: renders `doc`'s PDF, stores it as the document's file and queues one e-mail
 * to the recipient with it attached, in the caller's transaction (a rollback sends nothing).
 */
export async function mailDocumentInTx<D>(
  tx: Tx,
  actor: Actor,
  kind: BillingDocumentKind<D>,
  doc: D & { _id: string },
  compose: ComposeMail,
): Promise<void> {
  const to = kind.recipient(doc);
  const file = await saveFile(tx, {
    ownerType: kind.ownerType,
    ownerId: doc._id,
    filename: kind.filename(doc),
    data: await kind.renderPdf(tx, doc),
    uploadedBy: actor.id,
    allowed: ['application/pdf'],
  });
  const settings = await getCompanySettings(tx);
  const { subject, body } = compose({ name: to.name, company: settings.name });
  await queueEmail(tx, {
    to: to.email,
    subject,
    ...renderEmail(body),
    attachments: [{ filename: file.filename, contentType: 'application/pdf', fileId: file.id }],
  });
}

/**
 * Notifies every user of client `clientId` about a document (in-app only: the document's own
 * e-mail already went out) inside the caller's transaction; answers what to publish.
 */
export async function notifyClientUsers(
  tx: Tx,
  clientId: string,
  note: { topic: NotificationTopic; title: string; message: string; link: string },
): Promise<StoredNotifications> {
  const clientUsers = await tx.select({ id: users.id }).from(users).where(eq(users.clientId, clientId));
  return createNotifications(tx, { userIds: clientUsers.map((u) => u.id), ...note, email: false });
}

/** Answers a PDF download: `application/pdf`, attachment (or inline) under `filename`. */
export function replyWithPdf(reply: FastifyReply, filename: string, pdf: Buffer, inline: boolean) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', contentDisposition(filename, inline))
    .send(pdf);
}
