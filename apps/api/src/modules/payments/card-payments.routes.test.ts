import { toCents } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  azulAnswerUrl,
  FAKE_AZUL_AUTH_KEY,
  type FakeAzul,
  startFakeAzul,
  validRequestHash,
} from '../../../test/fake-azul.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { openInvoiceFor } from '../../../test/payment-factories.js';
import {
  cardPayments,
  invoicePayments,
  notifications,
  onlinePaymentSettings,
  users,
} from '../../db/schema/index.js';
import { azulRequestHash } from './azul-hash.js';
import { CONTRADICTORY_ANSWER_TITLE } from './card-payments.service.js';

let app: FastifyInstance;
let fake: FakeAzul;
let admin: string;
let employee: string;
let client: string;
let client2: string;
let clientId: string;

const PUBLIC_URL = 'https://portal.agencia.test';
const SETTINGS = '/api/settings/online-payments';
const azul = {
  enabled: true,
  environment: 'pruebas',
  merchantId: '39038540035',
  merchantName: 'Agencia Digital RD',
  merchantType: 'ECommerce',
  currencies: ['DOP'],
};

beforeAll(async () => {
  fake = await startFakeAzul();
  app = await createTestApp({ publicUrl: PUBLIC_URL, azul: { paymentPageUrl: fake.url } });
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  const session = await login(app, DEMO.client);
  client = session.token;
  clientId = session.user.clientId!;
  client2 = (await login(app, DEMO.client2)).token;
});
afterAll(async () => fake.close());

/** The path and query of an absolute URL of ours, for `inject`. */
const local = (url: string) => url.replace(PUBLIC_URL, '');

async function startPayment(invoiceId: string, amount: number) {
  const res = await injectAs(app, client, {
    method: 'POST',
    url: `/api/invoices/${invoiceId}/card-payments`,
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    cardPayment: { _id: string; orderNumber: string };
    redirect: { url: string; fields: Record<string, string> };
  };
}

const attemptOf = async (id: string) =>
  (await app.db.select().from(cardPayments).where(eq(cardPayments.id, id)))[0]!;
const paymentsOf = (invoiceId: string) =>
  app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));

describe('online payments settings', () => {
  it('is off by default, admin only, and never returns the auth key', async () => {
    const first = await injectAs(app, admin, { method: 'GET', url: SETTINGS });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.onlinePayments.azul).toMatchObject({ enabled: false, hasAuthKey: false });
    for (const token of [employee, client]) {
      expect((await injectAs(app, token, { method: 'GET', url: SETTINGS })).statusCode).toBe(403);
      expect(
        (await injectAs(app, token, { method: 'PUT', url: SETTINGS, payload: { azul } })).statusCode,
      ).toBe(403);
    }
    const inv = await openInvoiceFor(app, admin, clientId);
    const off = await injectAs(app, client, {
      method: 'POST',
      url: `/api/invoices/${inv._id}/card-payments`,
      payload: { amount: 10 },
    });
    expect(off.statusCode).toBe(409);
    const options = await injectAs(app, client, {
      method: 'GET',
      url: `/api/invoices/${inv._id}/payment-options`,
    });
    expect(options.json().data.paymentOptions).toMatchObject({ card: false, report: true });

    const noKey = await injectAs(app, admin, { method: 'PUT', url: SETTINGS, payload: { azul } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('Indica la llave de autenticación (AuthKey) que te entregó Azul');
    const saved = await injectAs(app, admin, {
      method: 'PUT',
      url: SETTINGS,
      payload: { azul: { ...azul, authKey: FAKE_AZUL_AUTH_KEY } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.onlinePayments.azul).toEqual({ ...azul, hasAuthKey: true });
    expect(saved.body).not.toContain(FAKE_AZUL_AUTH_KEY);
    const [row] = await app.db.select().from(onlinePaymentSettings);
    expect(row!.azulAuthKeySealed).toMatch(/^e1\./);
    expect(row!.azulAuthKeySealed).not.toContain(FAKE_AZUL_AUTH_KEY);
    // Saving again without a key keeps the stored one.
    const kept = await injectAs(app, admin, { method: 'PUT', url: SETTINGS, payload: { azul } });
    expect(kept.json().data.onlinePayments.azul.hasAuthKey).toBe(true);
    const badMid = await injectAs(app, admin, {
      method: 'PUT',
      url: SETTINGS,
      payload: { azul: { ...azul, merchantId: 'abc' } },
    });
    expect(badMid.statusCode).toBe(400);
  });
});

describe('card payments through Azul', () => {
  it('hands the browser the Payment Page form: centavos, unique order number, our URLs, the AuthHash', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const options = await injectAs(app, client, {
      method: 'GET',
      url: `/api/invoices/${inv._id}/payment-options`,
    });
    expect(options.json().data.paymentOptions).toMatchObject({ card: true, report: true });
    const a = await startPayment(inv._id, inv.total);
    const b = await startPayment(inv._id, 100);
    const f = a.redirect.fields;
    expect(a.redirect.url).toBe(fake.url);
    expect(f).toMatchObject({
      MerchantId: azul.merchantId,
      MerchantName: azul.merchantName,
      MerchantType: azul.merchantType,
      CurrencyCode: '$',
      OrderNumber: a.cardPayment.orderNumber,
      Amount: String(toCents(inv.total)),
      ITBIS: String(toCents(inv.taxAmount)),
      ApprovedUrl: `${PUBLIC_URL}/api/payments/azul/approved`,
      DeclinedUrl: `${PUBLIC_URL}/api/payments/azul/declined`,
      CancelUrl: `${PUBLIC_URL}/api/payments/azul/cancelled/${a.cardPayment._id}`,
      UseCustomField1: '1',
      CustomField1Label: 'Factura',
      CustomField1Value: inv.invoiceNumber,
      UseCustomField2: '0',
    });
    expect(f.OrderNumber).toMatch(/^\d{15}$/);
    expect(b.redirect.fields.OrderNumber).not.toBe(f.OrderNumber);
    // A part payment carries its share of the ITBIS.
    expect(b.redirect.fields.ITBIS).toBe(
      String(Math.round((10_000 * toCents(inv.taxAmount)) / toCents(inv.total))),
    );
    const { AuthHash, ShowTransactionResult, Locale, ...hashed } = f;
    expect(AuthHash).toBe(
      azulRequestHash(hashed as Parameters<typeof azulRequestHash>[0], FAKE_AZUL_AUTH_KEY),
    );
    expect(validRequestHash(f)).toBe(true);
    // The fake Payment Page takes the form as Azul would.
    const page = await fetch(fake.url, { method: 'POST', body: new URLSearchParams(f) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Aprobar');
    const tampered = await fetch(fake.url, {
      method: 'POST',
      body: new URLSearchParams({ ...f, Amount: '1' }),
    });
    expect(tampered.status).toBe(400);
  });

  it('refuses another client (404), staff (403) and more than the balance (400)', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const url = `/api/invoices/${inv._id}/card-payments`;
    expect((await injectAs(app, client2, { method: 'POST', url, payload: { amount: 10 } })).statusCode).toBe(
      404,
    );
    expect((await injectAs(app, admin, { method: 'POST', url, payload: { amount: 10 } })).statusCode).toBe(
      403,
    );
    const above = await injectAs(app, client, { method: 'POST', url, payload: { amount: inv.balance + 1 } });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toMatch(/^El monto supera el saldo pendiente/);
  });

  it('an approved answer records one card payment with Azul’s authorization, RRN and date; a replay changes nothing', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const { cardPayment, redirect } = await startPayment(inv._id, inv.balance);
    const answerUrl = azulAnswerUrl(redirect.fields, 'approved');
    const res = await app.inject({ method: 'GET', url: local(answerUrl) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/billing/${inv._id}?pago=aprobado`);
    const answer = new URL(answerUrl).searchParams;
    const attempt = await attemptOf(cardPayment._id);
    expect(attempt).toMatchObject({
      status: 'approved',
      authorizationCode: answer.get('AuthorizationCode'),
      rrn: answer.get('RRN'),
      isoCode: '00',
      azulDateTime: answer.get('DateTime'),
    });
    const invoice = (await injectAs(app, client, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0]).toMatchObject({
      _id: attempt.paymentId,
      paymentMethod: 'credit_card',
      amount: inv.balance,
      reference: `Azul · Aut. ${answer.get('AuthorizationCode')} · RRN ${answer.get('RRN')}`,
      receiptNumber: expect.stringMatching(/^REC-/),
    });
    const d = answer.get('DateTime')!;
    expect(invoice.payments[0].paidDate).toBe(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`);
    const replay = await app.inject({ method: 'GET', url: local(answerUrl) });
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe(`${PUBLIC_URL}/billing/${inv._id}?pago=aprobado`);
    expect(await paymentsOf(inv._id)).toHaveLength(1);
  });

  it('an approval for an invoice paid meanwhile records no second payment and tells the admins', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const { cardPayment, redirect } = await startPayment(inv._id, inv.balance);
    const paid = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/invoices/${inv._id}/pay`,
      payload: {},
    });
    expect(paid.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: local(azulAnswerUrl(redirect.fields, 'approved')) });
    expect(res.statusCode).toBe(303);
    expect(await attemptOf(cardPayment._id)).toMatchObject({ status: 'approved', paymentId: null });
    expect(await paymentsOf(inv._id)).toHaveLength(1);
    const [adminUser] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, adminUser!.id));
    expect(told.map((n) => n.title)).toContain(`Pago con tarjeta por revisar: ${inv.invoiceNumber}`);
  });

  it('a declined answer keeps the invoice unchanged and stores Azul’s message', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const { cardPayment, redirect } = await startPayment(inv._id, 500);
    const res = await app.inject({ method: 'GET', url: local(azulAnswerUrl(redirect.fields, 'declined')) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/billing/${inv._id}?pago=declinado`);
    expect(await attemptOf(cardPayment._id)).toMatchObject({
      status: 'declined',
      isoCode: '51',
      responseMessage: 'DECLINADA',
      errorDescription: 'Fondos insuficientes',
      paymentId: null,
    });
    expect(await paymentsOf(inv._id)).toEqual([]);
    const invoice = (await injectAs(app, client, { method: 'GET', url: `/api/invoices/${inv._id}` })).json()
      .data.invoice;
    expect(invoice.history.at(-1)).toMatchObject({ event: 'card_payment_failed' });
  });

  it('a cancelled payment (no answer) marks the attempt cancelled and nothing else', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const { cardPayment, redirect } = await startPayment(inv._id, 500);
    const res = await app.inject({ method: 'GET', url: local(azulAnswerUrl(redirect.fields, 'cancelled')) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/billing/${inv._id}?pago=cancelado`);
    expect((await attemptOf(cardPayment._id)).status).toBe('cancelled');
    expect(await paymentsOf(inv._id)).toEqual([]);
  });

  it('a tampered or missing hash is 400 and records nothing', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const { cardPayment, redirect } = await startPayment(inv._id, 500);
    const tampered = azulAnswerUrl(redirect.fields, 'approved', FAKE_AZUL_AUTH_KEY, {
      overrides: { AuthorizationCode: 'FALSO1' },
    });
    const res = await app.inject({ method: 'GET', url: local(tampered) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('La respuesta de Azul no tiene una firma válida; no se registró nada.');
    const otherKey = azulAnswerUrl(redirect.fields, 'approved', 'otra-llave');
    expect((await app.inject({ method: 'GET', url: local(otherKey) })).statusCode).toBe(400);
    const u = new URL(azulAnswerUrl(redirect.fields, 'approved'));
    u.searchParams.delete('AuthHash');
    expect((await app.inject({ method: 'GET', url: local(u.toString()) })).statusCode).toBe(400);
    expect((await attemptOf(cardPayment._id)).status).toBe('pending');
    expect(await paymentsOf(inv._id)).toEqual([]);
  });

  it('an answer for another amount than the attempt’s is 400 and records nothing', async () => {
    const inv = await openInvoiceFor(app, admin, clientId);
    const { cardPayment, redirect } = await startPayment(inv._id, 500);
    const other = azulAnswerUrl(redirect.fields, 'approved', FAKE_AZUL_AUTH_KEY, {
      overrides: { Amount: '100' },
      rehash: true,
    });
    const res = await app.inject({ method: 'GET', url: local(other) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'El monto de la respuesta de Azul no coincide con el del pago iniciado; no se registró nada.',
    );
    const unknown = azulAnswerUrl({ ...redirect.fields, OrderNumber: '999999999999999' }, 'approved');
    expect((await app.inject({ method: 'GET', url: local(unknown) })).statusCode).toBe(400);
    expect((await attemptOf(cardPayment._id)).status).toBe('pending');
    expect(await paymentsOf(inv._id)).toEqual([]);
    // Signed by Azul for another amount: the admins look at it.
    expect(await alertsOf(inv.invoiceNumber)).toHaveLength(1);
  });
});

/** The admin's alerts about contradictory Azul answers on an invoice (decision 162). */
async function alertsOf(invoiceNumber: string) {
  const [adminUser] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
  const told = await app.db.select().from(notifications).where(eq(notifications.userId, adminUser!.id));
  return told.filter((n) => n.title === `${CONTRADICTORY_ANSWER_TITLE}: ${invoiceNumber}`);
}

/**
 * Issue 43 item 5 (decision 162): Azul's answers decided by their signed content, in every order.
 * `A` an approval, `A2` another approved transaction of the same order, `D` a decline, `C` the
 * anonymous cancel URL; `@declined`/`@approved`: delivered to the other outcome's URL.
 */
describe('Azul answers in every order (decision 162)', () => {
  type Step = 'A' | 'A@declined' | 'A2' | 'D' | 'D@approved' | 'C';
  const cases: Array<{ steps: Step[]; paid: boolean; status: string; landing: string; alerts: number }> = [
    { steps: ['A'], paid: true, status: 'approved', landing: 'aprobado', alerts: 0 },
    { steps: ['A@declined'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['C', 'A'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['C', 'A@declined'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['D', 'A'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['D', 'C', 'A'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['A', 'A'], paid: true, status: 'approved', landing: 'aprobado', alerts: 0 },
    { steps: ['A', 'A@declined'], paid: true, status: 'approved', landing: 'aprobado', alerts: 0 },
    { steps: ['A', 'C'], paid: true, status: 'approved', landing: 'aprobado', alerts: 0 },
    { steps: ['A', 'D'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['A', 'A2'], paid: true, status: 'approved', landing: 'aprobado', alerts: 1 },
    { steps: ['D'], paid: false, status: 'declined', landing: 'declinado', alerts: 0 },
    { steps: ['D@approved'], paid: false, status: 'declined', landing: 'declinado', alerts: 1 },
    { steps: ['D', 'D', 'C'], paid: false, status: 'declined', landing: 'declinado', alerts: 0 },
    { steps: ['C', 'D'], paid: false, status: 'cancelled', landing: 'cancelado', alerts: 0 },
  ];

  it.each(cases)(
    '$steps → paid $paid, $status, $alerts alert(s)',
    async ({ steps, paid, status, landing, alerts }) => {
      const inv = await openInvoiceFor(app, admin, clientId);
      const { cardPayment, redirect } = await startPayment(inv._id, inv.balance);
      const approval = azulAnswerUrl(redirect.fields, 'approved');
      const urls: Record<Step, () => string> = {
        A: () => approval,
        // The same signed approval, at the declined URL.
        'A@declined': () => approval.replace('/approved?', '/declined?'),
        A2: () => azulAnswerUrl(redirect.fields, 'approved'),
        D: () => azulAnswerUrl(redirect.fields, 'declined'),
        'D@approved': () =>
          azulAnswerUrl(redirect.fields, 'declined', FAKE_AZUL_AUTH_KEY, { to: 'approved' }),
        C: () => azulAnswerUrl(redirect.fields, 'cancelled'),
      };
      let location = '';
      for (const step of steps) {
        const res = await app.inject({ method: 'GET', url: local(urls[step]()) });
        expect(res.statusCode).toBe(303);
        location = res.headers.location as string;
      }
      expect(location).toBe(`${PUBLIC_URL}/billing/${inv._id}?pago=${landing}`);
      const attempt = await attemptOf(cardPayment._id);
      expect(attempt.status).toBe(status);
      const payments = await paymentsOf(inv._id);
      expect(payments).toHaveLength(paid ? 1 : 0);
      if (paid) {
        expect(attempt.paymentId).toBe(payments[0]!.id);
        // The first approval is the one recorded (its authorization code), once.
        expect(payments[0]!.reference).toContain(new URL(approval).searchParams.get('AuthorizationCode')!);
      }
      expect(await alertsOf(inv.invoiceNumber)).toHaveLength(alerts);
    },
  );
});
