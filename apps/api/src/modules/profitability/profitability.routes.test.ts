import { businessToday, type Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { insertExpense, insertSupplier } from '../../../test/expense-factories.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { addTimeEntryVia, createProjectVia } from '../../../test/project-factories.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
const today = businessToday();
const { clientWithout } = fiscalCalls(() => ({ app, admin }));

let clientId: string;
let projectId: string;
let sideProjectId: string;

/**
 * A fresh client with two projects, everything dated today:
 * - project A (admin and employee on the team): an issued invoice of RD$20,000 + ITBIS, a credit
 *   note of RD$1,180 (RD$1,000 + 180 ITBIS), a draft and a cancelled draft (no revenue);
 *   purchases of RD$1,000 services + 180 recoverable ITBIS and US$100 goods + 18 ITBIS llevado al
 *   costo at 60.00 (a draft purchase and another project's do not count); the admin's 2 h at a
 *   cost of RD$500/h and the employee's 1.5 h without a cost rate;
 * - project B: one purchase of RD$500 and nothing else.
 */
beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
  ]);
  const rate = (id: string, costRate: number | null) =>
    injectAs(app, admin.token, { method: 'PUT', url: `/api/users/${id}/cost-rate`, payload: { costRate } });
  expect((await rate(admin.user._id, 500)).statusCode).toBe(200);
  expect((await rate(employee.user._id, null)).statusCode).toBe(200);

  clientId = await clientWithout('consumidor_final');
  const project = await createProjectVia(app, admin.token, {
    clientId,
    title: 'Tienda en línea',
    team: [
      { userId: admin.user._id, role: 'Líder' },
      { userId: employee.user._id, role: 'Desarrollador' },
    ],
  });
  projectId = project._id;
  sideProjectId = (await createProjectVia(app, admin.token, { clientId, title: 'Mantenimiento' }))._id;

  const items = [{ description: 'Sitio web', quantity: 1, unitPrice: 20_000 }];
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId, { projectId, items }));
  const issued = await injectAs(app, admin.token, {
    method: 'POST',
    url: `/api/invoices/${draft._id}/issue`,
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const note = await injectAs(app, admin.token, {
    method: 'POST',
    url: `/api/invoices/${draft._id}/credit-notes`,
    payload: { amount: 1180, reason: 'Descuento acordado', modificationCode: 3 },
  });
  expect(note.statusCode, note.body).toBe(201);
  await createInvoiceVia(app, admin.token, invoicePayload(clientId, { projectId, items }));
  const voided = await createInvoiceVia(app, admin.token, invoicePayload(clientId, { projectId, items }));
  const cancel = await injectAs(app, admin.token, {
    method: 'POST',
    url: `/api/invoices/${voided._id}/cancel`,
    payload: {},
  });
  expect(cancel.statusCode).toBe(200);

  const supplier = await insertSupplier(app.db, { name: 'Hosting del Caribe' });
  const on = { projectId, issueDate: today };
  await insertExpense(app.db, supplier.id, { ...on, servicesCents: 100_000, itbisCents: 18_000 });
  await insertExpense(app.db, supplier.id, {
    ...on,
    currency: 'USD',
    exchangeRate: 60,
    goodsCents: 10_000,
    servicesCents: 0,
    itbisCents: 1_800,
    itbisToCostCents: 1_800,
    description: 'Dominio y certificado',
  });
  await insertExpense(app.db, supplier.id, {
    ...on,
    status: 'draft',
    expenseType: null,
    paymentMethod: null,
  });
  await insertExpense(app.db, supplier.id, {
    projectId: sideProjectId,
    issueDate: today,
    servicesCents: 50_000,
  });

  await addTimeEntryVia(app, admin.token, projectId, { hours: 2, date: today });
  await addTimeEntryVia(app, admin.token, projectId, { hours: 1.5, date: today, userId: employee.user._id });
});

const finances = (token: string, id: string) =>
  injectAs(app, token, { method: 'GET', url: `/api/projects/${id}/finances` });
const report = (token: string, query: string) =>
  injectAs(app, token, { method: 'GET', url: `/api/reports/profitability?${query}` });

/** The hand computation: revenue 20,000 − 1,000 = 19,000; expenses 1,000 + 118 × 60 = 8,080; time 2 h × 500 = 1,000. */
const HAND = {
  revenue: 19_000,
  expenses: 8_080,
  timeCost: 1_000,
  // The employee's 1.5 h have no cost rate: flagged in the report (decision 163).
  unratedHours: 1.5,
  margin: 9_920,
  marginPercent: 52.2,
};

describe('GET /api/projects/{id}/finances', () => {
  it('equals the hand computation, each figure with the lines that make it', async () => {
    const res = await finances(admin.token, projectId);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data;
    expect({
      revenue: f.revenue.total,
      expenses: f.expenses.total,
      timeCost: f.timeCost.total,
      unratedHours: f.timeCost.unrated.hours,
      margin: f.margin,
      marginPercent: f.marginPercent,
    }).toEqual(HAND);
    expect(f.currency).toBe('DOP');
    expect(f.revenue.count).toBe(2);
    expect(f.revenue.lines.map((l: { kind: string; amount: number }) => [l.kind, l.amount]).sort()).toEqual([
      ['credit_note', -1000],
      ['invoice', 20000],
    ]);
    expect(f.expenses.count).toBe(2);
    expect(
      f.expenses.lines.map((l: { amount: number }) => l.amount).sort((a: number, b: number) => a - b),
    ).toEqual([1000, 7080]);
    expect(f.expenses.lines[0]).toMatchObject({
      supplier: 'Hosting del Caribe',
      billable: false,
      invoiceId: null,
    });
    const people = Object.fromEntries(
      f.timeCost.lines.map((l: { userId: string }) => [l.userId, l] as const),
    );
    expect(people[admin.user._id]).toMatchObject({ hours: 2, entries: 1, costRate: 500, amount: 1000 });
    expect(people[employee.user._id]).toMatchObject({
      hours: 1.5,
      entries: 1,
      costRate: null,
      amount: null,
      hidden: false,
    });
    expect(f.timeCost.hours).toBe(3.5);
    expect(f.timeCost.unrated).toEqual({ entries: 1, hours: 1.5 });
    // One cost rule (decision 163): the project's Tiempo tab shows the same cost and unrated hours.
    const detail = (
      await injectAs(app, admin.token, { method: 'GET', url: `/api/projects/${projectId}` })
    ).json().data.project;
    expect(detail.timeSummary).toMatchObject({ internalCost: f.timeCost.total, unratedHours: 1.5 });
  });

  it('a project with expenses only has a negative margin and no margin percent', async () => {
    const f = (await finances(admin.token, sideProjectId)).json().data;
    expect([f.revenue.total, f.expenses.total, f.timeCost.total, f.margin, f.marginPercent]).toEqual([
      0,
      500,
      0,
      -500,
      null,
    ]);
  });

  it('an employee reads the projects of its team only (others 404); clients get 403, their own project too', async () => {
    const mine = await finances(employee.token, projectId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.margin).toBe(HAND.margin);
    // The totals are the same, but another person's rate and cost are not shown to an employee.
    expect(mine.json().data.timeCost.total).toBe(HAND.timeCost);
    const others = mine
      .json()
      .data.timeCost.lines.find((l: { userId: string }) => l.userId === admin.user._id);
    expect(others).toMatchObject({ hours: 2, costRate: null, amount: null, hidden: true });
    expect(JSON.stringify(mine.json())).not.toContain('"costRate":500');
    const notMine = await finances(employee.token, sideProjectId);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('Proyecto no encontrado');
    const own = await createProjectVia(app, admin.token, { clientId: client.user.clientId! });
    expect((await finances(client.token, own._id)).statusCode).toBe(403);
    expect((await finances(client.token, projectId)).statusCode).toBe(403);
    expect((await finances(admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /api/reports/profitability', () => {
  it('ranks projects by margin for the period, with the same figures as the finances and the totals of the rows', async () => {
    const res = await report(admin.token, `from=${today}&to=${today}&groupBy=project`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const rows = data.rows as {
      id: string;
      margin: number;
      revenue: number;
      expenses: number;
      timeCost: number;
    }[];
    expect(rows.find((r) => r.id === projectId)).toEqual({
      id: projectId,
      name: 'Tienda en línea',
      clientName: 'Prueba consumidor_final',
      ...HAND,
    });
    expect(rows.find((r) => r.id === sideProjectId)).toMatchObject({ margin: -500, marginPercent: null });
    const margins = rows.map((r) => r.margin);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    const sum = (k: 'revenue' | 'expenses' | 'timeCost' | 'margin') =>
      Math.round(rows.reduce((s, r) => s + r[k] * 100, 0)) / 100;
    expect(data.totals).toMatchObject({
      revenue: sum('revenue'),
      expenses: sum('expenses'),
      timeCost: sum('timeCost'),
      margin: sum('margin'),
    });
  });

  it('by client adds up its projects; a period without activity has no rows', async () => {
    const res = await report(admin.token, `from=${today}&to=${today}&groupBy=client`);
    expect(res.statusCode).toBe(200);
    const row = res.json().data.rows.find((r: { id: string }) => r.id === clientId);
    // 9,920 − 500 = 9,420; 9,420 / 19,000 = 49.58 %.
    expect(row).toEqual({
      id: clientId,
      name: 'Prueba consumidor_final',
      clientName: null,
      revenue: 19_000,
      expenses: 8_580,
      timeCost: 1_000,
      unratedHours: 1.5,
      margin: 9_420,
      marginPercent: 49.6,
    });
    const empty = (await report(admin.token, 'from=2001-01-01&to=2001-01-31')).json().data;
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual({
      revenue: 0,
      expenses: 0,
      unratedHours: 0,
      timeCost: 0,
      margin: 0,
      marginPercent: null,
    });
  });

  it('answers bad periods and groupings with Spanish 400s; employees and clients get 403', async () => {
    const backwards = await report(admin.token, 'from=2026-03-31&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain(
      'La fecha final debe ser igual o posterior a la inicial',
    );
    const long = await report(admin.token, 'from=2024-01-01&to=2026-01-01');
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('El período no puede superar un año');
    const group = await report(admin.token, 'from=2026-03-01&to=2026-03-31&groupBy=supplier');
    expect(group.statusCode).toBe(400);
    expect(JSON.stringify(group.json())).toContain('Agrupación inválida');
    expect((await report(admin.token, 'from=2026-02-30&to=2026-03-31')).statusCode).toBe(400);
    for (const s of [employee, client])
      expect((await report(s.token, `from=${today}&to=${today}`)).statusCode).toBe(403);
  });
});
