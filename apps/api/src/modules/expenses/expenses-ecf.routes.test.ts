import { addDays, businessToday, type Session } from '@agencia/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { startDirectEcfApp } from '../../../test/direct-ecf.js';
import type { FakeDgii } from '../../../test/fake-dgii.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs } from '../../../test/helpers.js';
import {
  ecfAnnulments,
  ecfDocuments,
  expenses,
  ncfVoids,
  notifications,
  suppliers,
} from '../../db/schema/index.js';
import { EcfSender } from '../ecf/ecf-sender.js';
import { verifyXmlSignature } from '../ecf/ecf-signature.js';

// Direct e-CF emission of the agency's purchase documents E41/E43/E47 against the fake DGII
// (decisions 136 and 140): signed and queued with the number, sent, accepted, shown on the expense.

let dgii: FakeDgii;
let app: FastifyInstance, admin: Session;
const { activeOf } = fiscalCalls(() => ({ app, admin }));
const today = businessToday();
const ids = { informal: '', adobe: '', minor: '' };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, admin.token, { method, url, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ({ app, admin, dgii } = await startDirectEcfApp());
  // Electronic fiscal mode: the agency's purchase documents are E41/E43/E47.
  const settings = (await call('GET', '/api/settings')).json().data.settings;
  const { updatedAt: _u, ...body } = settings;
  const put = await call('PUT', '/api/settings', { ...body, fiscalMode: 'electronic' });
  expect(put.statusCode, put.body).toBe(200);
  const rows = await app.db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers);
  const byName = (part: string) => rows.find((r) => r.name.includes(part))!.id;
  ids.informal = byName('Rafael Almonte');
  ids.adobe = byName('Adobe');
  ids.minor = byName('Gastos menores');
});

afterAll(async () => {
  await dgii.close();
});

const sender = () => new EcfSender(app.db, app.ecfConfig, () => {}, undefined, { timeoutMs: 5_000 });

async function documentOf(expenseId: string) {
  const [row] = await app.db
    .select()
    .from(ecfDocuments)
    .where(eq(ecfDocuments.expenseId, expenseId))
    .orderBy(desc(ecfDocuments.createdAt))
    .limit(1);
  return row;
}

/** Sender passes until the purchase's e-CF is decided (the clock moved past each wait). */
async function drive(expenseId: string, max = 6) {
  const s = sender();
  let clock = Date.now();
  for (let i = 0; i < max; i++) {
    await s.pass(new Date(clock));
    const row = await documentOf(expenseId);
    if (row && ['accepted', 'conditionally_accepted', 'rejected'].includes(row.status)) return row;
    clock += 10 * 60_000;
  }
  return documentOf(expenseId);
}

/** An E41 to the informal photographer: goods and services, ITBIS 18 %, default withholdings. */
const e41Purchase = (over: object = {}) => ({
  supplierId: ids.informal,
  documentType: 'E41',
  issueDate: today,
  expenseType: '02',
  goodsAmount: 2000,
  servicesAmount: 8000,
  itbis: 1800,
  paymentMethod: '01',
  description: 'Sesión de fotos del catálogo y copias impresas',
  ...over,
});

describe('direct e-CF of purchase documents (E41, E43, E47)', () => {
  it('E41: signed with the number, sent and accepted by the DGII; the expense shows its status', async () => {
    const before = await activeOf('E41');
    const res = await call('POST', '/api/expenses', e41Purchase());
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json().data.expense;
    expect(expense).toMatchObject({
      documentType: 'E41',
      ncf: before!.nextNcf,
      ecfStatus: 'pending',
      itbisWithheld: 1800,
      isrWithheld: 800,
    });
    const stored = await documentOf(expense._id);
    expect(stored).toMatchObject({ encf: expense.ncf, documentType: 'E41', status: 'pending' });
    expect(verifyXmlSignature(stored!.signedXml)).toMatchObject({ valid: true });
    expect(await validateAgainstDgiiXsd(stored!.signedXml, 'ECF-41')).toEqual([]);
    // The supplier is the Comprador (its cédula), the withholdings are stated per line and in total.
    expect(stored!.signedXml).toMatch(
      /<Comprador><RNCComprador>\d{11}<\/RNCComprador><RazonSocialComprador>Rafael Almonte/,
    );
    expect(stored!.signedXml).toContain('<TotalITBISRetenido>1800.00</TotalITBISRetenido>');
    expect(stored!.signedXml).toContain('<TotalISRRetencion>800.00</TotalISRRetencion>');
    expect(stored!.signedXml).not.toContain('<TipoIngresos>');

    const done = await drive(expense._id);
    expect(done).toMatchObject({ status: 'accepted', trackId: expect.any(String) });
    expect(dgii.state.submissions.filter((s) => s.encf === expense.ncf)).toHaveLength(1);
    const shown = await call('GET', `/api/expenses/${expense._id}`);
    expect(shown.json().data.expense).toMatchObject({ ecfStatus: 'accepted' });

    // Signed: what the e-CF states cannot change any more; the 606 classification still can.
    const edit = await call('PUT', `/api/expenses/${expense._id}`, { servicesAmount: 9000 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/ya está firmado/);
    const classify = await call('PUT', `/api/expenses/${expense._id}`, { expenseType: '03' });
    expect(classify.statusCode, classify.body).toBe(200);
    // Accepted: its e-NCF is used, an ANECF cannot annul it.
    const del = await call('DELETE', `/api/expenses/${expense._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/ya se envió a la DGII/);
  });

  it('E47 in USD: the foreign supplier by its id, 27 % ISR withheld, amounts in pesos at the day’s rate; accepted', async () => {
    const day = addDays(today, -3);
    const rate = await call('POST', '/api/fiscal/exchange-rates', {
      date: day,
      currency: 'USD',
      rate: 60.25,
    });
    // The demo holds a rate for every business day up to today (decision 163): this one replaces it.
    expect([200, 201], rate.body).toContain(rate.statusCode);
    const res = await call('POST', '/api/expenses', {
      supplierId: ids.adobe,
      documentType: 'E47',
      issueDate: day,
      expenseType: '02',
      currency: 'USD',
      servicesAmount: 100,
      paymentMethod: '03',
      description: 'Suscripción mensual Creative Cloud',
    });
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json().data.expense;
    expect(expense).toMatchObject({ documentType: 'E47', ecfStatus: 'pending', isrWithheld: 27 });
    const stored = await documentOf(expense._id);
    expect(stored!.signedXml).toContain('<IdentificadorExtranjero>IE6364992H</IdentificadorExtranjero>');
    expect(stored!.signedXml).not.toContain('<RNCComprador>');
    expect(stored!.signedXml).toContain('<MontoTotal>6025.00</MontoTotal>');
    expect(stored!.signedXml).toContain('<TotalISRRetencion>1626.75</TotalISRRetencion>');
    expect(stored!.signedXml).toContain('<MontoTotalOtraMoneda>100.00</MontoTotalOtraMoneda>');
    const done = await drive(expense._id);
    expect(done).toMatchObject({ status: 'accepted' });
    expect((await call('GET', `/api/expenses/${expense._id}`)).json().data.expense.ecfStatus).toBe(
      'accepted',
    );
  });

  it('E43: no Comprador, accepted', async () => {
    const res = await call('POST', '/api/expenses', {
      supplierId: ids.minor,
      documentType: 'E43',
      issueDate: today,
      expenseType: '02',
      servicesAmount: 450,
      paymentMethod: '01',
      description: 'Peaje autopista del Nordeste',
    });
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json().data.expense;
    expect(expense).toMatchObject({ documentType: 'E43', ecfStatus: 'pending' });
    const stored = await documentOf(expense._id);
    expect(stored!.signedXml).not.toContain('<Comprador>');
    expect((await drive(expense._id))!.status).toBe('accepted');
  });

  it('a rejected E41: the expense shows it and the admins are told, with a link to that purchase', async () => {
    const res = await call('POST', '/api/expenses', e41Purchase({ description: 'Fotos rechazadas' }));
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json().data.expense;
    dgii.rejectNext(expense.ncf, [{ codigo: 7, valor: 'La cédula del comprador no es válida.' }]);
    expect((await drive(expense._id))!.status).toBe('rejected');
    const shown = await call('GET', `/api/expenses/${expense._id}`);
    expect(shown.json().data.expense).toMatchObject({ _id: expense._id, ecfStatus: 'rejected' });
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, admin.user._id));
    const notice = told.find((n) => n.title === `La DGII rechazó el e-CF ${expense.ncf}`);
    // The portal route /expenses/:id opens this purchase (ExpensesPage).
    expect(notice).toMatchObject({ link: `/expenses/${expense._id}` });
    expect(notice!.message).toContain('La cédula del comprador no es válida.');
  });

  it('refuses (422, Spanish) an E41 the DGII would reject — a supplier without cédula — and consumes no number', async () => {
    const supplier = await call('POST', '/api/suppliers', {
      name: 'Vendedor ambulante sin cédula',
      taxIdType: 'none',
      taxpayerType: 'informal',
    });
    expect(supplier.statusCode, supplier.body).toBe(201);
    const before = await activeOf('E41');
    const res = await call(
      'POST',
      '/api/expenses',
      e41Purchase({ supplierId: supplier.json().data.supplier._id }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/requiere la cédula/);
    expect((await activeOf('E41'))!.nextNumber).toBe(before!.nextNumber);
  });

  it('deleting an E41 the DGII has not received withdraws it and sends an ANECF of its e-NCF', async () => {
    const res = await call('POST', '/api/expenses', e41Purchase({ description: 'Fotos del evento' }));
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json().data.expense;
    const del = await call('DELETE', `/api/expenses/${expense._id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await documentOf(expense._id)).toBeUndefined();
    expect(await app.db.select().from(expenses).where(eq(expenses.id, expense._id))).toEqual([]);
    const [voided] = await app.db.select().from(ncfVoids).where(eq(ncfVoids.ncf, expense.ncf));
    expect(voided).toMatchObject({ documentType: 'E41', annulmentType: '04' });
    const [annulment] = await app.db
      .select()
      .from(ecfAnnulments)
      .where(eq(ecfAnnulments.encfFrom, expense.ncf));
    expect(annulment).toMatchObject({ encfTo: expense.ncf, count: 1, status: 'pending' });
    expect(await validateAgainstDgiiXsd(annulment!.signedXml, 'ANECF')).toEqual([]);
    await sender().pass();
    const [sent] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.id, annulment!.id));
    expect(sent!.status).toBe('accepted');
    expect(dgii.state.submissions.some((s) => s.encf === expense.ncf)).toBe(false);
  });
});
