import { createServer } from 'node:net';
import {
  businessToday,
  CERTIFICATION_SERVICE_PATHS,
  formatDgiiDateTime,
  type Session,
  SIMULATION_TARGETS,
} from '@agencia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { certificateForm } from '../../../test/direct-ecf.js';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import type { AppConfig } from '../../config.js';
import { auditLog, ecfDocuments, ecfSettings } from '../../db/schema/index.js';
import { verifyXmlSignature } from '../ecf/ecf-signature.js';
import { testServiceUrls } from './certification-wizard.service.js';

// The DGII certification wizard's API (issue 41, decision 159), on both engines.

/** A port nothing listens on yet, for the app whose PUBLIC_URL must name it before it listens. */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

const ecfConfig = (environment: 'CerteCF' | 'eCF'): Pick<AppConfig, 'ecf'> => ({
  // Nothing listens on port 9: no test here talks to the DGII (the sender does not run in tests).
  ecf: {
    environment,
    ecfBaseUrl: `http://127.0.0.1:9/${environment}`,
    fcBaseUrl: `http://127.0.0.1:9/fc/${environment}`,
    encryptionKey: Buffer.alloc(32, 9),
    sendIntervalSeconds: 15,
  },
});

async function uploadCertificate(app: FastifyInstance, token: string) {
  const cert = makeTestPkcs12();
  const res = await injectAs(app, token, {
    method: 'POST',
    url: '/api/fiscal/certificate',
    ...certificateForm(cert.p12, cert.password),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A multipart body with `file` = `content` named `filename` (the signing tool's upload). */
function xmlForm(content: string | Buffer, filename = 'postulacion.xml') {
  const boundary = '----certSignBoundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/xml\r\n\r\n`,
      ),
      Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const POSTULACION = `<?xml version="1.0" encoding="utf-8"?>
<Postulacion>
  <RNC>131880681</RNC>
  <RazonSocial>Agencia Creativa, S.R.L.</RazonSocial>
  <URLRecepcion>https://portal.example.do</URLRecepcion>
  <!-- comentario -->
  <Nota>Año &amp; señal &lt;ok&gt;</Nota>
</Postulacion>
`;

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
let publicUrl: string;
let companyId: string;
const { issue, clientWithout } = fiscalCalls(() => ({ app, admin }));

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  ({ app, admin, employee, client } = await startDemoApp({ publicUrl, ...ecfConfig('CerteCF') }));
  await app.listen({ port, host: '127.0.0.1' });
  companyId = client.user.clientId!;
  await uploadCertificate(app, admin.token);
  // CerteCF is a certification environment: direct emission opens without the wizard's last step.
  const direct = await injectAs(app, admin.token, {
    method: 'PUT',
    url: '/api/fiscal/settings',
    payload: { ecfMode: 'direct' },
  });
  expect(direct.statusCode, direct.body).toBe(200);
});

const as = (session: Session, opts: InjectOptions) => injectAs(app, session.token, opts);
const overview = async () => {
  const res = await as(admin, { method: 'GET', url: '/api/fiscal/certification' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.certification;
};
const putStep = (step: number | string, payload: Record<string, unknown>, who = admin) =>
  as(who, { method: 'PUT', url: `/api/fiscal/certification/steps/${step}`, payload });
const lastAudit = async (action: string) =>
  (
    await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
  )[0];

/** Issues an invoice of `type` in direct mode (through the API) and answers it with its e-CF row. */
async function issueVia(type: 'E31' | 'E32') {
  const buyer = type === 'E32' ? await clientWithout('consumidor_final') : companyId;
  const draft = await createInvoiceVia(app, admin.token, invoicePayload(buyer, { documentType: type }));
  const res = await issue(draft._id);
  expect(res.statusCode, res.body).toBe(200);
  const invoice = res.json().data.invoice;
  const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.invoiceId, invoice._id));
  return { invoice, row: row! };
}
async function creditNoteOn(invoiceId: string) {
  const res = await as(admin, {
    method: 'POST',
    url: `/api/invoices/${invoiceId}/credit-notes`,
    payload: { amount: 118, reason: 'Descuento acordado', modificationCode: 3 },
  });
  expect(res.statusCode, res.body).toBe(201);
  const note = res.json().data.creditNote;
  const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.creditNoteId, note._id));
  return { note, row: row! };
}
/** Records the DGII's answer straight in the outbox row (the sender does not run in tests). */
const answer = (id: string, status: 'accepted' | 'conditionally_accepted' | 'rejected', signedAt?: Date) =>
  app.db
    .update(ecfDocuments)
    .set({ status, decidedAt: new Date(), ...(signedAt ? { signedAt } : {}) })
    .where(eq(ecfDocuments.id, id));
const counter = (o: { simulation: { counters: Array<{ kind: string }> } }, kind: string) =>
  o.simulation.counters.find((c) => c.kind === kind);

describe('who may use the wizard', () => {
  const routes: InjectOptions[] = [
    { method: 'GET', url: '/api/fiscal/certification' },
    { method: 'PUT', url: '/api/fiscal/certification/steps/1', payload: { completed: true } },
    { method: 'POST', url: '/api/fiscal/certification/url-test' },
    { method: 'POST', url: '/api/fiscal/certification/certified-elsewhere', payload: { confirm: true } },
    { method: 'GET', url: '/api/fiscal/certification/printed-representations' },
    { method: 'GET', url: '/api/fiscal/certification/printed-representations.zip' },
    { method: 'POST', url: '/api/fiscal/certification/sign', ...xmlForm(POSTULACION) },
  ];
  it.each(routes)('$method $url: 403 for an employee and a client, 401 without a session', async (route) => {
    expect((await as(employee, route)).statusCode).toBe(403);
    expect((await as(client, route)).statusCode).toBe(403);
    expect((await app.inject(route)).statusCode).toBe(401);
  });
  it('an employee’s refusal changes nothing', async () => {
    const steps = (await overview()).steps;
    expect(steps.every((s: { completedAt: string | null }) => s.completedAt === null)).toBe(true);
    const [settings] = await app.db.select().from(ecfSettings);
    expect(settings!.certifiedElsewhereAt).toBeNull();
  });
});

describe('GET /fiscal/certification', () => {
  it('answers the environment, mode, certificate, the 15 steps, the base URL to register and production closed', async () => {
    const o = await overview();
    expect(o).toMatchObject({
      environment: 'CerteCF',
      ecfMode: 'direct',
      hasCertificate: true,
      urls: { reception: publicUrl, commercialApproval: publicUrl, authentication: publicUrl },
      publicUrlIsHttps: false,
      production: { certified: false, certifiedElsewhereAt: null },
      received: { ecf: [], approvals: [] },
    });
    expect(o.steps.map((s: { step: number }) => s.step)).toEqual([...Array(15).keys()].map((i) => i + 1));
    expect(o.steps[0]).toMatchObject({ key: 'registered', title: 'Registrado', mode: 'portal' });
    expect(o.simulation.counters.map((c: { kind: string }) => c.kind)).toEqual(
      Object.keys(SIMULATION_TARGETS),
    );
    expect(counter(o, 'E31')).toMatchObject({ target: 4, accepted: 0, pending: 0 });
  });
});

describe('PUT /fiscal/certification/steps/{step}', () => {
  it('checks a step off on a past day with a note (audited), replaces it, and undoes it (audited)', async () => {
    const day = '2026-01-05';
    let res = await putStep(1, { completed: true, completedOn: day, note: '  Postulación enviada  ' });
    expect(res.statusCode, res.body).toBe(200);
    let step = res.json().data.certification.steps[0];
    expect(step).toMatchObject({ step: 1, note: 'Postulación enviada', completedBy: expect.any(String) });
    expect(formatDgiiDateTime(step.completedAt).slice(0, 10)).toBe('05-01-2026');
    expect((await lastAudit('fiscal.certification_step_completed'))?.metadata).toMatchObject({
      step: 1,
      title: 'Registrado',
      completedOn: day,
    });

    res = await putStep(1, { completed: true });
    step = res.json().data.certification.steps[0];
    expect(formatDgiiDateTime(step.completedAt).slice(0, 10)).toBe(
      businessToday().split('-').reverse().join('-'),
    );
    expect(step.note).toBeNull();

    res = await putStep(1, { completed: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.certification.steps[0]).toMatchObject({ completedAt: null, note: null });
    expect((await lastAudit('fiscal.certification_step_undone'))?.metadata).toMatchObject({ step: 1 });
  });

  it('refuses a future day and a day that does not exist (422), a bad step or body (400)', async () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await putStep(2, { completed: true, completedOn: tomorrow });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toMatch(/futura/);
    expect((await putStep(2, { completed: true, completedOn: '2026-02-30' })).statusCode).toBe(422);
    expect((await putStep(2, { completed: true, completedOn: '05/01/2026' })).statusCode).toBe(400);
    expect((await putStep(16, { completed: true })).statusCode).toBe(400);
    expect((await putStep(0, { completed: true })).statusCode).toBe(400);
    expect((await putStep('x', { completed: true })).statusCode).toBe(400);
    expect((await putStep(2, { completed: true, note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await putStep(2, {})).statusCode).toBe(400);
    expect((await overview()).steps[1].completedAt).toBeNull();
  });
});

describe('POST /fiscal/certification/url-test', () => {
  it('over http calls the three services of the listening app: shows their answers, but none is ok (HTTPS required)', async () => {
    const res = await as(admin, { method: 'POST', url: '/api/fiscal/certification/url-test' });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data.results;
    expect(results).toEqual([
      {
        name: 'reception',
        url: `${publicUrl}${CERTIFICATION_SERVICE_PATHS.reception}`,
        ok: false,
        status: 401,
        message: expect.stringMatching(/^La DGII exige HTTPS.*Respondió 401/),
      },
      {
        name: 'commercialApproval',
        url: `${publicUrl}${CERTIFICATION_SERVICE_PATHS.commercialApproval}`,
        ok: false,
        status: 401,
        message: expect.stringMatching(/^La DGII exige HTTPS.*Respondió 401/),
      },
      {
        name: 'authentication',
        url: `${publicUrl}${CERTIFICATION_SERVICE_PATHS.authentication}`,
        ok: false,
        status: 200,
        message: expect.stringMatching(/^La DGII exige HTTPS.*SemillaModel/),
      },
    ]);
  });

  it('over https (a proxy in front of the same app) every service is ok', async () => {
    const viaProxy: typeof fetch = (url, init) =>
      fetch(String(url).replace('https://portal.example.do', publicUrl), init);
    const results = await testServiceUrls({ publicUrl: 'https://portal.example.do', fetch: viaProxy });
    expect(results.map((r) => [r.name, r.ok, r.status])).toEqual([
      ['reception', true, 401],
      ['commercialApproval', true, 401],
      ['authentication', true, 200],
    ]);
  });

  it('an address that is not the receiver, a redirect or no server at all: not ok, explained, never a 500', async () => {
    const wrong: typeof fetch = async () => new Response('<html>hola</html>', { status: 200 });
    const notReceiver = await testServiceUrls({ publicUrl: 'https://otro.example.do', fetch: wrong });
    expect(notReceiver.every((r) => !r.ok && r.status === 200)).toBe(true);
    expect(notReceiver[0]!.message).toMatch(/no es el receptor/);
    const redirect: typeof fetch = async () =>
      new Response(null, { status: 301, headers: { location: 'https://www.example.do/fe' } });
    const moved = await testServiceUrls({ publicUrl: 'https://example.do', fetch: redirect });
    expect(moved[0]).toMatchObject({ ok: false, status: 301, message: expect.stringMatching(/redirige/) });
    const down = await testServiceUrls({ publicUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    expect(down.every((r) => !r.ok && r.status === null && /No se pudo llamar/.test(r.message))).toBe(true);
  });
});

describe('simulation counters (step 4)', () => {
  it('counts e-CF signed in CerteCF by kind (E32 by channel), accepted and pending; a rejection resets them', async () => {
    const e31 = await issueVia('E31');
    expect(e31.row).toMatchObject({ environment: 'CerteCF', status: 'pending', channel: 'ecf' });
    let o = await overview();
    expect(counter(o, 'E31')).toMatchObject({ accepted: 0, pending: 1 });

    await answer(e31.row.id, 'accepted');
    const e32 = await issueVia('E32');
    expect(e32.row.channel).toBe('rfce');
    await answer(e32.row.id, 'conditionally_accepted');
    const e34 = await creditNoteOn(e31.invoice._id);
    await answer(e34.row.id, 'accepted');
    o = await overview();
    expect(counter(o, 'E31')).toMatchObject({ accepted: 1, pending: 0 });
    expect(counter(o, 'RFCE')).toMatchObject({ accepted: 1, pending: 0 });
    expect(counter(o, 'E32_FULL')).toMatchObject({ accepted: 0 });
    expect(counter(o, 'E34')).toMatchObject({ accepted: 1 });
    expect(o.simulation.lastRejectionAt).toBeNull();
    expect(o.simulation.e32ToUpload).toEqual([
      { encf: e32.invoice.ncf, invoiceId: e32.invoice._id, total: e32.invoice.total },
    ]);

    // Another environment's documents never count.
    await app.db.update(ecfDocuments).set({ environment: 'TesteCF' }).where(eq(ecfDocuments.id, e34.row.id));
    expect(counter(await overview(), 'E34')).toMatchObject({ accepted: 0 });

    // A rejection signed after them resets every counter; what is signed after it counts again.
    const now = Date.now();
    for (const id of [e31.row.id, e32.row.id])
      await app.db
        .update(ecfDocuments)
        .set({ signedAt: new Date(now - 20_000) })
        .where(eq(ecfDocuments.id, id));
    const rejected = await issueVia('E31');
    await answer(rejected.row.id, 'rejected', new Date(now - 10_000));
    o = await overview();
    expect(
      o.simulation.counters.every((c: { accepted: number; pending: number }) => c.accepted + c.pending === 0),
    ).toBe(true);
    expect(o.simulation.lastRejectionAt).toEqual(expect.any(String));
    expect(o.simulation.e32ToUpload).toEqual([]);
    const again = await issueVia('E31');
    expect(counter(await overview(), 'E31')).toMatchObject({ accepted: 0, pending: 1 });
    await answer(again.row.id, 'accepted');
    expect(counter(await overview(), 'E31')).toMatchObject({ accepted: 1, pending: 0 });
  });
});

describe('printed representations (step 5)', () => {
  it('lists the accepted simulated invoices and notes with their checks, and zips their PDFs as {RNC}{eNCF}.pdf', async () => {
    const e32 = await issueVia('E32');
    await answer(e32.row.id, 'accepted');
    const e34 = await creditNoteOn(e32.invoice._id);
    await answer(e34.row.id, 'accepted');
    const pending = await issueVia('E31');

    const res = await as(admin, { method: 'GET', url: '/api/fiscal/certification/printed-representations' });
    expect(res.statusCode, res.body).toBe(200);
    const documents = res.json().data.documents as Array<{
      encf: string;
      fileName: string;
      checks: Record<string, boolean>;
      sizeBytes: number;
    }>;
    const encfs = documents.map((d) => d.encf);
    expect(encfs).toContain(e32.invoice.ncf);
    expect(encfs).toContain(e34.note.ncf);
    expect(encfs).not.toContain(pending.invoice.ncf);
    const rnc = e32.row.issuerRnc;
    for (const d of documents) {
      expect(d.fileName).toBe(`${rnc}${d.encf}.pdf`);
      expect(d.sizeBytes).toBeGreaterThan(1000);
      expect(d.checks).toEqual({
        underTenMegabytes: true,
        qrCode: true,
        securityCode: true,
        signatureDateTime: true,
        legend: true,
      });
    }

    const zipRes = await as(admin, {
      method: 'GET',
      url: '/api/fiscal/certification/printed-representations.zip',
    });
    expect(zipRes.statusCode).toBe(200);
    expect(zipRes.headers['content-type']).toBe('application/zip');
    expect(zipRes.headers['content-disposition']).toContain(`representaciones-impresas-${rnc}.zip`);
    const zip = await JSZip.loadAsync(zipRes.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(documents.map((d) => d.fileName).sort());
    for (const [encf, code, signedAt] of [
      [e32.invoice.ncf, e32.row.securityCode, e32.row.signedAt],
      [e34.note.ncf, e34.row.securityCode, e34.row.signedAt],
    ] as const) {
      const text = await pdfText(await zip.file(`${rnc}${encf}.pdf`)!.async('uint8array'));
      expect(text).toContain(encf);
      expect(text).toContain(`Código de seguridad: ${code}`);
      // The signature's date and time, as the DGII's models print it ("Fecha Firma: 27-01-2025 18:24:07").
      expect(text).toContain(`Fecha de firma: ${formatDgiiDateTime(signedAt.toISOString())}`);
      expect(text).toMatch(/Fecha de firma: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    }
  });
});

describe('POST /fiscal/certification/sign', () => {
  const sign = (content: string | Buffer, filename?: string) =>
    as(admin, { method: 'POST', url: '/api/fiscal/certification/sign', ...xmlForm(content, filename) });

  it('answers the same XML signed with the loaded certificate, as a download under its own name (audited)', async () => {
    const res = await sign(POSTULACION, 'Postulación 131880681.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Postulaci_n 131880681\.xml"/);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Postulaci%C3%B3n%20131880681.xml");
    const signed = res.body;
    expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
    // Otherwise unchanged: the signature is the root's last child, whitespace between elements and
    // the comment removed first (the DGII verifies after removing them).
    const withoutSignature = signed.replace(
      /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">.*<\/Signature>/s,
      '',
    );
    const expected = POSTULACION.replace(/<!--.*?-->/g, '')
      .replace(/>\s+</g, '><')
      .trim();
    expect(withoutSignature).toBe(expected);
    expect((await lastAudit('fiscal.certification_file_signed'))?.metadata).toEqual({
      fileName: 'Postulación 131880681.xml',
    });
  });

  it('refuses what is not a well-formed UTF-8 XML, a DOCTYPE (XXE), an XML already signed (400) and a file over 1 MB (413)', async () => {
    const broken = await sign('<Postulacion><RNC>1</Postulacion>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/no es un XML bien formado/);
    expect((await sign('esto no es xml')).statusCode).toBe(400);
    expect((await sign('   ')).statusCode).toBe(400);
    const xxe = await sign(
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    );
    expect(xxe.statusCode).toBe(400);
    expect(xxe.json().message).toMatch(/DOCTYPE/);
    expect((await sign('<?xml version="1.0" encoding="ISO-8859-1"?><a/>')).statusCode).toBe(400);
    const once = await sign(POSTULACION);
    const twice = await sign(once.body);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toMatch(/ya está firmado/);
    const big = await sign(`<a>${'x'.repeat(1024 * 1024)}</a>`);
    expect(big.statusCode).toBe(413);
    const empty = await as(admin, {
      method: 'POST',
      url: '/api/fiscal/certification/sign',
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('production guard (DGII_ECF_ENV = eCF)', () => {
  let prod: FastifyInstance, prodAdmin: Session;
  const prodAs = (opts: InjectOptions) => injectAs(prod, prodAdmin.token, opts);
  const toDirect = () =>
    prodAs({ method: 'PUT', url: '/api/fiscal/settings', payload: { ecfMode: 'direct' } });
  const toProvider = () =>
    prodAs({ method: 'PUT', url: '/api/fiscal/settings', payload: { ecfMode: 'provider' } });

  beforeAll(async () => {
    ({ app: prod, admin: prodAdmin } = await startDemoApp(ecfConfig('eCF')));
  });

  it('the signing tool needs a loaded certificate (409)', async () => {
    const res = await prodAs({
      method: 'POST',
      url: '/api/fiscal/certification/sign',
      ...xmlForm(POSTULACION),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/certificado digital/);
  });

  it('refuses direct mode until step 15 is checked off; undoing it closes production again', async () => {
    await uploadCertificate(prod, prodAdmin.token);
    const refused = await toDirect();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/asistente de certificación/);
    const [settings] = await prod.db.select().from(ecfSettings);
    expect(settings!.ecfMode).toBe('provider');

    const done = await prodAs({
      method: 'PUT',
      url: '/api/fiscal/certification/steps/15',
      payload: { completed: true, note: 'Certificado por la DGII' },
    });
    expect(done.json().data.certification.production).toEqual({
      certified: true,
      certifiedElsewhereAt: null,
    });
    expect((await toDirect()).statusCode).toBe(200);
    expect((await toProvider()).statusCode).toBe(200);

    await prodAs({ method: 'PUT', url: '/api/fiscal/certification/steps/15', payload: { completed: false } });
    expect((await toDirect()).statusCode).toBe(409);
  });

  it('or until the admin confirms it was certified elsewhere (audited once)', async () => {
    const refused = await prodAs({
      method: 'POST',
      url: '/api/fiscal/certification/certified-elsewhere',
      payload: { confirm: false },
    });
    expect(refused.statusCode).toBe(400);
    const res = await prodAs({
      method: 'POST',
      url: '/api/fiscal/certification/certified-elsewhere',
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const production = res.json().data.certification.production;
    expect(production).toMatchObject({ certified: true, certifiedElsewhereAt: expect.any(String) });
    const again = await prodAs({
      method: 'POST',
      url: '/api/fiscal/certification/certified-elsewhere',
      payload: { confirm: true },
    });
    expect(again.json().data.certification.production.certifiedElsewhereAt).toBe(
      production.certifiedElsewhereAt,
    );
    const entries = await prod.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'fiscal.certified_elsewhere'), eq(auditLog.actorId, prodAdmin.user._id)),
      );
    expect(entries[0]!.n).toBe(1);
    expect((await toDirect()).statusCode).toBe(200);
  });
});
