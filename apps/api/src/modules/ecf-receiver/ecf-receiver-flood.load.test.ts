import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { startDemoApp, testConfig } from '../../../test/helpers.js';
import { saveCertificate } from '../ecf/ecf-settings.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { multipartXml, receiverToken, signedSupplierEcf } from './ecf-receiver.test-kit.js';

/*
 * Issue 43, item 1: one anonymous request of 1.9 MB with 280,000 nested elements posted to
 * /fe/autenticacion/api/validacioncertificado froze the app for seconds, and six in parallel for
 * 52 s. This load test hammers the public receiver over real HTTP from another thread — the nested
 * flood (as reported, and a smaller one under the route's size limit), and large e-CF that pass
 * every cheap check and must be parsed and verified — while the test probes /api/health. The one
 * timed check the issue asks for: the health probes' 95th percentile stays under 200 ms. The
 * percentile (not the maximum) keeps it robust on a busy 2-core machine, where a probe may lose
 * the CPU for a moment for reasons that have nothing to do with the receiver.
 */

const FLOOD_MS = 5_000;
const PROBE_EVERY_MS = 40;
const P95_LIMIT_MS = 200;
const MAX_ATTEMPTS = 3;
/** Each flood lane sends at most one request every this many ms (6 lanes: up to 240 a second). */
const LANE_PACE_MS = 25;

/** The flood, in its own thread so its work is not counted against the server's event loop. */
const FLOOD_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { origin, floods, durationMs } = workerData;
const PACE_MS = ${LANE_PACE_MS};
const counts = {};
const end = Date.now() + durationMs;
let n = 0;
const note = (key) => { counts[key] = (counts[key] || 0) + 1; };
async function loop(f, lane) {
  while (Date.now() < end) {
    n++;
    const started = Date.now();
    try {
      const res = await fetch(origin + f.path, {
        method: 'POST',
        body: f.payload,
        // Another address each time: the per-IP limits are not what this test is about.
        headers: { ...f.headers, 'x-forwarded-for': '10.43.' + lane + '.' + ((n % 250) + 1) },
        // Requests still waiting when the flood ends are dropped.
        signal: AbortSignal.timeout(Math.max(1, end - Date.now() + 250)),
      });
      await res.arrayBuffer();
      note(f.name + ' ' + res.status);
    } catch (err) {
      note(f.name + ' ' + (err.name === 'TimeoutError' ? 'still waiting at the end' : 'connection closed'));
    }
    // At most one request every PACE_MS per lane: the per-IP limits are bypassed here, so an
    // unpaced loop of instantly refused requests would measure raw request throughput (any route
    // suffers that), not what the receiver does with what it is sent.
    const rest = started + PACE_MS - Date.now();
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
  }
}
Promise.all(floods.flatMap((f, i) => Array.from({ length: f.parallel }, (_, k) => loop(f, i * 10 + k))))
  .then(() => parentPort.postMessage(counts));
`;

interface Flood {
  name: string;
  path: string;
  payload: Buffer;
  headers: Record<string, string>;
  parallel: number;
}

function runFlood(origin: string, floods: Flood[]): Promise<Record<string, number>> {
  const worker = new Worker(FLOOD_WORKER, {
    eval: true,
    workerData: { origin, floods, durationMs: FLOOD_MS },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (counts: Record<string, number>) => {
      void worker.terminate();
      resolve(counts);
    });
    worker.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Health probes on a fixed schedule, one every {@link PROBE_EVERY_MS} for `ms`, each timed from
 * when it was due — not from when a busy event loop got round to sending it — so a blocked loop
 * shows as the wait a visitor arriving then would have had (no coordinated omission).
 */
async function probe(ms: number): Promise<{ latencies: number[]; failures: string[] }> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const t0 = performance.now();
  const one = async (due: number) => {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(`status ${res.status}`);
    } catch (err) {
      failures.push((err as Error).name);
    }
    latencies.push(performance.now() - due);
  };
  const probes: Array<Promise<void>> = [];
  for (let at = 0; at < ms; at += PROBE_EVERY_MS) probes.push(one(t0 + at));
  await Promise.all(probes);
  return { latencies, failures };
}

/** One measurement: probes alone (the machine's baseline), then probes during the floods. */
async function measure(floods: Flood[]) {
  const baseline = await probe(1_500);
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const flooding = runFlood(origin, floods);
  // Probes start once the flood is under way and stop before it ends.
  await new Promise((r) => setTimeout(r, 300));
  const { latencies, failures } = await probe(FLOOD_MS - 500);
  const counts = await flooding;
  loopDelay.disable();
  const sorted = [...latencies].sort((a, b) => a - b);
  const base = [...baseline.latencies].sort((a, b) => a - b);
  const stats = {
    baselineP95Ms: Math.round(percentile(base, 95)),
    probes: sorted.length,
    medianMs: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    maxMs: Math.round(sorted.at(-1)!),
    // How long the server's event loop was ever blocked (tells blocking from CPU contention).
    eventLoopDelayMaxMs: Math.round(loopDelay.max / 1e6),
    eventLoopDelayP99Ms: Math.round(loopDelay.percentile(99) / 1e6),
  };
  return { stats, counts, failures };
}

let app: FastifyInstance;
let origin: string;
let token: string;
let ourRnc: string;
const ours = makeTestPkcs12();
const supplierCert = makeTestPkcs12({ commonName: 'SUMINISTROS & OFICINA SRL' });
const supplier = { privateKeyPem: supplierCert.privateKeyPem, certificatePem: supplierCert.certificatePem };

beforeAll(async () => {
  ({ app } = await startDemoApp({ trustProxy: true }));
  await saveCertificate({
    db: app.db,
    ctx: { actorId: null },
    config: testConfig().ecf,
    file: ours.p12,
    password: ours.password,
  });
  ourRnc = ((await getCompanySettings(app.db)).taxId ?? '').replace(/\D/g, '');
  token = await receiverToken(app, supplier);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('the public receiver under a flood', () => {
  it(`keeps /api/health answering within ${P95_LIMIT_MS} ms (95th percentile) while hammered`, async () => {
    // As reported: 1.9 MB, 280,000 nested elements, no token.
    const nestedHuge = `<SemillaModel>${'<a>'.repeat(280_000)}${'</a>'.repeat(280_000)}</SemillaModel>`;
    // Under the route's size limit: only the shape check can refuse it.
    const nestedSmall = `<SemillaModel>${'<a>'.repeat(4_000)}${'</a>'.repeat(4_000)}</SemillaModel>`;
    // A well-shaped e-CF of 1.9 MB (6,000 lines) with a token: it passes every cheap check and must
    // be parsed and its signature verified (seconds of work, all of it in the receiver's worker).
    const small = signedSupplierEcf(supplier, { buyerRnc: ourRnc, encf: 'E310000009001' });
    const item = /<Item>.*<\/Item>/.exec(small)![0];
    const heavyEcf = small.replace(item, item.repeat(6_000));
    const flood = (name: string, path: string, xml: string, parallel: number, bearer = false): Flood => {
      const body = multipartXml(xml);
      return {
        name,
        path,
        payload: body.payload,
        headers: { ...body.headers, ...(bearer ? { authorization: `Bearer ${token}` } : {}) },
        parallel,
      };
    };
    const floods = [
      // Six in parallel, as reported.
      flood('nested 1.9 MB', '/fe/autenticacion/api/validacioncertificado', nestedHuge, 2),
      flood('nested 28 KB', '/fe/autenticacion/api/validacioncertificado', nestedSmall, 2),
      flood('e-CF 1.9 MB', '/fe/recepcion/api/ecf', heavyEcf, 2, true),
    ];

    // Warm up: the health route and the receiver's worker thread.
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    const warm = await app.inject({
      method: 'POST',
      url: '/fe/recepcion/api/ecf',
      ...multipartXml(small),
      headers: { ...multipartXml(small).headers, authorization: `Bearer ${token}` },
    });
    expect(warm.statusCode, warm.body).toBe(200);

    // Up to three measurements: other work on a small shared machine can slow one of them; a
    // receiver that blocks the event loop fails every one (before the fix: p95 of about 55 s).
    const attempts: string[] = [];
    let passed = false;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !passed; attempt++) {
      const { stats, counts, failures } = await measure(floods);
      const summary = `attempt ${attempt}: health probes ${JSON.stringify(stats)}; flood answers ${JSON.stringify(counts)}`;
      console.info(summary);
      attempts.push(summary);
      expect(failures, summary).toEqual([]);
      // The floods were really sent, and refused cheaply or handed to the worker.
      expect(counts['nested 28 KB 400'] ?? 0, summary).toBeGreaterThan(0);
      passed = stats.p95Ms < P95_LIMIT_MS;
    }
    expect(
      passed,
      `/api/health answered slower than ${P95_LIMIT_MS} ms at the 95th percentile while the receiver was flooded, in every attempt:\n${attempts.join('\n')}`,
    ).toBe(true);

    // The receiver itself answers again once the flood is over.
    const after = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla' });
    expect(after.statusCode).toBe(200);
  }, 120_000);
});
