import { businessToday, toCents, withholdingForPreset } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bhdStatement, createBankAccount, importStatement } from '../../../test/bank-factories.js';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { insertExpense, insertSupplier } from '../../../test/expense-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { reportForm, transferScreenshot } from '../../../test/payment-factories.js';
import {
  bankLineLinks,
  clients,
  emailOutbox,
  expenses,
  invoicePayments,
  paymentReports,
} from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;
let clientId: string;
let client2Id: string;
let client2Name: string;
let account: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  const s = await login(app, DEMO.client);
  client = s.token;
  clientId = s.user.clientId!;
  client2Id = (await login(app, DEMO.client2)).user.clientId!;
  const [c2] = await app.db.select().from(clients).where(eq(clients.id, client2Id));
  client2Name = c2!.companyName || `${c2!.firstName} ${c2!.lastName}`;
  account = await createBankAccount(app, admin);
});

interface Inv {
  _id: string;
  invoiceNumber: string;
  balance: number;
  taxAmount: number;
  subtotal: number;
  discountAmount: number;
  status: string;
  client: { email: string };
}

/** An open invoice of `forClient` for one line of `price` (plus ITBIS), sent today. */
async function openInvoice(price: number, forClient = clientId): Promise<Inv> {
  const created = await createInvoiceVia(
    app,
    admin,
    invoicePayload(forClient, {
      items: [{ description: 'Servicio de prueba', quantity: 1, unitPrice: price }],
    }),
  );
  const sent = await injectAs(app, admin, { method: 'POST', url: `/api/invoices/${created._id}/send` });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().data.invoice;
}

const getInvoice = async (id: string): Promise<Inv> =>
  (await injectAs(app, admin, { method: 'GET', url: `/api/invoices/${id}` })).json().data.invoice;

interface Line {
  _id: string;
  description: string;
  amount: number;
  status: string;
  suggestions: Array<{
    kind: string;
    id: string;
    rule: string;
    exact: boolean;
    reason: string;
    match: unknown;
    invoices: Array<{ id: string }>;
  }>;
  match: {
    payments: Array<{ invoiceId: string }>;
    paymentReportId: string | null;
    expenseId: string | null;
  } | null;
}

/** Imports one line (today) and answers it as the list shows it, with its suggestions. */
async function importLine(description: string, amount: number): Promise<Line> {
  const res = await importStatement(
    app,
    admin,
    account,
    bhdStatement([{ description, amount, reference: `T${Math.random().toString().slice(2, 10)}` }]),
  );
  expect(res.statusCode, res.body).toBe(201);
  const list = await injectAs(app, admin, {
    method: 'GET',
    url: `/api/bank-accounts/${account}/lines?status=unmatched&limit=100&search=${encodeURIComponent(description)}`,
  });
  expect(list.statusCode, list.body).toBe(200);
  const line = (list.json().data.bankLines as Line[]).find((l) => l.description === description);
  expect(line).toBeDefined();
  return line!;
}

const match = (lineId: string, payload: unknown, token = admin) =>
  injectAs(app, token, {
    method: 'POST',
    url: `/api/bank-lines/${lineId}/match`,
    payload: payload as object,
  });
const unmatch = (lineId: string) =>
  injectAs(app, admin, { method: 'DELETE', url: `/api/bank-lines/${lineId}/match` });

describe('credits: suggestions in order, each with its reason', () => {
  it('an invoice number in the description; accepting records the payment with its receipt; undo takes it back', async () => {
    const inv = await openInvoice(1111);
    const line = await importLine(`TRANSF RECIBIDA PAGO ${inv.invoiceNumber}`, inv.balance);
    expect(line.suggestions[0]).toMatchObject({
      kind: 'invoice',
      id: inv._id,
      rule: 'reference',
      exact: true,
    });
    expect(line.suggestions[0]!.reason).toContain(`la factura ${inv.invoiceNumber}`);
    // Where the receipt goes, for the confirmation dialog.
    expect(line.suggestions[0]!.invoices).toEqual([
      expect.objectContaining({
        id: inv._id,
        invoiceNumber: inv.invoiceNumber,
        clientEmail: inv.client.email,
      }),
    ]);
    const mailsBefore = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, inv.client.email));
    const res = await match(line._id, line.suggestions[0]!.match);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bankLine).toMatchObject({ status: 'matched', suggestions: [] });
    expect(res.json().data.bankLine.match.payments).toMatchObject([
      { invoiceId: inv._id, amount: inv.balance },
    ]);
    expect((await getInvoice(inv._id)).status).toBe('paid');
    const [payment] = await app.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, inv._id));
    expect(payment).toMatchObject({ amountCents: toCents(inv.balance), paymentMethod: 'bank_transfer' });
    expect(payment!.reference).toMatch(/^Banco BHD · Ref\. T\d+$/);
    const mailsAfter = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, inv.client.email));
    expect(
      mailsAfter.filter((m) => m.subject.startsWith(`Recibo de pago ${payment!.receiptNumber}`)),
    ).toHaveLength(1);
    expect(mailsAfter.length).toBeGreaterThan(mailsBefore.length);

    const undo = await unmatch(line._id);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.bankLine).toMatchObject({ status: 'unmatched', match: null });
    const back = await getInvoice(inv._id);
    expect(back).toMatchObject({ status: 'sent', balance: inv.balance });
    expect(await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id))).toEqual(
      [],
    );
    expect(await app.db.select().from(bankLineLinks).where(eq(bankLineLinks.bankLineId, line._id))).toEqual(
      [],
    );
    expect((await unmatch(line._id)).statusCode).toBe(409);
  });

  it('a pending transfer report of the same amount: confirmed by the match, back to review on undo', async () => {
    const inv = await openInvoice(2222.22);
    const amount = 1000.37;
    const reported = await injectAs(app, client, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/payment-reports`,
      ...reportForm(
        {
          amount: String(amount),
          date: businessToday(),
          bank: 'Banco BHD',
          reference: 'X-1',
        },
        await transferScreenshot(),
      ),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = reported.json().data.paymentReport._id;
    const line = await importLine('TRANSFERENCIA RECIBIDA X-1', amount);
    const first = line.suggestions[0]!;
    expect(first).toMatchObject({ kind: 'payment_report', id: reportId, rule: 'report', exact: true });
    expect(first.reason).toContain(`en la factura ${inv.invoiceNumber}`);
    const res = await match(line._id, first.match);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bankLine.match.paymentReportId).toBe(reportId);
    const [report] = await app.db.select().from(paymentReports).where(eq(paymentReports.id, reportId));
    expect(report!.status).toBe('confirmed');
    expect((await getInvoice(inv._id)).balance).toBeCloseTo(inv.balance - amount, 2);
    expect((await unmatch(line._id)).statusCode).toBe(200);
    const [again] = await app.db.select().from(paymentReports).where(eq(paymentReports.id, reportId));
    expect(again).toMatchObject({ status: 'pending', paymentId: null });
    expect((await getInvoice(inv._id)).balance).toBe(inv.balance);
  });

  it('an open invoice of exactly that amount: the client named in the description ranks first', async () => {
    const a = await openInvoice(3333.33, clientId);
    const b = await openInvoice(3333.33, client2Id);
    expect(a.balance).toBe(b.balance);
    const line = await importLine(`TRANSFERENCIA DE ${client2Name.toUpperCase()}`, a.balance);
    const exact = line.suggestions.filter((s) => s.rule === 'exact' || s.rule === 'exact_client');
    expect(exact.map((s) => [s.id, s.rule])).toEqual([
      [b._id, 'exact_client'],
      [a._id, 'exact'],
    ]);
    expect(exact[0]!.reason).toContain('la descripción nombra al cliente');
  });

  it('within tolerance: a bank fee, the client’s withholdings, the 3 % band', async () => {
    const fee = await openInvoice(4444.44, client2Id);
    const feeLine = await importLine(`PAGO ${client2Name.toUpperCase()} NETO COMISION`, fee.balance - 150);
    const feeSuggestion = feeLine.suggestions.find((s) => s.id === fee._id)!;
    expect(feeSuggestion).toMatchObject({ rule: 'fee', exact: false });
    expect(feeSuggestion.reason).toContain('comisión bancaria');
    const paid = await match(feeLine._id, feeSuggestion.match);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await getInvoice(fee._id)).status).toBe('paid');

    const wh = await openInvoice(5555.55);
    const w = withholdingForPreset('company_services', {
      taxCents: toCents(wh.taxAmount),
      baseCents: toCents(wh.subtotal - wh.discountAmount),
    });
    const net = (toCents(wh.balance) - w.itbisWithheldCents - w.isrWithheldCents) / 100;
    const whLine = await importLine('TRANSFERENCIA NETA DE RETENCIONES', net);
    const whSuggestion = whLine.suggestions.find((s) => s.id === wh._id)!;
    expect(whSuggestion).toMatchObject({ rule: 'withholding', exact: true });
    expect(whSuggestion.reason).toContain('retenciones del cliente');
    expect((await match(whLine._id, whSuggestion.match)).statusCode).toBe(200);
    expect(await getInvoice(wh._id)).toMatchObject({ status: 'paid', balance: 0 });

    const band = await openInvoice(61_234.56);
    const bandAmount = Math.round(band.balance * 0.98 * 100) / 100;
    const bandLine = await importLine('DEPOSITO SIN REFERENCIA', bandAmount);
    const bandSuggestion = bandLine.suggestions.find((s) => s.id === band._id)!;
    expect(bandSuggestion).toMatchObject({ rule: 'band', exact: false });
    expect(bandSuggestion.reason).toMatch(/^Dentro del 3 %/);
  });

  it('several invoices of one client adding up to the amount', async () => {
    const p = await openInvoice(700.01, client2Id);
    const q = await openInvoice(800.02, client2Id);
    const line = await importLine(
      'TRANSFERENCIA DOS FACTURAS',
      Math.round((p.balance + q.balance) * 100) / 100,
    );
    const sum = line.suggestions.find((s) => s.rule === 'sum' && s.invoices.some((i) => i.id === p._id))!;
    expect(sum).toBeDefined();
    expect(sum.invoices.map((i) => i.id).sort()).toEqual([p._id, q._id].sort());
    expect(sum.reason).toContain('2 facturas de');
    expect((await match(line._id, sum.match)).statusCode).toBe(200);
    expect((await getInvoice(p._id)).status).toBe('paid');
    expect((await getInvoice(q._id)).status).toBe('paid');
  });
});

describe('debits', () => {
  it('an expense of that amount and supplier: linked and paid on the line’s day; undo gives the date back', async () => {
    const supplier = await insertSupplier(app.db, { name: 'Hosting Ficticio SRL' });
    const expense = await insertExpense(app.db, supplier.id, {
      servicesCents: 123_456,
      issueDate: '2026-01-05',
    });
    const line = await importLine('PAGO HOSTING FICTICIO', -1234.56);
    const s = line.suggestions[0]!;
    expect(s).toMatchObject({ kind: 'expense', id: expense.id, rule: 'expense', exact: true });
    expect(s.reason).toContain('la descripción nombra al suplidor');
    expect((await match(line._id, s.match)).statusCode).toBe(200);
    const [paid] = await app.db.select().from(expenses).where(eq(expenses.id, expense.id));
    expect(paid!.paymentDate).toBe(
      new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santo_Domingo' }),
    );
    expect((await unmatch(line._id)).statusCode).toBe(200);
    const [back] = await app.db.select().from(expenses).where(eq(expenses.id, expense.id));
    expect(back!.paymentDate).toBeNull();
  });

  it('an admin rule suggests and creates the expense; undo deletes it', async () => {
    const supplier = await insertSupplier(app.db, { name: 'Banco BHD Comisiones' });
    const rule = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/bank-rules',
      payload: {
        name: 'Comisiones',
        descriptionContains: 'comision manejo',
        supplierId: supplier.id,
        expenseType: '07',
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json().data.bankRule._id;
    const line = await importLine('COMISIÓN MANEJO DE CUENTA', -350);
    const s = line.suggestions.find((x) => x.kind === 'rule')!;
    expect(s).toMatchObject({ id: ruleId, rule: 'debit_rule', match: null });
    expect(s.reason).toContain('Regla «Comisiones»');
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-lines/${line._id}/expense`,
      payload: { ruleId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const expenseId = created.json().data.bankLine.match.expenseId;
    const [e] = await app.db.select().from(expenses).where(eq(expenses.id, expenseId));
    expect(e).toMatchObject({
      servicesCents: 35_000,
      expenseType: '07',
      supplierId: supplier.id,
      paymentMethod: '02',
    });
    expect((await unmatch(line._id)).statusCode).toBe(200);
    expect(await app.db.select().from(expenses).where(eq(expenses.id, expenseId))).toEqual([]);
    const other = await importLine('RETIRO CAJERO', -350);
    const refused = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-lines/${other._id}/expense`,
      payload: { ruleId },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('La regla no aplica a esta línea del banco');
  });
});

describe('one line, two admins', () => {
  it('two matches at once: one wins, the other gets 409, one payment recorded', async () => {
    const inv = await openInvoice(6666.66);
    const line = await importLine(`PAGO ${inv.invoiceNumber}`, inv.balance);
    const body = line.suggestions[0]!.match;
    const second = (await login(app, DEMO.admin)).token;
    const results = await Promise.all([match(line._id, body), match(line._id, body, second)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'Esta línea del banco ya está conciliada o ignorada',
    );
    expect(
      await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id)),
    ).toHaveLength(1);
    expect(
      await app.db.select().from(bankLineLinks).where(eq(bankLineLinks.bankLineId, line._id)),
    ).toHaveLength(1);
  });
});

describe('accept every exact match of the month', () => {
  it('works across pages, skips a second line for the same invoice, records each line on its own and reports failures', async () => {
    const acc = await createBankAccount(app, admin);
    const month = businessToday().slice(0, 7);
    const byNumber = await openInvoice(13_579.13);
    const byAmount = await openInvoice(24_680.24, client2Id);
    const taken = await openInvoice(35_791.35);
    // 21 plain deposits first, so the exact lines fall on page 2 of the screen (20 a page).
    const filler = Array.from({ length: 21 }, (_, i) => ({
      description: `DEPOSITO VARIOS ${i}`,
      amount: 3 + i / 100,
      reference: `BF${i}`,
    }));
    const file = bhdStatement([
      ...filler,
      { description: `PAGO ${byNumber.invoiceNumber}`, amount: byNumber.balance, reference: 'BX1' },
      { description: 'TRANSFERENCIA RECIBIDA', amount: byAmount.balance, reference: 'BX2' },
      { description: 'TRANSFERENCIA RECIBIDA OTRA', amount: byAmount.balance, reference: 'BX3' },
      { description: 'TRANSFERENCIA TERCERA', amount: taken.balance, reference: 'BX4' },
    ]);
    expect((await importStatement(app, admin, acc, file)).statusCode).toBe(201);
    const preview = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/bank-accounts/${acc}/exact-matches?month=${month}`,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data as {
      count: number;
      total: number;
      skipped: number;
      lines: Array<{ lineId: string; description: string; label: string }>;
    };
    // BX3 would pay byAmount a second time: left out.
    expect(p).toMatchObject({
      month,
      count: 3,
      skipped: 1,
      total: Math.round((byNumber.balance + byAmount.balance + taken.balance) * 100) / 100,
    });
    expect(p.lines.map((l) => l.description)).toEqual([
      `PAGO ${byNumber.invoiceNumber}`,
      'TRANSFERENCIA RECIBIDA',
      'TRANSFERENCIA TERCERA',
    ]);
    expect(p.lines[0]!.label).toContain(byNumber.invoiceNumber);
    // Another admin matches the third line between the preview and the confirmation.
    const third = p.lines[2]!.lineId;
    const lineThird = (await injectAs(app, admin, { method: 'GET', url: `/api/bank-lines/${third}` })).json()
      .data.bankLine as Line;
    expect((await match(third, lineThird.suggestions[0]!.match)).statusCode).toBe(200);

    const denied = await injectAs(app, employee, {
      method: 'POST',
      url: `/api/bank-accounts/${acc}/exact-matches`,
      payload: { month, lineIds: p.lines.map((l) => l.lineId) },
    });
    expect(denied.statusCode).toBe(403);
    const res = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-accounts/${acc}/exact-matches`,
      payload: { month, lineIds: p.lines.map((l) => l.lineId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      recorded: 2,
      failed: [
        {
          lineId: third,
          date: businessToday(),
          description: 'TRANSFERENCIA TERCERA',
          amount: taken.balance,
          reason: 'Esta línea del banco ya está conciliada o ignorada',
        },
      ],
    });
    expect((await getInvoice(byNumber._id)).status).toBe('paid');
    expect((await getInvoice(byAmount._id)).status).toBe('paid');
    // One payment each: the skipped line did not pay byAmount twice; the third was paid once.
    for (const inv of [byNumber, byAmount, taken])
      expect(
        await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id)),
      ).toHaveLength(1);
    const left = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/bank-accounts/${acc}/lines?status=unmatched&limit=100`,
    });
    expect((left.json().data.bankLines as Line[]).map((l) => l.description)).toContain(
      'TRANSFERENCIA RECIBIDA OTRA',
    );
    // Nothing exact is left; an empty list of ids is a Spanish 400.
    const after = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/bank-accounts/${acc}/exact-matches?month=${month}`,
    });
    expect(after.json().data).toMatchObject({ count: 0, skipped: 0, lines: [] });
    const empty = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-accounts/${acc}/exact-matches`,
      payload: { month, lineIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Indica las líneas que se aceptan');
  });
});

describe('ignore, Spanish 400s and roles', () => {
  it('ignore needs a reason; an ignored line cannot be matched until brought back', async () => {
    const line = await importLine('INTERESES GANADOS', 12.34);
    const empty = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-lines/${line._id}/ignore`,
      payload: { reason: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Indica el motivo');
    const ok = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-lines/${line._id}/ignore`,
      payload: { reason: 'Intereses' },
    });
    expect(ok.json().data.bankLine).toMatchObject({ status: 'ignored', ignoreReason: 'Intereses' });
    const inv = await openInvoice(10);
    expect((await match(line._id, { invoices: [{ id: inv._id, amount: 12.34 }] })).statusCode).toBe(409);
    const back = await injectAs(app, admin, { method: 'DELETE', url: `/api/bank-lines/${line._id}/ignore` });
    expect(back.json().data.bankLine.status).toBe('unmatched');
  });

  it('amounts that do not add up, a credit matched to an expense, an empty body: 400 in Spanish', async () => {
    const inv = await openInvoice(7777.77);
    const line = await importLine('TRANSFERENCIA VARIOS', 5000);
    const far = await match(line._id, { invoices: [{ id: inv._id, amount: 2000 }] });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toMatch(
      /^Los montos no cuadran con la línea del banco: la línea es de RD\$5,000\.00/,
    );
    const expense = await match(line._id, { expenseId: '00000000-0000-4000-8000-000000000000' });
    expect(expense.statusCode).toBe(400);
    expect(expense.json().message).toBe('Solo un débito (salida de dinero) se concilia con un gasto');
    const empty = await match(line._id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Indica las facturas, el reporte de transferencia o el gasto con que se concilia la línea',
    );
    expect(await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv._id))).toEqual(
      [],
    );
  });

  it('an employee cannot match, ignore or undo (403)', async () => {
    const line = await importLine('DEPOSITO EMPLEADO', 55.5);
    expect((await match(line._id, { invoices: [] }, employee)).statusCode).toBe(403);
    expect(
      (
        await injectAs(app, employee, {
          method: 'POST',
          url: `/api/bank-lines/${line._id}/ignore`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, employee, { method: 'DELETE', url: `/api/bank-lines/${line._id}/match` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the month', () => {
  it('summary: bank vs portal balance and what is unmatched on each side; closing warns, never blocks', async () => {
    const acc = await createBankAccount(app, admin, { openingBalance: 1000, openingDate: '2019-01-01' });
    const file = bhdStatement(
      [
        { description: 'DEPOSITO A', amount: 500, reference: 'M1', date: '2019-03-04' },
        { description: 'CARGO B', amount: -200, reference: 'M2', date: '2019-03-05' },
      ],
      1000,
    );
    expect((await importStatement(app, admin, acc, file)).statusCode).toBe(201);
    const list = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/bank-accounts/${acc}/lines?month=2019-03`,
    });
    const [a] = list.json().data.bankLines as Line[];
    await injectAs(app, admin, {
      method: 'POST',
      url: `/api/bank-lines/${a!._id}/ignore`,
      payload: { reason: 'Aporte de socio' },
    });
    const res = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/bank-accounts/${acc}/reconciliation?month=2019-03`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.summary).toMatchObject({
      month: '2019-03',
      bankBalance: 1300,
      portalBalance: 1500,
      difference: -200,
      lines: { total: 2, matched: 0, ignored: 1, unmatched: 1 },
      unmatchedBank: { count: 1, credits: 0, debits: -200 },
      reconciled: false,
    });
    const close = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/fiscal/periods',
      payload: { period: '201903' },
    });
    expect(close.statusCode, close.body).toBe(201);
    expect(close.json().data.warnings).toEqual([
      expect.stringMatching(/tiene 1 línea del banco sin conciliar en 2019-03\.$/),
    ]);
  });

  it('the month close lists, before closing, the unmatched lines of the month per account', async () => {
    const a = await createBankAccount(app, admin, { bank: 'Banco A Cierre', openingDate: '2019-01-01' });
    const b = await createBankAccount(app, admin, { bank: 'Banco B Cierre', openingDate: '2019-01-01' });
    const file = (prefix: string) =>
      bhdStatement([
        { description: `${prefix} 1`, amount: 700, reference: `${prefix}1`, date: '2019-04-02' },
        { description: `${prefix} 2`, amount: -50, reference: `${prefix}2`, date: '2019-04-30' },
        { description: `${prefix} 3`, amount: 10, reference: `${prefix}3`, date: '2019-05-01' },
      ]);
    expect((await importStatement(app, admin, a, file('CA'))).statusCode).toBe(201);
    expect((await importStatement(app, admin, b, file('CB'))).statusCode).toBe(201);
    const summary = async () => {
      const res = await injectAs(app, admin, {
        method: 'GET',
        url: '/api/reports/dgii/summary?period=201904',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.summary.unreconciledBank as Array<Record<string, unknown>>;
    };
    // Both accounts, two lines each in April (the May line is another month).
    expect(await summary()).toEqual([
      {
        bankAccountId: a,
        bank: 'Banco A Cierre',
        accountNumber: expect.any(String),
        currency: 'DOP',
        unmatched: 2,
      },
      {
        bankAccountId: b,
        bank: 'Banco B Cierre',
        accountNumber: expect.any(String),
        currency: 'DOP',
        unmatched: 2,
      },
    ]);
    // Account B's April lines explained: only A is left, the month still open.
    const bLines = (
      await injectAs(app, admin, { method: 'GET', url: `/api/bank-accounts/${b}/lines?month=2019-04` })
    ).json().data.bankLines as Line[];
    for (const l of bLines)
      expect(
        (
          await injectAs(app, admin, {
            method: 'POST',
            url: `/api/bank-lines/${l._id}/ignore`,
            payload: { reason: 'Movimiento interno' },
          })
        ).statusCode,
      ).toBe(200);
    expect(await summary()).toEqual([expect.objectContaining({ bankAccountId: a, unmatched: 2 })]);
    const periods = await injectAs(app, admin, { method: 'GET', url: '/api/fiscal/periods' });
    expect(JSON.stringify(periods.json().data)).not.toContain('201904');
  });
});
