import { formatMoney, type Session } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import {
  clients,
  emailOutbox,
  files,
  invoiceCounters,
  invoiceEvents,
  invoicePayments,
  invoices,
  notifications,
} from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let clientId: string;
let client2Id: string;
let baseline: { totalRevenue: number; paidInvoices: number; partiallyPaidInvoices: number };

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  clientId = client.user.clientId!;
  baseline = (await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices/stats' })).json().data;
  client2Id = client2.user.clientId!;
});

describe('POST /api/invoices', () => {
  it('creates a draft with server-computed totals (ITBIS 18 from settings), number TST-2026-0001 and a history entry', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/invoices',
      // Totals sent by the client are ignored (not in the schema, stripped).
      payload: { ...invoicePayload(clientId, { series: 'TST' }), total: 1, subtotal: 1 },
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json().data.invoice;
    // 1500 + 666.66 + 1500 = 3666.66; ITBIS 18% = 659.9988 → 660.00; total 4326.66
    expect(inv).toMatchObject({
      invoiceNumber: 'TST-2026-0001',
      status: 'draft',
      subtotal: 3666.66,
      taxRate: 18,
      taxAmount: 660,
      discountAmount: 0,
      total: 4326.66,
      balance: 4326.66,
      currency: 'DOP',
      paymentTerms: 30,
    });
    expect(inv.items.map((i: { total: number }) => i.total)).toEqual([1500, 666.66, 1500]);
    expect(inv.history).toHaveLength(1);
    expect(inv.history[0]).toMatchObject({ event: 'created', by: 'Laura Céspedes' });
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, inv._id));
    expect(row).toMatchObject({
      subtotalCents: 366666,
      taxCents: 66000,
      totalCents: 432666,
      status: 'draft',
    });
  });

  it('rejects bad input with Spanish 400s (quantity < 1, negative price, due before issue, discount above total)', async () => {
    const cases = [
      invoicePayload(clientId, { items: [{ description: 'x', quantity: 0, unitPrice: 1 }] }),
      invoicePayload(clientId, { items: [{ description: 'x', quantity: 1, unitPrice: -1 }] }),
      invoicePayload(clientId, { dueDate: '2026-01-01' }),
      invoicePayload(clientId, { discountAmount: 999999 }),
      invoicePayload(clientId, { items: [] }),
    ];
    const messages = [];
    for (const payload of cases) {
      const res = await injectAs(app, admin.token, { method: 'POST', url: '/api/invoices', payload });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'La cantidad mínima es 1',
      'El precio no puede ser negativo',
      'La fecha de vencimiento no puede ser anterior a la de emisión',
      'El descuento no puede superar el subtotal',
      'Agrega al menos un ítem',
    ]);
  });

  it('refuses a project of another client (400) and unknown clients (400)', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/invoices',
      payload: invoicePayload('00000000-0000-4000-8000-000000000000'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El cliente no existe');
  });

  it('is admin only: employee and client get 403, anonymous 401', async () => {
    for (const s of [employee, client]) {
      const res = await injectAs(app, s.token, {
        method: 'POST',
        url: '/api/invoices',
        payload: invoicePayload(clientId),
      });
      expect(res.statusCode).toBe(403);
    }
    const anon = await app.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: invoicePayload(clientId),
    });
    expect(anon.statusCode).toBe(401);
  });

  it('gives 20 concurrent creates 20 distinct consecutive numbers (gap-free counter)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        injectAs(app, admin.token, {
          method: 'POST',
          url: '/api/invoices',
          payload: invoicePayload(clientId, {
            series: 'CON',
            issueDate: '2026-03-01',
            dueDate: '2026-03-31',
          }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.json().data.invoice.invoiceNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `CON-2026-${String(i + 1).padStart(4, '0')}`),
    );
    const [counter] = await app.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.series, 'CON'), eq(invoiceCounters.year, 2026)));
    expect(counter?.lastNumber).toBe(20);
  });
});

describe('send, pay, overdue, PDF', () => {
  let invoiceId: string;
  beforeAll(async () => {
    invoiceId = (
      await createInvoiceVia(
        app,
        admin.token,
        invoicePayload(clientId, { issueDate: '2026-05-01', dueDate: '2026-05-31' }),
      )
    )._id;
  });

  it('hides drafts from the client (404), then sends: status sent, email with the PDF attached in the outbox', async () => {
    const hidden = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${invoiceId}` });
    expect(hidden.statusCode).toBe(404);
    const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${invoiceId}/send` });
    expect(res.statusCode).toBe(200);
    const inv = res.json().data.invoice;
    expect(['sent', 'overdue']).toContain(inv.status);
    expect(inv.history.map((h: { event: string }) => h.event)).toEqual(['created', 'issued', 'sent']);
    const mails = await app.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like ${`Factura ${inv.invoiceNumber}%`}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(inv.client.email);
    expect(mails[0]!.attachments[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: `Factura-${inv.invoiceNumber}.pdf`,
    });
    const [file] = await app.db.select().from(files).where(eq(files.id, mails[0]!.attachments[0]!.fileId));
    expect(file!.data.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses to edit a sent invoice (409)', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}`,
      payload: { notes: 'x' },
    });
    expect(res.statusCode).toBe(409);
  });

  it('reports an unpaid invoice past its due date as overdue with days overdue', async () => {
    // Sent today, it is dated today (decision 132): aged as an invoice issued on 1 May, due 31 May.
    await ageIssuedInvoice(app, invoiceId, { issueDate: '2026-05-01', dueDate: '2026-05-31' });
    const res = await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${invoiceId}` });
    const inv = res.json().data.invoice;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());
    const expected = Math.round((Date.parse(today) - Date.parse('2026-05-31')) / 86400000);
    if (expected > 0)
      expect(inv).toMatchObject({ status: 'overdue', isOverdue: true, daysOverdue: expected });
    else expect(inv).toMatchObject({ status: 'sent', isOverdue: false, daysOverdue: 0 });
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/invoices?status=overdue&limit=100',
    });
    const ids = list.json().data.invoices.map((i: { _id: string }) => i._id);
    expect(ids.includes(invoiceId)).toBe(expected > 0);
  });

  it('records a partial payment (pending), rejects more than the balance, then pays the rest (paid)', async () => {
    const partial = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/pay`,
      payload: { amount: 1000, paidDate: '2026-05-20', paymentMethod: 'pse', reference: 'TRX-1' },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().data.invoice).toMatchObject({ amountPaid: 1000, balance: 3326.66, paidDate: null });
    const stats = (await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices/stats' })).json()
      .data;
    expect(stats.partiallyPaidInvoices).toBe(baseline.partiallyPaidInvoices + 1);
    const tooMuch = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/pay`,
      payload: { amount: 5000 },
    });
    expect(tooMuch.statusCode).toBe(400);
    const rest = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/pay`,
      payload: { paidDate: '2026-05-25' },
    });
    expect(rest.json().data.invoice).toMatchObject({
      status: 'paid',
      balance: 0,
      amountPaid: 4326.66,
      paidDate: '2026-05-25',
    });
    const payments = await app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoiceId));
    expect(payments.map((p) => p.amountCents).sort()).toEqual([100000, 332666]);
    const again = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/pay`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets the client read its own invoice (viewed recorded) and PDF; another client gets 404 for both', async () => {
    const own = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${invoiceId}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.invoice.status).toBe('paid');
    const viewed = await app.db
      .select()
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.event, 'viewed')));
    expect(viewed).toHaveLength(1);
    const pdf = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${invoiceId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('/Count');
    const other = await injectAs(app, client2.token, { method: 'GET', url: `/api/invoices/${invoiceId}` });
    expect(other.statusCode).toBe(404);
    const otherPdf = await injectAs(app, client2.token, {
      method: 'GET',
      url: `/api/invoices/${invoiceId}/pdf`,
    });
    expect(otherPdf.statusCode).toBe(404);
    const list = await injectAs(app, client2.token, { method: 'GET', url: '/api/invoices?limit=100' });
    expect(
      list.json().data.invoices.every((i: { client: { _id: string } }) => i.client._id === client2Id),
    ).toBe(true);
  });

  it('lets the employee read but not pay (403)', async () => {
    const read = await injectAs(app, employee.token, { method: 'GET', url: `/api/invoices/${invoiceId}` });
    expect(read.statusCode).toBe(200);
    const pay = await injectAs(app, employee.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/pay`,
      payload: {},
    });
    expect(pay.statusCode).toBe(403);
    const cpay = await injectAs(app, client.token, {
      method: 'PUT',
      url: `/api/invoices/${invoiceId}/pay`,
      payload: {},
    });
    expect(cpay.statusCode).toBe(403);
  });
});

describe('list, stats, duplicate, cancel, delete', () => {
  it('paginates with page/limit and searches by number and client', async () => {
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices?page=1&limit=10' });
    const body = res.json().data;
    expect(body.invoices).toHaveLength(10);
    expect(body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(22);
    const byNumber = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/invoices?search=CON-2026-0007',
    });
    expect(byNumber.json().data.invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber)).toEqual([
      'CON-2026-0007',
    ]);
    const [c] = await app.db.select().from(clients).where(eq(clients.id, clientId));
    const byClient = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/invoices?search=${encodeURIComponent(c!.companyName!)}&limit=100`,
    });
    const found = byClient.json().data.invoices;
    expect(found.length).toBeGreaterThanOrEqual(22);
    expect(found.every((i: { client: { _id: string } }) => i.client._id === clientId)).toBe(true);
  });

  it('computes stats from the database', async () => {
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices/stats' });
    const stats = res.json().data;
    expect(stats).toMatchObject({ paidInvoices: baseline.paidInvoices + 1, currency: 'DOP' });
    expect(stats.totalRevenue).toBeCloseTo(baseline.totalRevenue + 4326.66, 2);
  });

  it('duplicates as a new draft, deletes the latest draft (counter steps back) and voids an older one', async () => {
    const source = await createInvoiceVia(app, admin.token, invoicePayload(clientId, { series: 'DUP' }));
    const dup = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${source._id}/duplicate`,
    });
    const copy = dup.json().data.invoice;
    expect(copy).toMatchObject({
      invoiceNumber: expect.stringMatching(/^DUP-\d{4}-0002$/),
      status: 'draft',
      total: source.total,
    });
    const delLatest = await injectAs(app, admin.token, {
      method: 'DELETE',
      url: `/api/invoices/${copy._id}`,
    });
    expect(delLatest.json()).toMatchObject({ data: { deleted: true }, message: 'Factura eliminada' });
    const next = await createInvoiceVia(app, admin.token, invoicePayload(clientId, { series: 'DUP' }));
    expect(next.invoiceNumber).toBe('DUP-2026-0002');
    const delOlder = await injectAs(app, admin.token, {
      method: 'DELETE',
      url: `/api/invoices/${source._id}`,
    });
    expect(delOlder.json().data.deleted).toBe(false);
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, source._id));
    expect(row!.status).toBe('cancelled');
  });

  it('"Emitir" leaves the invoice issued and not sent; only a real sending makes it "Enviada", with its history entry (decision 163)', async () => {
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { dueDate: '2099-01-01' }),
    );
    const issued = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/issue`,
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.json().data.invoice).toMatchObject({ status: 'issued', sentAt: null });
    expect(issued.json().data.invoice.history.map((h: { event: string }) => h.event)).not.toContain('sent');
    const ids = async (status: string) =>
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices?status=${status}&limit=100` }))
        .json()
        .data.invoices.map((i: { _id: string }) => i._id);
    expect(await ids('issued')).toContain(draft._id);
    expect(await ids('sent')).not.toContain(draft._id);
    const sent = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/send` });
    expect(sent.json().data.invoice).toMatchObject({ status: 'sent', sentAt: expect.any(String) });
    expect(sent.json().data.invoice.history.map((h: { event: string }) => h.event)).toContain('sent');
    expect(await ids('sent')).toContain(draft._id);
    expect(await ids('issued')).not.toContain(draft._id);
  });

  it('cancels a draft; refuses to cancel or delete an invoice issued with an NCF (409: it needs a credit note)', async () => {
    const inv = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { asDraft: false, dueDate: '2099-01-01' }),
    );
    expect(inv.status).toBe('sent');
    expect(inv.ncf).toMatch(/^B01\d{8}$/);
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/invoices/${inv._id}` });
    expect(del.statusCode).toBe(409);
    const refused = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/cancel`,
      payload: { reason: 'Error' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `La factura tiene el comprobante fiscal ${inv.ncf} y no se puede cancelar: emite una nota de crédito.`,
    );
    const [row] = await app.db.select().from(invoices).where(eq(invoices.id, inv._id));
    expect(row!.status).toBe('sent');

    const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
    const cancel = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/cancel`,
      payload: { reason: 'Error' },
    });
    expect(cancel.json().data.invoice.status).toBe('cancelled');
  });
});

describe('payment reminders', () => {
  const remind = (token: string, id: string) =>
    injectAs(app, token, { method: 'POST', url: `/api/invoices/${id}/remind` });

  it('emails the balance with the PDF, records the event and notifies the client; once per 24 hours', async () => {
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { issueDate: '2026-10-01', dueDate: '2026-10-31' }),
    );
    const early = await remind(admin.token, draft._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Envía la factura antes de recordar el pago.');

    await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/send` });
    // Sent today, it is dated today (decision 132): aged as an invoice issued on 1 October, overdue.
    await ageIssuedInvoice(app, draft._id, { issueDate: '2026-10-01', dueDate: '2026-10-31' });
    const partial = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${draft._id}/pay`,
      payload: { amount: 1000, paidDate: '2026-10-15', paymentMethod: 'bank_transfer' },
    });
    expect(partial.statusCode).toBe(200);
    const res = await remind(admin.token, draft._id);
    expect(res.statusCode).toBe(200);
    const inv = res.json().data.invoice;
    expect(inv.history.at(-1)).toMatchObject({ event: 'reminded' });

    const [mail, ...others] = await app.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} like ${`Recordatorio de pago: factura ${inv.invoiceNumber}%`}`);
    expect(others).toHaveLength(0);
    expect(mail!.to).toBe(inv.client.email);
    expect(inv.balance).toBeCloseTo(inv.total - 1000, 2);
    expect(mail!.text).toContain(`saldo pendiente de ${formatMoney(inv.total - 1000, 'DOP')}`);
    expect(mail!.text).toContain('venció el 31/10/2026');
    expect(mail!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user._id), eq(notifications.link, `/billing/${draft._id}`)));
    expect(told.map((n) => n.title)).toContain(`Recordatorio de pago: ${inv.invoiceNumber}`);

    const again = await remind(admin.token, draft._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ya se envió un recordatorio de esta factura en las últimas 24 horas.');
    // A day later another one may go out.
    await app.db
      .update(invoiceEvents)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(and(eq(invoiceEvents.invoiceId, draft._id), eq(invoiceEvents.event, 'reminded')));
    expect((await remind(admin.token, draft._id)).statusCode).toBe(200);
  });

  it('two admins clicking at once send one reminder: one 200, one 409', async () => {
    const inv = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
    await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${inv._id}/send` });
    const codes = (await Promise.all([remind(admin.token, inv._id), remind(admin.token, inv._id)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 409]);
    const events = await app.db
      .select()
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, inv._id), eq(invoiceEvents.event, 'reminded')));
    expect(events).toHaveLength(1);
  });

  it('refuses paid invoices (409), is admin only (employee and client 403) and 404s unknown ids', async () => {
    const inv = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
    await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${inv._id}/send` });
    expect((await remind(employee.token, inv._id)).statusCode).toBe(403);
    expect((await remind(client.token, inv._id)).statusCode).toBe(403);
    await injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${inv._id}/pay`, payload: {} });
    const paid = await remind(admin.token, inv._id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Esta factura no tiene saldo pendiente.');
    expect((await remind(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('permissions (decision 070)', () => {
  it('employees read invoices by default; without invoices.read they get 403', async () => {
    const get = (s: Session, url: string) => injectAs(app, s.token, { method: 'GET', url });
    expect((await get(employee, '/api/invoices')).statusCode).toBe(200);
    await withoutPermission(app, admin.token, DEMO.employee, 'invoices.read', async () => {
      expect((await get(employee, '/api/invoices')).statusCode).toBe(403);
      expect((await get(employee, '/api/invoices/stats')).statusCode).toBe(403);
    });
    expect((await get(employee, '/api/invoices')).statusCode).toBe(200);
  });

  it('a client whose invoices.read was removed gets 403 on its own invoices', async () => {
    const get = () => injectAs(app, client.token, { method: 'GET', url: '/api/invoices' });
    expect((await get()).statusCode).toBe(200);
    await withoutPermission(app, admin.token, DEMO.client, 'invoices.read', async () => {
      expect((await get()).statusCode).toBe(403);
    });
    expect((await get()).statusCode).toBe(200);
  });
});

describe("dashboard 'Facturas Recientes' source: GET /invoices?limit=5 (decision 074)", () => {
  it('admin gets the 5 newest; a client only its own non-draft ones, newest first', async () => {
    const adminList = (
      await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices?limit=5' })
    ).json().data;
    expect(adminList.invoices).toHaveLength(5);
    const total = await app.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(adminList.pagination.total).toBe(total[0]!.n);
    const dates = adminList.invoices.map((i: { issueDate: string }) => i.issueDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const mine = (await injectAs(app, client.token, { method: 'GET', url: '/api/invoices?limit=5' })).json()
      .data;
    expect(mine.invoices.length).toBeGreaterThan(0);
    expect(mine.invoices.length).toBeLessThanOrEqual(5);
    for (const inv of mine.invoices as Array<{ client: { _id: string }; status: string }>) {
      expect(inv.client._id).toBe(clientId);
      expect(inv.status).not.toBe('draft');
    }
    const own = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(eq(invoices.clientId, clientId), sql`${invoices.status} <> 'draft'`));
    expect(mine.pagination.total).toBe(own[0]!.n);
  });
});
