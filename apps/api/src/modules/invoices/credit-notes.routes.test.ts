import { businessToday, type Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { creditNotes, invoicePayments, invoices } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let client: Session;
let client2: Session;
let clientId: string;
const today = businessToday();

function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  app = await createTestApp();
  [admin, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  clientId = client.user.clientId!;
});

/**
 * An invoice of 3,666.66 + ITBIS 660.00 = 4,326.66 to Café Cibao (B01), issued today or, with
 * `daysAgo`, aged as if issued that many days ago (issuing always dates today, decision 132).
 */
async function issued(daysAgo = 0) {
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
  const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/issue` });
  expect(res.statusCode, res.body).toBe(200);
  const invoice = res.json().data.invoice;
  if (daysAgo === 0) return invoice;
  const dates = { issueDate: shift(today, -daysAgo), dueDate: shift(today, 30 - daysAgo) };
  await ageIssuedInvoice(app, invoice._id, dates);
  return { ...invoice, ...dates };
}
const note = (id: string, payload: object, token = admin.token) =>
  injectAs(app, token, { method: 'POST', url: `/api/invoices/${id}/credit-notes`, payload });

describe('credit notes (POST /invoices/{id}/credit-notes)', () => {
  it('issues a B04 by amount with the invoice ITBIS share, stores the modified NCF and lowers the balance; the client sees it', async () => {
    const inv = await issued();
    expect(inv.total).toBe(4326.66);
    const res = await note(inv._id, {
      amount: 1180,
      reason: 'Descuento comercial acordado',
      modificationCode: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const cn = res.json().data.creditNote;
    // ITBIS share: 118,000 × 66,000 / 432,666 = 18,000.2 → 18,000 centavos.
    expect(cn).toMatchObject({
      documentType: 'B04',
      modifiedNcf: inv.ncf,
      modifiedIssueDate: inv.issueDate,
      modificationCode: 3,
      subtotal: 1000,
      taxAmount: 180,
      total: 1180,
      refundAmount: 0,
      issueDate: today,
    });
    expect(cn.ncf).toMatch(/^B04\d{8}$/);
    const seen = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${inv._id}` });
    expect(seen.json().data.invoice).toMatchObject({
      amountCredited: 1180,
      balance: 3146.66,
      status: 'issued',
    });
    expect(seen.json().data.invoice.creditNotes.map((n: { ncf: string }) => n.ncf)).toEqual([cn.ncf]);
    const other = await injectAs(app, client2.token, { method: 'GET', url: `/api/invoices/${inv._id}` });
    expect(other.statusCode).toBe(404);
  });

  it('prices lines with the invoice tax rate and never lets the notes exceed the invoice total (400, nothing stored)', async () => {
    const inv = await issued();
    const byLines = await note(inv._id, {
      lines: [{ description: 'Hora de consultoría no prestada', quantity: 1, unitPrice: 500 }],
      reason: 'Servicio no prestado',
      modificationCode: 3,
    });
    expect(byLines.statusCode, byLines.body).toBe(201);
    expect(byLines.json().data.creditNote).toMatchObject({ subtotal: 500, taxAmount: 90, total: 590 });
    const tooMuch = await note(inv._id, { amount: 3736.67, reason: 'Exceso', modificationCode: 3 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(
      /^Las notas de crédito no pueden superar el total de la factura \(disponible: /,
    );
    const exact = await note(inv._id, {
      amount: 3736.66,
      reason: 'Anulación del resto',
      modificationCode: 1,
    });
    expect(exact.statusCode).toBe(201);
    const rows = await app.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, inv._id));
    expect(rows.reduce((a, r) => a + r.totalCents, 0)).toBe(432666);
    // Fully credited with nothing paid: annulled by the notes.
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, inv._id));
    expect(row).toMatchObject({ status: 'cancelled', creditedCents: 432666 });
  });

  it('carries no ITBIS when issued more than 30 days after the invoice', async () => {
    const inv = await issued(40);
    const res = await note(inv._id, { amount: 1000, reason: 'Ajuste tardío', modificationCode: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.creditNote).toMatchObject({ subtotal: 1000, taxAmount: 0, total: 1000 });
  });

  it('records a refund when the invoice is already paid', async () => {
    const inv = await issued();
    const pay = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${inv._id}/pay`,
      payload: {},
    });
    expect(pay.json().data.invoice.status).toBe('paid');
    const res = await note(inv._id, { amount: 100, reason: 'Devolución parcial', modificationCode: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.creditNote.refundAmount).toBe(100);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, inv._id));
    expect(row).toMatchObject({ status: 'paid', creditedCents: 0, paidCents: 432666 });
  });

  it('refuses drafts (409), bad input (400) and non-admins (403)', async () => {
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
    const onDraft = await note(draft._id, { amount: 10, reason: 'Ajuste', modificationCode: 3 });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().message).toBe(
      'Solo se emiten notas de crédito sobre facturas emitidas con comprobante fiscal (NCF).',
    );
    const inv = await issued();
    const bad = await note(inv._id, { amount: 10, reason: 'x', modificationCode: 9 });
    expect(bad.statusCode).toBe(400);
    // A note is dated the day it is issued (decision 132): neither back-dated nor post-dated.
    const [y, m, d] = today.split('-');
    for (const issueDate of [shift(today, 2), shift(today, -1)]) {
      const dated = await note(inv._id, { amount: 10, reason: 'Ajuste', modificationCode: 3, issueDate });
      expect(dated.statusCode, issueDate).toBe(400);
      expect(dated.json()).toMatchObject({
        message: `La nota de crédito se fecha el día en que se emite: la fecha debe ser hoy, ${d}/${m}/${y}.`,
        errors: [{ field: 'issueDate' }],
      });
    }
    const asClient = await note(inv._id, { amount: 10, reason: 'Ajuste', modificationCode: 3 }, client.token);
    expect(asClient.statusCode).toBe(403);
    expect(await app.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, inv._id))).toHaveLength(0);
  });

  it('serves the credit note PDF to staff and to the invoice client, 404 to another client', async () => {
    const inv = await issued();
    const cn = (await note(inv._id, { amount: 118, reason: 'Ajuste', modificationCode: 3 })).json().data
      .creditNote;
    const url = `/api/invoices/${inv._id}/credit-notes/${cn._id}/pdf`;
    for (const s of [admin, client]) {
      const res = await injectAs(app, s.token, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`Nota-de-credito-${cn.ncf}.pdf`);
    }
    expect((await injectAs(app, client2.token, { method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('payments: amounts, dates and withholdings (PUT /invoices/{id}/pay)', () => {
  const pay = (id: string, payload: object) =>
    injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${id}/pay`, payload });

  it('refuses amounts below RD$0.01 and dates before the issue date or after tomorrow', async () => {
    const inv = await issued(5);
    const cases: Array<[object, string]> = [
      [{ amount: 0.001 }, 'El monto mínimo es RD$0.01'],
      [
        { amount: 10, paidDate: shift(today, -6) },
        'La fecha de pago no puede ser anterior a la fecha de emisión',
      ],
      [{ amount: 10, paidDate: shift(today, 2) }, 'La fecha de pago no puede ser posterior a mañana'],
    ];
    for (const [payload, message] of cases) {
      const res = await pay(inv._id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id)),
    ).toHaveLength(0);
    expect((await pay(inv._id, { amount: 10, paidDate: shift(today, 1) })).statusCode).toBe(200);
  });

  it('refuses a retention date before the issue date or after tomorrow, on its field', async () => {
    const inv = await issued(5);
    const cases: Array<[string, string]> = [
      [shift(today, -6), 'La fecha de retención no puede ser anterior a la fecha de emisión'],
      [shift(today, 2), 'La fecha de retención no puede ser posterior a mañana'],
    ];
    for (const [retentionDate, message] of cases) {
      const res = await pay(inv._id, { amount: 10, itbisWithheld: 10, retentionDate });
      expect(res.statusCode, retentionDate).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field: 'retentionDate', message }] });
    }
    expect(
      await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id)),
    ).toHaveLength(0);
    const ok = await pay(inv._id, { amount: 10, itbisWithheld: 10, retentionDate: shift(today, -5) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.invoice.payments[0].retentionDate).toBe(shift(today, -5));
  });

  it('withholds 30 % of the ITBIS for a company client and counts it towards settling the invoice', async () => {
    const inv = await issued();
    const res = await pay(inv._id, { withholdingPreset: 'company_services', paymentMethod: 'bank_transfer' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data.invoice;
    // ITBIS 660.00 × 30 % = 198.00 withheld; the client transfers 4,326.66 − 198.00.
    expect(after).toMatchObject({ status: 'paid', amountPaid: 4128.66, amountWithheld: 198, balance: 0 });
    expect(after.payments[0]).toMatchObject({
      amount: 4128.66,
      itbisWithheld: 198,
      isrWithheld: 0,
      retentionDate: today,
    });
  });

  it('withholds on the ITBIS net of the credit notes, and caps typed withholdings at that net figure (issue 27)', async () => {
    const inv = await issued();
    // A credit note of 1,000.00 + ITBIS 180.00: ITBIS left 480.00, amount before ITBIS 2,666.66.
    expect(
      (await note(inv._id, { amount: 1180, reason: 'Descuento acordado', modificationCode: 3 })).statusCode,
    ).toBe(201);
    const over = await pay(inv._id, { amount: 10, itbisWithheld: 480.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'El ITBIS retenido no puede superar el ITBIS de la factura neto de notas de crédito',
    );
    const res = await pay(inv._id, { withholdingPreset: 'company_services', paymentMethod: 'bank_transfer' });
    expect(res.statusCode, res.body).toBe(200);
    // 30 % of 480.00 = 144.00 (not 30 % of 660.00 = 198.00); the rest of the balance is paid.
    expect(res.json().data.invoice).toMatchObject({
      status: 'paid',
      amountCredited: 1180,
      amountWithheld: 144,
      amountPaid: 3002.66,
      balance: 0,
    });
    const [row] = await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id));
    expect(row).toMatchObject({ itbisWithheldCents: 14_400, isrWithheldCents: 0 });
  });

  it('withholds 100 % ITBIS + 10 % ISR (agency persona física) and refuses withholdings above the invoice figures', async () => {
    const inv = await issued();
    const tooMuch = await pay(inv._id, { amount: 10, itbisWithheld: 660.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe('El ITBIS retenido no puede superar el ITBIS de la factura');
    const res = await pay(inv._id, { withholdingPreset: 'persona_fisica', amount: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    // ISR 10 % of 3,666.66 = 366.666 → 366.67.
    expect(res.json().data.invoice).toMatchObject({
      status: 'pending',
      amountPaid: 1000,
      amountWithheld: 1026.67,
      balance: 2299.99,
    });
  });

  it('checks the running total of withholdings across payments, and a preset takes only what is left', async () => {
    const inv = await issued();
    // ITBIS 660.00: 500.00 withheld on the first payment.
    expect((await pay(inv._id, { amount: 100, itbisWithheld: 500 })).statusCode).toBe(200);
    const over = await pay(inv._id, { amount: 100, itbisWithheld: 160.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'El ITBIS retenido no puede superar el ITBIS de la factura (ya se retuvieron RD$500.00)',
    );
    const isrOver = await pay(inv._id, { amount: 100, isrWithheld: 3666.67 });
    expect(isrOver.statusCode).toBe(400);
    expect(isrOver.json().message).toBe('El ISR retenido no puede superar el monto antes de impuestos');
    // 100 % ITBIS preset → only the 160.00 still unwithheld, plus 10 % ISR (366.67).
    const res = await pay(inv._id, { withholdingPreset: 'persona_fisica', amount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.invoice.payments.map((p: { itbisWithheld: number }) => p.itbisWithheld)
        .sort((a: number, b: number) => a - b),
    ).toEqual([160, 500]);
    const rows = await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id));
    expect(rows.reduce((a, r) => a + r.itbisWithheldCents, 0)).toBe(66_000);
    expect(rows.reduce((a, r) => a + r.isrWithheldCents, 0)).toBe(36_667);
  });
});
