import { businessToday, type Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';

// Issue 27, points 4 and 8: late withholdings reach the 607 of their month; consumo under
// RD$250,000 is summarised for the Oficina Virtual instead of listed.

let app: FastifyInstance, admin: Session, employee: Session;
let companyId: string;
const { issue, clientWithout } = fiscalCalls(() => ({ app, admin }));
const today = businessToday();
const thisPeriod = today.slice(0, 7).replace('-', '');
const lastMonthDay = (() => {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10).replace(/-01$/, '-05');
})();
const lastPeriod = lastMonthDay.slice(0, 7).replace('-', '');
const compact = (day: string) => day.replaceAll('-', '');

const report = async (period: string) => {
  const res = await injectAs(app, admin.token, {
    method: 'GET',
    url: `/api/reports/dgii/607?period=${period}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body.split('\r\n');
};
const lineOf = (lines: string[], ncf: string) => lines.find((l) => l.split('|')[2] === ncf);

beforeAll(async () => {
  ({ app, admin, employee } = await startDemoApp());
  companyId = (await injectAs(app, admin.token, { method: 'GET', url: '/api/clients?search=Cibao' })).json()
    .data.clients[0]._id;
});

describe('607: withholdings in the month they were made (issue 27, point 4)', () => {
  it('reports an invoice of last month again in this month’s 607 with the withholding made this month', async () => {
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
    const issued = (await issue(draft._id)).json().data.invoice;
    await ageIssuedInvoice(app, draft._id, { issueDate: lastMonthDay, dueDate: lastMonthDay });
    const paid = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${draft._id}/pay`,
      payload: {
        withholdingPreset: 'company_services',
        paymentMethod: 'bank_transfer',
        paidDate: today,
        retentionDate: today,
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // Last month: the sale, without the withholding that did not exist yet.
    const before = lineOf(await report(lastPeriod), issued.ncf)!.split('|');
    expect(before[5]).toBe(compact(lastMonthDay));
    expect(before[6]).toBe('');
    expect(before[9]).toBe('0.00');
    // This month: the same invoice, with the 30 % of its ITBIS and the date it was withheld.
    const now = lineOf(await report(thisPeriod), issued.ncf)!.split('|');
    expect(now[5]).toBe(compact(lastMonthDay));
    expect(now[6]).toBe(compact(today));
    expect(now[9]).toBe('198.00');
  });
});

describe('consumo under RD$250,000 (issue 27, point 8)', () => {
  it('leaves it out of the 607 and totals it for the Oficina Virtual, with its payment forms', async () => {
    const before = (
      await injectAs(app, admin.token, {
        method: 'GET',
        url: `/api/reports/dgii/consumo?period=${thisPeriod}`,
      })
    ).json().data.summary;
    const buyer = await clientWithout('consumidor_final');
    const ncfs: string[] = [];
    for (const paid of [true, false]) {
      const draft = await createInvoiceVia(app, admin.token, invoicePayload(buyer));
      ncfs.push((await issue(draft._id)).json().data.invoice.ncf);
      if (paid)
        expect(
          (
            await injectAs(app, admin.token, {
              method: 'PUT',
              url: `/api/invoices/${draft._id}/pay`,
              payload: { paymentMethod: 'cash', paidDate: today },
            })
          ).statusCode,
        ).toBe(200);
    }
    const lines = await report(thisPeriod);
    for (const ncf of ncfs) expect(lineOf(lines, ncf)).toBeUndefined();
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/reports/dgii/consumo?period=${thisPeriod}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data.summary;
    // Each: 3,666.66 + ITBIS 660.00 = 4,326.66; one paid in cash, one on credit.
    expect(after.count - before.count).toBe(2);
    expect(Math.round((after.invoicedAmount - before.invoicedAmount) * 100)).toBe(733_332);
    expect(Math.round((after.itbis - before.itbis) * 100)).toBe(132_000);
    expect(Math.round((after.total - before.total) * 100)).toBe(865_332);
    expect(Math.round((after.cash - before.cash) * 100)).toBe(432_666);
    expect(Math.round((after.creditSale - before.creditSale) * 100)).toBe(432_666);
    expect(Math.round((after.cash + after.bank + after.card + after.creditSale) * 100)).toBe(
      Math.round(after.total * 100),
    );
  });

  it('is admin only and validates the period', async () => {
    expect(
      (
        await injectAs(app, employee.token, {
          method: 'GET',
          url: `/api/reports/dgii/consumo?period=${thisPeriod}`,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/reports/dgii/consumo?period=2026-11' }))
        .statusCode,
    ).toBe(400);
  });
});
