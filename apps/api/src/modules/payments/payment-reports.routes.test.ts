import { addDays, businessToday } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { openInvoiceFor, reportForm, transferScreenshot } from '../../../test/payment-factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { emailOutbox, invoicePayments, notifications, users } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;
let client2: string;
let clientId: string;
let clientEmail: string;
let png: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  const session = await login(app, DEMO.client);
  client = session.token;
  clientId = session.user.clientId!;
  client2 = (await login(app, DEMO.client2)).token;
  png = await transferScreenshot();
  const inv = await openInvoiceFor(app, admin, clientId);
  clientEmail = inv.client.email;
});

const today = () => businessToday();

async function report(
  token: string,
  invoiceId: string,
  fields: Record<string, string>,
  file: Buffer | null = png,
) {
  return injectAs(app, token, {
    method: 'POST',
    url: `/api/invoices/${invoiceId}/payment-reports`,
    ...reportForm(fields, file),
  });
}

const goodFields = (amount: string) => ({
  amount,
  date: today(),
  bank: 'Banco Popular',
  reference: 'TRF-778812',
});

describe('transfer reports', () => {
  it('the client reports a transfer with its receipt; the admins are told (stored and e-mail)', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const res = await report(client, inv._id, goodFields('1000.50'));
    expect(res.statusCode).toBe(201);
    const r = res.json().data.paymentReport;
    expect(r).toMatchObject({
      status: 'pending',
      amount: 1000.5,
      date: today(),
      bank: 'Banco Popular',
      reference: 'TRF-778812',
      invoice: { _id: inv._id, invoiceNumber: inv.invoiceNumber },
      file: { contentType: 'image/png' },
    });
    const [adminUser] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    const stored = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminUser!.id), eq(notifications.link, `/billing/${inv._id}`)));
    expect(stored.map((n) => n.title)).toContain(`Pago reportado: ${inv.invoiceNumber}`);
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, DEMO.admin));
    expect(mails.some((m) => m.subject === `Pago reportado: ${inv.invoiceNumber}`)).toBe(true);
    // The receipt is there for the admin, and for its client, not for another one.
    const file = await injectAs(app, admin, { method: 'GET', url: `/api/payment-reports/${r._id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(
      (await injectAs(app, client2, { method: 'GET', url: `/api/payment-reports/${r._id}/file` })).statusCode,
    ).toBe(404);
  });

  it('only the invoice’s own client reports: another client 404, staff 403', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    expect((await report(client2, inv._id, goodFields('10'))).statusCode).toBe(404);
    expect((await report(admin, inv._id, goodFields('10'))).statusCode).toBe(403);
    expect((await report(employee, inv._id, goodFields('10'))).statusCode).toBe(403);
  });

  it('refuses in Spanish an amount above the balance or under RD$0.01, a future date, no receipt or a non-image file', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const above = await report(client, inv._id, goodFields(String(inv.balance + 0.01)));
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toMatch(/^El monto supera el saldo pendiente/);
    const tiny = await report(client, inv._id, goodFields('0.001'));
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toBe('El monto mínimo es RD$0.01');
    const future = await report(client, inv._id, { ...goodFields('10'), date: addDays(today(), 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('La fecha del pago no puede ser futura');
    const noFile = await report(client, inv._id, goodFields('10'), null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Adjunta el comprobante de la transferencia (imagen o PDF)');
    const text = await injectAs(app, client, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payment-reports`,
      ...reportForm(goodFields('10'), Buffer.from('no es una imagen'), 'nota.txt', 'text/plain'),
    });
    expect(text.statusCode).toBe(415);
    const list = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/payment-reports?invoiceId=${inv._id}`,
    });
    expect(list.json().data.paymentReports).toEqual([]);
  });

  it('lists reports paged by status: staff see all, a client its own', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const created = (await report(client, inv._id, goodFields('25'))).json().data.paymentReport;
    const pending = await injectAs(app, admin, {
      method: 'GET',
      url: '/api/payment-reports?status=pending&limit=100',
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.paymentReports.map((r: { _id: string }) => r._id)).toContain(created._id);
    expect(pending.json().data.pagination).toMatchObject({ page: 1, limit: 100 });
    const byEmployee = await injectAs(app, employee, {
      method: 'GET',
      url: `/api/payment-reports?invoiceId=${inv._id}`,
    });
    expect(byEmployee.json().data.paymentReports).toHaveLength(1);
    const own = await injectAs(app, client, {
      method: 'GET',
      url: `/api/payment-reports?invoiceId=${inv._id}`,
    });
    expect(own.json().data.paymentReports).toHaveLength(1);
    const other = await injectAs(app, client2, {
      method: 'GET',
      url: `/api/payment-reports?invoiceId=${inv._id}`,
    });
    expect(other.json().data.paymentReports).toEqual([]);
    const confirmed = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/payment-reports?status=confirmed&invoiceId=${inv._id}`,
    });
    expect(confirmed.json().data.paymentReports).toEqual([]);
    const bad = await injectAs(app, admin, { method: 'GET', url: '/api/payment-reports?status=nada' });
    expect(bad.statusCode).toBe(400);
  });

  it('the admin confirms once: one payment with its receipt e-mailed, the client told; a second answer is 409', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const r = (await report(client, inv._id, goodFields(String(inv.balance)))).json().data.paymentReport;
    expect(
      (
        await injectAs(app, employee, {
          method: 'POST',
          url: `/api/payment-reports/${r._id}/confirm`,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    const ok = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/confirm`,
      payload: {},
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.paymentReport).toMatchObject({
      status: 'confirmed',
      decidedBy: expect.any(String),
    });
    const invoice = (await injectAs(app, client, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0]).toMatchObject({
      _id: ok.json().data.paymentReport.paymentId,
      amount: inv.balance,
      paymentMethod: 'bank_transfer',
      paidDate: today(),
      reference: 'Banco Popular · Ref. TRF-778812',
      receiptNumber: expect.stringMatching(/^REC-\d{4}-\d{4}$/),
      balanceAfter: 0,
    });
    const receiptMail = (await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, clientEmail))).find(
      (m) => m.subject.startsWith(`Recibo de pago ${invoice.payments[0].receiptNumber}`),
    );
    expect(receiptMail?.attachments[0]?.filename).toBe(`Recibo-${invoice.payments[0].receiptNumber}.pdf`);
    const mine = await injectAs(app, client, { method: 'GET', url: '/api/notifications?limit=50' });
    expect(JSON.stringify(mine.json())).toContain(`Pago confirmado: ${inv.invoiceNumber}`);
    const again = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/confirm`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este reporte de pago ya fue confirmado.');
    const reject = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/reject`,
      payload: { reason: 'tarde' },
    });
    expect(reject.statusCode).toBe(409);
  });

  it('two admins confirming at once make one payment; the other gets 409', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const r = (await report(client, inv._id, goodFields('300'))).json().data.paymentReport;
    const admin2 = (await login(app, DEMO.admin)).token;
    const answers = await Promise.all(
      [admin, admin2].map((t) =>
        injectAs(app, t, { method: 'POST', url: `/api/payment-reports/${r._id}/confirm`, payload: {} }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id));
    expect(rows).toHaveLength(1);
  });

  it('a confirmation takes the withholdings the client retained (the payment rules apply)', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const r = (await report(client, inv._id, goodFields('100'))).json().data.paymentReport;
    const tooMuch = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/confirm`,
      payload: { itbisWithheld: inv.taxAmount + 1 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const ok = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/confirm`,
      payload: { itbisWithheld: 50 },
    });
    expect(ok.statusCode).toBe(200);
    const invoice = (await injectAs(app, admin, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    expect(invoice.payments[0]).toMatchObject({ amount: 100, itbisWithheld: 50 });
    expect(invoice.balance).toBeCloseTo(inv.balance - 150, 2);
    expect(invoice.payments[0].balanceAfter).toBeCloseTo(inv.balance - 150, 2);
  });

  it('the admin confirms from the payment form with corrected figures, and can void it: the report goes back to review', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const r = (await report(client, inv._id, goodFields('200'))).json().data.paymentReport;
    // The bank shows RD$190 on the day before: the admin confirms what the bank shows.
    const yesterday = addDays(today(), -1) < inv.issueDate ? today() : addDays(today(), -1);
    const ok = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/confirm`,
      payload: {
        amount: 190,
        paidDate: yesterday,
        reference: 'Banco Popular · Ref. TRF-1',
        itbisWithheld: 10,
      },
    });
    expect(ok.statusCode).toBe(200);
    let invoice = (await injectAs(app, admin, { method: 'GET', url: `/api/invoices/${inv._id}` })).json().data
      .invoice;
    expect(invoice.payments[0]).toMatchObject({
      amount: 190,
      itbisWithheld: 10,
      paidDate: yesterday,
      reference: 'Banco Popular · Ref. TRF-1',
      paymentMethod: 'bank_transfer',
    });
    const paymentId = invoice.payments[0]._id;
    // Voiding asks for a reason (Spanish 400), an employee or client cannot (403).
    const noReason = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payments/${paymentId}/void`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Indica el motivo de la anulación');
    for (const token of [employee, client])
      expect(
        (
          await injectAs(app, token, {
            method: 'POST',
            url: `/api/invoices/${inv._id}/payments/${paymentId}/void`,
            payload: { reason: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    const voided = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payments/${paymentId}/void`,
      payload: { reason: 'Monto equivocado' },
    });
    expect(voided.statusCode).toBe(200);
    invoice = voided.json().data.invoice;
    expect(invoice.payments).toEqual([]);
    expect(invoice.balance).toBeCloseTo(inv.balance, 2);
    expect(invoice.amountWithheld).toBe(0);
    expect(invoice.history.at(-1)).toMatchObject({ event: 'payment_voided' });
    expect(invoice.history.at(-1).note).toContain('Motivo: Monto equivocado');
    const rows = await app.db.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId));
    expect(rows).toEqual([]);
    const again = (
      await injectAs(app, admin, { method: 'GET', url: `/api/payment-reports?invoiceId=${inv._id}` })
    ).json().data.paymentReports[0];
    expect(again).toMatchObject({ status: 'pending', paymentId: null });
    // A second void of the same payment: 404.
    const twice = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payments/${paymentId}/void`,
      payload: { reason: 'otra vez' },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('only the latest payment can be voided (each receipt states the balance after it)', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    for (const amount of [10, 20])
      await injectAs(app, admin, { method: 'PUT', url: `/api/invoices/${inv._id}/pay`, payload: { amount } });
    const invoice = (await injectAs(app, admin, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    const [first, last] = invoice.payments;
    const refused = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payments/${first._id}/void`,
      payload: { reason: 'error' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Solo se puede anular el último pago/);
    const ok = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payments/${last._id}/void`,
      payload: { reason: 'error' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.invoice).toMatchObject({ status: expect.stringMatching(/pending|overdue/) });
    expect(ok.json().data.invoice.payments).toHaveLength(1);
  });

  it('payment options: open, the reports under review, and no "Reportar pago" without a bank account (decision 163)', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    await report(client, inv._id, goodFields('1000'));
    const options = async () =>
      (await injectAs(app, client, { method: 'GET', url: `/api/invoices/${inv._id}/payment-options` })).json()
        .data.paymentOptions;
    expect(await options()).toMatchObject({ open: true, report: true, reportedPending: 1000 });
    const saved = (
      await injectAs(app, admin, { method: 'GET', url: '/api/settings/payment-instructions' })
    ).json().data.paymentInstructions;
    await injectAs(app, admin, {
      method: 'PUT',
      url: '/api/settings/payment-instructions',
      payload: { bankAccounts: [], otherMethods: null },
    });
    try {
      expect(await options()).toMatchObject({ open: true, report: false });
      const refused = await report(client, inv._id, goodFields('10'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'La agencia aún no tiene una cuenta para transferencias: contáctala para pagar esta factura.',
      );
    } finally {
      await injectAs(app, admin, {
        method: 'PUT',
        url: '/api/settings/payment-instructions',
        payload: saved,
      });
    }
  });

  it('the admin rejects with a reason: the client is told why, the invoice is unchanged', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const r = (await report(client, inv._id, goodFields('80'))).json().data.paymentReport;
    const noReason = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/reject`,
      payload: { reason: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Indica el motivo del rechazo');
    const res = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/reject`,
      payload: { reason: 'La referencia no aparece en el estado de cuenta' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentReport).toMatchObject({
      status: 'rejected',
      rejectionReason: 'La referencia no aparece en el estado de cuenta',
      paymentId: null,
    });
    const invoice = (await injectAs(app, client, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    expect(invoice.payments).toEqual([]);
    expect(invoice.balance).toBe(inv.balance);
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, clientEmail));
    expect(mails.some((m) => m.text.includes('La referencia no aparece en el estado de cuenta'))).toBe(true);
    const twice = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/payment-reports/${r._id}/reject`,
      payload: { reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este reporte de pago ya fue rechazado.');
  });
});

describe('payment receipts', () => {
  it('numbers every payment in one series and serves its PDF to staff and the invoice’s client', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    for (const amount of [100, 200]) {
      const res = await injectAs(app, admin, {
        method: 'PUT',
        url: `/api/invoices/${inv._id}/pay`,
        payload: { amount, paymentMethod: 'cash', reference: `Caja ${amount}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const invoice = (await injectAs(app, admin, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    const [first, second] = invoice.payments;
    const seq = (n: string) => Number(n.split('-')[2]);
    expect(first.receiptNumber.slice(0, 9)).toBe(`REC-${today().slice(0, 4)}-`);
    expect(seq(second.receiptNumber)).toBe(seq(first.receiptNumber) + 1);
    expect(second.balanceAfter).toBeCloseTo(inv.balance - 300, 2);

    const url = `/api/invoices/${inv._id}/payments/${second._id}/receipt.pdf`;
    const pdf = await injectAs(app, client, { method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Recibo-${second.receiptNumber}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('RECIBO DE PAGO');
    expect(text).toContain(`Recibo ${second.receiptNumber}`);
    expect(text).toContain(`Pago de la factura ${inv.invoiceNumber}`);
    expect(text).toContain('Método de pago: Efectivo');
    expect(text).toContain('Referencia: Caja 200');
    expect(text).toContain('Saldo después de este pago');
    expect((await injectAs(app, admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await injectAs(app, employee, { method: 'GET', url })).statusCode).toBe(200);
    expect((await injectAs(app, client2, { method: 'GET', url })).statusCode).toBe(404);
    const unknown = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/invoices/${inv._id}/payments/00000000-0000-4000-8000-000000000000/receipt.pdf`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
