import { rncCheckDigit } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import { auditLog, companySettings } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;
let clientId: string;

const RNC = `13185542${rncCheckDigit('13185542')}`;
const URL = '/api/settings/payment-instructions';

const popular = {
  bank: 'Banco Popular Dominicano',
  accountType: 'corriente',
  currency: 'DOP',
  accountNumber: '812-345678-9',
  holderName: 'Agencia Digital RD, SRL',
  holderId: `${RNC.slice(0, 1)}-${RNC.slice(1, 3)}-${RNC.slice(3, 8)}-${RNC.slice(8)}`,
};
const bhdUsd = {
  bank: 'Banco BHD',
  accountType: 'ahorros',
  currency: 'USD',
  accountNumber: '2233445566',
  holderName: 'María Fernández',
  holderId: '001-1391825-4',
};

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  const clientSession = await login(app, DEMO.client);
  client = clientSession.token;
  clientId = clientSession.user.clientId!;
});

/** A multipart body for `POST /api/upload`. */
function multipart(data: Buffer, type: string) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('payment instructions', () => {
  it('starts with the demo’s peso account, the admin saves accounts and other methods, the client and employee read them', async () => {
    const start = await injectAs(app, client, { method: 'GET', url: URL });
    expect(start.statusCode).toBe(200);
    // The demo agency has one peso account (decision 163), so transfers can be reported.
    expect(start.json().data.paymentInstructions).toMatchObject({
      bankAccounts: [{ bank: 'Banco Popular Dominicano', currency: 'DOP' }],
      otherMethods: null,
    });

    const put = await injectAs(app, admin, {
      method: 'PUT',
      url: URL,
      payload: { bankAccounts: [popular, bhdUsd], otherMethods: '  PayPal: pagos@agenciadigital.do  ' },
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      bankAccounts: [
        { ...popular, holderId: RNC },
        { ...bhdUsd, holderId: '00113918254' },
      ],
      otherMethods: 'PayPal: pagos@agenciadigital.do',
    };
    expect(put.json().data.paymentInstructions).toEqual(expected);

    const [row] = await app.db.select().from(companySettings).where(eq(companySettings.id, 1));
    expect(row!.paymentInstructions).toEqual(expected);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.payment_instructions_updated')));
    expect(audits.at(-1)?.metadata).toEqual({ bankAccounts: 2, otherMethods: true });

    for (const token of [client, employee]) {
      const read = await injectAs(app, token, { method: 'GET', url: URL });
      expect(read.statusCode).toBe(200);
      expect(read.json().data.paymentInstructions).toEqual(expected);
    }
    // The general settings keep their shape: the instructions have their own route.
    const settings = await injectAs(app, admin, { method: 'GET', url: '/api/settings' });
    expect(settings.json().data.settings.paymentInstructions).toBeUndefined();

    // Removing an account is saving the list without it; empty text clears the other methods.
    const removed = await injectAs(app, admin, {
      method: 'PUT',
      url: URL,
      payload: { bankAccounts: [bhdUsd], otherMethods: '' },
    });
    expect(removed.json().data.paymentInstructions).toEqual({
      bankAccounts: [{ ...bhdUsd, holderId: '00113918254' }],
      otherMethods: null,
    });
  });

  it('refuses anyone but the admin to edit, and anonymous readers', async () => {
    for (const token of [employee, client]) {
      const res = await injectAs(app, token, { method: 'PUT', url: URL, payload: { bankAccounts: [] } });
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: URL, payload: { bankAccounts: [] } })).statusCode).toBe(
      401,
    );
  });

  it('follows the invoices.read permission: an employee without it cannot read', async () => {
    await withoutPermission(app, admin, DEMO.employee, 'invoices.read', async () => {
      expect((await injectAs(app, employee, { method: 'GET', url: URL })).statusCode).toBe(403);
    });
  });

  it('answers 400 with the Spanish message of the field, and stores nothing', async () => {
    const before = (await injectAs(app, admin, { method: 'GET', url: URL })).json().data.paymentInstructions;
    const cases: [unknown, string, string][] = [
      [{ ...popular, holderId: '131855420' }, 'bankAccounts.0.holderId', 'RNC o cédula inválido'],
      [{ ...popular, holderId: '001-1391825-5' }, 'bankAccounts.0.holderId', 'RNC o cédula inválido'],
      [
        { ...popular, holderId: '' },
        'bankAccounts.0.holderId',
        'El RNC o la cédula del titular es requerido',
      ],
      [{ ...popular, bank: '  ' }, 'bankAccounts.0.bank', 'El banco es requerido'],
      [{ ...popular, accountType: 'plazo fijo' }, 'bankAccounts.0.accountType', 'Tipo de cuenta inválido'],
      [{ ...popular, currency: 'EUR' }, 'bankAccounts.0.currency', 'Moneda inválida (DOP o USD)'],
      [{ ...popular, accountNumber: '12a45' }, 'bankAccounts.0.accountNumber', 'Número de cuenta inválido'],
      [{ ...popular, accountNumber: '123' }, 'bankAccounts.0.accountNumber', 'Número de cuenta inválido'],
      [{ ...popular, holderName: '' }, 'bankAccounts.0.holderName', 'El titular es requerido'],
    ];
    for (const [account, field, message] of cases) {
      const res = await injectAs(app, admin, {
        method: 'PUT',
        url: URL,
        payload: { bankAccounts: [account] },
      });
      expect(res.statusCode, JSON.stringify(account)).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error?.message, field).toContain(message);
    }
    const duplicate = await injectAs(app, admin, {
      method: 'PUT',
      url: URL,
      payload: { bankAccounts: [popular, { ...popular, accountNumber: '8123456789' }] },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe('Esta cuenta ya está en la lista');
    const tooMany = await injectAs(app, admin, {
      method: 'PUT',
      url: URL,
      payload: {
        bankAccounts: Array.from({ length: 11 }, (_, i) => ({ ...popular, accountNumber: `1000${i}` })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Máximo 10 cuentas bancarias');
    for (const payload of [
      {},
      { bankAccounts: 'x' },
      { bankAccounts: [null] },
      { bankAccounts: [], otherMethods: 5 },
    ]) {
      expect((await injectAs(app, admin, { method: 'PUT', url: URL, payload })).statusCode).toBe(400);
    }
    const after = (await injectAs(app, admin, { method: 'GET', url: URL })).json().data.paymentInstructions;
    expect(after).toEqual(before);
  });

  it("prints the accounts and the uploaded logo on the client's invoice PDF", async () => {
    await injectAs(app, admin, {
      method: 'PUT',
      url: URL,
      payload: { bankAccounts: [popular], otherMethods: 'Efectivo en la oficina' },
    });
    const logoPng = await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 20, g: 80, b: 200, alpha: 0.8 } },
    })
      .png()
      .toBuffer();
    const up = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/upload',
      ...multipart(logoPng, 'logo'),
    });
    expect(up.statusCode).toBe(201);
    const current = (await injectAs(app, admin, { method: 'GET', url: '/api/settings' })).json().data
      .settings;
    const { updatedAt: _u, fiscalMode: _f, taxpayerKind: _t, ...editable } = current;
    const put = await injectAs(app, admin, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...editable, logo: up.json().data.url },
    });
    expect(put.statusCode).toBe(200);

    const invoice = await createInvoiceVia(app, admin, invoicePayload(clientId));
    const sent = await injectAs(app, admin, { method: 'POST', url: `/api/invoices/${invoice._id}/send` });
    expect(sent.statusCode).toBe(200);
    const pdf = await injectAs(app, client, { method: 'GET', url: `/api/invoices/${invoice._id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Formas de pago');
    expect(flat).toContain('Banco Popular Dominicano · Cuenta corriente en DOP · No. 812-345678-9');
    expect(flat).toContain('Titular: Agencia Digital RD, SRL · RNC: 1-31-85542-3');
    expect(flat).toContain('Otras formas de pago Efectivo en la oficina');
  });

  it('reads a malformed stored value as nothing configured instead of failing', async () => {
    await app.db
      .update(companySettings)
      .set({ paymentInstructions: { bankAccounts: 'broken' } as never })
      .where(eq(companySettings.id, 1));
    const res = await injectAs(app, client, { method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.paymentInstructions).toEqual({ bankAccounts: [], otherMethods: null });
  });
});
