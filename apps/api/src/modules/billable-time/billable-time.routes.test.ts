import { NOTHING_TO_BILL, type Session } from '@agencia/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { addTimeEntryVia, createProjectVia } from '../../../test/project-factories.js';
import { invoices, projectTimeEntries } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let defaultRate: number;

const range = { from: '2026-03-01', to: '2026-03-31' };

beforeAll(async () => {
  ({ app, admin, employee, client, client2 } = await startDemoApp());
  defaultRate = (await injectAs(app, admin.token, { method: 'GET', url: '/api/settings' })).json().data
    .settings.defaultProjectHourlyRate;
  // The admin bills at RD$1,500.00/h; the employee has no rate of their own (company default).
  const res = await injectAs(app, admin.token, {
    method: 'PUT',
    url: `/api/users/${admin.user._id}`,
    payload: { hourlyRate: 1500 },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.hourlyRate).toBe(1500);
});

/** A project of the demo client with the admin and the employee on the team and March's time. */
async function projectWithTime() {
  const project = await createProjectVia(app, admin.token, {
    clientId: client.user.clientId!,
    team: [
      { userId: admin.user._id, role: 'Líder' },
      { userId: employee.user._id, role: 'Desarrollador' },
    ],
  });
  const log = (body: Parameters<typeof addTimeEntryVia>[3]) =>
    addTimeEntryVia(app, admin.token, project._id, body);
  const entries = {
    a1: await log({ hours: 2, description: 'Diseño', date: '2026-03-02' }),
    a2: await log({ hours: 1.5, description: 'Desarrollo', date: '2026-03-05' }),
    e1: await log({ hours: 0.5, description: 'diseño ', date: '2026-03-06', userId: employee.user._id }),
    nonBillable: await log({ hours: 3, description: 'Reunión interna', date: '2026-03-07', billable: false }),
    outside: await log({ hours: 4, description: 'Diseño', date: '2026-04-01' }),
  };
  return { project, entries };
}

const bill = (token: string, projectId: string, body: object, preview = false) =>
  injectAs(app, token, {
    method: 'POST',
    url: `/api/projects/${projectId}/bill-time${preview ? '/preview' : ''}`,
    payload: body,
  });

async function invoiceIdsOf(ids: string[]) {
  const rows = await app.db
    .select({ id: projectTimeEntries.id, invoiceId: projectTimeEntries.invoiceId })
    .from(projectTimeEntries)
    .where(inArray(projectTimeEntries.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.invoiceId]));
}

describe('POST /api/projects/{id}/bill-time/preview', () => {
  it('groups unbilled billable entries of the range by person at each member rate; non-billable and out-of-range time is left out', async () => {
    const { project } = await projectWithTime();
    const res = await bill(admin.token, project._id, { ...range, groupBy: 'person' }, true);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const employeeName = `${employee.user.firstName} ${employee.user.lastName}`;
    expect(data.lines).toEqual([
      expect.objectContaining({
        description: `Horas de ${admin.user.firstName} ${admin.user.lastName}`,
        hours: 3.5,
        rate: 1500,
        amount: 5250,
        entries: 2,
      }),
      expect.objectContaining({
        description: `Horas de ${employeeName}`,
        hours: 0.5,
        rate: defaultRate,
        amount: defaultRate / 2,
        entries: 1,
      }),
    ]);
    expect(data).toMatchObject({
      totalHours: 4,
      subtotal: 5250 + defaultRate / 2,
      entries: 3,
      currency: 'DOP',
    });
  });

  it('groups by task: the same description (trimmed, any case) shares a line only at the same rate', async () => {
    const { project } = await projectWithTime();
    const res = await bill(admin.token, project._id, { ...range, groupBy: 'task' }, true);
    const lines = res.json().data.lines;
    expect(
      lines.map((l: { description: string; hours: number; rate: number }) => [
        l.description,
        l.hours,
        l.rate,
      ]),
    ).toEqual([
      ['Diseño', 2, 1500],
      ['Desarrollo', 1.5, 1500],
      ['diseño', 0.5, defaultRate],
    ]);
    expect(lines[0].details).toContain(`${admin.user.firstName} ${admin.user.lastName} (2 h)`);
  });

  it('rejects a range that ends before it starts and a bad group with Spanish 400s', async () => {
    const { project } = await projectWithTime();
    const backwards = await bill(admin.token, project._id, { from: '2026-03-10', to: '2026-03-01' }, true);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toContainEqual({
      field: 'to',
      message: 'La fecha final debe ser igual o posterior a la inicial',
    });
    const badGroup = await bill(admin.token, project._id, { ...range, groupBy: 'client' }, true);
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().errors[0].message).toBe('Agrupación inválida');
  });
});

describe('POST /api/projects/{id}/bill-time', () => {
  it('creates a draft invoice for the project client with the lines, ITBIS from the one engine, and marks exactly the billed entries', async () => {
    const { project, entries } = await projectWithTime();
    const res = await bill(admin.token, project._id, { ...range, groupBy: 'person' });
    expect(res.statusCode).toBe(201);
    const { invoice, billedEntries } = res.json().data;
    expect(billedEntries).toBe(3);
    expect(invoice).toMatchObject({ status: 'draft', project: { _id: project._id } });
    expect(invoice.client._id).toBe(client.user.clientId);
    // 3.5 h × 1500 = 5250; a lone half hour is 1 × half the rate (quantities are ≥ 1).
    expect(
      invoice.items.map((i: { quantity: number; unitPrice: number; total: number }) => [
        i.quantity,
        i.unitPrice,
        i.total,
      ]),
    ).toEqual([
      [3.5, 1500, 5250],
      [1, defaultRate / 2, defaultRate / 2],
    ]);
    const subtotal = 5250 + defaultRate / 2;
    expect(invoice.subtotal).toBe(subtotal);
    expect(invoice.taxAmount).toBe(Math.round(subtotal * 18) / 100);
    const marks = await invoiceIdsOf(Object.values(entries).map((e) => e._id));
    expect(marks).toEqual({
      [entries.a1._id]: invoice._id,
      [entries.a2._id]: invoice._id,
      [entries.e1._id]: invoice._id,
      [entries.nonBillable._id]: null,
      [entries.outside._id]: null,
    });
    // The time log shows it as billed, with the invoice number (staff only).
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/projects/${project._id}/time-entries?limit=100`,
    });
    const billed = list.json().data.timeEntries.find((t: { _id: string }) => t._id === entries.a1._id);
    expect(billed.invoice).toEqual({ _id: invoice._id, invoiceNumber: invoice.invoiceNumber });
    const asClient = await injectAs(app, client.token, {
      method: 'GET',
      url: `/api/projects/${project._id}/time-entries?limit=100`,
    });
    expect(asClient.json().data.timeEntries.every((t: { invoice: unknown }) => t.invoice === null)).toBe(
      true,
    );
  });

  it('bills nothing twice: a second call answers 409 and a billed entry cannot be edited or deleted', async () => {
    const { project, entries } = await projectWithTime();
    expect((await bill(admin.token, project._id, range)).statusCode).toBe(201);
    const again = await bill(admin.token, project._id, range);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTHING_TO_BILL);
    const edit = await injectAs(app, admin.token, {
      method: 'PATCH',
      url: `/api/projects/${project._id}/time-entries/${entries.a1._id}`,
      payload: { hours: 8 },
    });
    expect(edit.statusCode).toBe(409);
    const del = await injectAs(app, admin.token, {
      method: 'DELETE',
      url: `/api/projects/${project._id}/time-entries/${entries.a1._id}`,
    });
    expect(del.statusCode).toBe(409);
    const [row] = await app.db
      .select()
      .from(projectTimeEntries)
      .where(eq(projectTimeEntries.id, entries.a1._id));
    expect(row!.minutes).toBe(120);
  });

  it('two concurrent calls create one invoice; the other gets 409', async () => {
    const { project, entries } = await projectWithTime();
    const results = await Promise.all([
      bill(admin.token, project._id, range),
      bill(admin.token, project._id, range),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const created = await app.db.select().from(invoices).where(eq(invoices.projectId, project._id));
    expect(created).toHaveLength(1);
    const marks = await invoiceIdsOf([entries.a1._id, entries.a2._id, entries.e1._id]);
    expect(new Set(Object.values(marks))).toEqual(new Set([created[0]!.id]));
  });

  it('cancelling the invoice releases its entries, which can be billed again', async () => {
    const { project, entries } = await projectWithTime();
    const first = (await bill(admin.token, project._id, range)).json().data.invoice;
    const cancel = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${first._id}/cancel`,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect(await invoiceIdsOf([entries.a1._id, entries.e1._id])).toEqual({
      [entries.a1._id]: null,
      [entries.e1._id]: null,
    });
    const second = await bill(admin.token, project._id, range);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.billedEntries).toBe(3);
  });

  it('deleting the draft releases its entries', async () => {
    const { project, entries } = await projectWithTime();
    const invoice = (await bill(admin.token, project._id, range)).json().data.invoice;
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/invoices/${invoice._id}` });
    expect(del.statusCode).toBe(200);
    expect(Object.values(await invoiceIdsOf([entries.a1._id, entries.a2._id, entries.e1._id]))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('answers 409 when the range holds no billable time', async () => {
    const { project } = await projectWithTime();
    const res = await bill(admin.token, project._id, { from: '2026-01-01', to: '2026-01-31' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No hay horas facturables en ese rango');
  });

  it('employees and clients get 403 (their own project too), an unknown project 404; nothing is billed', async () => {
    const { project, entries } = await projectWithTime();
    for (const s of [employee, client, client2]) {
      expect((await bill(s.token, project._id, range)).statusCode).toBe(403);
      expect((await bill(s.token, project._id, range, true)).statusCode).toBe(403);
    }
    const unknown = await bill(admin.token, '00000000-0000-4000-8000-000000000000', range);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Proyecto no encontrado');
    expect(Object.values(await invoiceIdsOf([entries.a1._id]))).toEqual([null]);
  });
});
