import { EXPENSES_NOT_BILLABLE, type Session } from '@agencia/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertExpense, insertSupplier } from '../../../test/expense-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { addTimeEntryVia, createProjectVia } from '../../../test/project-factories.js';
import { expenses, invoices, projectTimeEntries } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let supplierId: string;

beforeAll(async () => {
  ({ app, admin, employee, client, client2 } = await startDemoApp());
  supplierId = (await insertSupplier(app.db, { name: 'Imprenta Duarte' })).id;
});

/**
 * A project of the demo client (employee on the team) with purchases: two billable (DOP: 1,000
 * services + 50 ITBIS llevado al costo; USD 100 goods at 58.50), and three that are not billable
 * here: not billable, a draft (received e-CF to complete), another project's.
 */
async function projectWithExpenses() {
  const project = await createProjectVia(app, admin.token, {
    clientId: client.user.clientId!,
    team: [{ userId: employee.user._id, role: 'Desarrollador' }],
  });
  const other = await createProjectVia(app, admin.token, { clientId: client.user.clientId! });
  const on = { projectId: project._id, billable: true };
  const e = {
    dop: await insertExpense(app.db, supplierId, {
      ...on,
      description: 'Impresión de brochures',
      servicesCents: 100_000,
      itbisCents: 18_000,
      itbisToCostCents: 5_000,
      issueDate: '2026-03-02',
    }),
    usd: await insertExpense(app.db, supplierId, {
      ...on,
      description: 'Licencia de fuentes',
      currency: 'USD',
      exchangeRate: 58.5,
      goodsCents: 10_000,
      servicesCents: 0,
      issueDate: '2026-03-05',
    }),
    notBillable: await insertExpense(app.db, supplierId, { projectId: project._id, billable: false }),
    draft: await insertExpense(app.db, supplierId, {
      ...on,
      status: 'draft',
      expenseType: null,
      paymentMethod: null,
    }),
    otherProject: await insertExpense(app.db, supplierId, { projectId: other._id, billable: true }),
  };
  return { project, e };
}

const preview = (token: string, projectId: string) =>
  injectAs(app, token, { method: 'GET', url: `/api/projects/${projectId}/bill-expenses` });
const bill = (token: string, projectId: string, expenseIds: string[]) =>
  injectAs(app, token, {
    method: 'POST',
    url: `/api/projects/${projectId}/bill-expenses`,
    payload: { expenseIds },
  });

async function invoiceIdsOf(ids: string[]) {
  const rows = await app.db
    .select({ id: expenses.id, invoiceId: expenses.invoiceId })
    .from(expenses)
    .where(inArray(expenses.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.invoiceId]));
}

describe('GET /api/projects/{id}/bill-expenses', () => {
  it('lists the billable, unbilled, recorded purchases of the project at cost in pesos, USD at its stored rate', async () => {
    const { project, e } = await projectWithExpenses();
    const res = await preview(admin.token, project._id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.currency).toBe('DOP');
    expect(data.blocked).toEqual([]);
    // 1,000 + 50 ITBIS llevado al costo; US$100 × 58.50 = RD$5,850.
    expect(data.lines).toEqual([
      {
        expenseId: e.dop.id,
        issueDate: '2026-03-02',
        description: 'Imprenta Duarte — Impresión de brochures',
        details: `02/03/2026 · NCF ${e.dop.ncf}`,
        expenseCurrency: 'DOP',
        expenseAmount: 1050,
        amount: 1050,
      },
      {
        expenseId: e.usd.id,
        issueDate: '2026-03-05',
        description: 'Imprenta Duarte — Licencia de fuentes',
        details: expect.stringMatching(/^05\/03\/2026 · NCF B01\d{8} · US\$\s?100\.00 × 58\.50$/),
        expenseCurrency: 'USD',
        expenseAmount: 100,
        amount: 5850,
      },
    ]);
    expect(data.subtotal).toBe(6900);
  });
});

describe('POST /api/projects/{id}/bill-expenses', () => {
  it('creates a draft invoice for the project client, one line per purchase at cost plus ITBIS, and marks exactly those purchases', async () => {
    const { project, e } = await projectWithExpenses();
    const res = await bill(admin.token, project._id, [e.dop.id, e.usd.id]);
    expect(res.statusCode, res.body).toBe(201);
    const { invoice, billedExpenses } = res.json().data;
    expect(billedExpenses).toBe(2);
    expect(invoice).toMatchObject({ status: 'draft', currency: 'DOP', project: { _id: project._id } });
    expect(invoice.client._id).toBe(client.user.clientId);
    expect(
      invoice.items.map((i: { description: string; quantity: number; unitPrice: number }) => [
        i.description,
        i.quantity,
        i.unitPrice,
      ]),
    ).toEqual([
      ['Imprenta Duarte — Impresión de brochures', 1, 1050],
      ['Imprenta Duarte — Licencia de fuentes', 1, 5850],
    ]);
    expect(invoice.subtotal).toBe(6900);
    expect(invoice.taxAmount).toBe(1242);
    expect(await invoiceIdsOf(Object.values(e).map((x) => x.id))).toEqual({
      [e.dop.id]: invoice._id,
      [e.usd.id]: invoice._id,
      [e.notBillable.id]: null,
      [e.draft.id]: null,
      [e.otherProject.id]: null,
    });
    // Nothing is left to bill; the preview shows it.
    expect((await preview(admin.token, project._id)).json().data.lines).toEqual([]);
  });

  it('bills nothing twice: a billed purchase, a not billable one, a draft or another project’s answers 409 and creates nothing', async () => {
    const { project, e } = await projectWithExpenses();
    expect((await bill(admin.token, project._id, [e.dop.id])).statusCode).toBe(201);
    for (const ids of [
      [e.dop.id],
      [e.usd.id, e.dop.id],
      [e.notBillable.id],
      [e.draft.id],
      [e.otherProject.id],
    ]) {
      const res = await bill(admin.token, project._id, ids);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(EXPENSES_NOT_BILLABLE);
    }
    const created = await app.db.select().from(invoices).where(eq(invoices.projectId, project._id));
    expect(created).toHaveLength(1);
    expect((await invoiceIdsOf([e.usd.id]))[e.usd.id]).toBeNull();
  });

  it('two concurrent bills of the same purchases: one invoice gets them, the other call gets 409', async () => {
    const { project, e } = await projectWithExpenses();
    const results = await Promise.all([
      bill(admin.token, project._id, [e.dop.id, e.usd.id]),
      bill(admin.token, project._id, [e.usd.id, e.dop.id]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const created = await app.db.select().from(invoices).where(eq(invoices.projectId, project._id));
    expect(created).toHaveLength(1);
    expect(new Set(Object.values(await invoiceIdsOf([e.dop.id, e.usd.id])))).toEqual(
      new Set([created[0]!.id]),
    );
  });

  it('deleting the draft releases its purchases, which can be billed again', async () => {
    const { project, e } = await projectWithExpenses();
    const invoice = (await bill(admin.token, project._id, [e.dop.id, e.usd.id])).json().data.invoice;
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/invoices/${invoice._id}` });
    expect(del.statusCode).toBe(200);
    expect(Object.values(await invoiceIdsOf([e.dop.id, e.usd.id]))).toEqual([null, null]);
    expect((await bill(admin.token, project._id, [e.dop.id, e.usd.id])).statusCode).toBe(201);
  });

  it('cancelling the invoice releases its purchases and its billed time together', async () => {
    const { project, e } = await projectWithExpenses();
    const invoice = (await bill(admin.token, project._id, [e.dop.id])).json().data.invoice;
    // Time billed on the same invoice (as "Facturar horas" marks it) is released in the same transaction.
    const entry = await addTimeEntryVia(app, employee.token, project._id, { date: '2026-03-03' });
    await app.db
      .update(projectTimeEntries)
      .set({ invoiceId: invoice._id })
      .where(eq(projectTimeEntries.id, entry._id));
    const cancel = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${invoice._id}/cancel`,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    expect((await invoiceIdsOf([e.dop.id]))[e.dop.id]).toBeNull();
    const [t] = await app.db.select().from(projectTimeEntries).where(eq(projectTimeEntries.id, entry._id));
    expect(t!.invoiceId).toBeNull();
  });

  it('a partial credit note keeps the purchases billed; the note that credits the rest releases them', async () => {
    const { project, e } = await projectWithExpenses();
    const draft = (await bill(admin.token, project._id, [e.dop.id, e.usd.id])).json().data.invoice;
    const issued = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/issue`,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const total = issued.json().data.invoice.total;
    expect(total).toBe(8142);
    const note = (amount: number) =>
      injectAs(app, admin.token, {
        method: 'POST',
        url: `/api/invoices/${draft._id}/credit-notes`,
        payload: { amount, reason: 'Ajuste acordado con el cliente', modificationCode: 3 },
      });
    expect((await note(1180)).statusCode).toBe(201);
    expect(new Set(Object.values(await invoiceIdsOf([e.dop.id, e.usd.id])))).toEqual(new Set([draft._id]));
    expect((await note(total - 1180)).statusCode).toBe(201);
    expect(Object.values(await invoiceIdsOf([e.dop.id, e.usd.id]))).toEqual([null, null]);
    expect((await preview(admin.token, project._id)).json().data.lines).toHaveLength(2);
  });

  it('rejects an empty or repeated selection with Spanish 400s', async () => {
    const { project, e } = await projectWithExpenses();
    const empty = await bill(admin.token, project._id, []);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Elige al menos un gasto');
    const twice = await bill(admin.token, project._id, [e.dop.id, e.dop.id]);
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('Hay gastos repetidos');
  });

  it('employees (on the team too) and clients get 403, an unknown project 404; nothing is billed', async () => {
    const { project, e } = await projectWithExpenses();
    for (const s of [employee, client, client2]) {
      expect((await bill(s.token, project._id, [e.dop.id])).statusCode).toBe(403);
      expect((await preview(s.token, project._id)).statusCode).toBe(403);
    }
    const unknown = await bill(admin.token, '00000000-0000-4000-8000-000000000000', [e.dop.id]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Proyecto no encontrado');
    expect((await invoiceIdsOf([e.dop.id]))[e.dop.id]).toBeNull();
  });
});
