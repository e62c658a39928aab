import type { CertificationTestSet, Session } from '@agencia/shared';
import type { Element } from '@xmldom/xmldom';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildApprovalWorkbook,
  buildTestSetWorkbook,
  cellTextOf,
  type TestSetWorkbookOptions,
  testSetCases,
  workbookForm,
} from '../../../test/certification-workbook.js';
import { type DgiiSchema, validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { startDirectEcfApp } from '../../../test/direct-ecf.js';
import type { FakeDgii } from '../../../test/fake-dgii.js';
import { injectAs } from '../../../test/helpers.js';
import { auditLog, ecfCertificationCases, ecfCertificationSets } from '../../db/schema/index.js';
import { parseXmlStrict, securityCodeOf, verifyXmlSignature } from '../ecf/ecf-signature.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { CertificationRunner } from './certification-runner.js';

// The DGII certification test sets end to end against the fake DGII (issue 41, decision 158).

let dgii: FakeDgii;
let app: FastifyInstance, admin: Session, employee: Session, client: Session;
let rnc: string;

beforeAll(async () => {
  ({ app, admin, employee, client, dgii } = await startDirectEcfApp());
  rnc = (await getCompanySettings(app.db)).taxId!;
});

afterAll(async () => {
  await dgii.close();
});

beforeEach(() => {
  dgii.setOutage(false);
});

const runner = () => new CertificationRunner(app.db, app.ecfConfig, undefined, { timeoutMs: 5_000 });

async function importSet(opts: TestSetWorkbookOptions = {}, token = admin.token) {
  return injectAs(app, token, {
    method: 'POST',
    url: '/api/fiscal/certification/test-sets',
    ...workbookForm(await buildTestSetWorkbook({ issuerRnc: rnc, ...opts })),
  });
}
async function imported(opts: TestSetWorkbookOptions = {}): Promise<CertificationTestSet> {
  const res = await importSet(opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.testSet;
}
async function getSet(id: string): Promise<CertificationTestSet> {
  const res = await injectAs(app, admin.token, {
    method: 'GET',
    url: `/api/fiscal/certification/test-sets/${id}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.testSet;
}
async function send(id: string) {
  const res = await injectAs(app, admin.token, {
    method: 'POST',
    url: `/api/fiscal/certification/test-sets/${id}/send`,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.testSet as CertificationTestSet;
}
/** Runs passes (moving the clock past each wait) until the set is no longer sending. */
async function drive(id: string, runners = [runner()], max = 40) {
  let clock = Date.now();
  for (let i = 0; i < max; i++) {
    await Promise.all(runners.map((r) => r.pass(new Date(clock))));
    const set = await getSet(id);
    if (set.status !== 'sending') return set;
    clock += 10 * 60_000;
  }
  return getSet(id);
}
async function rowCounts() {
  const [sets] = await app.db.select({ n: count() }).from(ecfCertificationSets);
  const [cases] = await app.db.select({ n: count() }).from(ecfCertificationCases);
  return { sets: sets!.n, cases: cases!.n };
}
const postsOf = (encf: string) =>
  dgii.state.submissions.filter((s) => s.encf === encf).length +
  dgii.state.summaries.filter((s) => s.encf === encf).length;

/** The sending order the DGII fixes, for the fixture's 13 cases. */
const DGII_ORDER = [
  'E31-01',
  'E31-02',
  'E32-250K',
  'E41-01',
  'E43-01',
  'E44-01',
  'E45-01',
  'E46-01',
  'E47-01',
  'E33-01',
  'E34-01',
  'E32-RFCE-01',
  'E32-RFCE-02',
];

/** Leaf elements of a document (Signature left out) as [name, text]. */
function leaves(xml: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (el: Element) => {
    const kids = Array.from(el.childNodes).filter((n) => n.nodeType === 1) as Element[];
    if (kids.length === 0) out.push([el.localName!, el.textContent ?? '']);
    for (const k of kids) if (k.localName !== 'Signature') walk(k);
  };
  walk(parseXmlStrict(xml).documentElement!);
  return out;
}

describe('access', () => {
  it('employees and clients get 403; an unknown set 404', async () => {
    for (const s of [employee, client]) {
      const list = await injectAs(app, s.token, {
        method: 'GET',
        url: '/api/fiscal/certification/test-sets',
      });
      expect(list.statusCode).toBe(403);
      expect((await importSet({}, s.token)).statusCode).toBe(403);
      const approvals = await injectAs(app, s.token, {
        method: 'POST',
        url: '/api/fiscal/certification/approval-sets',
        ...workbookForm(await buildApprovalWorkbook({ buyerRnc: rnc })),
      });
      expect(approvals.statusCode).toBe(403);
    }
    const missing = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/fiscal/certification/test-sets/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('import', () => {
  it('stores every case in the DGII order (RFCE last), ready, listed newest first', async () => {
    const set = await imported({ sequenceStart: 900 });
    expect(set).toMatchObject({ kind: 'ecf', status: 'ready', environment: 'TesteCF', advice: null });
    expect(set.cases.map((c) => c.caseNumber)).toEqual(DGII_ORDER);
    expect(set.cases.map((c) => c.position)).toEqual(DGII_ORDER.map((_, i) => i + 1));
    expect(set.cases.map((c) => c.channel)).toEqual([...Array(11).fill('ecf'), 'rfce', 'rfce']);
    expect(set.cases[0]).toMatchObject({
      documentType: 'E31',
      encf: 'E310000000900',
      total: '1430.59',
      status: 'ready',
    });
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/fiscal/certification/test-sets',
    });
    expect(list.json().data.testSets[0]._id).toBe(set._id);
    expect(await getSet(set._id)).toEqual(set);
    // Audited like the rest: who imported which file, with how many cases.
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'fiscal.certification_set_imported'),
          sql`${auditLog.metadata}->>'setId' = ${set._id}`,
        ),
      );
    expect(entry?.metadata).toMatchObject({ cases: DGII_ORDER.length });
    const xml = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/fiscal/certification/test-sets/${set._id}/cases/${set.cases[0]!._id}/xml`,
    });
    expect(xml.statusCode).toBe(404);
  });

  it('reads layout variations alike: upper- and lower-case headers, extra columns, another sheet name', async () => {
    const base = await app.db
      .select({ values: ecfCertificationCases.values })
      .from(ecfCertificationCases)
      .innerJoin(ecfCertificationSets, eq(ecfCertificationSets.id, ecfCertificationCases.setId))
      .where(eq(ecfCertificationCases.encf, 'E310000000910'));
    expect(base).toEqual([]);
    for (const [i, opts] of [
      { headerCase: 'upper', extraColumns: true },
      { headerCase: 'lower', sheetName: 'Set ECF DGII' },
    ].entries()) {
      const set = await imported({ ...(opts as TestSetWorkbookOptions), sequenceStart: 910 + i * 10 });
      expect(set.cases.map((c) => c.caseNumber)).toEqual(DGII_ORDER);
      const [row] = await app.db
        .select()
        .from(ecfCertificationCases)
        .where(eq(ecfCertificationCases.id, set.cases[0]!._id));
      expect(row!.unsignedXml).toContain('<MontoGravadoI1>1000.50</MontoGravadoI1>');
      expect(row!.unsignedXml).toContain('<FechaEmision>01-04-2026</FechaEmision>');
      expect(row!.unsignedXml).toContain(`<eNCF>E3100000009${1 + i}0</eNCF>`);
    }
  });

  it('a file that is not a workbook → 400; nothing stored', async () => {
    const before = await rowCounts();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/certification/test-sets',
      ...workbookForm(Buffer.from('no soy un excel'), 'set.xlsx'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'file', message: expect.stringMatching(/Excel/) }]);
    expect(await rowCounts()).toEqual(before);
  });

  it('failing rules → 422 naming each case and field; nothing stored, nothing sent', async () => {
    const before = await rowCounts();
    const posts = dgii.state.submissions.length;
    const res = await importSet({
      sequenceStart: 950,
      broken: true,
      overrides: { 'E43-01': { TipoPago: '7' }, 'E45-01': { RNCEmisor: '101850043' } },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Array<{ field: string; message: string }>;
    expect(errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['E32-250K · RNCComprador', 'E43-01 · TipoPago', 'E45-01 · RNCEmisor']),
    );
    expect(errors.find((e) => e.field === 'E43-01 · TipoPago')!.message).toMatch(
      /^Caso E43-01 \(fila \d+\), TipoPago: /,
    );
    expect(await rowCounts()).toEqual(before);
    expect(dgii.state.submissions.length).toBe(posts);
  });

  it('a set for another RNC → 422 naming the cases', async () => {
    const res = await importSet({ issuerRnc: '131246796', sequenceStart: 960 });
    expect(res.statusCode).toBe(422);
    const fields = (res.json().errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toHaveLength(DGII_ORDER.length);
    expect(fields.every((f) => f.endsWith('· RNCEmisor'))).toBe(true);
  });
});

describe('sending', () => {
  it('sends in the DGII order, each e-NCF once, signed at send time, values exactly as in the workbook, valid XSD', async () => {
    const set = await imported({ sequenceStart: 1 });
    const started = await send(set._id);
    expect(started.status).toBe('sending');
    const [sentEntry] = await app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'fiscal.certification_set_sent'),
          sql`${auditLog.metadata}->>'setId' = ${set._id}`,
        ),
      );
    expect(sentEntry).toBeDefined();
    const done = await drive(set._id);
    expect(done.status).toBe('completed');
    expect(done.advice).toMatch(/aceptó todos los casos/);
    expect(done.cases.every((c) => c.status === 'accepted')).toBe(true);

    // Order: reception posts then FC summaries follow the positions.
    const encfs = done.cases.map((c) => c.encf);
    const sentOrder = [
      ...dgii.state.submissions
        .filter((s) => encfs.includes(s.encf))
        .map((s) => ({ encf: s.encf, at: s.at })),
      ...dgii.state.summaries.filter((s) => encfs.includes(s.encf)).map((s) => ({ encf: s.encf, at: s.at })),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(sentOrder.map((s) => s.encf)).toEqual(encfs);
    for (const e of encfs) expect(postsOf(e)).toBe(1);

    const cases = testSetCases({ issuerRnc: rnc, sequenceStart: 1 });
    for (const c of done.cases) {
      const fixture = cases.find((f) => f.caseNumber === c.caseNumber)!;
      const [row] = await app.db
        .select()
        .from(ecfCertificationCases)
        .where(eq(ecfCertificationCases.id, c._id));
      const e32 = row!.signedXml!;
      expect(verifyXmlSignature(e32)).toMatchObject({ valid: true });
      expect(await validateAgainstDgiiXsd(e32, `ECF-${c.documentType.slice(1)}` as DgiiSchema)).toEqual([]);
      expect(c.securityCode).toBe(securityCodeOf(e32));
      const sentXml =
        c.channel === 'rfce'
          ? dgii.state.summaries.find((s) => s.encf === c.encf)!.xml
          : dgii.state.submissions.find((s) => s.encf === c.encf)!.xml;
      expect(sentXml).toBe(c.channel === 'rfce' ? row!.summaryXml : e32);
      if (c.channel === 'rfce') {
        expect(await validateAgainstDgiiXsd(sentXml, 'RFCE-32')).toEqual([]);
        expect(sentXml).toContain(`<CodigoSeguridadeCF>${c.securityCode}</CodigoSeguridadeCF>`);
      }
      // Every cell of the row is an element of the full e-CF with exactly the workbook's text.
      const texts = leaves(e32);
      for (const [header, cell] of Object.entries(fixture.cells)) {
        const name = header === 'ENCF' ? 'eNCF' : header.replace(/\[\d+\]/g, '').replace(/DoR$/, '');
        expect(
          texts.some(([n, t]) => n === name && t === cellTextOf(cell)),
          `${c.caseNumber} ${header}`,
        ).toBe(true);
      }
      expect(e32).toMatch(/<FechaHoraFirma>\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}<\/FechaHoraFirma>/);
    }

    // The XML download is the document as sent.
    const rfce = done.cases.find((c) => c.channel === 'rfce')!;
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/fiscal/certification/test-sets/${set._id}/cases/${rfce._id}/xml`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.headers['content-disposition']).toContain(`${rnc}${rfce.encf}.xml`);
    expect(res.body).toBe(dgii.state.summaries.find((s) => s.encf === rfce.encf)!.xml);

    // A finished set is not sent again.
    const again = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/fiscal/certification/test-sets/${set._id}/send`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('the same e-NCF in a new set is never posted again: the run stops saying so', async () => {
    const posts = dgii.state.submissions.length + dgii.state.summaries.length;
    const set = await imported({ sequenceStart: 1 });
    await send(set._id);
    const done = await drive(set._id);
    expect(done.status).toBe('stopped');
    expect(done.advice).toMatch(/ya se envió a la DGII en otro set/);
    expect(done.cases.every((c) => c.status === 'not_sent')).toBe(true);
    expect(dgii.state.submissions.length + dgii.state.summaries.length).toBe(posts);
  });

  it('two runners racing post each e-NCF exactly once', async () => {
    const set = await imported({ sequenceStart: 100 });
    await send(set._id);
    const done = await drive(set._id, [runner(), runner(), runner()]);
    expect(done.status).toBe('completed');
    for (const c of done.cases) expect(postsOf(c.encf), c.encf).toBe(1);
  });

  it('the first rejection stops the run: the case shows the DGII messages, later cases are not sent, advice says what to do', async () => {
    const set = await imported({ sequenceStart: 200 });
    const third = set.cases[2]!;
    dgii.rejectNext(third.encf, [{ codigo: 7, valor: 'El RNC del comprador no está registrado.' }]);
    await send(set._id);
    const done = await drive(set._id);
    expect(done.status).toBe('stopped');
    expect(done.cases.slice(0, 2).map((c) => c.status)).toEqual(['accepted', 'accepted']);
    expect(done.cases[2]).toMatchObject({
      status: 'rejected',
      dgiiMessages: [{ code: '7', message: 'El RNC del comprador no está registrado.' }],
    });
    expect(done.cases.slice(3).every((c) => c.status === 'not_sent')).toBe(true);
    for (const c of done.cases.slice(3)) expect(postsOf(c.encf)).toBe(0);
    expect(done.advice).toMatch(/E32-250K/);
    expect(done.advice).toMatch(/solicita un nuevo set de pruebas/);
  });

  it('a DGII outage keeps the case and retries later with back-off, then finishes', async () => {
    const set = await imported({ sequenceStart: 300 });
    await send(set._id);
    dgii.setOutage({ service: 'all', mode: '503' });
    await runner().pass();
    let now = await getSet(set._id);
    expect(now.status).toBe('sending');
    expect(now.cases[0]!.status).not.toBe('rejected');
    const [row] = await app.db
      .select()
      .from(ecfCertificationSets)
      .where(eq(ecfCertificationSets.id, set._id));
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    dgii.setOutage(false);
    now = await drive(set._id);
    expect(now.status).toBe('completed');
    for (const c of now.cases) expect(postsOf(c.encf)).toBe(1);
  });
});

describe('approvals (ACECF)', () => {
  it('imports the approvals workbook and sends each ACECF at once; answers are immediate', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/certification/approval-sets',
      ...workbookForm(
        await buildApprovalWorkbook({ buyerRnc: rnc, sequenceStart: 500 }),
        'aprobaciones.xlsx',
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const set = res.json().data.testSet as CertificationTestSet;
    expect(set).toMatchObject({ kind: 'approval', status: 'sending', fileName: 'aprobaciones.xlsx' });
    expect(set.cases.map((c) => [c.channel, c.documentType, c.position])).toEqual([
      ['acecf', 'ACECF', 1],
      ['acecf', 'ACECF', 2],
      ['acecf', 'ACECF', 3],
    ]);
    const done = await drive(set._id);
    expect(done.status).toBe('completed');
    expect(done.cases.every((c) => c.status === 'accepted')).toBe(true);
    const sent = dgii.state.approvals.filter((a) => done.cases.some((c) => c.encf === a.encf));
    expect(sent.map((a) => a.estado)).toEqual(['1', '2', '1']);
    for (const a of sent) expect(await validateAgainstDgiiXsd(a.xml, 'ACECF')).toEqual([]);
    expect(sent[1]!.xml).toContain(
      '<DetalleMotivoRechazo>Montos no corresponden a lo pactado</DetalleMotivoRechazo>',
    );
    expect(sent[1]!.xml).toContain('<MontoTotal>2360.50</MontoTotal>');
    expect(sent[2]!.xml).toContain(
      '<FechaHoraAprobacionComercial>05-04-2026 10:15:00</FechaHoraAprobacionComercial>',
    );
  });

  it('an approvals workbook for another buyer → 422; nothing stored', async () => {
    const before = await rowCounts();
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/certification/approval-sets',
      ...workbookForm(await buildApprovalWorkbook({ buyerRnc: '131246796', sequenceStart: 600 })),
    });
    expect(res.statusCode).toBe(422);
    expect((res.json().errors as Array<{ field: string }>).map((e) => e.field)).toEqual([
      'E310000000600 · RNCComprador',
      'E310000000601 · RNCComprador',
      'E330000000600 · RNCComprador',
    ]);
    expect(await rowCounts()).toEqual(before);
  });
});
