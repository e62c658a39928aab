import { addDays, businessToday, type Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';

// Decision 132: an invoice is dated the day it is issued and keeps its term in days.

let app: FastifyInstance;
let admin: Session;
let clientId: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  clientId = (await login(app, DEMO.client)).user.clientId!;
});

/** YYYY-MM-DD → DD/MM/YYYY. */
const dmy = (day: string) => day.split('-').reverse().join('/');
/** The 607 period (YYYYMM) of a day. */
const periodOf = (day: string) => day.slice(0, 7).replace('-', '');

async function lines607(period: string): Promise<string[]> {
  const res = await injectAs(app, admin.token, {
    method: 'GET',
    url: `/api/reports/dgii/607?period=${period}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.split('\r\n');
}

describe('issue-day dates (POST /invoices/{id}/issue, /send)', () => {
  it('issues a draft dated two months ago with today’s date and the due date moved by the same term', async () => {
    const today = businessToday();
    const draftDate = addDays(today, -61);
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { issueDate: draftDate, dueDate: addDays(draftDate, 15) }),
    );
    expect(draft).toMatchObject({ issueDate: draftDate, paymentTerms: 15 });
    const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/issue` });
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json().data.invoice;
    expect(inv).toMatchObject({ issueDate: today, dueDate: addDays(today, 15), paymentTerms: 15 });
    expect(inv.history.find((h: { event: string }) => h.event === 'issued').note).toContain(
      `fechada el día de emisión, ${dmy(today)} (el borrador decía ${dmy(draftDate)})`,
    );
    // Reported in the period it was issued in, not in the draft's (already filed) one.
    expect((await lines607(periodOf(today))).some((l) => l.includes(`|${inv.ncf}|`))).toBe(true);
    expect((await lines607(periodOf(draftDate))).some((l) => l.includes(`|${inv.ncf}|`))).toBe(false);
  });

  it('issues a draft dated in the future with today’s date too, keeping its 45-day term', async () => {
    const today = businessToday();
    const draftDate = addDays(today, 70);
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { issueDate: draftDate, dueDate: addDays(draftDate, 45) }),
    );
    const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/issue` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.invoice).toMatchObject({
      issueDate: today,
      dueDate: addDays(today, 45),
      paymentTerms: 45,
    });
  });

  it('sending a draft and creating an invoice already sent date them today as well', async () => {
    const today = businessToday();
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { issueDate: '2026-01-10', dueDate: '2026-02-09' }),
    );
    const sent = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${draft._id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.invoice).toMatchObject({ issueDate: today, dueDate: addDays(today, 30) });
    const direct = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(clientId, { issueDate: '2026-01-10', dueDate: '2026-01-20', asDraft: false }),
    );
    expect(direct).toMatchObject({ status: 'sent', issueDate: today, dueDate: addDays(today, 10) });
  });
});
