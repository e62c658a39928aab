import { addDays, businessToday, periodOfDay, type Session } from '@agencia/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { PURCHASE_606_BASE } from '../../../test/dgii-fixtures.js';
import { validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { startDirectEcfApp } from '../../../test/direct-ecf.js';
import type { FakeDgii } from '../../../test/fake-dgii.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs } from '../../../test/helpers.js';
import { insertPurchase, supplierFor } from '../../../test/purchase-factories.js';
import { ecfAnnulments, ecfDocuments } from '../../db/schema/index.js';
import { EcfSender } from '../ecf/ecf-sender.js';
import { verifyXmlSignature } from '../ecf/ecf-signature.js';
import { getCompanySettings } from '../settings/settings.service.js';

/*
 * Issue 42, "Fiscal correctness, second audit": each case the accountant found, reproduced through
 * the real app in direct e-CF mode against the fake DGII (decision 160). The worked month is in
 * second-audit-month.routes.test.ts.
 */

let dgii: FakeDgii;
let app: FastifyInstance, admin: Session, client: Session;
let companyId: string;
const { issue, clientWithout } = fiscalCalls(() => ({ app, admin }));
const today = businessToday();
const period = periodOfDay(today);
/** The month before `p` (YYYYMM). */
const previousPeriod = (p: string) => periodOfDay(addDays(`${p.slice(0, 4)}-${p.slice(4)}-01`, -1));

beforeAll(async () => {
  ({ app, admin, client, dgii } = await startDirectEcfApp());
  companyId = client.user.clientId!;
  for (const documentType of ['E45', 'E46']) {
    const range = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/sequences',
      payload: { documentType, rangeFrom: 1, rangeTo: 100, expiresOn: addDays(today, 365) },
    });
    expect(range.statusCode, range.body).toBe(201);
  }
});

afterAll(async () => {
  await dgii.close();
});

const sender = () => new EcfSender(app.db, app.ecfConfig, () => {}, undefined, { timeoutMs: 5_000 });
async function latest(encf: string) {
  const [row] = await app.db
    .select()
    .from(ecfDocuments)
    .where(eq(ecfDocuments.encf, encf))
    .orderBy(desc(ecfDocuments.createdAt))
    .limit(1);
  return row!;
}
/** Runs sender passes until `encf` reaches a final state, moving the clock past each wait. */
async function drive(encf: string, max = 6) {
  const s = sender();
  let clock = Date.now();
  for (let i = 0; i < max; i++) {
    await s.pass(new Date(clock));
    const row = await latest(encf);
    if (['accepted', 'conditionally_accepted', 'rejected'].includes(row.status)) return row;
    clock += 10 * 60_000;
  }
  return latest(encf);
}
const get = (url: string) => injectAs(app, admin.token, { method: 'GET', url });
const post = (url: string, payload: object) => injectAs(app, admin.token, { method: 'POST', url, payload });
async function issued(clientId: string, overrides: Parameters<typeof invoicePayload>[1] = {}) {
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(clientId, overrides));
  const res = await issue(draft._id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invoice;
}
/** Taxed 5,000 + exempt 1,000: ITBIS 900, total 6,900. */
const mixedItems = [
  { description: 'Campaña en redes', quantity: 1, unitPrice: 5000 },
  { description: 'Tasa de registro de dominio', quantity: 1, unitPrice: 1000, taxExempt: true },
];

describe('1. a rejected e-CF has no fiscal effect (Reglamento 587-24 art. 17 párr. III)', () => {
  it('leaves the rejected and cancelled E31 out of the 607, the IT-1 and the consumo totals, and lists it with the DGII’s reasons', async () => {
    const before = (await get(`/api/reports/dgii/summary?period=${period}`)).json().data.summary;
    const invoice = await issued(companyId, { documentType: 'E31' });
    dgii.rejectNext(invoice.ncf, [{ codigo: 107, valor: 'El comprobante no cumple las validaciones.' }], {
      sequenceUsed: true,
    });
    expect((await drive(invoice.ncf)).status).toBe('rejected');
    const cancel = await post(`/api/invoices/${invoice._id}/cancel`, {
      reason: 'e-CF rechazado por la DGII',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const file = await get(`/api/reports/dgii/607?period=${period}`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).not.toContain(invoice.ncf);
    const summary = (await get(`/api/reports/dgii/summary?period=${period}`)).json().data.summary;
    expect(summary.it1.itbisCharged.lines.map((l: { ncf: string }) => l.ncf)).not.toContain(invoice.ncf);
    expect(summary.it1.itbisCharged.amount).toBe(before.it1.itbisCharged.amount);
    expect(summary.rejectedEcf).toContainEqual(
      expect.objectContaining({
        ncf: invoice.ncf,
        total: invoice.total,
        cancelled: true,
        messages: [{ code: '107', message: 'El comprobante no cumple las validaciones.' }],
      }),
    );
  });
});

describe('2. a credit purchase of a closed month is paid in an open one (DGII: re-reported in the month paid)', () => {
  it('records the payment and withholdings dated today; the closed month’s 606 stays byte-identical', async () => {
    const lastMonth = previousPeriod(period);
    const issueDate = `${lastMonth.slice(0, 4)}-${lastMonth.slice(4)}-10`;
    const expenseId = await insertPurchase(
      app,
      {
        ...PURCHASE_606_BASE,
        supplierId: '00114272360',
        supplierIdType: 2,
        ncf: 'B0100004242',
        issueDate,
        servicesCents: 1_000_000,
        itbisCents: 180_000,
      },
      { paymentMethod: '04' },
    );
    const closed = await post('/api/fiscal/periods', { period: lastMonth });
    expect(closed.statusCode, closed.body).toBe(201);
    const before = (await get(`/api/reports/dgii/606?period=${lastMonth}`)).body;
    expect(before).toContain(
      `B0100004242||${issueDate.replaceAll('-', '')}||10000.00|0.00|10000.00|1800.00|0.00|`,
    );

    const edit = (payload: object) =>
      injectAs(app, admin.token, { method: 'PUT', url: `/api/expenses/${expenseId}`, payload });
    // Anything beyond the payment still touches the filed month.
    const amounts = await edit({ servicesAmount: 9000, paymentDate: today, paymentMethod: '02' });
    expect(amounts.statusCode).toBe(409);
    expect(amounts.json().errors[0].field).toBe('issueDate');
    const paid = await edit({
      paymentDate: today,
      paymentMethod: '02',
      itbisWithheld: 1800,
      isrWithheld: 1000,
      isrWithholdingType: '02',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.expense).toMatchObject({
      paymentDate: today,
      itbisWithheld: 1800,
      isrWithheld: 1000,
    });

    expect((await get(`/api/reports/dgii/606?period=${lastMonth}`)).body).toBe(before);
    const now = (await get(`/api/reports/dgii/606?period=${period}`)).body;
    expect(now).toContain(
      `B0100004242||${issueDate.replaceAll('-', '')}|${today.replaceAll('-', '')}|10000.00|0.00|10000.00|1800.00|1800.00|0.00|0.00|1800.00|0.00|02|1000.00|`,
    );
    await injectAs(app, admin.token, {
      method: 'DELETE',
      url: `/api/fiscal/periods/${lastMonth}`,
      payload: { reason: 'Fin de la prueba' },
    });
  });
});

describe('3. notes by amount on invoices with taxed and exempt lines', () => {
  it('a credit note of 590 on a mixed E31 writes one taxed and one exempt line, valid against the XSD', async () => {
    const invoice = await issued(companyId, { documentType: 'E31', items: mixedItems });
    const res = await post(`/api/invoices/${invoice._id}/credit-notes`, {
      amount: 590,
      reason: 'Descuento acordado',
      modificationCode: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.creditNote;
    // 590 × 900 / 6,900 = 76.96 ITBIS; 513.04 × 1,000 / 6,000 = 85.51 exempt; 427.53 taxed.
    expect(note).toMatchObject({ taxAmount: 76.96, exemptAmount: 85.51, subtotal: 513.04 });
    expect(note.lines.map((l: { taxExempt: boolean; total: number }) => [l.taxExempt, l.total])).toEqual([
      [false, 427.53],
      [true, 85.51],
    ]);
    const row = await latest(note.ncf);
    expect(await validateAgainstDgiiXsd(row.signedXml, 'ECF-34')).toEqual([]);
    expect(row.signedXml).toContain('<MontoExento>85.51</MontoExento>');
    expect(row.signedXml).toContain('<IndicadorFacturacion>4</IndicadorFacturacion>');
  });

  it('a debit note of 640 on an E45 with an exempt line is issued, valid against the XSD', async () => {
    const gov = await clientWithout('gubernamental', '401-00732-2');
    const invoice = await issued(gov, { documentType: 'E45', items: mixedItems });
    const res = await post(`/api/invoices/${invoice._id}/debit-notes`, {
      amount: 640,
      reason: 'Intereses por mora',
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.debitNote;
    const row = await latest(note.ncf);
    expect(await validateAgainstDgiiXsd(row.signedXml, 'ECF-33')).toEqual([]);
    expect(note.lines.filter((l: { taxExempt: boolean }) => l.taxExempt)).toHaveLength(1);
  });
});

describe('4. a note’s buyer is its invoice’s frozen buyer (Norma 06-2018)', () => {
  it('after the client’s RNC and name change, the credit note keeps the invoice’s buyer in its XML and its 607 line', async () => {
    const created = await post('/api/clients', {
      clientType: 'company',
      firstName: 'Ana',
      lastName: 'Pérez',
      email: `rnc-${Math.random().toString(36).slice(2)}@example.do`,
      companyName: 'Comercial Antigua SRL',
      companyRUC: '133104016',
      taxpayerType: 'contribuyente',
    });
    expect(created.statusCode, created.body).toBe(200);
    const clientId = created.json().data.client._id;
    const invoice = await issued(clientId, { documentType: 'E31' });
    const changed = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${clientId}`,
      payload: { companyName: 'Comercial Nueva SRL', companyRUC: '131246796' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await post(`/api/invoices/${invoice._id}/credit-notes`, {
      amount: 118,
      reason: 'Ajuste',
      modificationCode: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.creditNote;
    expect(note.fiscalSnapshot.buyer).toMatchObject({ taxId: '133104016', name: 'Comercial Antigua SRL' });
    const row = await latest(note.ncf);
    expect(row.signedXml).toContain('<RNCComprador>133104016</RNCComprador>');
    expect(row.signedXml).not.toContain('131246796');
    const file = await get(`/api/reports/dgii/607?period=${period}`);
    const line = file.body.split('\r\n').find((l) => l.includes(note.ncf))!;
    expect(line.startsWith('133104016|1|')).toBe(true);
  });
});

describe('5. foreign buyers are identified by their own id (IdentificadorExtranjero, 607 id type 3)', () => {
  async function foreignClient(foreignTaxId: string) {
    const res = await post('/api/clients', {
      clientType: 'company',
      firstName: 'John',
      lastName: 'Smith',
      email: `abroad-${Math.random().toString(36).slice(2)}@example.com`,
      companyName: 'Acme Travel LLC',
      taxpayerType: 'extranjero',
      foreignTaxId,
      address: { city: 'Miami', country: 'Estados Unidos' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.client;
  }
  const exportItems = [
    { description: 'Campaña para el mercado de EE. UU.', quantity: 1, unitPrice: 8000, taxExempt: true },
  ];

  it('an E46 to a buyer with a passport-style id carries it as IdentificadorExtranjero and goes to the 607 as type 3', async () => {
    const abroad = await foreignClient('ab-1234567');
    expect(abroad).toMatchObject({
      foreignTaxId: 'AB1234567',
      companyRUC: null,
      address: { country: 'Estados Unidos' },
    });
    const invoice = await issued(abroad._id, { documentType: 'E46', items: exportItems });
    const xml = (await latest(invoice.ncf)).signedXml;
    expect(await validateAgainstDgiiXsd(xml, 'ECF-46')).toEqual([]);
    expect(xml).toContain('<IdentificadorExtranjero>AB1234567</IdentificadorExtranjero>');
    expect(xml).not.toContain('<RNCComprador>');
    const file = (await get(`/api/reports/dgii/607?period=${period}`)).body;
    expect(file.split('\r\n').find((l) => l.includes(invoice.ncf))).toMatch(/^AB1234567\|3\|/);
  });

  it('a 9-digit foreign id is not an RNC: type 3 in the 607, no RncComprador in the QR', async () => {
    const abroad = await foreignClient('987654321');
    const invoice = await issued(abroad._id, { documentType: 'E46', items: exportItems });
    const file = (await get(`/api/reports/dgii/607?period=${period}`)).body;
    expect(file.split('\r\n').find((l) => l.includes(invoice.ncf))).toMatch(/^987654321\|3\|/);
    expect(invoice.fiscalSnapshot.buyer).toMatchObject({ taxId: null, foreignTaxId: '987654321' });
  });

  it('keeps RNC/cédula checks for Dominican buyers: a foreign id is refused outside the foreign profile, a bad one in Spanish', async () => {
    const dominican = await post('/api/clients', {
      clientType: 'individual',
      firstName: 'Luis',
      lastName: 'Gómez',
      email: `local-${Math.random().toString(36).slice(2)}@example.do`,
      taxpayerType: 'consumidor_final',
      foreignTaxId: 'AB1234567',
    });
    expect(dominican.statusCode).toBe(400);
    expect(dominican.json().errors[0].field).toBe('foreignTaxId');
    const bad = await post('/api/clients', {
      clientType: 'individual',
      firstName: 'Jane',
      lastName: 'Doe',
      email: `bad-${Math.random().toString(36).slice(2)}@example.com`,
      taxpayerType: 'extranjero',
      foreignTaxId: 'AB#12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Identificación extranjera inválida/);
  });
});

describe('6. 607 payment columns of a settled invoice with notes (Norma 07-2018, fields 17–23)', () => {
  /** The 607 line of `ncf` as [efectivo, cheque/transferencia, tarjeta, venta a crédito]. */
  async function forms(ncf: string): Promise<string[]> {
    const file = (await get(`/api/reports/dgii/607?period=${period}`)).body;
    const line = file.split('\r\n').find((l) => l.split('|')[2] === ncf);
    expect(line, `${ncf} in the 607`).toBeTruthy();
    return line!.split('|').slice(16, 20);
  }
  const pay = (id: string, payload: object) =>
    injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${id}/pay`, payload });
  const items = [{ description: 'Estrategia digital', quantity: 1, unitPrice: 5000 }];

  it('an invoice settled by payments, a withholding and a credit note has nothing on credit; its note follows it', async () => {
    const invoice = await issued(companyId, { documentType: 'E31', items });
    const credit = await post(`/api/invoices/${invoice._id}/credit-notes`, {
      amount: 590,
      reason: 'Descuento acordado',
      modificationCode: 3,
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const paid = await pay(invoice._id, {
      withholdingPreset: 'company_services',
      paymentMethod: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.invoice.balance).toBe(0);
    expect(await forms(invoice.ncf)).toEqual(['0.00', '5900.00', '0.00', '0.00']);
    expect(await forms(credit.json().data.creditNote.ncf)).toEqual(['0.00', '590.00', '0.00', '0.00']);
  });

  it('a debit note paid with its invoice shows the form it was collected by', async () => {
    const invoice = await issued(companyId, { documentType: 'E31', items });
    const debit = await post(`/api/invoices/${invoice._id}/debit-notes`, {
      amount: 640,
      reason: 'Intereses por mora',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const paid = await pay(invoice._id, { paymentMethod: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.invoice.balance).toBe(0);
    expect(await forms(invoice.ncf)).toEqual(['5900.00', '0.00', '0.00', '0.00']);
    expect(await forms(debit.json().data.debitNote.ncf)).toEqual(['640.00', '0.00', '0.00', '0.00']);
  });
});

describe('7. a fixed global discount is written as an amount (Formato e-CF, sección D)', () => {
  it('writes TipoValor $ without a percentage, the amount in MontoDescuentooRecargo', async () => {
    const invoice = await issued(companyId, {
      documentType: 'E31',
      items: mixedItems,
      discountAmount: 500,
    });
    const xml = (await latest(invoice.ncf)).signedXml;
    expect(await validateAgainstDgiiXsd(xml, 'ECF-31')).toEqual([]);
    expect(xml).not.toContain('<TipoValor>%</TipoValor>');
    expect(xml).not.toContain('<ValorDescuentooRecargo>');
    // 500 split by line kind: 5,000 / 6,000 → 416.67 taxed, 83.33 exempt.
    expect(xml).toContain(
      '<TipoValor>$</TipoValor><MontoDescuentooRecargo>416.67</MontoDescuentooRecargo><IndicadorFacturacionDescuentooRecargo>1</IndicadorFacturacionDescuentooRecargo>',
    );
    expect(xml).toContain(
      '<TipoValor>$</TipoValor><MontoDescuentooRecargo>83.33</MontoDescuentooRecargo><IndicadorFacturacionDescuentooRecargo>4</IndicadorFacturacionDescuentooRecargo>',
    );
  });
});

describe('8. two document-type rules', () => {
  it('refuses an E31 (or B01) to a government client: sales to the State take B15/E45', async () => {
    const gov = await clientWithout('gubernamental', '401-00732-2');
    for (const documentType of ['E31', 'B01'] as const) {
      const draft = await createInvoiceVia(app, admin.token, invoicePayload(gov, { documentType }));
      const res = await issue(draft._id);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('Gubernamental');
      expect(res.json().errors[0].field).toBe('documentType');
    }
  });

  it('refuses an agency purchase document while direct e-CF is on and the company mode says paper, naming the setting', async () => {
    const supplierId = await supplierFor(app, '00114272360', { taxpayerType: 'persona_fisica' });
    const res = await post('/api/expenses', {
      supplierId,
      documentType: 'B11',
      issueDate: today,
      paymentDate: today,
      expenseType: '02',
      paymentMethod: '01',
      servicesAmount: 1000,
      description: 'Sesión de fotos',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toContain('Modo de facturación');
    expect(res.json().errors[0].field).toBe('fiscalMode');
  });
});

describe('9. not yet exercised', () => {
  it('an E34 more than 30 days after its E31 carries IndicadorNotaCredito 1 and no ITBIS, valid against the XSD', async () => {
    const invoice = await issued(companyId, { documentType: 'E31' });
    await ageIssuedInvoice(app, invoice._id, {
      issueDate: addDays(today, -40),
      dueDate: addDays(today, -10),
    });
    const res = await post(`/api/invoices/${invoice._id}/credit-notes`, {
      amount: 500,
      reason: 'Devolución tardía',
      modificationCode: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data.creditNote;
    expect(note.taxAmount).toBe(0);
    const xml = (await latest(note.ncf)).signedXml;
    expect(await validateAgainstDgiiXsd(xml, 'ECF-34')).toEqual([]);
    expect(xml).toContain('<IndicadorNotaCredito>1</IndicadorNotaCredito>');
    expect(xml).not.toContain('<TotalITBIS>');
    expect(xml).toContain('<MontoTotal>500.00</MontoTotal>');
  });

  it('a signed ANECF of voided E31 numbers states the issuer, the type, the range and the count, valid against the DGII’s ANECF schema', async () => {
    const sequences = (await get('/api/fiscal/sequences')).json().data.sequences;
    const e31 = sequences.find(
      (s: { documentType: string; active: boolean }) => s.documentType === 'E31' && s.active,
    );
    const res = await post(`/api/fiscal/sequences/${e31._id}/void`, {
      count: 3,
      annulmentType: '04',
      reason: 'Números saltados por error',
    });
    expect(res.statusCode, res.body).toBe(200);
    const voided: string[] = res
      .json()
      .data.voids.map((v: { ncf: string }) => v.ncf)
      .sort();
    const [row] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.encfFrom, voided[0]!));
    expect(row).toMatchObject({ encfTo: voided[2], count: 3 });
    const xml = row!.signedXml;
    expect(await validateAgainstDgiiXsd(xml, 'ANECF')).toEqual([]);
    expect(verifyXmlSignature(xml)).toMatchObject({ valid: true });
    const rnc = (await getCompanySettings(app.db)).taxId!.replace(/\D/g, '');
    expect(xml).toContain(`<RncEmisor>${rnc}</RncEmisor><CantidadeNCFAnulados>3</CantidadeNCFAnulados>`);
    expect(xml).toContain(
      `<TipoeCF>31</TipoeCF><TablaRangoSecuenciasAnuladaseNCF><Secuencias><SecuenciaeNCFDesde>${voided[0]}</SecuenciaeNCFDesde><SecuenciaeNCFHasta>${voided[2]}</SecuenciaeNCFHasta></Secuencias></TablaRangoSecuenciasAnuladaseNCF><CantidadeNCFAnulados>3</CantidadeNCFAnulados>`,
    );
  });
});
