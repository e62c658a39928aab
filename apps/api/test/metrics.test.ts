import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.js';
import { createTestApp, DEMO, injectAs, login, testConfig, uniqueIp } from './helpers.js';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** The value of one sample of the Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics (issue 29, decision 144)', () => {
  let app: FastifyInstance;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'agencia-metrics-'));
    app = await createTestApp({
      metricsToken: TOKEN,
      dataDir,
      backup: { ...testConfig().backup, dir: join(dataDir, 'backups') },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    };
  };

  it('answers only with the bearer token', async () => {
    for (const authorization of ['', 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const refused = await scrape(authorization);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.text)).toMatchObject({
        success: false,
        message: 'Token de métricas inválido o ausente',
      });
      expect(refused.text).not.toContain('http_request_duration_seconds');
    }
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    // Node process metrics (prom-client's defaults).
    expect(sample(ok.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(ok.text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('the counters move while requests run', async () => {
    const healthSeries = { method: 'GET', route: '/api/health', status_code: '200' };
    const before = (await scrape()).text;
    const healthBefore = sample(before, 'http_request_duration_seconds_count', healthSeries) ?? 0;
    const queriesBefore = sample(before, 'agencia_db_query_duration_seconds_count', { outcome: 'ok' }) ?? 0;
    const loginFailuresBefore = sample(before, 'agencia_login_failures_total') ?? 0;

    // Ten health checks, two failed sign-ins and an unknown route, scraped while they run.
    const traffic = Promise.all([
      ...Array.from({ length: 10 }, () => fetch(`${base}/api/health`).then((r) => r.status)),
      ...[1, 2].map(() =>
        app
          .inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: DEMO.admin, password: 'clave-equivocada' },
            remoteAddress: uniqueIp(),
          })
          .then((r) => r.statusCode),
      ),
      fetch(`${base}/api/no-such-route`).then((r) => r.status),
    ]);
    const during = await scrape();
    expect(during.status).toBe(200);
    expect(await traffic).toEqual([...Array(10).fill(200), 401, 401, 404]);

    const after = (await scrape()).text;
    expect(sample(after, 'http_request_duration_seconds_count', healthSeries)).toBe(healthBefore + 10);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...healthSeries, le: '+Inf' })).toBe(
      healthBefore + 10,
    );
    expect(sample(after, 'http_request_duration_seconds_sum', healthSeries)).toBeGreaterThan(0);
    expect(
      sample(after, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/auth/login',
        status_code: '401',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(after, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'agencia_login_failures_total')).toBe(loginFailuresBefore + 2);
    expect(sample(after, 'agencia_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(
      queriesBefore,
    );
    // The PostgreSQL pool (TEST_DATABASE_URL); PGlite has one embedded connection and no pool.
    const poolTotal = sample(after, 'agencia_db_pool_connections', { state: 'total' });
    if (app.database.driver === 'postgres') expect(poolTotal).toBeGreaterThanOrEqual(1);
    else expect(poolTotal).toBeUndefined();
  });

  it('counts the answer cache: a computed answer is stored, a repeat on PGlite is a hit', async () => {
    const before = (await scrape()).text;
    const storesBefore = sample(before, 'agencia_answer_cache_stores_total') ?? 0;
    const hitsBefore = sample(before, 'agencia_answer_cache_hits_total') ?? 0;
    const admin = await login(app, DEMO.admin);
    const url = `/api/clients?search=${Date.now()}`;
    for (let i = 0; i < 2; i++)
      expect((await injectAs(app, admin.token, { method: 'GET', url })).statusCode).toBe(200);
    const after = (await scrape()).text;
    expect(sample(after, 'agencia_answer_cache_stores_total')).toBeGreaterThan(storesBefore);
    // On PostgreSQL other test files' commits may move the snapshot between the two reads.
    if (app.database.driver === 'pglite')
      expect(sample(after, 'agencia_answer_cache_hits_total')).toBe(hitsBefore + 1);
  });

  it('reports the queues as the database holds them, and e-mail failures', async () => {
    await app.db.insert(emailOutbox).values([
      { to: 'a@demo.do', subject: 'Uno', text: 'uno', createdAt: new Date(Date.now() - 120_000) },
      { to: 'b@demo.do', subject: 'Dos', text: 'dos', status: 'failed', attempts: 8 },
    ]);
    const [queued] = await app.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'queued'));
    const [failed] = await app.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'failed'));
    const text = (await scrape()).text;
    expect(sample(text, 'agencia_queue_depth', { queue: 'mail' })).toBe(Number(queued?.n));
    expect(sample(text, 'agencia_queue_oldest_age_seconds', { queue: 'mail' })).toBeGreaterThanOrEqual(119);
    expect(sample(text, 'agencia_queue_depth', { queue: 'ecf' })).toBe(0);
    expect(sample(text, 'agencia_queue_depth', { queue: 'jobs' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'agencia_email_failed_messages')).toBe(Number(failed?.n));
  });

  it('reports the age of the newest backup archive, NaN before the first', async () => {
    expect(sample((await scrape()).text, 'agencia_backup_last_age_seconds')).toBeNaN();
    const backups = join(dataDir, 'backups');
    mkdirSync(backups, { recursive: true });
    const old = join(backups, 'agencia-2026-01-01.tar.gz');
    const newer = join(backups, 'agencia-2026-01-02.tar.gz');
    writeFileSync(old, 'x');
    writeFileSync(newer, 'x');
    writeFileSync(join(backups, 'agencia-2026-01-03.tar.gz.partial'), 'x'); // still being written
    const hour = Date.now() / 1000 - 3600;
    utimesSync(old, hour - 86_400, hour - 86_400);
    utimesSync(newer, hour, hour);
    const age = sample((await scrape()).text, 'agencia_backup_last_age_seconds');
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is off', async () => {
    const app = await createTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(response.statusCode).toBe(404);
    expect(app.metrics).toBeNull();
  });
});
