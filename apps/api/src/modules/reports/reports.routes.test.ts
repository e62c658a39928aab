import type { Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { reports } from '../../db/schema/index.js';
import { growth, minusMonths } from './reports.service.js';

let app: FastifyInstance;
let admin: Session;
let before: { totalRevenue: number; revenueByMonth: Array<{ revenue: number }> };
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  before = (await injectAs(app, admin.token, { method: 'GET', url: '/api/reports/dashboard' })).json().data;
  const clientId = (await login(app, DEMO.client)).user.clientId!;
  const inv = await createInvoiceVia(
    app,
    admin.token,
    invoicePayload(clientId, { issueDate: today, dueDate: today, asDraft: false }),
  );
  await injectAs(app, admin.token, {
    method: 'PUT',
    url: `/api/invoices/${inv._id}/pay`,
    payload: { amount: 1234.56, paidDate: today },
  });
});

describe('helpers', () => {
  it('subtracts months clamping the day and computes growth', () => {
    expect(minusMonths({ date: '2026-03-31', months: 1 })).toBe('2026-02-28');
    expect(minusMonths({ date: '2026-01-15', months: 12 })).toBe('2025-01-15');
    expect(growth({ current: 150, previous: 100 })).toBe(50);
    expect(growth({ current: 0, previous: 0 })).toBe(0);
    expect(growth({ current: 10, previous: 0 })).toBeNull();
  });
});

describe('reports API', () => {
  it('dashboard: revenue of the period from payments, default 6m, admin only', async () => {
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/reports/dashboard' });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ period: '6m', endDate: today });
    expect(d.totalRevenue).toBeCloseTo(before.totalRevenue + 1234.56, 2);
    expect(d.revenueByMonth).toHaveLength(7);
    expect(d.revenueByMonth.at(-1).month).toBe(today.slice(0, 7));
    expect(d.revenueByMonth.at(-1).revenue).toBeCloseTo(before.revenueByMonth.at(-1)!.revenue + 1234.56, 2);
    const oneMonth = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/reports/dashboard?period=1m',
    });
    expect(oneMonth.json().data.period).toBe('1m');
    const bad = await injectAs(app, admin.token, { method: 'GET', url: '/api/reports/dashboard?period=2y' });
    expect(bad.statusCode).toBe(400);
    for (const who of [DEMO.employee, DEMO.client]) {
      const s = await login(app, who);
      const r = await injectAs(app, s.token, { method: 'GET', url: '/api/reports/dashboard' });
      expect(r.statusCode).toBe(403);
    }
  });

  it('generates, lists, reads and deletes a financial and a projects report', async () => {
    const fin = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/reports/financial',
      payload: {
        startDate: today,
        endDate: today,
        title: 'Financiero del día',
        description: 'Prueba',
      },
    });
    expect(fin.statusCode).toBe(200);
    const report = fin.json().data.report;
    expect(report.data.totals.collected).toBe(1234.56);
    expect(report.data.revenueByClient[0]).toMatchObject({ revenue: 1234.56 });
    const proj = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/reports/projects',
      payload: { startDate: '2020-01-01', endDate: today, title: 'Proyectos' },
    });
    expect(proj.json().data.report.type).toBe('projects');
    const list = await injectAs(app, admin.token, { method: 'GET', url: '/api/reports?type=financial' });
    expect(list.json().data).toMatchObject({ pagination: { total: 1 } });
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/reports/${report._id}` });
    expect(del.statusCode).toBe(200);
    expect(await app.db.select().from(reports).where(eq(reports.id, report._id))).toHaveLength(0);
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/reports/financial',
      payload: { startDate: '2026-02-01', endDate: '2026-01-01', title: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('permissions (decision 070)', () => {
  it('reports.read cannot be granted to an employee (400) and the employee stays at 403', async () => {
    const employee = await login(app, DEMO.employee);
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/users/${employee.user._id}`,
      payload: { permissions: ['projects.read', 'reports.read'] },
    });
    expect(res.statusCode).toBe(400);
    const r = await injectAs(app, employee.token, { method: 'GET', url: '/api/reports' });
    expect(r.statusCode).toBe(403);
  });
});
