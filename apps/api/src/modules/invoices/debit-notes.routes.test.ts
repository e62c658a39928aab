import { businessToday, closedPeriodMessage, periodOfDay, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { closePeriodInDb } from '../../../test/fiscal-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { auditLog, debitNotes, fiscalPeriods, fiscalSequences, invoices } from '../../db/schema/index.js';

// Debit notes (B03 / E33) of issued invoices (issue 27, decision 138).

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let clientId: string;
const today = businessToday();
const date = today.replaceAll('-', '');

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  clientId = client.user.clientId!;
});

/** An invoice of 3,666.66 + ITBIS 660.00 = 4,326.66 to Café Cibao (B01, RNC 130458715), issued today. */
async function issued() {
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
  const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/issue` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invoice;
}
const debit = (id: string, payload: object, token = admin.token) =>
  injectAs(app, token, { method: 'POST', url: `/api/invoices/${id}/debit-notes`, payload });
const credit = (id: string, payload: object) =>
  injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${id}/credit-notes`, payload });
const pay = (id: string, payload: object) =>
  injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${id}/pay`, payload });
const read = async (id: string, token = admin.token) =>
  (await injectAs(app, token, { method: 'GET', url: `/api/invoices/${id}` })).json().data.invoice;

describe('debit notes (POST /invoices/{id}/debit-notes)', () => {
  it('issues a B03 by amount with the invoice ITBIS share, carries the modified NCF and raises the balance; the client sees it', async () => {
    const inv = await issued();
    const res = await debit(inv._id, { amount: 590, reason: 'Intereses por mora' });
    expect(res.statusCode, res.body).toBe(201);
    const dn = res.json().data.debitNote;
    // ITBIS share: 59,000 × 66,000 / 432,666 = 9,000.08 → 9,000 centavos.
    expect(dn).toMatchObject({
      documentType: 'B03',
      modifiedNcf: inv.ncf,
      modifiedIssueDate: inv.issueDate,
      reason: 'Intereses por mora',
      subtotal: 500,
      taxAmount: 90,
      total: 590,
      issueDate: today,
      lines: [{ description: 'Intereses por mora', quantity: 1, unitPrice: 500, total: 500 }],
    });
    expect(dn.ncf).toMatch(/^B03\d{8}$/);
    const seen = await read(inv._id, client.token);
    expect(seen).toMatchObject({ amountDebited: 590, balance: 4916.66, status: 'issued' });
    expect(seen.debitNotes.map((n: { ncf: string }) => n.ncf)).toEqual([dn.ncf]);
    expect(seen.history.at(-1)).toMatchObject({ event: 'debit_note', note: `NCF ${dn.ncf} por RD$590.00` });
    expect(
      (await injectAs(app, client2.token, { method: 'GET', url: `/api/invoices/${inv._id}` })).statusCode,
    ).toBe(404);
    const [audited] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.debit_note_issued'), eq(auditLog.targetId, inv._id)));
    expect(audited?.metadata).toMatchObject({ ncf: dn.ncf, totalCents: 59_000 });
  });

  it('prices lines at the invoice rate, exempt lines without ITBIS', async () => {
    const inv = await issued();
    const res = await debit(inv._id, {
      lines: [
        { description: 'Horas adicionales', quantity: 2, unitPrice: 100 },
        { description: 'Tasa aeroportuaria (exenta)', quantity: 1, unitPrice: 100, taxExempt: true },
      ],
      reason: 'Cargos adicionales',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.debitNote).toMatchObject({ subtotal: 300, taxAmount: 36, total: 336 });
    const [row] = await app.db.select().from(debitNotes).where(eq(debitNotes.invoiceId, inv._id));
    expect(row).toMatchObject({
      subtotalCents: 30_000,
      exemptCents: 10_000,
      taxCents: 3_600,
      totalCents: 33_600,
    });
  });

  it('reopens a paid invoice (pending, no paid date) until the new balance is paid', async () => {
    const inv = await issued();
    expect((await pay(inv._id, {})).json().data.invoice.status).toBe('paid');
    expect((await debit(inv._id, { amount: 590, reason: 'Cargo por cambio de alcance' })).statusCode).toBe(
      201,
    );
    expect(await read(inv._id)).toMatchObject({ status: 'pending', paidDate: null, balance: 590 });
    const paid = await pay(inv._id, { paymentMethod: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.invoice).toMatchObject({ status: 'paid', amountPaid: 4916.66, balance: 0 });
  });

  it('lets credit notes take off the debit notes too, never more (the settled check counts them)', async () => {
    const inv = await issued();
    expect((await debit(inv._id, { amount: 590, reason: 'Intereses' })).statusCode).toBe(201);
    const tooMuch = await credit(inv._id, { amount: 4916.67, reason: 'Anulación', modificationCode: 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      'Las notas de crédito no pueden superar el total de la factura (disponible: RD$4,916.66)',
    );
    const all = await credit(inv._id, { amount: 4916.66, reason: 'Anulación', modificationCode: 1 });
    expect(all.statusCode, all.body).toBe(201);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, inv._id));
    expect(row).toMatchObject({ status: 'cancelled', creditedCents: 491_666, debitedCents: 59_000 });
    // A cancelled invoice takes no more notes.
    const after = await debit(inv._id, { amount: 10, reason: 'Intereses' });
    expect(after.statusCode).toBe(409);
  });

  it('withholds on the ITBIS of the invoice plus its debit notes', async () => {
    const inv = await issued();
    expect((await debit(inv._id, { amount: 590, reason: 'Intereses' })).statusCode).toBe(201);
    const res = await pay(inv._id, { withholdingPreset: 'company_services', paymentMethod: 'bank_transfer' });
    expect(res.statusCode, res.body).toBe(200);
    // 30 % of (660.00 + 90.00) = 225.00; the client transfers the rest of 4,916.66.
    expect(res.json().data.invoice).toMatchObject({
      status: 'paid',
      amountWithheld: 225,
      amountPaid: 4691.66,
      balance: 0,
    });
  });

  it('refuses drafts (409), bad input and other dates (400), non-admins (403), and writes nothing', async () => {
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
    const onDraft = await debit(draft._id, { amount: 10, reason: 'Intereses' });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().message).toBe(
      'Solo se emiten notas de débito sobre facturas emitidas con comprobante fiscal (NCF).',
    );
    const inv = await issued();
    for (const payload of [
      { reason: 'Intereses' },
      { amount: 10, lines: [{ description: 'x', quantity: 1, unitPrice: 1 }], reason: 'Intereses' },
      { amount: 0, reason: 'Intereses' },
      { amount: 10, reason: 'x' },
    ]) {
      expect((await debit(inv._id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [y, m, d] = today.split('-');
    const dated = await debit(inv._id, { amount: 10, reason: 'Intereses', issueDate: '2020-01-01' });
    expect(dated.statusCode).toBe(400);
    expect(dated.json()).toMatchObject({
      message: `La nota de débito se fecha el día en que se emite: la fecha debe ser hoy, ${d}/${m}/${y}.`,
      errors: [{ field: 'issueDate' }],
    });
    for (const s of [employee, client]) {
      expect((await debit(inv._id, { amount: 10, reason: 'Intereses' }, s.token)).statusCode).toBe(403);
    }
    const missing = await debit('00000000-0000-4000-8000-000000000000', { amount: 10, reason: 'Intereses' });
    expect(missing.statusCode).toBe(404);
    expect(await app.db.select().from(debitNotes).where(eq(debitNotes.invoiceId, inv._id))).toHaveLength(0);
  });

  it('409 while today’s month is closed or without an active B03 range; 400 without the buyer id the invoice needs', async () => {
    const inv = await issued();
    const thisMonth = periodOfDay(today);
    await closePeriodInDb(app, thisMonth, admin.user._id);
    const closed = await debit(inv._id, { amount: 10, reason: 'Intereses' });
    await app.db.delete(fiscalPeriods).where(eq(fiscalPeriods.period, thisMonth));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(closedPeriodMessage(thisMonth));

    const [range] = await app.db
      .update(fiscalSequences)
      .set({ active: false })
      .where(and(eq(fiscalSequences.documentType, 'B03'), eq(fiscalSequences.active, true)))
      .returning();
    const noRange = await debit(inv._id, { amount: 10, reason: 'Intereses' });
    await app.db.update(fiscalSequences).set({ active: true }).where(eq(fiscalSequences.id, range!.id));
    expect(noRange.statusCode).toBe(409);
    expect(noRange.json().message).toBe(
      'No hay un rango de comprobantes activo para B03 (Nota de Débito). Agrégalo en Configuración → Fiscal.',
    );

    // The note's buyer is the invoice's as issued (issue 42): an invoice whose frozen buyer has no
    // RNC (one issued before the rule, with an override) cannot take a B03.
    const [before] = await app.db.select().from(invoices).where(eq(invoices.id, inv._id));
    const snapshot = before!.fiscalSnapshot!;
    await app.db
      .update(invoices)
      .set({ fiscalSnapshot: { ...snapshot, buyer: { ...snapshot.buyer, taxId: null, taxIdType: null } } })
      .where(eq(invoices.id, inv._id));
    const noId = await debit(inv._id, { amount: 10, reason: 'Intereses' });
    await app.db.update(invoices).set({ fiscalSnapshot: snapshot }).where(eq(invoices.id, inv._id));
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toEqual([
      { field: 'clientId', message: expect.stringContaining('RNC o la cédula') },
    ]);
    expect(await app.db.select().from(debitNotes).where(eq(debitNotes.invoiceId, inv._id))).toHaveLength(0);
  });

  it('serves the debit note PDF to staff and to the invoice client, 404 to another client', async () => {
    const inv = await issued();
    const dn = (await debit(inv._id, { amount: 590, reason: 'Intereses por mora' })).json().data.debitNote;
    const url = `/api/invoices/${inv._id}/debit-notes/${dn._id}/pdf`;
    for (const s of [admin, employee, client]) {
      const res = await injectAs(app, s.token, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`Nota-de-debito-${dn.ncf}.pdf`);
    }
    const text = await pdfText((await injectAs(app, admin.token, { method: 'GET', url })).rawPayload);
    expect(text).toContain('NOTA DE DÉBITO');
    expect(text).toContain(`NCF modificado: ${inv.ncf}`);
    expect(text).toContain('Código 3: Corrige montos del NCF modificado');
    expect((await injectAs(app, client2.token, { method: 'GET', url })).statusCode).toBe(404);
    const other = `/api/invoices/${inv._id}/debit-notes/00000000-0000-4000-8000-000000000000/pdf`;
    expect((await injectAs(app, admin.token, { method: 'GET', url: other })).statusCode).toBe(404);
    // The invoice's own PDF adds the debit note to what is owed.
    const invoicePdf = await pdfText(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${inv._id}/pdf` })).rawPayload,
    );
    expect(invoicePdf).toContain('Notas de débito');
    expect(invoicePdf).toContain(dn.ncf);
  });

  it('is reported in the 607 as its own line with the modified NCF', async () => {
    const inv = await issued();
    const dn = (await debit(inv._id, { amount: 590, reason: 'Intereses por mora' })).json().data.debitNote;
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/reports/dgii/607?period=${periodOfDay(today)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines).toContain(
      // Nothing collected yet: the note follows its invoice, on credit (issue 42).
      `130458715|1|${dn.ncf}|${inv.ncf}|01|${date}||500.00|90.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|590.00|0.00|0.00|0.00`,
    );
    expect(lines[0]).toMatch(new RegExp(`\\|${lines.length - 2}$`));
  });
});
