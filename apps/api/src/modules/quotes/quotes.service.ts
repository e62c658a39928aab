import {
  businessToday,
  type CreateQuoteBodySchema,
  formatMoney,
  fromCents,
  type Quote,
  type UpdateQuoteBodySchema,
} from '@agencia/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { quoteItems, quoteRequests, quotes } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import { effects, type Written } from '../../lib/effects.js';
import { line, strong } from '../../lib/email-template.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import {
  type BillingDocumentKind,
  displayDate,
  lineInput,
  lineValues,
  mailDocumentInTx,
  nextDocumentNumber,
  notifyClientUsers,
  totalsOrThrow,
} from '../billing-documents/billing-documents.js';
import { assertClientAndProject } from '../invoices/invoices.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { renderQuotePdf } from './quotes.pdf.js';
import { getQuote, loadItems, lockQuote } from './quotes.queries.js';

type CreateInput = z.output<typeof CreateQuoteBodySchema>;
type UpdateInput = z.output<typeof UpdateQuoteBodySchema>;

/** Takes the next `COT-YYYY-NNNN` inside the caller's transaction (locked upsert, gap-free, decision 054). */
export async function nextQuoteNumber({ tx, year }: { tx: Tx; year: number }) {
  const { sequence, number } = await nextDocumentNumber(tx, { kind: 'quote' }, year);
  return { sequence, quoteNumber: number };
}

function assertValidFrom(validUntil: string, today: string) {
  if (validUntil < today) {
    const message = 'La fecha de validez no puede ser anterior a hoy';
    throw badRequest(message, [{ field: 'validUntil', message }]);
  }
}

async function insertItems(tx: Tx, quoteId: string, items: CreateInput['items'], lineTotals: number[]) {
  await tx.insert(quoteItems).values(lineValues(items, lineTotals).map((v) => ({ quoteId, ...v })));
}

/**
 * `POST /quotes` (admin): a draft with the next `COT-YYYY-NNNN` (year of today, agency time
 * zone); totals by the invoices' engine; tax rate and currency default to the company settings.
 * 400 for an unknown/archived client, a project of another client, a past `validUntil`, a
 * discount above the subtotal or an unknown quote request.
 */
export async function createQuote(opts: WriteCall & { input: CreateInput }): Promise<Quote> {
  const { db, actor, ctx, input } = opts;
  const today = businessToday();
  assertValidFrom(input.validUntil, today);
  const id = await db.transaction(async (tx) => {
    await assertClientAndProject({ tx, clientId: input.clientId, projectId: input.projectId });
    if (input.quoteRequestId) {
      const [req] = await tx
        .select({ id: quoteRequests.id })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, input.quoteRequestId))
        .limit(1);
      if (!req) {
        const message = 'La solicitud de cotización no existe';
        throw badRequest(message, [{ field: 'quoteRequestId', message }]);
      }
    }
    const settings = await getCompanySettings(tx);
    const taxRate = input.taxRate ?? settings.taxRate;
    const totals = totalsOrThrow(input.items, taxRate, input.discountAmount);
    const year = Number(today.slice(0, 4));
    const { sequence, quoteNumber } = await nextQuoteNumber({ tx, year });
    const [row] = await tx
      .insert(quotes)
      .values({
        quoteNumber,
        year,
        sequence,
        clientId: input.clientId,
        projectId: input.projectId ?? null,
        quoteRequestId: input.quoteRequestId ?? null,
        issueDate: today,
        validUntil: input.validUntil,
        currency: input.currency ?? settings.currency,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxRate,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        notes: input.notes,
        advancePercent: input.advancePercent ?? null,
        createProject: input.createProject,
        createdBy: actor.id,
      })
      .returning({ id: quotes.id });
    await insertItems(tx, row!.id, input.items, totals.lineTotalsCents);
    if (input.quoteRequestId)
      await tx
        .update(quoteRequests)
        .set({ status: 'converted', handledBy: actor.id, updatedAt: new Date() })
        .where(
          and(
            eq(quoteRequests.id, input.quoteRequestId),
            inArray(quoteRequests.status, ['new', 'contacted']),
          ),
        );
    await audit(tx, ctx, 'quote.created', { type: 'quote', id: row!.id }, { quoteNumber });
    return row!.id;
  });
  return getQuote({ db, actor, id });
}

/** `PUT /quotes/{id}` (admin): drafts only (409 in Spanish otherwise); totals recomputed. */
export async function updateQuote(opts: WriteCall & { id: string; input: UpdateInput }): Promise<Quote> {
  const { db, actor, ctx, id, input } = opts;
  await db.transaction(async (tx) => {
    const current = await lockQuote(tx, id);
    if (current.status !== 'draft')
      throw conflict('Solo se pueden editar cotizaciones en borrador; esta ya fue enviada al cliente.');
    if (input.validUntil) assertValidFrom(input.validUntil, businessToday());
    const clientId = input.clientId ?? current.clientId;
    const projectId = input.projectId === undefined ? current.projectId : input.projectId;
    await assertClientAndProject({ tx, clientId, projectId });
    const items = input.items ?? (await loadItems(tx, id)).map(lineInput);
    const taxRate = input.taxRate ?? current.taxRate;
    const discount = input.discountAmount ?? fromCents(current.discountCents);
    const totals = totalsOrThrow(items, taxRate, discount);
    await tx
      .update(quotes)
      .set({
        clientId,
        projectId: projectId ?? null,
        validUntil: input.validUntil ?? current.validUntil,
        currency: input.currency ?? current.currency,
        taxRate,
        subtotalCents: totals.subtotalCents,
        exemptCents: totals.exemptCents,
        taxableBaseCents: totals.taxableBaseCents,
        taxCents: totals.taxCents,
        discountCents: totals.discountCents,
        totalCents: totals.totalCents,
        notes: input.notes === undefined ? current.notes : input.notes,
        advancePercent: input.advancePercent === undefined ? current.advancePercent : input.advancePercent,
        createProject: input.createProject ?? current.createProject,
        updatedAt: new Date(),
      })
      .where(eq(quotes.id, id));
    if (input.items) {
      await tx.delete(quoteItems).where(eq(quoteItems.quoteId, id));
      await insertItems(tx, id, input.items, totals.lineTotalsCents);
    }
    await audit(tx, ctx, 'quote.updated', { type: 'quote', id }, { fields: Object.keys(input) });
  });
  return getQuote({ db, actor, id });
}

/** Builds the PDF of a quote (bytes) with the company settings. */
export async function buildQuotePdf({ db, quote }: { db: Db | Tx; quote: Quote }): Promise<Buffer> {
  return renderQuotePdf(quote, await getCompanySettings(db), db);
}

/** File name of a quote PDF: `Cotizacion-COT-2026-0001.pdf`. */
export const quotePdfFilename = (quote: Pick<Quote, 'quoteNumber'>) => `Cotizacion-${quote.quoteNumber}.pdf`;

/** Quotes as a client-facing billing document (send, PDF route, share links). */
export const QUOTE_DOCUMENT: BillingDocumentKind<Quote> = {
  ownerType: 'quote',
  load: getQuote,
  renderPdf: (db, doc) => buildQuotePdf({ db, quote: doc }),
  filename: quotePdfFilename,
  recipient: (quote) => ({ clientId: quote.client._id, email: quote.client.email, name: quote.client.name }),
  link: (id) => `/billing/quotes/${id}`,
};

/**
 * `POST /quotes/{id}/send` (admin): e-mails the quote with its PDF (outbox, the invoices'
 * "render, store, queue" step) and notifies the client's users; a draft becomes sent, a sent
 * one is re-sent. 409 when accepted, rejected or expired, or when its validity has passed;
 * 400 when its total is zero (e.g. a quote request's lines not priced yet).
 */
export async function sendQuote(opts: WriteCall & { id: string }): Promise<Written<Quote>> {
  const { db, actor, ctx, id } = opts;
  const notifications = await db.transaction(async (tx) => {
    const current = await lockQuote(tx, id);
    const today = businessToday();
    if (current.status !== 'draft' && current.status !== 'sent')
      throw conflict('Esta cotización ya fue aceptada, rechazada o venció; no se puede enviar.');
    if (current.validUntil < today)
      throw conflict('La fecha de validez de la cotización ya pasó. Actualízala antes de enviarla.');
    if (current.totalCents <= 0) {
      const message = 'No se puede enviar una cotización con total cero. Indica el precio de los ítems.';
      throw badRequest(message, [{ field: 'items', message }]);
    }
    const wasDraft = current.status === 'draft';
    const now = new Date();
    await tx.update(quotes).set({ status: 'sent', sentAt: now, updatedAt: now }).where(eq(quotes.id, id));
    const quote = await getQuote({ db: tx, actor, id });
    const total = formatMoney(quote.total, quote.currency);
    await mailDocumentInTx(tx, actor, QUOTE_DOCUMENT, quote, ({ name, company }) => ({
      subject: `Cotización ${quote.quoteNumber} de ${company}`,
      body: {
        greeting: `Hola ${name},`,
        paragraphs: [
          line`Adjuntamos la cotización ${strong(quote.quoteNumber)} por ${strong(total)}, válida hasta el ${displayDate(quote.validUntil)}.`,
          'Puede revisarla y aceptarla o rechazarla en su portal de cliente, en Facturación → Mis cotizaciones.',
        ],
        signature: ['Gracias por su confianza.', company],
      },
    }));
    await audit(tx, ctx, wasDraft ? 'quote.sent' : 'quote.resent', { type: 'quote', id });
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'quote.sent',
      entityType: 'quote',
      entityId: id,
      clientId: quote.client._id,
      projectId: quote.project?._id ?? null,
      title: `Cotización ${quote.quoteNumber} enviada`,
    });
    return notifyClientUsers(tx, quote.client._id, {
      topic: 'system',
      title: `Nueva cotización ${quote.quoteNumber}`,
      message: `Tienes una cotización por ${total} para revisar, válida hasta el ${displayDate(quote.validUntil)}.`,
      link: QUOTE_DOCUMENT.link(id),
    });
  });
  return { value: await getQuote({ db, actor, id }), effects: effects({ notifications }) };
}

/**
 * Daily job (decision 110): marks sent quotes whose `validUntil` is before `today` as expired.
 * Idempotent — an expired quote is no longer `sent`, so a second run changes nothing.
 */
export async function expireQuotes({
  db,
  today,
}: {
  db: Db;
  today: string;
}): Promise<{ summary: string; expired: number }> {
  const rows = await db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(quotes)
      .set({ status: 'expired', expiredAt: now, updatedAt: now })
      .where(and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} < ${today}`))
      .returning({ id: quotes.id, quoteNumber: quotes.quoteNumber });
    for (const q of changed)
      await audit(
        tx,
        { actorId: null },
        'quote.expired',
        { type: 'quote', id: q.id },
        { quoteNumber: q.quoteNumber },
      );
    return changed;
  });
  return {
    expired: rows.length,
    summary: rows.length ? `${rows.length} cotización(es) vencida(s)` : 'Ninguna cotización vencida',
  };
}
