import type { Session } from '@agencia/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { startDirectEcfApp } from '../../../test/direct-ecf.js';
import { type FakeDgii, startFakeDgii } from '../../../test/fake-dgii.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs } from '../../../test/helpers.js';
import { ecfAnnulments, ecfDocuments } from '../../db/schema/index.js';
import { EcfSender } from './ecf-sender.js';
import { storeDgiiToken } from './ecf-settings.service.js';

// "Sending must never stall" (issue 41, decision 157): after an outage of the DGII every pending
// e-CF goes out in the next pass, posted once, in TesteCF and in CerteCF (no consulta de trackIds).

let testecf: FakeDgii;
let certecf: FakeDgii;
let app: FastifyInstance, admin: Session, client: Session;
const { issue, activeOf } = fiscalCalls(() => ({ app, admin }));

beforeAll(async () => {
  ({ app, admin, client, dgii: testecf } = await startDirectEcfApp());
  certecf = await startFakeDgii({
    environment: 'CerteCF',
    validate: validateAgainstDgiiXsd,
    processingPolls: 1,
  });
});

afterAll(async () => {
  await testecf.close();
  await certecf.close();
});

beforeEach(async () => {
  testecf.setOutage(false);
  certecf.setOutage(false);
  // The two fakes share the stored token: each test starts without one.
  await storeDgiiToken({ db: app.db, config: app.ecfConfig, token: null });
});

/** A sender against `dgii` (the app's configuration points at the TesteCF fake). */
function sender(dgii: FakeDgii = testecf, timeoutMs = 5_000) {
  return new EcfSender(
    app.db,
    {
      ...app.ecfConfig,
      environment: dgii.environment,
      ecfBaseUrl: dgii.ecfBaseUrl,
      fcBaseUrl: dgii.fcBaseUrl,
    },
    () => {},
    undefined,
    { timeoutMs },
  );
}
async function issueE31(): Promise<string> {
  const draft = await createInvoiceVia(
    app,
    admin.token,
    invoicePayload(client.user.clientId!, { documentType: 'E31' }),
  );
  const res = await issue(draft._id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invoice.ncf;
}
async function rowOf(encf: string) {
  const [row] = await app.db.select().from(ecfDocuments).where(eq(ecfDocuments.encf, encf));
  return row!;
}
/** Passes, moving the clock past each poll wait, until `encf` is decided (at most `max`). */
async function drive(s: EcfSender, encf: string, from = Date.now(), max = 6) {
  let clock = from;
  for (let i = 0; i < max; i++) {
    const row = await rowOf(encf);
    if (['accepted', 'conditionally_accepted', 'rejected'].includes(row.status)) return row;
    clock += 10 * 60_000;
    await s.pass(new Date(clock));
  }
  return rowOf(encf);
}
const submissionsOf = (dgii: FakeDgii, encf: string) => dgii.state.submissions.filter((s) => s.encf === encf);
const trackIdQueries = (dgii: FakeDgii, since: number) =>
  dgii.requests.slice(since).filter((r) => r.path.toLowerCase().includes('/consultatrackids/'));

describe('a definite failure (the DGII answered 503): the e-CF was not received and is posted again', () => {
  for (const env of ['TesteCF', 'CerteCF'] as const) {
    it(`${env}: issued during the outage, it goes out in the first pass after the DGII is back and ends accepted, posted once`, async () => {
      const dgii = env === 'TesteCF' ? testecf : certecf;
      const s = sender(dgii);
      const encf = await issueE31();
      dgii.setOutage({ service: 'all', mode: '503' });
      const t0 = Date.now();
      await s.pass(new Date(t0));
      const failed = await rowOf(encf);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, trackId: null, submittedAt: null });
      expect(failed.lastError).toMatch(/HTTP 503/);
      expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(t0 + 20_000);

      dgii.setOutage(false);
      const since = dgii.requests.length;
      // The next pass, well before the document's own back-off ends.
      await s.pass(new Date(t0 + 1_000));
      expect(await rowOf(encf)).toMatchObject({ status: 'sent', trackId: expect.any(String) });
      expect(trackIdQueries(dgii, since)).toEqual([]);
      const done = await drive(s, encf, t0 + 1_000);
      expect(done.status).toBe('accepted');
      expect(submissionsOf(dgii, encf)).toHaveLength(1);
    });
  }
});

describe('an uncertain failure (no answer): the DGII is asked first, when it can be', () => {
  it('TesteCF, a timeout after the DGII received it: adopts its trackId, posted exactly once', async () => {
    const s = sender(testecf, 1_500);
    const encf = await issueE31();
    testecf.setOutage({ service: 'reception', mode: 'timeout-after' });
    const t0 = Date.now();
    await s.pass(new Date(t0));
    const lost = await rowOf(encf);
    expect(lost).toMatchObject({ status: 'pending', trackId: null });
    expect(lost.submittedAt).not.toBeNull();
    expect(submissionsOf(testecf, encf)).toHaveLength(1);

    testecf.setOutage(false);
    const since = testecf.requests.length;
    await s.pass(new Date(t0 + 1_000));
    expect(trackIdQueries(testecf, since).map((r) => r.status)).toEqual([200]);
    expect((await rowOf(encf)).trackId).toBe(submissionsOf(testecf, encf)[0]!.trackId);
    expect((await drive(s, encf, t0 + 1_000)).status).toBe('accepted');
    expect(submissionsOf(testecf, encf)).toHaveLength(1);
  });

  it('TesteCF, a reset before the DGII read it: "No encontrado" → posted again, once, and accepted', async () => {
    const s = sender(testecf);
    const encf = await issueE31();
    testecf.setOutage({ service: 'reception', mode: 'reset' });
    const t0 = Date.now();
    await s.pass(new Date(t0));
    expect((await rowOf(encf)).submittedAt).not.toBeNull();
    expect(submissionsOf(testecf, encf)).toHaveLength(0);

    testecf.setOutage(false);
    const since = testecf.requests.length;
    await s.pass(new Date(t0 + 1_000));
    expect(trackIdQueries(testecf, since).map((r) => r.status)).toEqual([200]);
    expect((await drive(s, encf, t0 + 1_000)).status).toBe('accepted');
    expect(submissionsOf(testecf, encf)).toHaveLength(1);
  });

  it('CerteCF, a timeout: the missing consulta de trackIds (404) means not received → posted again and accepted', async () => {
    const s = sender(certecf, 1_500);
    const encf = await issueE31();
    certecf.setOutage({ service: 'reception', mode: 'timeout' });
    const t0 = Date.now();
    await s.pass(new Date(t0));
    expect((await rowOf(encf)).submittedAt).not.toBeNull();

    certecf.setOutage(false);
    const since = certecf.requests.length;
    await s.pass(new Date(t0 + 1_000));
    expect(trackIdQueries(certecf, since).map((r) => r.status)).toEqual([404]);
    expect(await rowOf(encf)).toMatchObject({ status: 'sent', lastError: null });
    expect((await drive(s, encf, t0 + 1_000)).status).toBe('accepted');
    expect(submissionsOf(certecf, encf)).toHaveLength(1);
  });
});

describe('documents waiting in back-off', () => {
  it('three documents 10+ minutes from their next try all go out in one pass once the DGII answers', async () => {
    const s = sender();
    const encfs = [await issueE31(), await issueE31(), await issueE31()];
    testecf.setOutage({ service: 'all', mode: '503' });
    const t0 = Date.now();
    await s.pass(new Date(t0));
    // A long outage: the back-off has grown (attempts 6 → 16 minutes).
    await app.db
      .update(ecfDocuments)
      .set({ attempts: 6, nextAttemptAt: new Date(t0 + 16 * 60_000) })
      .where(inArray(ecfDocuments.encf, encfs));
    testecf.setOutage(false);

    const pass = await s.pass(new Date(t0 + 2_000));
    expect(pass.submitted).toBe(3);
    for (const encf of encfs) {
      expect(await rowOf(encf)).toMatchObject({
        status: 'sent',
        trackId: expect.any(String),
        lastError: null,
      });
      expect(submissionsOf(testecf, encf)).toHaveLength(1);
    }
    for (const encf of encfs) expect((await drive(s, encf, t0 + 2_000)).status).toBe('accepted');
    for (const encf of encfs) expect(submissionsOf(testecf, encf)).toHaveLength(1);
  });

  it('while the DGII stays down, a pass with nothing due tries only the document whose turn is nearest', async () => {
    const s = sender();
    const encfs = [await issueE31(), await issueE31()];
    testecf.setOutage({ service: 'all', mode: '503' });
    const t0 = Date.now();
    await s.pass(new Date(t0));
    const since = testecf.requests.length;
    const pass = await s.pass(new Date(t0 + 1_000));
    expect(pass).toEqual({ submitted: 0, decided: 0, retried: 1 });
    // One request (the seed or the post, whether a token is stored), answered 503.
    expect(testecf.requests.slice(since)).toHaveLength(1);
    testecf.setOutage(false);
    await s.pass(new Date(t0 + 2_000));
    for (const encf of encfs) expect((await drive(s, encf, t0 + 2_000)).status).toBe('accepted');
  });

  it('an ANECF waiting in back-off is delivered in the first pass after the DGII is back', async () => {
    const e31 = await activeOf('E31');
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/fiscal/sequences/${e31!._id}/void`,
      payload: { count: 1, annulmentType: '04', reason: 'Número saltado por error' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [voided] = res.json().data.voids.map((v: { ncf: string }) => v.ncf);
    const s = sender();
    testecf.setOutage({ service: 'void', mode: '503' });
    const t0 = Date.now();
    await s.pass(new Date(t0));
    const [waiting] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.encfFrom, voided));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(t0 + 20_000);
    testecf.setOutage(false);
    await s.pass(new Date(t0 + 1_000));
    const [done] = await app.db.select().from(ecfAnnulments).where(eq(ecfAnnulments.id, waiting!.id));
    expect(done!.status).toBe('accepted');
    expect(testecf.state.voids.flatMap((v) => v.encfs)).toContain(voided);
  });
});
