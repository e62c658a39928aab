import { onlyDigits } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCa, makeTestIntermediate, makeTestSigner, type TestCa } from '../../../test/ecf-test-ca.js';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { type FakeDgii, startFakeDgii } from '../../../test/fake-dgii.js';
import { type DemoApp, injectAs, startDemoApp, testConfig } from '../../../test/helpers.js';
import {
  ecfBuyerApprovals,
  ecfDocuments,
  ecfReceived,
  expenses,
  notifications,
} from '../../db/schema/index.js';
import { DgiiClient } from '../ecf/dgii-client.js';
import { saveCertificate } from '../ecf/ecf-settings.service.js';
import { signXml } from '../ecf/ecf-signature.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { multipartXml, postXml, SUPPLIER_RNC, signedSupplierEcf } from './ecf-receiver.test-kit.js';
import { exchangeSignedSeed, memorySeedLedger, receiverKeys } from './ecf-receiver-auth.js';
import { certificateProblem, receiverTrust } from './ecf-receiver-trust.js';
import { VERIFY_WINDOW_MS } from './ecf-receiver-verify.js';
import { buildAcecfXml } from './ecf-receiver-xml.js';

/*
 * Issue 43, item 3: the receiver trusted any certificate. A seed signed with a freshly made
 * self-signed certificate earned a token; an e-CF signed with it in a real supplier's name was
 * stored, became a draft purchase and notified the admins; the same e-NCF sent later by anyone
 * else was refused as a duplicate; an ACECF "from" a buyer for an e-NCF the agency never issued
 * was stored. Here the app runs in production (`eCF`) trusting a test certification authority
 * made with node-forge, against the fake DGII playing eCF (decision 161).
 */

const VALIDATE = '/fe/autenticacion/api/validacioncertificado';
const RECEPTION = '/fe/recepcion/api/ecf';
const APPROVAL = '/fe/aprobacioncomercial/api/ecf';

const root = makeTestCa();
const intermediate = makeTestIntermediate(root);
const accredited = makeTestSigner(root, 'SUMINISTROS & OFICINA SRL'); // issued by the trusted CA
const viaIntermediate = makeTestSigner(intermediate, 'OTRO PROVEEDOR SRL');
const selfSigned = makeTestSigner(null, 'SUMINISTROS & OFICINA SRL'); // made by anyone
const key = (c: TestCa) => ({ privateKeyPem: c.privateKeyPem, certificatePem: c.certificatePem });
const ours = makeTestPkcs12();

let demo: DemoApp;
let app: FastifyInstance;
let dgii: FakeDgii;
let ourRnc: string;

async function tokenFor(signer: TestCa, extraCertificates: TestCa[] = []) {
  const seed = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla' });
  let signed = signXml(seed.body, key(signer));
  for (const extra of extraCertificates)
    signed = signed.replace(
      '</X509Certificate>',
      `</X509Certificate><X509Certificate>${extra.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '')}</X509Certificate>`,
    );
  return app.inject({ method: 'POST', url: VALIDATE, ...multipartXml(signed) });
}

const rows = (encf: string) =>
  app.db
    .select()
    .from(ecfReceived)
    .where(and(eq(ecfReceived.issuerRnc, SUPPLIER_RNC), eq(ecfReceived.encf, encf)))
    .orderBy(ecfReceived.receivedAt);
const draftsOf = (encf: string) => app.db.select().from(expenses).where(eq(expenses.ncf, encf));
const noticesOf = (encf: string) =>
  app.db
    .select()
    .from(notifications)
    .where(eq(notifications.title, `e-CF recibido: ${encf}`));
const arecfState = (xml: string) =>
  /<Estado>(\d)<\/Estado>(?:<CodigoMotivoNoRecibido>(\d)<)?/.exec(xml)?.slice(1);

beforeAll(async () => {
  dgii = await startFakeDgii({ environment: 'eCF' });
  demo = await startDemoApp({
    ecf: {
      ...testConfig().ecf,
      environment: 'eCF',
      ecfBaseUrl: dgii.ecfBaseUrl,
      fcBaseUrl: dgii.fcBaseUrl,
      trustedCaPems: [root.certificatePem],
    },
  });
  app = demo.app;
  ourRnc = onlyDigits((await getCompanySettings(app.db)).taxId ?? '');
  await saveCertificate({
    db: app.db,
    ctx: { actorId: null },
    config: testConfig().ecf,
    file: ours.p12,
    password: ours.password,
  });
}, 60_000);

afterAll(async () => {
  await dgii.close();
});

describe('certificates in production (eCF)', () => {
  it('refuses a seed signed with a self-signed certificate (401), and grants one chaining to a trusted authority', async () => {
    const forged = await tokenFor(selfSigned);
    expect(forged.statusCode, forged.body).toBe(401);
    expect(forged.json()).toMatchObject({
      error: 'certificado_no_confiable',
      mensaje: expect.stringMatching(/entidad de certificación aceptada por la DGII/),
    });
    const genuine = await tokenFor(accredited);
    expect(genuine.statusCode, genuine.body).toBe(200);
    // Through an intermediate the signer sends in KeyInfo; without it the chain does not close.
    expect((await tokenFor(viaIntermediate)).statusCode).toBe(401);
    expect((await tokenFor(viaIntermediate, [intermediate])).statusCode).toBe(200);
  });

  it('answers an e-CF signed by an untrusted certificate with ARECF code 2 (firma digital), storing nothing', async () => {
    const token = (await tokenFor(accredited)).json().token as string;
    const xml = signedSupplierEcf(key(selfSigned), { buyerRnc: ourRnc, encf: 'E310000000601' });
    const res = await postXml(app, RECEPTION, xml, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(arecfState(res.body)).toEqual(['1', '2']);
    expect(await rows('E310000000601')).toEqual([]);
  });

  it('refuses everything while no authority is configured in production (503), open in TesteCF', async () => {
    const keys = receiverKeys(new TextEncoder().encode('x'.repeat(40)));
    const { issueSeed } = await import('./ecf-receiver-auth.js');
    const signed = () => signXml(issueSeed(keys.seedKey).xml, key(selfSigned));
    await expect(
      exchangeSignedSeed({
        keys,
        ledger: memorySeedLedger(),
        xml: signed(),
        trust: receiverTrust({ environment: 'eCF', trustedCaPems: [] }),
      }),
    ).rejects.toMatchObject({ statusCode: 503, error: 'receptor_no_configurado' });
    const open = receiverTrust({ environment: 'TesteCF', trustedCaPems: [root.certificatePem] });
    expect(certificateProblem(open, { certificatePem: selfSigned.certificatePem, chainPems: [] })).toBeNull();
    await expect(
      exchangeSignedSeed({ keys, ledger: memorySeedLedger(), xml: signed(), trust: open }),
    ).resolves.toMatchObject({ token: expect.any(String) });
  });
});

describe('a received e-CF counts once the DGII confirms it', () => {
  let token: string;
  beforeAll(async () => {
    token = (await tokenFor(accredited)).json().token as string;
  });

  it('keeps a forged e-CF por verificar (no draft, no notice), stores the genuine one beside it, and adopts only what the DGII confirms', async () => {
    // The attacker's copy: a real supplier's name and RNC, RD$250,000, sent first.
    const forged = signedSupplierEcf(key(accredited), {
      buyerRnc: ourRnc,
      encf: 'E310000000700',
      total: '250000.00',
    });
    const first = await postXml(app, RECEPTION, forged, token);
    expect(arecfState(first.body)).toEqual(['0', undefined]);
    expect(await rows('E310000000700')).toEqual([expect.objectContaining({ verification: 'pending' })]);
    expect(await draftsOf('E310000000700')).toEqual([]);
    expect(await noticesOf('E310000000700')).toEqual([]);

    // The supplier's genuine document with the same e-NCF is received too, not refused as a duplicate.
    const genuine = signedSupplierEcf(key(viaIntermediate), { buyerRnc: ourRnc, encf: 'E310000000700' });
    const viaChain = (await tokenFor(viaIntermediate, [intermediate])).json().token as string;
    const withChain = genuine.replace(
      '</X509Certificate>',
      `</X509Certificate><X509Certificate>${intermediate.certificatePem.replace(/-----[A-Z ]+-----|\s/g, '')}</X509Certificate>`,
    );
    const second = await postXml(app, RECEPTION, withChain, viaChain);
    expect(arecfState(second.body), second.body).toEqual(['0', undefined]);
    expect(await rows('E310000000700')).toHaveLength(2);

    // The issuer sent only the genuine one to the DGII: the consulta de estado confirms it alone.
    dgii.registerIssued(withChain);
    const pass = await app.receivedEcfVerifier.pass();
    expect(pass).toMatchObject({ verified: 1 });
    const [a, b] = await rows('E310000000700');
    expect(a).toMatchObject({
      verification: 'unconfirmed',
      verificationMessage: expect.stringMatching(/mismo e-NCF/),
    });
    expect(b).toMatchObject({ verification: 'verified', totalCents: 708_000 });
    expect(await draftsOf('E310000000700')).toEqual([expect.objectContaining({ ecfReceivedId: b!.id })]);
    expect(await noticesOf('E310000000700')).toHaveLength(1);

    // Now the e-NCF is taken: another document with it is a duplicate (ARECF code 3).
    const late = signedSupplierEcf(key(accredited), {
      buyerRnc: ourRnc,
      encf: 'E310000000700',
      total: '1.00',
    });
    expect(arecfState((await postXml(app, RECEPTION, late, token)).body)).toEqual(['1', '3']);
  });

  it('asks again while the DGII does not know it or is down, and gives up after the window; a Rechazado is final', async () => {
    const unknown = signedSupplierEcf(key(accredited), { buyerRnc: ourRnc, encf: 'E310000000701' });
    const rejected = signedSupplierEcf(key(accredited), { buyerRnc: ourRnc, encf: 'E310000000702' });
    const differs = signedSupplierEcf(key(accredited), { buyerRnc: ourRnc, encf: 'E310000000703' });
    for (const xml of [unknown, rejected, differs])
      expect((await postXml(app, RECEPTION, xml, token)).statusCode).toBe(200);
    dgii.registerIssued(rejected, 2);
    // The DGII holds 703 with another amount (what the attacker changed is what the DGII knows).
    dgii.registerIssued(
      signedSupplierEcf(key(accredited), { buyerRnc: ourRnc, encf: 'E310000000703', total: '9.00' }),
    );

    dgii.setOutage({ service: 'status' });
    expect(await app.receivedEcfVerifier.pass()).toMatchObject({ waiting: 3, verified: 0 });
    const [down] = await rows('E310000000701');
    expect(down).toMatchObject({
      verification: 'pending',
      verificationMessage: expect.stringMatching(/No se pudo consultar/),
    });
    dgii.setOutage(false);

    const later = new Date(Date.now() + 3600_000);
    const pass = await app.receivedEcfVerifier.pass(later);
    expect(pass).toMatchObject({ rejected: 1, waiting: 2 });
    expect((await rows('E310000000702'))[0]).toMatchObject({ verification: 'rejected' });
    expect((await rows('E310000000701'))[0]).toMatchObject({
      verification: 'pending',
      verificationMessage: 'La DGII aún no tiene registrado este e-CF.',
    });
    // 703: the DGII has no document with this one's security code (its signature differs).
    expect((await rows('E310000000703'))[0]).toMatchObject({ verification: 'pending' });

    const afterWindow = new Date(Date.now() + VERIFY_WINDOW_MS + 3600_000);
    expect(await app.receivedEcfVerifier.pass(afterWindow)).toMatchObject({ unconfirmed: 2 });
    for (const encf of ['E310000000701', 'E310000000702', 'E310000000703']) {
      expect(await draftsOf(encf)).toEqual([]);
      expect(await noticesOf(encf)).toEqual([]);
    }
  });

  it('refuses to approve commercially an e-CF por verificar in production (409); rejecting stays possible', async () => {
    const xml = signedSupplierEcf(key(accredited), { buyerRnc: ourRnc, encf: 'E310000000704' });
    await postXml(app, RECEPTION, xml, token);
    const [row] = await rows('E310000000704');
    const approve = await injectAs(app, demo.admin.token, {
      method: 'POST',
      url: `/api/fiscal/received/${row!.id}/approval`,
      payload: { approved: true },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(/verificado con la DGII/);
    const list = await injectAs(app, demo.admin.token, { method: 'GET', url: '/api/fiscal/received' });
    expect(list.json().data.receiver).toEqual({
      environment: 'eCF',
      certificatesChecked: true,
      trustedAuthorities: 1,
    });
    expect(list.json().data.documents.find((d: { _id: string }) => d._id === row!.id)).toMatchObject({
      verification: 'pending',
    });
  });
});

describe('ACECF: only for an e-CF we issued, from its buyer', () => {
  const BUYER = '101010101';
  let token: string;
  const buyerCert = makeTestSigner(root, 'CLIENTE COMPRADOR SRL');
  const acecf = (encf: string, buyerRnc = BUYER, totalCents = 1_180_000) =>
    signXml(
      buildAcecfXml({
        issuerRnc: ourRnc,
        encf,
        issueDate: '2026-02-01',
        totalCents,
        buyerRnc,
        approved: true,
        reason: null,
        at: new Date(),
      }),
      key(buyerCert),
    );

  beforeAll(async () => {
    token = (await tokenFor(buyerCert)).json().token as string;
    const [invoice] = (
      (await app.db.execute(
        sql`select id from invoices where id not in (select invoice_id from ecf_documents where invoice_id is not null) limit 1`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    await app.db.insert(ecfDocuments).values({
      invoiceId: invoice!.id,
      encf: 'E310000000888',
      documentType: '31',
      issuerRnc: ourRnc,
      signedXml: signedSupplierEcf(key(buyerCert), {
        buyerRnc: BUYER,
        issuerRnc: ourRnc,
        encf: 'E310000000888',
        issueDate: '01-02-2026',
        total: '11800.00',
      }),
      securityCode: 'abcdef',
      signedAt: new Date(),
      totalCents: 1_180_000,
      status: 'accepted',
    });
  });

  it('refuses an ACECF for an e-NCF we never issued, from another buyer, or with other amounts; stores the genuine one', async () => {
    const cases: Array<[string, string, string]> = [
      ['never issued', acecf('E310000000889'), 'ecf_no_emitido'],
      ['wrong buyer', acecf('E310000000888', '130000001'), 'rnc_comprador_no_corresponde'],
      ['other amount', acecf('E310000000888', BUYER, 100), 'datos_no_corresponden'],
    ];
    for (const [name, xml, error] of cases) {
      const res = await postXml(app, APPROVAL, xml, token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json(), name).toMatchObject({ error });
    }
    expect(
      await app.db.select().from(ecfBuyerApprovals).where(eq(ecfBuyerApprovals.encf, 'E310000000889')),
    ).toEqual([]);
    // The forged approvals stored nothing, so the genuine one is accepted (not 409).
    const genuine = await postXml(app, APPROVAL, acecf('E310000000888'), token);
    expect(genuine.statusCode, genuine.body).toBe(200);
    // Signed by a certificate no trusted authority issued: refused in production.
    const forged = signXml(
      buildAcecfXml({
        issuerRnc: ourRnc,
        encf: 'E310000000888',
        issueDate: '2026-02-01',
        totalCents: 1_180_000,
        buyerRnc: BUYER,
        approved: false,
        reason: 'x',
        at: new Date(),
      }),
      key(selfSigned),
    );
    expect((await postXml(app, APPROVAL, forged, token)).json()).toMatchObject({
      error: 'certificado_no_confiable',
    });
  });
});

describe('DGII client: consulta de estado, as the fake DGII answers it', () => {
  it('answers Aceptado with the DGII values, No encontrado for another security code, and the DGII validation errors', async () => {
    const client = new DgiiClient({
      ecfBaseUrl: dgii.ecfBaseUrl,
      fcBaseUrl: dgii.fcBaseUrl,
      key: { privateKeyPem: ours.privateKeyPem, certificatePem: ours.certificatePem },
      tokenStore: { get: async () => null, set: async () => {} },
    });
    const xml = signedSupplierEcf(key(accredited), { buyerRnc: ourRnc, encf: 'E310000000950' });
    dgii.registerIssued(xml);
    const code = /<SignatureValue>([^<]{6})/.exec(xml)![1]!;
    expect(
      await client.ecfStatus({
        issuerRnc: SUPPLIER_RNC,
        encf: 'E310000000950',
        buyerRnc: ourRnc,
        securityCode: code,
      }),
    ).toEqual({
      status: 'accepted',
      issuerRnc: SUPPLIER_RNC,
      encf: 'E310000000950',
      buyerRnc: ourRnc,
      totalCents: 708_000,
      securityCode: code,
      messages: [],
    });
    expect(
      await client.ecfStatus({ issuerRnc: SUPPLIER_RNC, encf: 'E310000000950', securityCode: 'zzzzzz' }),
    ).toMatchObject({ status: 'not_found' });
    await expect(client.ecfStatus({ issuerRnc: '12', encf: 'E310000000950' })).rejects.toMatchObject({
      kind: 'rejected',
      messages: [expect.objectContaining({ message: 'La longitud del RNC Emisor es inválida.' })],
    });
    const certe = await startFakeDgii({ environment: 'CerteCF' });
    try {
      const there = new DgiiClient({
        ecfBaseUrl: certe.ecfBaseUrl,
        fcBaseUrl: certe.fcBaseUrl,
        key: { privateKeyPem: ours.privateKeyPem, certificatePem: ours.certificatePem },
        tokenStore: { get: async () => null, set: async () => {} },
      });
      await expect(there.ecfStatus({ issuerRnc: SUPPLIER_RNC, encf: 'E310000000950' })).rejects.toMatchObject(
        {
          status: 404,
        },
      );
    } finally {
      await certe.close();
    }
  });
});
