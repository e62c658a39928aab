import { businessToday, type CreateQuoteBody, NOTIFICATION_EVENT, type Session } from '@agencia/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import {
  auditLog,
  emailOutbox,
  invoiceItems,
  invoices,
  notifications,
  projectMilestones,
  projects,
  quoteRequests,
  quotes,
} from '../../db/schema/index.js';
import { expireQuotes } from './quotes.service.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let clientId: string;

const today = businessToday();
const inDays = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** A valid `POST /quotes` body for the demo client: 2 × RD$10,000 + 1 × RD$5,000.50, ITBIS 18 %. */
function body(overrides: Partial<CreateQuoteBody> = {}): CreateQuoteBody {
  return {
    clientId,
    validUntil: inDays(15),
    items: [
      { description: 'Diseño del sitio', quantity: 2, unitPrice: 10_000 },
      { description: 'Hosting anual', details: '12 meses', quantity: 1, unitPrice: 5_000.5 },
    ],
    notes: 'Incluye dos rondas de cambios.',
    ...overrides,
  };
}

async function createQuote(overrides: Partial<CreateQuoteBody> = {}) {
  const res = await injectAs(app, admin.token, {
    method: 'POST',
    url: '/api/quotes',
    payload: body(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create quote failed: ${res.statusCode} ${res.body}`);
  return res.json().data.quote;
}

async function sentQuote(overrides: Partial<CreateQuoteBody> = {}) {
  const q = await createQuote(overrides);
  const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/quotes/${q._id}/send` });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json().data.quote;
}

const accept = (token: string, id: string, payload: object = { signedName: 'Ana Pérez', agree: true }) =>
  injectAs(app, token, { method: 'POST', url: `/api/quotes/${id}/accept`, payload });

const invoicesOfQuote = async (id: string) => {
  const [q] = await app.db.select().from(quotes).where(eq(quotes.id, id));
  const ids = [q!.invoiceId, q!.balanceInvoiceId].filter((x): x is string => Boolean(x));
  return ids.length ? app.db.select().from(invoices).where(inArray(invoices.id, ids)) : [];
};

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  employee = await login(app, DEMO.employee);
  client = await login(app, DEMO.client);
  client2 = await login(app, DEMO.client2);
  clientId = client.user.clientId!;
});

describe('quotes API (issue 16, decision 114)', () => {
  it('creates drafts numbered COT-YYYY-NNNN without gaps, with the invoices’ totals', async () => {
    const a = await createQuote();
    const b = await createQuote();
    const year = today.slice(0, 4);
    expect(a.quoteNumber).toMatch(new RegExp(`^COT-${year}-\\d{4}$`));
    expect(Number(b.quoteNumber.slice(-4))).toBe(Number(a.quoteNumber.slice(-4)) + 1);
    // 20,000 + 5,000.50 = 25,000.50; ITBIS 18 % = 4,500.09; total 29,500.59.
    expect(a).toMatchObject({
      status: 'draft',
      subtotal: 25_000.5,
      taxRate: 18,
      taxAmount: 4_500.09,
      total: 29_500.59,
      currency: 'DOP',
      validUntil: inDays(15),
    });
    const [row] = await app.db.select().from(quotes).where(eq(quotes.id, a._id));
    expect(row).toMatchObject({ totalCents: 2_950_059, taxCents: 450_009, status: 'draft' });
  });

  it('refuses bad input with a Spanish 400 (past validity, no items, discount above subtotal, advance %)', async () => {
    const cases: Array<[Partial<CreateQuoteBody>, RegExp]> = [
      [{ validUntil: inDays(-1) }, /validez/],
      [{ items: [] }, /ítem/],
      [{ discountAmount: 999_999 }, /descuento/i],
      [{ advancePercent: 100 }, /anticipo/i],
    ];
    for (const [overrides, message] of cases) {
      const res = await injectAs(app, admin.token, {
        method: 'POST',
        url: '/api/quotes',
        payload: body(overrides),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('edits only drafts (409 in Spanish once sent); employees read but cannot write; clients cannot create', async () => {
    const q = await createQuote();
    const edit = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/quotes/${q._id}`,
      payload: { items: [{ description: 'Solo diseño', quantity: 1, unitPrice: 1_000 }] },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.quote).toMatchObject({ subtotal: 1_000, total: 1_180 });

    expect(
      (await injectAs(app, employee.token, { method: 'GET', url: `/api/quotes/${q._id}` })).statusCode,
    ).toBe(200);
    expect(
      (await injectAs(app, employee.token, { method: 'POST', url: '/api/quotes', payload: body() }))
        .statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, client.token, { method: 'POST', url: '/api/quotes', payload: body() })).statusCode,
    ).toBe(403);

    await injectAs(app, admin.token, { method: 'POST', url: `/api/quotes/${q._id}/send` });
    const late = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/quotes/${q._id}`,
      payload: { notes: 'otra' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/borrador/);
  });

  it('send e-mails the PDF through the outbox and notifies the client; clients never see drafts; zero totals are not sent', async () => {
    const draft = await createQuote();
    expect(
      (await injectAs(app, client.token, { method: 'GET', url: `/api/quotes/${draft._id}` })).statusCode,
    ).toBe(404);
    const list = await injectAs(app, client.token, { method: 'GET', url: '/api/quotes?limit=100' });
    expect(list.json().data.quotes.map((q: { _id: string }) => q._id)).not.toContain(draft._id);

    const sent = await injectAs(app, admin.token, { method: 'POST', url: `/api/quotes/${draft._id}/send` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.quote).toMatchObject({ status: 'sent' });
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, client.user.email));
    const mail = mails.find((m) => m.subject.includes(draft.quoteNumber));
    expect(mail?.subject).toMatch(/^Cotización COT-/);
    expect(JSON.stringify(mail?.attachments)).toContain(`Cotizacion-${draft.quoteNumber}.pdf`);
    const notes = await app.db.select().from(notifications).where(eq(notifications.userId, client.user._id));
    expect(notes.some((n) => n.title === `Nueva cotización ${draft.quoteNumber}`)).toBe(true);

    const mine = await injectAs(app, client.token, { method: 'GET', url: `/api/quotes/${draft._id}` });
    expect(mine.statusCode).toBe(200);

    // A quote whose lines are not priced yet (e.g. from a quote request) is not sent.
    const unpriced = await createQuote({
      items: [{ description: 'Por cotizar', quantity: 1, unitPrice: 0 }],
    });
    const refused = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/quotes/${unpriced._id}/send`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/total cero/);
    const [still] = await app.db.select().from(quotes).where(eq(quotes.id, unpriced._id));
    expect(still!.status).toBe('draft');
  });

  it("another client's quote answers 404 on read, PDF, accept and reject; staff can't answer for the client", async () => {
    const q = await sentQuote();
    for (const req of [
      { method: 'GET' as const, url: `/api/quotes/${q._id}` },
      { method: 'GET' as const, url: `/api/quotes/${q._id}/pdf` },
      {
        method: 'POST' as const,
        url: `/api/quotes/${q._id}/accept`,
        payload: { signedName: 'Otro', agree: true },
      },
      { method: 'POST' as const, url: `/api/quotes/${q._id}/reject`, payload: { reason: 'No me interesa' } },
    ]) {
      expect((await injectAs(app, client2.token, req)).statusCode).toBe(404);
    }
    expect((await accept(admin.token, q._id)).statusCode).toBe(403);
    expect((await accept(employee.token, q._id)).statusCode).toBe(403);
    const [row] = await app.db.select().from(quotes).where(eq(quotes.id, q._id));
    expect(row).toMatchObject({ status: 'sent', invoiceId: null });
  });

  it('the client accepts: name, IP and time stored, one draft invoice with the quote’s lines; admins notified', async () => {
    const q = await sentQuote();
    const bad = await accept(client.token, q._id, { signedName: 'Ana Pérez', agree: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/casilla/);

    const push = vi.spyOn(app.realtime, 'toUser');
    const res = await accept(client.token, q._id);
    expect(res.statusCode).toBe(201);
    // Admins are told live (socket.io push after commit).
    expect(push).toHaveBeenCalledWith(
      admin.user._id,
      NOTIFICATION_EVENT,
      expect.objectContaining({ title: `Cotización ${q.quoteNumber} aceptada` }),
    );
    push.mockRestore();
    const data = res.json().data;
    expect(data.quote).toMatchObject({ status: 'accepted', signedName: 'Ana Pérez' });
    expect(data.invoice).toMatchObject({ status: 'draft', total: q.total, subtotal: q.subtotal });
    expect(data.balanceInvoice).toBeNull();

    const [row] = await app.db.select().from(quotes).where(eq(quotes.id, q._id));
    expect(row!.acceptedAt).toBeInstanceOf(Date);
    expect(row!.acceptedIp).toBeTruthy();
    expect(row!.signedName).toBe('Ana Pérez');
    const [inv] = await invoicesOfQuote(q._id);
    expect(inv).toMatchObject({ status: 'draft', totalCents: 2_950_059, clientId });
    const lines = await app.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, inv!.id));
    expect(lines.map((l) => l.description).sort()).toEqual(['Diseño del sitio', 'Hosting anual']);

    const adminNotes = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.user._id));
    expect(adminNotes.some((n) => n.title === `Cotización ${q.quoteNumber} aceptada`)).toBe(true);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.targetId, q._id));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['quote.created', 'quote.sent', 'quote.accepted']),
    );

    // The admin sees the draft invoice linked on the quote.
    const detail = await injectAs(app, admin.token, { method: 'GET', url: `/api/quotes/${q._id}` });
    expect(detail.json().data.quote.invoice).toMatchObject({ _id: inv!.id, status: 'draft' });
  });

  it('double submit (sequential and concurrent) creates one invoice only', async () => {
    const q = await sentQuote();
    const [a, b] = await Promise.all([accept(client.token, q._id), accept(client.token, q._id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.invoice._id).toBe(b.json().data.invoice._id);
    const again = await accept(client.token, q._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.invoice._id).toBe(a.json().data.invoice._id);
    const notesOfQuote = await app.db.select().from(invoices).where(eq(invoices.clientId, clientId));
    expect(notesOfQuote.filter((i) => i.notes?.includes(q.quoteNumber))).toHaveLength(1);
  });

  it('an expired quote cannot be accepted (409 "La cotización venció…"), even before the job runs', async () => {
    const q = await sentQuote();
    await app.db
      .update(quotes)
      .set({ validUntil: inDays(-1) })
      .where(eq(quotes.id, q._id));
    const listed = await injectAs(app, client.token, { method: 'GET', url: `/api/quotes/${q._id}` });
    expect(listed.json().data.quote.status).toBe('expired');
    const res = await accept(client.token, q._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^La cotización venció/);
    expect(await invoicesOfQuote(q._id)).toHaveLength(0);
    // Valid through its last day: a quote valid until today can still be accepted.
    const lastDay = await sentQuote({ validUntil: today });
    expect((await accept(client.token, lastDay._id)).statusCode).toBe(201);
  });

  it('the expiry job marks sent quotes past their validity once (idempotent) and leaves the rest', async () => {
    const old = await sentQuote();
    const fresh = await sentQuote();
    const draft = await createQuote();
    await app.db
      .update(quotes)
      .set({ validUntil: inDays(-2) })
      .where(inArray(quotes.id, [old._id, draft._id]));
    const first = await expireQuotes({ db: app.db, today });
    expect(first.expired).toBeGreaterThanOrEqual(1);
    const second = await expireQuotes({ db: app.db, today });
    expect(second.expired).toBe(0);
    const rows = await app.db
      .select()
      .from(quotes)
      .where(inArray(quotes.id, [old._id, fresh._id, draft._id]));
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({ [old._id]: 'expired', [fresh._id]: 'sent', [draft._id]: 'draft' });
    expect(rows.find((r) => r.id === old._id)!.expiredAt).toBeInstanceOf(Date);
    const job = await app.jobs.runNow('quote-expiry', new Date());
    expect(job.lastStatus).toBe('ok');
    expect((await accept(client.token, old._id)).statusCode).toBe(409);
  });

  it('advance of 40 %: an advance and a balance invoice whose totals add up to the quote, plus a project with milestones', async () => {
    const q = await sentQuote({
      advancePercent: 40,
      createProject: true,
      discountAmount: 333.33,
      items: [
        { description: 'Diseño', quantity: 3, unitPrice: 3_333.33 },
        { description: 'Desarrollo', quantity: 1, unitPrice: 12_345.67 },
        { description: 'Capacitación', quantity: 1, unitPrice: 999.99, taxExempt: true },
      ],
    });
    const res = await accept(client.token, q._id);
    expect(res.statusCode).toBe(201);
    const { invoice, balanceInvoice, project } = res.json().data;
    expect(invoice.status).toBe('draft');
    expect(balanceInvoice.status).toBe('draft');
    const cents = (n: number) => Math.round(n * 100);
    expect(cents(invoice.total) + cents(balanceInvoice.total)).toBe(cents(q.total));
    expect(cents(invoice.subtotal) + cents(balanceInvoice.subtotal)).toBe(cents(q.subtotal));
    // The advance is 40 % of the quote (to the cent, within rounding of each line).
    expect(Math.abs(cents(invoice.subtotal) - Math.round(cents(q.subtotal) * 0.4))).toBeLessThanOrEqual(3);
    expect(invoice.items[0].description).toMatch(/^Anticipo 40 %/);

    expect(project).toMatchObject({ title: `Cotización ${q.quoteNumber}` });
    const [p] = await app.db.select().from(projects).where(eq(projects.id, project._id));
    expect(p).toMatchObject({ clientId, status: 'approved' });
    const milestones = await app.db
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, project._id))
      .orderBy(projectMilestones.order);
    expect(milestones.map((m) => m.title)).toEqual(['Diseño', 'Desarrollo', 'Capacitación']);
    const linked = await invoicesOfQuote(q._id);
    expect(linked.map((i) => i.projectId)).toEqual([project._id, project._id]);
  });

  it('reject needs a reason; rejected quotes cannot be accepted', async () => {
    const q = await sentQuote();
    const empty = await injectAs(app, client.token, {
      method: 'POST',
      url: `/api/quotes/${q._id}/reject`,
      payload: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/motivo/);
    const res = await injectAs(app, client.token, {
      method: 'POST',
      url: `/api/quotes/${q._id}/reject`,
      payload: { reason: 'El presupuesto supera lo previsto' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.quote).toMatchObject({
      status: 'rejected',
      rejectionReason: 'El presupuesto supera lo previsto',
    });
    const late = await accept(client.token, q._id);
    expect(late.statusCode).toBe(409);
    expect(await invoicesOfQuote(q._id)).toHaveLength(0);
  });

  it('lists with pagination, status filter and search; the PDF is a PDF', async () => {
    const q = await sentQuote();
    const page = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/quotes?status=sent&search=${encodeURIComponent(q.quoteNumber)}&limit=5`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.quotes.map((x: { _id: string }) => x._id)).toEqual([q._id]);
    expect(page.json().data.pagination).toMatchObject({ page: 1, limit: 5, total: 1 });
    const bad = await injectAs(app, admin.token, { method: 'GET', url: '/api/quotes?status=nope' });
    expect(bad.statusCode).toBe(400);

    const pdf = await injectAs(app, client.token, { method: 'GET', url: `/api/quotes/${q._id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(String(pdf.headers['content-disposition'])).toContain(`Cotizacion-${q.quoteNumber}.pdf`);
    // What a reader sees: the title, the number, the validity, the lines and the total.
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('COTIZACIÓN');
    expect(flat).toContain(`Cotización ${q.quoteNumber}`);
    expect(flat).toContain('Diseño del sitio');
    expect(flat).toMatch(/Válida hasta: \d{2}\/\d{2}\/\d{4}/);
    expect(flat).toContain('29,500.59');
  });

  it('a quote made from a public quote request links it and marks the lead converted', async () => {
    const lead = await app.inject({
      method: 'POST',
      url: '/api/public/quote-requests',
      payload: {
        serviceId: 'sitios-web',
        name: 'Ana Lead',
        email: client.user.email,
        phone: '809-555-0199',
        budget: '1000-3000',
        timeline: '3-4 semanas',
        description: 'Tienda en línea para café',
      },
    });
    expect(lead.statusCode).toBeLessThan(300);
    const [request] = await app.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.name, 'Ana Lead'))
      .limit(1);
    const q = await createQuote({ quoteRequestId: request!.id });
    expect(q.quoteRequestId).toBe(request!.id);
    const [after] = await app.db.select().from(quoteRequests).where(eq(quoteRequests.id, request!.id));
    expect(after!.status).toBe('converted');
    const missing = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/quotes',
      payload: body({ quoteRequestId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/solicitud/);
  });

  it('a client with quotes cannot be deleted (409, archive instead); the quote stays', async () => {
    const created = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        firstName: 'Pedro',
        lastName: 'Cotizado',
        email: 'pedro@cotizado.do',
        clientType: 'individual',
      },
    });
    expect(created.statusCode).toBe(200);
    const other = created.json().data.client._id;
    const q = await createQuote({ clientId: other });
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/clients/${other}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/cotizaciones/);
    const [row] = await app.db.select().from(quotes).where(eq(quotes.id, q._id));
    expect(row!.clientId).toBe(other);
  });
});
