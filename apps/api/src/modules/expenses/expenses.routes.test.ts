import { addDays, businessToday, EXPENSE_MESSAGES, periodOfDay, type Session } from '@agencia/shared';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { closePeriodInDb, fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import {
  auditLog,
  expenses,
  invoices,
  ncfVoids,
  projectMembers,
  projects,
  suppliers,
} from '../../db/schema/index.js';

// Purchases and expenses (decision 140): CRUD, roles, NCF rules, agency numbering, withholdings.

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
const { activeOf } = fiscalCalls(() => ({ app, admin }));
const today = businessToday();

/** Seeded suppliers by name. */
const ids: Record<'local' | 'printer' | 'adobe' | 'informal' | 'minor', string> = {
  local: '',
  printer: '',
  adobe: '',
  informal: '',
  minor: '',
};
/** A project the demo employee is on the team of, and one it is not. */
let teamProject: string, otherProject: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = admin.token,
) => injectAs(app, token, { method, url, ...(payload ? { payload } : {}) });
const create = (payload: object, token = admin.token) => call('POST', '/api/expenses', payload, token);

let ncfSerial = 500;
/** A fresh B01 NCF of a supplier (each test its own). */
const nextB01 = () => `B01${String(++ncfSerial).padStart(8, '0')}`;

/** A B01 purchase of local services: RD$10,000 + ITBIS 18 %. */
const localPurchase = (over: object = {}) => ({
  supplierId: ids.local,
  documentType: 'B01',
  ncf: nextB01(),
  issueDate: addDays(today, -2),
  paymentDate: addDays(today, -1),
  expenseType: '02',
  servicesAmount: 10000,
  itbis: 1800,
  paymentMethod: '02',
  description: 'Servicio de hosting',
  ...over,
});

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  const rows = await app.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers);
  const byName = (part: string) => rows.find((r) => r.name.includes(part))!.id;
  ids.local = byName('Nube Caribe');
  ids.printer = byName('Imprenta Duarte');
  ids.adobe = byName('Adobe');
  ids.informal = byName('Rafael Almonte');
  ids.minor = byName('Gastos menores');
  const mine = await app.db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, employee.user._id));
  teamProject = mine[0]!.id;
  const [other] = await app.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      notInArray(
        projects.id,
        mine.map((m) => m.id),
      ),
    )
    .limit(1);
  otherProject = other!.id;
});

describe('suppliers (/suppliers)', () => {
  it('creates with a checked RNC (exception list included), refuses a bad check digit (400) and a repeated RNC (409)', async () => {
    const ok = await call('POST', '/api/suppliers', {
      name: 'Papelería Colonial SRL',
      taxIdType: 'rnc',
      taxId: '1-01-58160-1',
      taxpayerType: 'persona_juridica',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.supplier).toMatchObject({
      taxId: '101581601',
      taxIdType: 'rnc',
      country: 'DO',
      active: true,
    });
    const bad = await call('POST', '/api/suppliers', {
      name: 'Mal RNC',
      taxIdType: 'rnc',
      taxId: '131067231',
      taxpayerType: 'persona_juridica',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/RNC inválido/);
    const dup = await call('POST', '/api/suppliers', {
      name: 'Otra',
      taxIdType: 'rnc',
      taxId: '101581601',
      taxpayerType: 'persona_juridica',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un proveedor con la identificación 101581601.');
    const cedulaMissing = await call('POST', '/api/suppliers', {
      name: 'Sin cédula',
      taxIdType: 'cedula',
      taxpayerType: 'persona_fisica',
    });
    expect(cedulaMissing.statusCode).toBe(400);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'supplier.created'), eq(auditLog.targetId, ok.json().data.supplier._id)),
      );
    expect(entry).toBeDefined();
  });

  it('edits (re-checking the tax id), lists paged and searched, and offers active ones to pick', async () => {
    const updated = await call('PUT', `/api/suppliers/${ids.printer}`, {
      contactName: 'Ana Duarte',
      phone: '809-555-0101',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.supplier).toMatchObject({ contactName: 'Ana Duarte', phone: '809-555-0101' });
    const badType = await call('PUT', `/api/suppliers/${ids.printer}`, { taxIdType: 'cedula' });
    expect(badType.statusCode).toBe(400);
    const page = await call('GET', '/api/suppliers?limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json().data.suppliers).toHaveLength(2);
    expect(page.json().data.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(page.json().data.pagination.total).toBeGreaterThanOrEqual(6);
    const found = await call('GET', '/api/suppliers?search=imprenta');
    expect(found.json().data.suppliers.map((s: { name: string }) => s.name)).toEqual(['Imprenta Duarte SRL']);
    const options = await call('GET', '/api/suppliers/options?search=adobe', undefined, employee.token);
    expect(options.statusCode).toBe(200);
    expect(options.json().data.options).toEqual([
      { value: ids.adobe, label: 'Adobe Systems Software Ireland Ltd.', description: 'IE6364992H' },
    ]);
  });

  it('is admin-only to manage; employees may only pick; clients get 403 on every route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/suppliers'],
      ['GET', `/api/suppliers/${ids.local}`],
      ['POST', '/api/suppliers', { name: 'X', taxIdType: 'none', taxpayerType: 'informal' }],
      ['PUT', `/api/suppliers/${ids.local}`, { name: 'X' }],
    ] as const) {
      expect((await call(method, url, payload, employee.token)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, payload, client.token)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '/api/suppliers/options', undefined, client.token)).statusCode).toBe(403);
  });
});

describe('purchases (/expenses): NCF rules', () => {
  it('records a supplier B01 in centavos, answers pesos and the DGII figures; the same NCF of the supplier again is 409', async () => {
    const payload = localPurchase({ projectId: teamProject, billable: true });
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().data.expense;
    expect(e).toMatchObject({
      status: 'recorded',
      supplier: { _id: ids.local, name: 'Nube Caribe Hosting SRL' },
      documentType: 'B01',
      ncf: payload.ncf,
      issuedByAgency: false,
      currency: 'DOP',
      exchangeRate: null,
      servicesAmount: 10000,
      itbis: 1800,
      itbisWithheld: 0,
      isrWithheld: 0,
      isrWithholdingType: null,
      total: 11800,
      billable: true,
      projectId: teamProject,
      invoiceId: null,
      dop: { total: 11800, itbis: 1800 },
    });
    const [row] = await app.db.select().from(expenses).where(eq(expenses.id, e._id));
    expect(row).toMatchObject({ servicesCents: 1_000_000, itbisCents: 180_000, createdBy: admin.user._id });

    const again = await create(localPurchase({ ncf: payload.ncf }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EXPENSE_MESSAGES.duplicateNcf);
    // The same number from another supplier is another document.
    expect((await create(localPurchase({ ncf: payload.ncf, supplierId: ids.printer }))).statusCode).toBe(201);
  });

  it('checks the NCF against its type and shape, and requires it for supplier documents (400 Spanish)', async () => {
    for (const [over, message] of [
      [{ ncf: 'B0200000001' }, EXPENSE_MESSAGES.ncfShape],
      [{ ncf: 'B01123' }, EXPENSE_MESSAGES.ncfShape],
      [{ documentType: 'E31', ncf: 'E3100000001' }, EXPENSE_MESSAGES.ncfShape],
      [{ ncf: null }, EXPENSE_MESSAGES.ncfRequired],
      [{ documentType: 'B16', ncf: 'B1600000001' }, 'Tipo de comprobante inválido para una compra'],
    ] as const) {
      const res = await create(localPurchase(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.body).toContain(message);
    }
    const ecf = await create(localPurchase({ documentType: 'E31', ncf: 'e31 0000000077' }));
    expect(ecf.statusCode, ecf.body).toBe(201);
    expect(ecf.json().data.expense.ncf).toBe('E310000000077');
  });

  it('refuses amounts that do not add up: withheld above the ITBIS, ISR above the base, no amount, ITBIS to cost above the ITBIS', async () => {
    for (const [over, field] of [
      [{ itbisWithheld: 2000 }, 'itbisWithheld'],
      [{ isrWithheld: 20000, isrWithholdingType: '02' }, 'isrWithheld'],
      [{ servicesAmount: 0 }, 'servicesAmount'],
      [{ itbisToCost: 5000 }, 'itbisToCost'],
      [{ isrWithheld: 100, isrWithholdingType: null }, 'isrWithholdingType'],
      [{ paymentDate: addDays(today, -30) }, 'paymentDate'],
      [{ billable: true, projectId: null }, 'projectId'],
    ] as const) {
      const res = await create(localPurchase(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors.map((x: { field: string }) => x.field)).toContain(field);
    }
  });
});

describe('purchases: documents the agency issues (B11, B13, B17) and withholdings', () => {
  it('numbers a B11 from its range and withholds 100 % of the ITBIS and 10 % ISR of the services (type 02)', async () => {
    const before = await activeOf('B11');
    const res = await create({
      supplierId: ids.informal,
      documentType: 'B11',
      issueDate: addDays(today, -1),
      paymentDate: today,
      expenseType: '02',
      servicesAmount: 6000,
      itbis: 1080,
      paymentMethod: '01',
      description: 'Fotos de producto',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.expense).toMatchObject({
      documentType: 'B11',
      ncf: before!.nextNcf,
      issuedByAgency: true,
      itbisWithheld: 1080,
      isrWithheld: 600,
      isrWithholdingType: '02',
    });
    expect((await activeOf('B11'))!.nextNumber).toBe(before!.nextNumber + 1);
    // The user may change the defaults.
    const chosen = await create({
      supplierId: ids.informal,
      documentType: 'B11',
      issueDate: today,
      expenseType: '09',
      goodsAmount: 3000,
      itbisWithheld: 0,
      isrWithheld: 60,
      isrWithholdingType: '03',
      paymentMethod: '01',
      description: 'Materiales',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.expense).toMatchObject({
      isrWithheld: 60,
      isrWithholdingType: '03',
      itbisWithheld: 0,
    });
  });

  it('refuses a B11 for a supplier registered with an RNC and a B17 for a local one (400); a supplier NCF on them is 400', async () => {
    const b11 = await create({ ...localPurchase(), documentType: 'B11', ncf: undefined });
    expect(b11.statusCode).toBe(400);
    expect(b11.json().message).toMatch(/proveedores informales/);
    const b17 = await create({ ...localPurchase(), documentType: 'B17', ncf: undefined });
    expect(b17.statusCode).toBe(400);
    expect(b17.json().message).toMatch(/proveedores del exterior/);
    const withNcf = await create({
      ...localPurchase(),
      supplierId: ids.informal,
      documentType: 'B11',
      ncf: 'B1100000001',
    });
    expect(withNcf.statusCode).toBe(400);
    expect(withNcf.body).toContain(EXPENSE_MESSAGES.ncfNotForAgencyType);
  });

  it('numbers a B13 (no withholding) and a B17 with 27 % ISR (type 03)', async () => {
    const b13Before = await activeOf('B13');
    const b13 = await create({
      supplierId: ids.minor,
      documentType: 'B13',
      issueDate: today,
      expenseType: '02',
      servicesAmount: 450,
      paymentMethod: '01',
      description: 'Peaje',
    });
    expect(b13.statusCode, b13.body).toBe(201);
    expect(b13.json().data.expense).toMatchObject({
      ncf: b13Before!.nextNcf,
      itbisWithheld: 0,
      isrWithheld: 0,
      isrWithholdingType: null,
    });
    const b17Before = await activeOf('B17');
    const b17 = await create({
      supplierId: ids.adobe,
      documentType: 'B17',
      issueDate: today,
      expenseType: '02',
      servicesAmount: 1000,
      paymentMethod: '03',
      description: 'Licencia anual',
    });
    expect(b17.statusCode, b17.body).toBe(201);
    expect(b17.json().data.expense).toMatchObject({
      ncf: b17Before!.nextNcf,
      isrWithheld: 270,
      isrWithholdingType: '03',
    });
  });

  it('answers 409 in Spanish and consumes nothing when the type has no active range', async () => {
    const seq = await activeOf('B13');
    const off = await call('PUT', `/api/fiscal/sequences/${seq!._id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const res = await create({
      supplierId: ids.minor,
      documentType: 'B13',
      issueDate: today,
      expenseType: '02',
      servicesAmount: 100,
      paymentMethod: '01',
      description: 'Parqueo',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/No hay un rango de comprobantes activo para B13/);
    expect((await call('PUT', `/api/fiscal/sequences/${seq!._id}`, { active: true })).statusCode).toBe(200);
    expect((await activeOf('B13'))!.nextNumber).toBe(seq!.nextNumber);
  });

  it('prices a USD purchase with the rate of its day (409 without one) and answers the DGII figures in pesos', async () => {
    const day = addDays(today, -100);
    const usd = {
      supplierId: ids.adobe,
      documentType: 'B17',
      issueDate: day,
      expenseType: '02',
      currency: 'USD',
      servicesAmount: 100,
      paymentMethod: '03',
      description: 'Suscripción mensual',
    };
    const missing = await create(usd);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().errors[0].field).toBe('exchangeRate');
    // About the expense, not an invoice (decision 163).
    expect(missing.json().message).toBe(
      `No hay tasa del dólar del ${day.split('-').reverse().join('/')} ni de los 7 días anteriores: regístrala en Configuración → Fiscal (Tasas de cambio) para guardar este gasto en USD.`,
    );
    // The demo's rates reach today: a purchase of today is priced on the first try.
    const todays = await create({ ...usd, issueDate: today, ncf: undefined, description: 'Hoy' });
    expect(todays.statusCode, todays.body).toBe(201);
    expect(todays.json().data.expense.exchangeRate).toEqual(expect.any(Number));
    const rate = await call('POST', '/api/fiscal/exchange-rates', { date: day, currency: 'USD', rate: 60.5 });
    expect(rate.statusCode, rate.body).toBe(201);
    const res = await create(usd);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.expense).toMatchObject({
      currency: 'USD',
      exchangeRate: 60.5,
      servicesAmount: 100,
      isrWithheld: 27,
      dop: { servicesAmount: 6050, isrWithheld: 1633.5, total: 6050 },
    });
  });
});

describe('purchases: roles', () => {
  it('clients get 403 on every route', async () => {
    const [any] = await app.db.select({ id: expenses.id }).from(expenses).limit(1);
    for (const [method, url, payload] of [
      ['GET', '/api/expenses'],
      ['GET', `/api/expenses/${any!.id}`],
      ['POST', '/api/expenses', localPurchase()],
      ['PUT', `/api/expenses/${any!.id}`, { description: 'x' }],
      ['DELETE', `/api/expenses/${any!.id}`],
      ['GET', `/api/expenses/${any!.id}/receipt`],
      ['GET', `/api/users/${employee.user._id}/cost-rate`],
    ] as const) {
      expect((await call(method, url, payload, client.token)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("employees record and see only their projects' expenses; others are 404", async () => {
    const mine = await create(localPurchase({ projectId: teamProject }), employee.token);
    expect(mine.statusCode, mine.body).toBe(201);
    const notMine = await create(localPurchase({ projectId: otherProject }), employee.token);
    expect(notMine.statusCode).toBe(404);
    const noProject = await create(localPurchase(), employee.token);
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().errors[0].field).toBe('projectId');
    const agency = await create(
      {
        ...localPurchase({ projectId: teamProject }),
        supplierId: ids.minor,
        documentType: 'B13',
        ncf: undefined,
      },
      employee.token,
    );
    expect(agency.statusCode).toBe(403);

    const adminOnOther = await create(localPurchase({ projectId: otherProject }));
    expect(adminOnOther.statusCode).toBe(201);
    const otherId = adminOnOther.json().data.expense._id;
    expect((await call('GET', `/api/expenses/${otherId}`, undefined, employee.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/expenses/${otherId}`, { description: 'x' }, employee.token)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/expenses/${otherId}`, undefined, employee.token)).statusCode).toBe(
      404,
    );

    const list = await call('GET', '/api/expenses?limit=100', undefined, employee.token);
    expect(list.statusCode).toBe(200);
    const seen = list.json().data.expenses as Array<{ _id: string; projectId: string | null }>;
    const team = (
      await app.db
        .select({ id: projectMembers.projectId })
        .from(projectMembers)
        .where(eq(projectMembers.userId, employee.user._id))
    ).map((r) => r.id);
    expect(seen.map((e) => e._id)).toContain(mine.json().data.expense._id);
    expect(seen.every((e) => e.projectId !== null && team.includes(e.projectId))).toBe(true);
    const all = await call('GET', '/api/expenses?limit=100');
    expect(all.json().data.pagination.total).toBeGreaterThan(list.json().data.pagination.total);

    const edited = await call(
      'PUT',
      `/api/expenses/${mine.json().data.expense._id}`,
      { description: 'Hosting del proyecto' },
      employee.token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.expense.description).toBe('Hosting del proyecto');
    expect(
      (await call('DELETE', `/api/expenses/${mine.json().data.expense._id}`, undefined, employee.token))
        .statusCode,
    ).toBe(200);
  });

  it('sets the cost rate of a person (admin only)', async () => {
    const url = `/api/users/${employee.user._id}/cost-rate`;
    expect((await call('PUT', url, { costRate: 450.5 }, employee.token)).statusCode).toBe(403);
    const set = await call('PUT', url, { costRate: 450.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ userId: employee.user._id, costRate: 450.5 });
    expect((await call('GET', url)).json().data.costRate).toBe(450.5);
    expect((await call('PUT', url, { costRate: -1 })).statusCode).toBe(400);
  });
});

describe('purchases: lists, edits, deletes, receipts', () => {
  it('filters by period, supplier, project, billable and billed, searches, and pages newest first', async () => {
    const oldDay = addDays(today, -200);
    const old = await create(
      localPurchase({ issueDate: oldDay, paymentDate: null, description: 'Mantenimiento antiguo' }),
    );
    expect(old.statusCode, old.body).toBe(201);
    const byPeriod = await call('GET', `/api/expenses?period=${periodOfDay(oldDay)}`);
    expect(byPeriod.json().data.expenses.map((e: { _id: string }) => e._id)).toEqual([
      old.json().data.expense._id,
    ]);
    const search = await call('GET', '/api/expenses?search=antiguo');
    expect(search.json().data.expenses).toHaveLength(1);
    const bySupplier = await call('GET', `/api/expenses?supplierId=${ids.adobe}&limit=100`);
    expect(
      bySupplier
        .json()
        .data.expenses.every((e: { supplier: { _id: string } }) => e.supplier._id === ids.adobe),
    ).toBe(true);
    const billable = await call('GET', '/api/expenses?billable=true&billed=false&limit=100');
    expect(billable.json().data.expenses.length).toBeGreaterThanOrEqual(2);
    expect(
      billable
        .json()
        .data.expenses.every((e: { billable: boolean; invoiceId: null }) => e.billable && !e.invoiceId),
    ).toBe(true);
    const paged = await call('GET', '/api/expenses?limit=2');
    const dates = paged.json().data.expenses.map((e: { issueDate: string }) => e.issueDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await call('GET', '/api/expenses?period=2026-01')).statusCode).toBe(400);
    expect((await call('GET', '/api/expenses?billable=quizas')).statusCode).toBe(400);
  });

  it('refuses to delete a billed expense or one in a closed period (409); an agency number is annulled, not reused', async () => {
    const billed = await create(localPurchase({ projectId: teamProject, billable: true }));
    const [invoice] = await app.db.select({ id: invoices.id }).from(invoices).limit(1);
    await app.db
      .update(expenses)
      .set({ invoiceId: invoice!.id })
      .where(eq(expenses.id, billed.json().data.expense._id));
    const refused = await call('DELETE', `/api/expenses/${billed.json().data.expense._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(EXPENSE_MESSAGES.billed);
    const edit = await call('PUT', `/api/expenses/${billed.json().data.expense._id}`, {
      description: 'Otro',
    });
    expect(edit.statusCode).toBe(409);

    const closedDay = addDays(today, -400);
    const inClosed = await create(localPurchase({ issueDate: closedDay, paymentDate: null }));
    expect(inClosed.statusCode, inClosed.body).toBe(201);
    await closePeriodInDb(app, periodOfDay(closedDay));
    const closed = await call('DELETE', `/api/expenses/${inClosed.json().data.expense._id}`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/cerrado/);
    expect((await create(localPurchase({ issueDate: closedDay }))).statusCode).toBe(409);
    const moved = await call('PUT', `/api/expenses/${inClosed.json().data.expense._id}`, {
      issueDate: today,
      paymentDate: null,
    });
    expect(moved.statusCode).toBe(409);
    const intoClosed = await create(localPurchase());
    const toClosed = await call('PUT', `/api/expenses/${intoClosed.json().data.expense._id}`, {
      issueDate: closedDay,
      paymentDate: null,
    });
    expect(toClosed.statusCode).toBe(409);

    const b13 = await create({
      supplierId: ids.minor,
      documentType: 'B13',
      issueDate: today,
      expenseType: '02',
      servicesAmount: 300,
      paymentMethod: '01',
      description: 'Mensajería',
    });
    const ncf = b13.json().data.expense.ncf;
    expect((await call('DELETE', `/api/expenses/${b13.json().data.expense._id}`)).statusCode).toBe(200);
    const [voided] = await app.db.select().from(ncfVoids).where(eq(ncfVoids.ncf, ncf));
    expect(voided).toMatchObject({ documentType: 'B13', annulmentType: '04' });
    const [gone] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'expense.deleted'));
    expect(gone).toBeDefined();
  });

  it('keeps the type and number of an agency document; edits re-check the merged purchase', async () => {
    const b11 = await create({
      supplierId: ids.informal,
      documentType: 'B11',
      issueDate: today,
      expenseType: '02',
      servicesAmount: 2000,
      paymentMethod: '01',
      description: 'Edición de video',
    });
    const id = b11.json().data.expense._id;
    expect((await call('PUT', `/api/expenses/${id}`, { documentType: 'B13' })).statusCode).toBe(409);
    const tooMuch = await call('PUT', `/api/expenses/${id}`, { isrWithheld: 5000 });
    expect(tooMuch.statusCode).toBe(400);
    const ok = await call('PUT', `/api/expenses/${id}`, { servicesAmount: 2500, isrWithheld: 250 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.expense).toMatchObject({
      servicesAmount: 2500,
      isrWithheld: 250,
      ncf: b11.json().data.expense.ncf,
    });
    const local = await create(localPurchase());
    const dupNcf = await call('PUT', `/api/expenses/${local.json().data.expense._id}`, {
      ncf: (await create(localPurchase())).json().data.expense.ncf,
    });
    expect(dupNcf.statusCode).toBe(409);
  });

  it('attaches a receipt (PDF or image by its bytes), serves it back and removes it; other files are 415', async () => {
    const e = await create(localPurchase({ projectId: teamProject }));
    const id = e.json().data.expense._id;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = (data: Buffer, filename: string) => {
      const boundary = '----receiptBoundary';
      return {
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          data,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      };
    };
    const up = await injectAs(app, employee.token, {
      method: 'POST',
      url: `/api/expenses/${id}/receipt`,
      ...form(pdf, 'factura.pdf'),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.expense.receipt).toMatchObject({
      filename: 'factura.pdf',
      contentType: 'application/pdf',
    });
    const down = await call('GET', `/api/expenses/${id}/receipt`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(pdf)).toBe(true);
    const text = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/expenses/${id}/receipt`,
      ...form(Buffer.from('hola'), 'nota.txt'),
    });
    expect(text.statusCode).toBe(415);
    const removed = await call('DELETE', `/api/expenses/${id}/receipt`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.expense.receipt).toBeNull();
    expect((await call('GET', `/api/expenses/${id}/receipt`)).statusCode).toBe(404);
  });
});
