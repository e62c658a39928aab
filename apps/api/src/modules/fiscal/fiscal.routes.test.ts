import { businessToday, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { auditLog, clients } from '../../db/schema/index.js';

// Electronic invoicing (e-CF), the DGII 607/608 reports and the client tax id override.

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
/** Café Cibao SRL (company, RNC, contribuyente → B01). */
let companyId: string;
const { activeOf, issue, clientWithout } = fiscalCalls(() => ({ app, admin }));

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  companyId = client.user.clientId!;
});

describe('e-CF (electronic mode)', () => {
  it('preselects E31 in electronic mode, issues an e-NCF and records the provider security code (QR data)', async () => {
    const settings = (await injectAs(app, admin.token, { method: 'GET', url: '/api/settings' })).json().data
      .settings;
    const { updatedAt: _u, ...body } = settings;
    const put = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...body, fiscalMode: 'electronic' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.settings.fiscalMode).toBe('electronic');
    const defaults = await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices/defaults' });
    expect(defaults.json().data.fiscalMode).toBe('electronic');

    const draft = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
    expect(draft.documentType).toBe('E31');
    const before = await activeOf('E31');
    const issuedRes = await issue(draft._id);
    expect(issuedRes.json().data.invoice.ncf).toBe(before!.nextNcf);
    expect(before!.nextNcf).toMatch(/^E31\d{10}$/);

    const record = (id: string, payload: object) =>
      injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${id}/ecf`, payload });
    for (const securityCode of ['AB-12', 'AB-123', 'abc12=', 'abcdefg']) {
      const bad = await record(draft._id, { securityCode, signedAt: '2026-11-24T10:15:00-04:00' });
      expect(bad.statusCode, securityCode).toBe(400);
      expect(bad.json().message).toBe(
        'El código de seguridad tiene 6 caracteres: letras (mayúsculas o minúsculas), números, + o /',
      );
    }
    // Issue 27: a base64 code (case, '+' and '/') is kept exactly as typed.
    const ok = await record(draft._id, { securityCode: 'a+B/c3', signedAt: '2026-11-24T10:15:00-04:00' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.invoice).toMatchObject({
      securityCode: 'a+B/c3',
      signedAt: '2026-11-24T14:15:00.000Z',
    });
    // The same code again changes nothing to confirm; another one needs `replace`, and is audited.
    const same = await record(draft._id, { securityCode: 'a+B/c3', signedAt: '2026-11-24T10:15:00-04:00' });
    expect(same.statusCode, same.body).toBe(200);
    const silent = await record(draft._id, { securityCode: 'Zz9+/0', signedAt: '2026-11-24T10:16:00-04:00' });
    expect(silent.statusCode).toBe(409);
    expect(silent.json().message).toBe(
      'La factura ya tiene el código de seguridad a+B/c3. Confirma que quieres reemplazarlo.',
    );
    expect(
      (await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${draft._id}` })).json().data
        .invoice.securityCode,
    ).toBe('a+B/c3');
    const replaced = await record(draft._id, {
      securityCode: 'Zz9+/0',
      signedAt: '2026-11-24T10:16:00-04:00',
      replace: true,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.invoice.securityCode).toBe('Zz9+/0');
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.ecf_signature_replaced'), eq(auditLog.targetId, draft._id)));
    expect(entry?.metadata).toEqual({ securityCode: 'Zz9+/0', previousSecurityCode: 'a+B/c3' });

    await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...body, fiscalMode: 'paper' },
    });
    const paper = await createInvoiceVia(app, admin.token, invoicePayload(companyId));
    expect(paper.documentType).toBe('B01');
    const issuedPaper = await issue(paper._id);
    const onPaper = await record(issuedPaper.json().data.invoice._id, {
      securityCode: 'A1B2C3',
      signedAt: '2026-11-24T10:15:00-04:00',
    });
    expect(onPaper.statusCode).toBe(409);
  });
});

describe('DGII reports (GET /reports/dgii/607, /608)', () => {
  it('lists the period invoices and credit notes with withholdings and payment forms, and the voided NCFs', async () => {
    const today = businessToday();
    const period = today.slice(0, 7).replace('-', '');
    const agencyRnc = (await injectAs(app, admin.token, { method: 'GET', url: '/api/settings' })).json().data
      .settings.taxId;
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(companyId, { issueDate: today, dueDate: today }),
    );
    const issued = (await issue(draft._id)).json().data.invoice;
    const paid = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${draft._id}/pay`,
      payload: { withholdingPreset: 'company_services', paymentMethod: 'cash', paidDate: today },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const note = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/invoices/${draft._id}/credit-notes`,
      payload: { amount: 1180, reason: 'Ajuste', modificationCode: 3 },
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteNcf = note.json().data.creditNote.ncf;
    const consumo = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(await clientWithout('consumidor_final'), { issueDate: today, dueDate: today }),
    );
    const consumoNcf = (await issue(consumo._id)).json().data.invoice.ncf;

    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/reports/dgii/607?period=${period}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`DGII_F_607_${agencyRnc}_${period}.txt`);
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const body = lines.slice(0, -1);
    expect(body[0]).toBe(`607|${agencyRnc}|${period}|${body.length - 1}`);
    const date = today.replaceAll('-', '');
    // 3,666.66 + ITBIS 660.00; 198.00 withheld (30 %) with a cash payment of 4,128.66: 4,326.66 cash.
    expect(body).toContain(
      `130458715|1|${issued.ncf}||01|${date}|${date}|3666.66|660.00|198.00|0.00|0.00|0.00|0.00|0.00|0.00|4326.66|0.00|0.00|0.00|0.00|0.00|0.00`,
    );
    expect(body).toContain(
      // The note follows its invoice, collected in cash (issue 42).
      `130458715|1|${noteNcf}|${issued.ncf}|01|${date}||1000.00|180.00|0.00|0.00|0.00|0.00|0.00|0.00|0.00|1180.00|0.00|0.00|0.00|0.00|0.00|0.00`,
    );
    expect(body.some((l) => l.includes(consumoNcf))).toBe(false);

    const b02 = await activeOf('B02');
    await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/fiscal/sequences/${b02!._id}/void`,
      payload: { annulmentType: '04' },
    });
    const r608 = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/reports/dgii/608?period=${period}`,
    });
    expect(r608.statusCode).toBe(200);
    expect(r608.body.split('\r\n')).toContain(`${b02!.nextNcf}|${date}|04`);
    expect(r608.body.startsWith(`608|${agencyRnc}|${period}|`)).toBe(true);
  });

  it('is admin only and validates the period', async () => {
    for (const s of [employee, client]) {
      const res = await injectAs(app, s.token, { method: 'GET', url: '/api/reports/dgii/607?period=202611' });
      expect(res.statusCode).toBe(403);
    }
    const bad = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/reports/dgii/608?period=2026-11',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Período inválido (AAAAMM, p. ej. 202611)');
    const early = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/reports/dgii/607?period=201701',
    });
    expect(early.statusCode).toBe(400);
  });
});

describe('client tax id override (issue 12)', () => {
  it('refuses a tax id with a wrong check digit unless staff give a reason, which is audited', async () => {
    const base = {
      clientType: 'company',
      firstName: 'Ana',
      companyName: 'Empresa de prueba SRL',
      email: 'override@example.do',
      companyRUC: '130-45871-2',
    };
    const refused = await injectAs(app, admin.token, { method: 'POST', url: '/api/clients', payload: base });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('RNC o cédula inválido (revisa el dígito verificador)');
    const ok = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: { ...base, taxIdOverrideReason: 'RNC verificado en la consulta de la DGII' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const created = ok.json().data.client;
    expect(created).toMatchObject({
      companyRUC: '130458712',
      taxpayerType: 'contribuyente',
      taxIdOverrideReason: 'RNC verificado en la consulta de la DGII',
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.tax_id_override'), eq(auditLog.targetId, created._id)));
    expect(entry!.metadata).toMatchObject({
      taxId: '130458712',
      reason: 'RNC verificado en la consulta de la DGII',
    });
    // The override lets the invoice be issued as B01.
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(created._id));
    expect((await issue(draft._id)).statusCode).toBe(200);
    const [row] = await app.db.select().from(clients).where(eq(clients.id, created._id));
    expect(row!.taxIdOverrideReason).toBe('RNC verificado en la consulta de la DGII');
  });
});
