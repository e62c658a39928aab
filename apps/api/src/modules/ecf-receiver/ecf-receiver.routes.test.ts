import { NOTIFICATION_EVENT, onlyDigits, type ReceivedEcfDetail } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { type FakeDgii, startFakeDgii } from '../../../test/fake-dgii.js';
import { type DemoApp, injectAs, startDemoApp, testConfig, uniqueIp } from '../../../test/helpers.js';
import {
  auditLog,
  ecfBuyerApprovals,
  ecfDocuments,
  ecfReceived,
  emailOutbox,
  notifications,
} from '../../db/schema/index.js';
import { saveCertificate } from '../ecf/ecf-settings.service.js';
import { parseXmlStrict, signXml, verifyXmlSignature } from '../ecf/ecf-signature.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { answerReceived } from './ecf-receiver.service.js';
import {
  multipartXml,
  postXml,
  receiverToken,
  SUPPLIER_RNC,
  signedSupplierEcf,
  supplierEcfXml,
} from './ecf-receiver.test-kit.js';
import { issueSeed, RECEIVER_TOKEN_AUDIENCE, receiverKeys } from './ecf-receiver-auth.js';
import { buildAcecfXml } from './ecf-receiver-xml.js';

/*
 * The e-CF receiver over HTTP (issue 26, "Receiving"): a supplier authenticates with its
 * certificate (seed → token), posts a signed e-CF addressed to us and gets our signed ARECF; the
 * admin lists it and answers with a signed ACECF; a buyer posts its ACECF about our e-CF.
 */

const RECEPTION = '/fe/recepcion/api/ecf';
const APPROVAL = '/fe/aprobacioncomercial/api/ecf';
const VALIDATE = '/fe/autenticacion/api/validacioncertificado';

let demo: DemoApp;
let app: FastifyInstance;
let dgii: FakeDgii;
let ourRnc: string;
const ours = makeTestPkcs12();
const supplierCert = makeTestPkcs12({ commonName: 'SUMINISTROS & OFICINA SRL' });
const supplier = { privateKeyPem: supplierCert.privateKeyPem, certificatePem: supplierCert.certificatePem };
let token: string;

/** The certificate in a signature's KeyInfo, as bare base64 (to compare with a PEM). */
const certBody = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');
const text = (xml: string, tag: string) =>
  parseXmlStrict(xml).getElementsByTagName(tag)[0]?.textContent ?? null;

async function loadOurCertificate() {
  await saveCertificate({
    db: app.db,
    ctx: { actorId: null },
    config: testConfig().ecf,
    file: ours.p12,
    password: ours.password,
  });
}

/** Checks an ARECF: valid against ARECF.xsd, signed by OUR certificate, with these values. */
async function expectArecf(xml: string, expected: { encf: string; state: 0 | 1; reason?: number }) {
  expect(await validateAgainstDgiiXsd(xml, 'ARECF')).toEqual([]);
  const check = verifyXmlSignature(xml);
  expect(check.valid).toBe(true);
  expect(certBody(check.certificatePem ?? '')).toBe(certBody(ours.certificatePem));
  expect(text(xml, 'RNCEmisor')).toBe(SUPPLIER_RNC);
  expect(text(xml, 'RNCComprador')).toBe(ourRnc);
  expect(text(xml, 'eNCF')).toBe(expected.encf);
  expect(text(xml, 'Estado')).toBe(String(expected.state));
  expect(text(xml, 'CodigoMotivoNoRecibido')).toBe(
    expected.reason === undefined ? null : String(expected.reason),
  );
  expect(text(xml, 'FechaHoraAcuseRecibo')).toMatch(/^\d{2}-\d{2}-\d{4} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
}

const receivedRows = (encf: string) =>
  app.db
    .select()
    .from(ecfReceived)
    .where(and(eq(ecfReceived.issuerRnc, SUPPLIER_RNC), eq(ecfReceived.encf, encf)));

beforeAll(async () => {
  dgii = await startFakeDgii();
  demo = await startDemoApp({
    ecf: { ...testConfig().ecf, ecfBaseUrl: dgii.ecfBaseUrl, fcBaseUrl: dgii.fcBaseUrl },
  });
  app = demo.app;
  ourRnc = onlyDigits((await getCompanySettings(app.db)).taxId ?? '');
  expect(ourRnc).toMatch(/^\d{9}$|^\d{11}$/);
  token = await receiverToken(app, supplier);
});

afterAll(async () => {
  await dgii.close();
});

/** The supplier also sent `xml` to the DGII, which accepted it; then the verifier asks (decision 161). */
async function confirmedByDgii(xml: string) {
  dgii.registerIssued(xml);
  return app.receivedEcfVerifier.pass();
}

describe('authentication (GET semilla, POST validacioncertificado)', () => {
  it('answers a SemillaModel seed with a valor and a Dominican fecha, rate limited', async () => {
    const res = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><SemillaModel /);
    expect(text(res.body, 'valor')).toMatch(/^[\w-]{32}\.[\w-]{22}$/);
    expect(text(res.body, 'fecha')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-04:00$/);
  });

  it('answers the services in any letter case', async () => {
    const res = await app.inject({ method: 'GET', url: '/fe/Autenticacion/api/Semilla' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<SemillaModel');
    const unknown = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/otra' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'no_encontrado' });
  });

  it('exchanges a signed seed for a one-hour token, once', async () => {
    const seed = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla' });
    const signed = signXml(seed.body, supplier);
    const res = await app.inject({ method: 'POST', url: VALIDATE, ...multipartXml(signed) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; expira: string; expedido: string };
    expect(body.expira).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(body.expira) - Date.parse(body.expedido)).toBe(3600_000);
    const again = await app.inject({ method: 'POST', url: VALIDATE, ...multipartXml(signed) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      error: 'semilla_rechazada',
      mensaje: expect.stringMatching(/utilizada/),
    });
  });

  it('refuses seeds it did not issue, expired seeds, unsigned or altered seeds', async () => {
    const keys = receiverKeys(new TextEncoder().encode(testConfig().jwtSecret));
    const foreign = issueSeed(receiverKeys(new TextEncoder().encode('otro-secreto')).seedKey).xml;
    const expired = issueSeed(keys.seedKey, new Date(Date.now() - 6 * 60_000)).xml;
    const fresh = (await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla' })).body;
    const altered = signXml(fresh, supplier).replace('<fecha>', '<fecha>1');
    const cases: Array<[string, string, number, string]> = [
      ['foreign', signXml(foreign, supplier), 401, 'semilla_rechazada'],
      ['expired', signXml(expired, supplier), 401, 'semilla_rechazada'],
      ['unsigned', fresh, 400, 'firma_invalida'],
      ['altered', altered, 400, 'firma_invalida'],
      ['not a seed', signXml('<Otro><valor>x</valor></Otro>', supplier), 400, 'semilla_invalida'],
      ['not xml', 'esto no es XML', 400, 'xml_invalido'],
    ];
    for (const [name, xml, status, error] of cases) {
      const res = await app.inject({ method: 'POST', url: VALIDATE, ...multipartXml(xml) });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json(), name).toMatchObject({ error, mensaje: expect.any(String) });
    }
  });

  it('refuses a body without the xml part, or that is not multipart, with a 4xx', async () => {
    const noXml = await app.inject({ method: 'POST', url: VALIDATE, ...multipartXml('<a/>', 'otro') });
    expect(noXml.statusCode).toBe(400);
    expect(noXml.json()).toMatchObject({ error: 'xml_requerido' });
    const json = await app.inject({ method: 'POST', url: VALIDATE, payload: { xml: '<a/>' } });
    expect(json.statusCode).toBe(400);
    const rawXml = await app.inject({
      method: 'POST',
      url: VALIDATE,
      payload: '<SemillaModel/>',
      headers: { 'content-type': 'text/xml' },
    });
    expect(rawXml.statusCode).toBe(415);
    expect(rawXml.json()).toMatchObject({ error: 'tipo_no_soportado' });
  });

  it('limits requests per IP (429 in the receiver error shape)', async () => {
    const remoteAddress = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla', remoteAddress });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ error: 'demasiadas_solicitudes' });
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('POST /fe/recepcion/api/ecf', () => {
  it('answers 503 while no certificate is loaded (the receiver cannot sign acknowledgements)', async () => {
    const res = await postXml(app, RECEPTION, signedSupplierEcf(supplier, { buyerRnc: ourRnc }), token);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: 'certificado_no_disponible',
      mensaje: expect.stringMatching(/certificado/),
    });
    // Nor can the admin sign a commercial approval: 409 with what to do.
    const [row] = await app.db
      .insert(ecfReceived)
      .values({
        issuerRnc: SUPPLIER_RNC,
        issuerName: 'SUMINISTROS & OFICINA SRL',
        buyerRnc: ourRnc,
        encf: 'E310000000999',
        documentType: '31',
        issueDate: '2026-01-15',
        totalCents: 100,
        xml: '<ECF/>',
        acknowledgementXml: '<ARECF/>',
      })
      .returning({ id: ecfReceived.id });
    const approval = await injectAs(app, demo.admin.token, {
      method: 'POST',
      url: `/api/fiscal/received/${row!.id}/approval`,
      payload: { approved: true },
    });
    expect(approval.statusCode).toBe(409);
    expect(approval.json().message).toMatch(/certificado digital/);
    await app.db.delete(ecfReceived).where(eq(ecfReceived.id, row!.id));
    await loadOurCertificate();
  });

  it('refuses a missing, foreign, portal or expired token with 401', async () => {
    const xml = signedSupplierEcf(supplier, { buyerRnc: ourRnc });
    const { tokenKey } = receiverKeys(new TextEncoder().encode(testConfig().jwtSecret));
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('01')
      .setIssuer('agencia-rd')
      .setAudience(RECEIVER_TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(tokenKey);
    const cases: Array<[string, string | null, string]> = [
      ['missing', null, 'token_requerido'],
      ['garbage', 'no-es-un-token', 'token_invalido'],
      ['portal session', demo.admin.token, 'token_invalido'],
      ['expired', expired, 'token_invalido'],
    ];
    for (const [name, bearer, error] of cases) {
      const res = await postXml(app, RECEPTION, xml, bearer);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({ error });
    }
    expect(await receivedRows('E310000000123')).toHaveLength(0);
  });

  it('receives a signed e-CF addressed to us: ARECF Estado 0, signed with our certificate, stored por verificar', async () => {
    const xml = signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000000123' });
    const res = await postXml(app, RECEPTION, xml, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    await expectArecf(res.body, { encf: 'E310000000123', state: 0 });
    const [row] = await receivedRows('E310000000123');
    expect(row).toMatchObject({
      issuerName: 'SUMINISTROS & OFICINA SRL',
      buyerRnc: ourRnc,
      documentType: '31',
      issueDate: '2026-01-15',
      totalCents: 708_000,
      taxCents: 108_000,
      xml,
      acknowledgementXml: res.body,
      approvalStatus: 'pending',
      verification: 'pending',
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fiscal.ecf_received'), eq(auditLog.targetId, row!.id)));
    expect(entry).toBeDefined();
  });

  it('turns the received invoice into a purchase to complete (draft) once the DGII confirms it, which the admin completes (decision 140)', async () => {
    const { admin } = demo;
    const before = await injectAs(app, admin.token, { method: 'GET', url: '/api/expenses?status=draft' });
    expect(before.json().data.expenses.filter((e: { ncf: string }) => e.ncf === 'E310000000123')).toEqual([]);
    expect(
      await confirmedByDgii(signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000000123' })),
    ).toMatchObject({ verified: 1 });
    const list = await injectAs(app, admin.token, { method: 'GET', url: '/api/expenses?status=draft' });
    expect(list.statusCode).toBe(200);
    const drafts = list.json().data.expenses.filter((e: { ncf: string }) => e.ncf === 'E310000000123');
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      status: 'draft',
      documentType: 'E31',
      supplier: { name: 'SUMINISTROS & OFICINA SRL', taxId: SUPPLIER_RNC },
      issueDate: '2026-01-15',
      servicesAmount: 6000,
      itbis: 1080,
      total: 7080,
      expenseType: null,
      paymentMethod: null,
    });
    const done = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/expenses/${drafts[0]._id}`,
      payload: { expenseType: '09', paymentMethod: '04', goodsAmount: 6000, servicesAmount: 0 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.expense).toMatchObject({
      status: 'recorded',
      expenseType: '09',
      goodsAmount: 6000,
    });
  });

  it('answers a duplicate (same issuer and e-NCF) with code 3 and does not store it again', async () => {
    const xml = signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000000123' });
    const res = await postXml(app, RECEPTION, xml, token);
    expect(res.statusCode).toBe(200);
    await expectArecf(res.body, { encf: 'E310000000123', state: 1, reason: 3 });
    expect(await receivedRows('E310000000123')).toHaveLength(1);
  });

  it('tells the admins of an e-CF once the DGII confirms it (stored, live and by e-mail) with a link to it; never of a duplicate', async () => {
    const title = 'e-CF recibido: E310000000500';
    const push = vi.spyOn(app.realtime, 'toUser');
    try {
      const xml = signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000000500' });
      const res = await postXml(app, RECEPTION, xml, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(await app.db.select().from(notifications).where(eq(notifications.title, title))).toEqual([]);
      expect(push).not.toHaveBeenCalled();
      await confirmedByDgii(xml);
      const [row] = await receivedRows('E310000000500');
      const link = `/billing/received?doc=${row!.id}`;
      const stored = await app.db.select().from(notifications).where(eq(notifications.title, title));
      expect(stored).toEqual([
        expect.objectContaining({
          userId: demo.admin.user._id,
          topic: 'system',
          link,
          message: expect.stringContaining(`SUMINISTROS & OFICINA SRL (RNC ${SUPPLIER_RNC})`),
        }),
      ]);
      expect(stored[0]!.message).toMatch(/por RD\$\s?7,080\.00, verificado con la DGII/);
      // Live, after commit, to the admin only (staff and clients are not told).
      expect(push).toHaveBeenCalledWith(
        demo.admin.user._id,
        NOTIFICATION_EVENT,
        expect.objectContaining({ title, link }),
      );
      for (const who of [demo.employee, demo.client])
        expect(push).not.toHaveBeenCalledWith(who.user._id, NOTIFICATION_EVENT, expect.anything());
      const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.subject, title));
      expect(mails.map((m) => m.to)).toEqual([demo.admin.user.email]);

      // The same document again is a duplicate (code 3): nobody is told twice.
      push.mockClear();
      const again = await postXml(app, RECEPTION, xml, token);
      await expectArecf(again.body, { encf: 'E310000000500', state: 1, reason: 3 });
      expect(push).not.toHaveBeenCalled();
      expect(await app.db.select().from(notifications).where(eq(notifications.title, title))).toHaveLength(1);
      await app.db.delete(ecfReceived).where(eq(ecfReceived.id, row!.id));
    } finally {
      push.mockRestore();
    }
  });

  it('answers code 4 when the buyer RNC is not ours, code 2 for a bad signature, code 1 for a type we do not receive', async () => {
    const wrongBuyer = signedSupplierEcf(supplier, { buyerRnc: '101010101', encf: 'E310000000200' });
    const tampered = signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000000201' }).replace(
      '<MontoTotal>7080.00</MontoTotal>',
      '<MontoTotal>7.00</MontoTotal>',
    );
    const unsigned = supplierEcfXml({ buyerRnc: ourRnc, encf: 'E310000000202' });
    const otherSigner = signXml(
      supplierEcfXml({ buyerRnc: ourRnc, encf: 'E310000000203' }),
      supplier,
    ).replace(
      /<X509Certificate>[^<]+<\/X509Certificate>/,
      `<X509Certificate>${certBody(makeTestPkcs12().certificatePem)}</X509Certificate>`,
    );
    const purchase = signedSupplierEcf(supplier, { buyerRnc: ourRnc, type: '41', encf: 'E410000000204' });
    const mismatchedType = signedSupplierEcf(supplier, {
      buyerRnc: ourRnc,
      type: '31',
      encf: 'E330000000205',
    });
    const noDate = signedSupplierEcf(supplier, {
      buyerRnc: ourRnc,
      encf: 'E310000000206',
      issueDate: '31-02-2026',
    });
    const cases: Array<[string, string, string, number]> = [
      ['wrong buyer', wrongBuyer, 'E310000000200', 4],
      ['tampered', tampered, 'E310000000201', 2],
      ['unsigned', unsigned, 'E310000000202', 2],
      ['other signer', otherSigner, 'E310000000203', 2],
      ['type 41', purchase, 'E410000000204', 1],
      ['e-NCF of another type', mismatchedType, 'E330000000205', 1],
      ['impossible date', noDate, 'E310000000206', 1],
    ];
    for (const [name, xml, encf, reason] of cases) {
      const res = await postXml(app, RECEPTION, xml, token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      await expectArecf(res.body, { encf, state: 1, reason });
      expect(await receivedRows(encf), name).toHaveLength(0);
    }
  });

  it('refuses garbage with a 4xx in the receiver error shape, never a 500', async () => {
    const bodies: Array<[string, string | Buffer]> = [
      ['not xml', 'hola, esto no es XML'],
      ['empty', ''],
      ['binary', Buffer.from([0, 159, 146, 150, 255, 0, 1, 2])],
      ['doctype', '<?xml version="1.0"?><!DOCTYPE ECF [<!ENTITY x "y">]><ECF>&x;</ECF>'],
      ['another root', '<Factura><eNCF>E310000000001</eNCF></Factura>'],
      [
        'ECF without e-NCF',
        '<ECF><Encabezado><Emisor><RNCEmisor>131880738</RNCEmisor></Emisor></Encabezado></ECF>',
      ],
      ['unclosed', '<ECF><Encabezado>'],
    ];
    for (const [name, body] of bodies) {
      const res = await postXml(app, RECEPTION, body, token);
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json(), name).toMatchObject({ error: expect.any(String), mensaje: expect.any(String) });
    }
    const broken = await app.inject({
      method: 'POST',
      url: RECEPTION,
      payload: '--x\r\nContent-Disposition: form-data; name="xml"\r\n\r\n<ECF',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${token}` },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    const noBoundary = await app.inject({
      method: 'POST',
      url: RECEPTION,
      payload: 'xml=1',
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${token}` },
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });

  it('answers in any letter case of the path', async () => {
    const xml = signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000000300' });
    const res = await postXml(app, '/fe/Recepcion/api/ECF', xml, token);
    expect(res.statusCode).toBe(200);
    await expectArecf(res.body, { encf: 'E310000000300', state: 0 });
  });
});

describe('POST /fe/aprobacioncomercial/api/ecf (a buyer answers an e-CF we issued)', () => {
  const buyerCert = makeTestPkcs12({ commonName: 'CLIENTE COMPRADOR SRL' });
  const buyer = { privateKeyPem: buyerCert.privateKeyPem, certificatePem: buyerCert.certificatePem };
  const acecf = (approved: boolean, issuerRnc = ourRnc) =>
    signXml(
      buildAcecfXml({
        issuerRnc,
        encf: 'E310000000777',
        issueDate: '2026-02-01',
        totalCents: 1_180_000,
        buyerRnc: '101010101',
        approved,
        reason: approved ? null : 'Mercancía no recibida',
        at: new Date(),
      }),
      buyer,
    );

  beforeAll(async () => {
    // The e-CF we issued to buyer 101010101 that the ACECF answers (decision 161: only those).
    const [invoice] = await app.db
      .execute<{ id: string }>(
        sql`select id from invoices where id not in (select invoice_id from ecf_documents where invoice_id is not null) limit 1`,
      )
      .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
    await app.db.insert(ecfDocuments).values({
      invoiceId: invoice!.id,
      encf: 'E310000000777',
      documentType: '31',
      issuerRnc: ourRnc,
      signedXml: signedSupplierEcf(ours, {
        buyerRnc: '101010101',
        issuerRnc: ourRnc,
        encf: 'E310000000777',
        issueDate: '01-02-2026',
        total: '11800.00',
      }),
      securityCode: 'abcdef',
      signedAt: new Date(),
      totalCents: 1_180_000,
      status: 'accepted',
    });
  });

  it('stores a signed ACECF about our e-CF and answers 200; the same document again is 200, another 409', async () => {
    const xml = acecf(true);
    const res = await postXml(app, APPROVAL, xml, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'Recibido' });
    const rows = await app.db
      .select()
      .from(ecfBuyerApprovals)
      .where(eq(ecfBuyerApprovals.encf, 'E310000000777'));
    expect(rows).toEqual([expect.objectContaining({ buyerRnc: '101010101', state: 1, reason: null, xml })]);
    expect((await postXml(app, APPROVAL, xml, token)).statusCode).toBe(200);
    const other = await postXml(app, APPROVAL, acecf(false), token);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'aprobacion_duplicada' });
  });

  it('refuses a bad signature, an ACECF about another issuer, garbage and a missing token', async () => {
    const tampered = acecf(true).replace('<Estado>1</Estado>', '<Estado>2</Estado>');
    expect((await postXml(app, APPROVAL, tampered, token)).json()).toMatchObject({ error: 'firma_invalida' });
    const foreign = await postXml(app, APPROVAL, acecf(true, '101672919'), token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'rnc_emisor_no_corresponde' });
    expect((await postXml(app, APPROVAL, '<ACECF/>', token)).statusCode).toBe(400);
    expect((await postXml(app, APPROVAL, 'nada', token)).statusCode).toBe(400);
    expect((await postXml(app, APPROVAL, acecf(true), null)).statusCode).toBe(401);
  });
});

describe('admin: /api/fiscal/received', () => {
  const get = (tokenOf: string, url: string) => injectAs(app, tokenOf, { method: 'GET', url });
  const answer = (tokenOf: string, id: string, payload: object) =>
    injectAs(app, tokenOf, { method: 'POST', url: `/api/fiscal/received/${id}/approval`, payload });
  let id: string;

  beforeAll(async () => {
    for (const n of [401, 402, 403])
      await postXml(
        app,
        RECEPTION,
        signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: `E31000000${n}0` }),
        token,
      );
    const [row] = await receivedRows('E310000000123');
    id = row!.id;
  });

  it('lists received e-CF, paged and filtered by approval status', async () => {
    const res = await get(demo.admin.token, '/api/fiscal/received?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const { documents, pagination } = res.json().data;
    expect(pagination).toEqual({ page: 1, limit: 2, total: 5 });
    expect(documents).toHaveLength(2);
    expect(documents[0]).toMatchObject({
      issuerRnc: SUPPLIER_RNC,
      buyerRnc: ourRnc,
      approvalStatus: 'pending',
    });
    expect(documents[0]).not.toHaveProperty('xml');
    const page3 = (await get(demo.admin.token, '/api/fiscal/received?limit=2&page=3')).json().data;
    expect(page3.documents).toHaveLength(1);
    const approved = (await get(demo.admin.token, '/api/fiscal/received?approvalStatus=approved')).json()
      .data;
    expect(approved.pagination.total).toBe(0);
    const bad = await get(demo.admin.token, '/api/fiscal/received?approvalStatus=quizas');
    expect(bad.statusCode).toBe(400);
  });

  it('shows one with its ARECF, and its XML exactly as stored', async () => {
    const detail = await get(demo.admin.token, `/api/fiscal/received/${id}`);
    expect(detail.statusCode).toBe(200);
    const document = detail.json().data.document as ReceivedEcfDetail;
    expect(document).toMatchObject({
      _id: id,
      encf: 'E310000000123',
      totalCents: 708_000,
      approvalXml: null,
    });
    expect(document.acknowledgementXml).toContain('<Estado>0</Estado>');
    const xml = await get(demo.admin.token, `/api/fiscal/received/${id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toContain(`${SUPPLIER_RNC}E310000000123.xml`);
    const [row] = await receivedRows('E310000000123');
    expect(xml.body).toBe(row!.xml);
    expect(
      (await get(demo.admin.token, '/api/fiscal/received/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('is for admins only: employee and client 403, no session 401', async () => {
    for (const who of [demo.employee, demo.client]) {
      expect((await get(who.token, '/api/fiscal/received')).statusCode).toBe(403);
      expect((await get(who.token, `/api/fiscal/received/${id}`)).statusCode).toBe(403);
      expect((await get(who.token, `/api/fiscal/received/${id}/xml`)).statusCode).toBe(403);
      expect((await answer(who.token, id, { approved: true })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/fiscal/received' })).statusCode).toBe(401);
  });

  it('approves with a signed ACECF valid against ACECF.xsd, audited; a second answer is 409', async () => {
    const res = await answer(demo.admin.token, id, { approved: true });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json().data.document as ReceivedEcfDetail;
    expect(document).toMatchObject({
      approvalStatus: 'approved',
      approvalReason: null,
      // Sent to the (fake) DGII the app points at.
      approvalSentAt: expect.any(String),
    });
    expect(document.approvedBy).toBe(demo.admin.user._id);
    const acecf = document.approvalXml!;
    expect(await validateAgainstDgiiXsd(acecf, 'ACECF')).toEqual([]);
    const check = verifyXmlSignature(acecf);
    expect(check.valid).toBe(true);
    expect(certBody(check.certificatePem ?? '')).toBe(certBody(ours.certificatePem));
    expect(text(acecf, 'RNCEmisor')).toBe(SUPPLIER_RNC);
    expect(text(acecf, 'RNCComprador')).toBe(ourRnc);
    expect(text(acecf, 'FechaEmision')).toBe('15-01-2026');
    expect(text(acecf, 'MontoTotal')).toBe('7080.00');
    expect(text(acecf, 'Estado')).toBe('1');
    expect(text(acecf, 'DetalleMotivoRechazo')).toBeNull();
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fiscal.received_approved'), eq(auditLog.targetId, id)));
    expect(entry?.actorId).toBe(demo.admin.user._id);

    const again = await answer(demo.admin.token, id, { approved: false, reason: 'Cambié de opinión' });
    expect(again.statusCode).toBe(409);
    const filtered = (await get(demo.admin.token, '/api/fiscal/received?approvalStatus=approved')).json()
      .data;
    expect(filtered.documents.map((d: { _id: string }) => d._id)).toEqual([id]);
  });

  it('requires a reason to reject, and writes it in the ACECF', async () => {
    const [row] = await receivedRows('E310000004010');
    const missing = await answer(demo.admin.token, row!.id, { approved: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    const res = await answer(demo.admin.token, row!.id, {
      approved: false,
      reason: 'Precio <distinto> al acordado',
    });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json().data.document as ReceivedEcfDetail;
    expect(document).toMatchObject({
      approvalStatus: 'rejected',
      approvalReason: 'Precio <distinto> al acordado',
    });
    expect(text(document.approvalXml!, 'Estado')).toBe('2');
    expect(text(document.approvalXml!, 'DetalleMotivoRechazo')).toBe('Precio <distinto> al acordado');
    expect(await validateAgainstDgiiXsd(document.approvalXml!, 'ACECF')).toEqual([]);
    expect(
      (await answer(demo.admin.token, '00000000-0000-4000-8000-000000000000', { approved: true })).statusCode,
    ).toBe(404);
  });

  it('hands the signed ACECF to the injected sender and keeps its messages; a failed send is recorded', async () => {
    const [row] = await receivedRows('E310000004020');
    const sent: Array<{ xml: string; fileName: string }> = [];
    const document = await answerReceived({
      db: app.db,
      ctx: { actorId: demo.admin.user._id },
      config: testConfig().ecf,
      id: row!.id,
      approved: true,
      send: async (xml, fileName) => {
        sent.push({ xml, fileName });
        return { messages: [{ code: '0', message: 'Aprobación comercial recibida' }] };
      },
    });
    expect(sent).toEqual([{ xml: document.approvalXml, fileName: `${ourRnc}E310000004020.xml` }]);
    expect(document.approvalSentAt).not.toBeNull();
    expect(document.approvalMessages).toEqual([{ code: '0', message: 'Aprobación comercial recibida' }]);

    const [other] = await receivedRows('E310000004030');
    const failed = await answerReceived({
      db: app.db,
      ctx: { actorId: demo.admin.user._id },
      config: testConfig().ecf,
      id: other!.id,
      approved: true,
      send: async () => {
        throw new Error('DGII no disponible');
      },
    });
    expect(failed).toMatchObject({ approvalStatus: 'approved', approvalSentAt: null });
    expect(failed.approvalMessages).toEqual([
      { code: 'envio_fallido', message: expect.stringContaining('DGII no disponible') },
    ]);
  });
});
