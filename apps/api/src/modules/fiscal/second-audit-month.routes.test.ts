import { addDays, businessToday, type Session } from '@agencia/shared';
import { desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { PURCHASE_606_BASE } from '../../../test/dgii-fixtures.js';
import { startDirectEcfApp } from '../../../test/direct-ecf.js';
import type { FakeDgii } from '../../../test/fake-dgii.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs } from '../../../test/helpers.js';
import { insertPurchase } from '../../../test/purchase-factories.js';
import { creditNotes, debitNotes, ecfDocuments, invoices } from '../../db/schema/index.js';
import { EcfSender } from '../ecf/ecf-sender.js';

/*
 * Issue 42's worked month, re-computed by hand (decision 160): July 2024, a month the demo data
 * leaves empty, with June 2024 closed. Documents are issued today (issuing dates them today,
 * decision 132) and then moved into July, as the 606 worked month of decision 141 does.
 *
 * June: a purchase on credit from a persona física, B0100005001 — services 10,000.00 + ITBIS
 * 1,800.00, "compra a crédito"; June is closed with it. Paid on 5 July with 100 % of the ITBIS
 * (1,800.00) and 10 % ISR (1,000.00, type 02) withheld.
 * July, sales (all dated 10 July; notes 15 July):
 * - A: E31 to Café Cibao, taxed 5,000.00 + exempt 1,000.00, ITBIS 900.00 (total 6,900.00); its
 *   credit note of 590.00 by amount: ITBIS 590 × 900 / 6,900 = 76.96, exempt 513.04 × 1,000 /
 *   6,000 = 85.51, taxed 427.53;
 * - B: E45 to a government body, the same lines; its debit note of 640.00: ITBIS 640 × 900 / 6,900
 *   = 83.48, before ITBIS 556.52;
 * - C: E31 of 4,326.66 (ITBIS 660.00) rejected by the DGII (e-NCF spent) and cancelled;
 * - D: E46 to a foreign buyer identified by passport AB1234567, 8,000.00 exempt.
 * Nothing was collected in July: every sale is on credit.
 *
 * 607: A, B, D and the two notes; C is not in it. IT-1: ITBIS charged 900.00 + 900.00 + 0.00 +
 * 83.48 − 76.96 = 1,806.52; ITBIS paid on purchases 0 (the June purchase counts in June); withheld by
 * clients 0; balance 1,806.52; ITBIS withheld from suppliers 1,800.00 (June's purchase, paid in
 * July); total to pay 3,606.52. IR-17: type 02, 1,000.00.
 */

let dgii: FakeDgii;
let app: FastifyInstance, admin: Session, client: Session;
const { issue, clientWithout } = fiscalCalls(() => ({ app, admin }));
const today = businessToday();
const JULY = '202407';
const JUNE = '202406';
let june606Before: string;
const ncfs: Record<'A' | 'B' | 'C' | 'D' | 'creditA' | 'debitB', string> = {
  A: '',
  B: '',
  C: '',
  D: '',
  creditA: '',
  debitB: '',
};
let rnc: { A: string; B: string };

const post = (url: string, payload: object) => injectAs(app, admin.token, { method: 'POST', url, payload });
const get = (url: string) => injectAs(app, admin.token, { method: 'GET', url });
async function issued(clientId: string, overrides: Parameters<typeof invoicePayload>[1]) {
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId, overrides));
  const res = await issue(draft._id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invoice;
}
const mixedItems = [
  { description: 'Campaña en redes', quantity: 1, unitPrice: 5000 },
  { description: 'Tasa de registro de dominio', quantity: 1, unitPrice: 1000, taxExempt: true },
];

beforeAll(async () => {
  ({ app, admin, client, dgii } = await startDirectEcfApp());
  for (const documentType of ['E45', 'E46']) {
    const range = await post('/api/fiscal/sequences', {
      documentType,
      rangeFrom: 1,
      rangeTo: 100,
      expiresOn: addDays(today, 365),
    });
    expect(range.statusCode, range.body).toBe(201);
  }
  // June: the purchase on credit, then June is closed.
  const expenseId = await insertPurchase(
    app,
    {
      ...PURCHASE_606_BASE,
      supplierId: '00114272360',
      supplierIdType: 2,
      ncf: 'B0100005001',
      issueDate: '2024-06-10',
      servicesCents: 1_000_000,
      itbisCents: 180_000,
    },
    { paymentMethod: '04' },
  );
  expect((await post('/api/fiscal/periods', { period: JUNE })).statusCode).toBe(201);
  june606Before = (await get(`/api/reports/dgii/606?period=${JUNE}`)).body;
  const paid = await injectAs(app, admin.token, {
    method: 'PUT',
    url: `/api/expenses/${expenseId}`,
    payload: {
      paymentDate: '2024-07-05',
      paymentMethod: '02',
      itbisWithheld: 1800,
      isrWithheld: 1000,
      isrWithholdingType: '02',
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);

  // July's sales.
  const cibao = client.user.clientId!;
  const gov = await clientWithout('gubernamental', '401-00732-2');
  const abroad = await post('/api/clients', {
    clientType: 'company',
    firstName: 'John',
    lastName: 'Smith',
    email: 'compras@acme-travel.example.com',
    companyName: 'Acme Travel LLC',
    taxpayerType: 'extranjero',
    foreignTaxId: 'AB1234567',
    address: { city: 'Miami', country: 'Estados Unidos' },
  });
  expect(abroad.statusCode, abroad.body).toBe(200);
  const a = await issued(cibao, { documentType: 'E31', items: mixedItems });
  const b = await issued(gov, { documentType: 'E45', items: mixedItems });
  const c = await issued(cibao, { documentType: 'E31' });
  const d = await issued(abroad.json().data.client._id, {
    documentType: 'E46',
    items: [
      { description: 'Campaña para el mercado de EE. UU.', quantity: 1, unitPrice: 8000, taxExempt: true },
    ],
  });
  rnc = { A: a.fiscalSnapshot.buyer.taxId, B: b.fiscalSnapshot.buyer.taxId };
  const credit = await post(`/api/invoices/${a._id}/credit-notes`, {
    amount: 590,
    reason: 'Descuento acordado',
    modificationCode: 3,
  });
  expect(credit.statusCode, credit.body).toBe(201);
  const debit = await post(`/api/invoices/${b._id}/debit-notes`, {
    amount: 640,
    reason: 'Intereses por mora',
  });
  expect(debit.statusCode, debit.body).toBe(201);
  // C: rejected with its e-NCF spent, then cancelled.
  dgii.rejectNext(c.ncf, [{ codigo: 107, valor: 'El comprobante no cumple las validaciones.' }], {
    sequenceUsed: true,
  });
  const sender = new EcfSender(app.db, app.ecfConfig, () => {}, undefined, { timeoutMs: 5_000 });
  let clock = Date.now();
  for (let i = 0; i < 6; i++) {
    await sender.pass(new Date(clock));
    const [row] = await app.db
      .select()
      .from(ecfDocuments)
      .where(eq(ecfDocuments.encf, c.ncf))
      .orderBy(desc(ecfDocuments.createdAt))
      .limit(1);
    if (row!.status === 'rejected') break;
    clock += 10 * 60_000;
  }
  expect((await post(`/api/invoices/${c._id}/cancel`, { reason: 'e-CF rechazado' })).statusCode).toBe(200);
  // Into July.
  const ids = [a._id, b._id, c._id, d._id];
  await app.db
    .update(invoices)
    .set({ issueDate: '2024-07-10', dueDate: '2024-08-09' })
    .where(inArray(invoices.id, ids));
  for (const table of [creditNotes, debitNotes])
    await app.db
      .update(table)
      .set({ issueDate: '2024-07-15', modifiedIssueDate: '2024-07-10' })
      .where(inArray(table.invoiceId, ids));
  Object.assign(ncfs, {
    A: a.ncf,
    B: b.ncf,
    C: c.ncf,
    D: d.ncf,
    creditA: credit.json().data.creditNote.ncf,
    debitB: debit.json().data.debitNote.ncf,
  });
});

afterAll(async () => {
  await dgii.close();
});

/** A 607 line with no withholding, nothing collected (all "venta a crédito"). */
const line607 = (
  id: string,
  type: number,
  ncf: string,
  modified: string,
  date: string,
  amount: string,
  itbis: string,
  credit: string,
) =>
  [
    id,
    type,
    ncf,
    modified,
    '01',
    date,
    '',
    amount,
    itbis,
    ...Array(7).fill('0.00'),
    '0.00',
    '0.00',
    '0.00',
    credit,
    '0.00',
    '0.00',
    '0.00',
  ].join('|');

describe('issue 42’s worked month: July 2024 re-computed', () => {
  it('the 607 lists the live sales and notes, without the rejected e-CF, the foreign buyer as type 3', async () => {
    const res = await get(`/api/reports/dgii/607?period=${JULY}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toMatch(new RegExp(`^607\\|\\d+\\|${JULY}\\|5$`));
    expect(lines.slice(1, -1).sort()).toEqual(
      [
        line607(rnc.A, 1, ncfs.A, '', '20240710', '6000.00', '900.00', '6900.00'),
        line607(rnc.B, 1, ncfs.B, '', '20240710', '6000.00', '900.00', '6900.00'),
        line607('AB1234567', 3, ncfs.D, '', '20240710', '8000.00', '0.00', '8000.00'),
        line607(rnc.B, 1, ncfs.debitB, ncfs.B, '20240715', '556.52', '83.48', '640.00'),
        line607(rnc.A, 1, ncfs.creditA, ncfs.A, '20240715', '513.04', '76.96', '590.00'),
      ].sort(),
    );
    expect(res.body).not.toContain(ncfs.C);
  });

  it('the 606 re-reports June’s purchase in July with its payment and withholdings; June’s stays as filed', async () => {
    expect((await get(`/api/reports/dgii/606?period=${JUNE}`)).body).toBe(june606Before);
    expect(june606Before).toContain(
      '00114272360|2|02|B0100005001||20240610||10000.00|0.00|10000.00|1800.00|0.00|',
    );
    const july = (await get(`/api/reports/dgii/606?period=${JULY}`)).body.split('\r\n');
    expect(july.slice(1, -1)).toEqual([
      '00114272360|2|02|B0100005001||20240610|20240705|10000.00|0.00|10000.00|1800.00|1800.00|0.00|0.00|1800.00|0.00|02|1000.00|0.00|0.00|0.00|0.00|02',
    ]);
  });

  it('the IT-1 and IR-17 figures match the hand computation; the rejected e-CF is listed apart', async () => {
    const res = await get(`/api/reports/dgii/summary?period=${JULY}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data.summary;
    expect(s.it1.itbisCharged.amount).toBe(1806.52);
    expect(
      s.it1.itbisCharged.lines.map((l: { ncf: string; amount: number }) => [l.ncf, l.amount]).sort(),
    ).toEqual(
      [
        [ncfs.A, 900],
        [ncfs.B, 900],
        [ncfs.debitB, 83.48],
        [ncfs.creditA, -76.96],
      ].sort(),
    );
    expect(s.it1.itbisPaid.amount).toBe(0);
    expect(s.it1.itbisWithheldByClients.amount).toBe(0);
    expect(s.it1.balance).toBe(1806.52);
    expect(s.it1.itbisWithheldFromSuppliers).toMatchObject({
      amount: 1800,
      lines: [expect.objectContaining({ ncf: 'B0100005001', date: '2024-07-05', amount: 1800 })],
    });
    expect(s.it1.totalToPay).toBe(3606.52);
    expect(s.ir17.byType).toEqual([
      expect.objectContaining({ type: '02', figure: expect.objectContaining({ amount: 1000 }) }),
    ]);
    expect(s.ir17.total).toBe(1000);
    expect(s.rejectedEcf).toEqual([
      expect.objectContaining({
        ncf: ncfs.C,
        kind: 'invoice',
        date: '2024-07-10',
        total: 4326.66,
        cancelled: true,
        sequenceUsed: true,
      }),
    ]);
  });
});
