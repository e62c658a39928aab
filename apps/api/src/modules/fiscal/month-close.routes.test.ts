import { readFileSync } from 'node:fs';
import { addDays, businessToday, periodOfDay, type Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { OCTOBER_2026_PURCHASES, PURCHASE_606_BASE } from '../../../test/dgii-fixtures.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { insertPurchase, supplierFor } from '../../../test/purchase-factories.js';
import { calendarEvents } from '../../db/schema/index.js';
import { getCompanySettings } from '../settings/settings.service.js';

/*
 * The 606 download and the month's summary through the real app (decision 141). The worked month is
 * the 606 golden file's October moved to October 2024, a month the demo data leaves empty: the
 * same purchases (dgii-fixtures.ts) plus a rent, and one sale of the period to Café Cibao.
 */

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
let rnc: string;
const { issue } = fiscalCalls(() => ({ app, admin }));
const toYear = (s: string) => s.replaceAll('2026', '2024');
const period = '202410';

const rent = {
  ...PURCHASE_606_BASE,
  supplierId: '00100759932',
  supplierIdType: 2 as const,
  expenseType: '03',
  ncf: 'B0100000130',
  issueDate: '2024-10-01',
  paymentDate: '2024-10-01',
  paymentMethod: '02',
  servicesCents: 4_000_000,
  itbisCents: 720_000,
  itbisWithheldCents: 720_000,
  isrWithholdingType: '01',
  isrWithheldCents: 400_000,
};

const get = (token: string, url: string) => injectAs(app, token, { method: 'GET', url });

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  rnc = (await getCompanySettings(app.db)).taxId!.replace(/\D/g, '');
  for (const p of OCTOBER_2026_PURCHASES) {
    await insertPurchase(app, {
      ...p,
      issueDate: toYear(p.issueDate),
      paymentDate: p.paymentDate && toYear(p.paymentDate),
    });
  }
  await insertPurchase(app, rent);
  // A draft (a received e-CF still to complete) never reaches the 606.
  await insertPurchase(
    app,
    {
      ...PURCHASE_606_BASE,
      ncf: 'B0100000999',
      issueDate: '2024-10-09',
      servicesCents: 100_000,
      itbisCents: 18_000,
    },
    { status: 'draft', expenseType: null, paymentMethod: null },
  );
  // The sale: 3,666.66 + ITBIS 660.00 to a company, which withholds 30 % of the ITBIS (198.00).
  const companyId = (await get(admin.token, '/api/clients?search=Cibao')).json().data.clients[0]._id;
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
  expect((await issue(draft._id)).statusCode).toBe(200);
  await ageIssuedInvoice(app, draft._id, { issueDate: '2024-10-05', dueDate: '2024-11-04' });
  const paid = await injectAs(app, admin.token, {
    method: 'PUT',
    url: `/api/invoices/${draft._id}/pay`,
    payload: {
      withholdingPreset: 'company_services',
      paymentMethod: 'bank_transfer',
      paidDate: '2024-10-20',
      retentionDate: '2024-10-20',
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
});

describe('GET /api/reports/dgii/606 (decision 141)', () => {
  it('answers the golden file of the worked month, recorded purchases only, as a download', async () => {
    const res = await get(admin.token, `/api/reports/dgii/606?period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toContain(`DGII_F_606_${rnc}_${period}.txt`);
    const golden = readFileSync(new URL('./dgii-formats.golden/606-sample.txt', import.meta.url), 'utf8');
    const lines = res.body.split('\r\n');
    // The golden file's lines moved to 2024, plus the rent; in the order of their issue dates.
    // The purchases table keeps no propina legal (decision 140): the dinner's 500.00 tip is 0.00 here.
    const expected = toYear(golden)
      .replace('606|130000001|202410|7', `606|${rnc}|${period}|8`)
      .replace('|0.00|0.00|0.00|500.00|01', '|0.00|0.00|0.00|0.00|01')
      .split('\r\n');
    const rentLine =
      '00100759932|2|03|B0100000130||20241001|20241001|40000.00|0.00|40000.00|7200.00|7200.00|0.00|0.00|7200.00|0.00|01|4000.00|0.00|0.00|0.00|0.00|02';
    expect(lines[0]).toBe(expected[0]);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toBe(expected[6]); // September's, re-listed for its withholding (issued 2024-09-20)
    expect(lines[2]).toBe(rentLine);
    expect(lines.slice(1, -1).sort()).toEqual([...expected.slice(1, -1), rentLine].sort());
    expect(res.body).not.toContain('B0100000999');
  });

  it('is admin only and validates the period in Spanish', async () => {
    expect((await get(employee.token, `/api/reports/dgii/606?period=${period}`)).statusCode).toBe(403);
    expect((await get(client.token, `/api/reports/dgii/606?period=${period}`)).statusCode).toBe(403);
    const bad = await get(admin.token, '/api/reports/dgii/606?period=2024-10');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Período|período/);
  });
});

describe('the demo’s own purchases (decision 140’s seed)', () => {
  it('make a valid 606 and summary for each of the last two months', async () => {
    const today = businessToday();
    for (const period of [periodOfDay(today), periodOfDay(addDays(today, -28))]) {
      const file = await get(admin.token, `/api/reports/dgii/606?period=${period}`);
      expect(file.statusCode, file.body).toBe(200);
      for (const line of file.body.split('\r\n').slice(1, -1)) expect(line.split('|')).toHaveLength(23);
      const summary = await get(admin.token, `/api/reports/dgii/summary?period=${period}`);
      expect(summary.statusCode, summary.body).toBe(200);
    }
  });
});

describe('GET /api/reports/dgii/summary (decision 141)', () => {
  it('answers the IT-1 and IR-17 figures of the worked month with the lines behind each', async () => {
    const res = await get(admin.token, `/api/reports/dgii/summary?period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data.summary;
    expect(s.period).toBe(period);
    expect(s.closed).toBe(false);
    expect(s.it1.itbisCharged.amount).toBe(660);
    expect(s.it1.itbisCharged.lines).toEqual([
      expect.objectContaining({
        source: '607',
        party: expect.stringContaining('Cibao'),
        date: '2024-10-05',
        amount: 660,
      }),
    ]);
    expect(s.it1.itbisWithheldByClients.amount).toBe(198);
    expect(s.it1.itbisWithheldByClients.lines[0].date).toBe('2024-10-20');
    expect(s.it1.itbisPaid.amount).toBe(39_411);
    expect(s.it1.itbisPaid.lines).toHaveLength(7);
    expect(s.it1.itbisToCost).toEqual({
      amount: 900,
      lines: [
        { source: '606', ncf: 'B0100000777', party: 'Proveedor 131246813', date: '2024-10-12', amount: 900 },
      ],
    });
    expect(s.it1.itbisDeductible.amount).toBe(38_511);
    // 660.00 − 38,511.00 − 198.00
    expect(s.it1.balance).toBe(-38_049);
    expect(s.it1.carryForward).toBe(38_049);
    expect(s.it1.itbisWithheldFromSuppliers.amount).toBe(19_080);
    expect(s.it1.totalToPay).toBe(19_080);
    expect(
      s.ir17.byType.map((t: { type: string; label: string; figure: { amount: number } }) => [
        t.type,
        t.label,
        t.figure.amount,
      ]),
    ).toEqual([
      ['01', 'Alquileres', 4_000],
      ['02', 'Honorarios por servicios independientes', 6_000],
    ]);
    expect(s.ir17.total).toBe(10_000);
    // November 2024: the 10th is a Sunday (IR-17 → Monday 11th), the 15th a Friday, the 20th a Wednesday.
    expect(s.deadlines.map((d: { filing: string; dueDate: string }) => [d.filing, d.dueDate])).toEqual([
      ['ir17', '2024-11-11'],
      ['606', '2024-11-15'],
      ['607', '2024-11-15'],
      ['608', '2024-11-15'],
      ['it1', '2024-11-20'],
    ]);
  });

  it('moves a deadline past a holiday of the calendar (an all-day "Feriado")', async () => {
    // December 2024: the 15th is a Sunday (→ Monday 16th); a holiday on the 16th moves it to the 17th.
    await app.db.insert(calendarEvents).values({
      title: 'Feriado de prueba',
      type: 'holiday',
      isAllDay: true,
      startDate: new Date('2024-12-16T04:00:00Z'),
      endDate: new Date('2024-12-17T03:59:59Z'),
    });
    const s = (await get(admin.token, '/api/reports/dgii/summary?period=202411')).json().data.summary;
    expect(
      Object.fromEntries(s.deadlines.map((d: { filing: string; dueDate: string }) => [d.filing, d.dueDate])),
    ).toEqual({
      ir17: '2024-12-10',
      '606': '2024-12-17',
      '607': '2024-12-17',
      '608': '2024-12-17',
      it1: '2024-12-20',
    });
  });

  it('says when the month is closed', async () => {
    const closed = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/periods',
      payload: { period: '202409' },
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const s = (await get(admin.token, '/api/reports/dgii/summary?period=202409')).json().data.summary;
    expect(s.closed).toBe(true);
  });

  it('is admin only, validates the period, and answers 409 for a supplier without RNC or cédula', async () => {
    expect((await get(employee.token, `/api/reports/dgii/summary?period=${period}`)).statusCode).toBe(403);
    expect((await get(client.token, `/api/reports/dgii/summary?period=${period}`)).statusCode).toBe(403);
    expect((await get(admin.token, '/api/reports/dgii/summary?period=201804')).statusCode).toBe(400);
    const foreign = await supplierFor(app, null, {
      name: 'Figma Inc.',
      taxIdType: 'foreign',
      taxId: 'US-123',
      taxpayerType: 'extranjero',
    });
    await insertPurchase(
      app,
      { ...PURCHASE_606_BASE, ncf: 'B0100000555', issueDate: '2024-08-03', servicesCents: 100_000 },
      { supplierId: foreign },
    );
    for (const url of ['/api/reports/dgii/606?period=202408', '/api/reports/dgii/summary?period=202408']) {
      const res = await get(admin.token, url);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toContain('B0100000555 (Figma Inc.)');
    }
  });
});
