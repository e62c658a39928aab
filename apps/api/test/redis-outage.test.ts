import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { memorySeedLedger, redisSeedLedger } from '../src/modules/ecf-receiver/ecf-receiver-auth.js';
import { sharedOrLocalSeedLedger } from '../src/modules/ecf-receiver/ecf-receiver-ledger.js';
import { DEMO, DEMO_PASSWORD, freshDatabase, login, testConfig, uniqueIp } from './helpers.js';
import { HAS_REDIS_BIN, TestRedis } from './redis-server.js';

/**
 * Issue 43 item 2 (decision 162): a Redis outage degrades, it does not take the API down. A real
 * redis-server of this file is killed while two app processes share it, then started again.
 * Runs on both engines (the suite does not split infrastructure tests by engine; Redis is the
 * same under PGlite and PostgreSQL). Skipped only where redis-server is not installed and not on CI.
 */
const RUN = HAS_REDIS_BIN || Boolean(process.env.CI);
const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
/** The global per-address limit of these apps: small, so the fallback is seen to still limit. */
const MAX = 15;

let redis: TestRedis;
let database: Database;
const apps: FastifyInstance[] = [];
const sockets: Socket[] = [];
/** Log lines of app A (warn and above). */
const logs: string[] = [];

beforeAll(async () => {
  if (!RUN) return;
  redis = await TestRedis.start();
  database = await freshDatabase();
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({
      config: testConfig({ redisUrl: redis.url, rateLimitMax: MAX, metricsToken: TOKEN, logLevel: 'info' }),
      database,
      closeDatabase: false,
      ...(i === 0 ? { logStream: { write: (line: string) => void logs.push(line) } } : { logger: false }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const app of apps) await app.close();
  await database?.close();
  await redis?.stop();
});

const port = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

async function connectSocket(app: FastifyInstance, token: string): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port(app)}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

/** Milliseconds an inject took, with its answer. */
async function timed(app: FastifyInstance, opts: InjectOptions) {
  const started = Date.now();
  const response = await app.inject(opts);
  return { response, ms: Date.now() - started };
}

const scrape = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

/** One sample of the Prometheus text (labels as written), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

const loginAttempt = (app: FastifyInstance, remoteAddress: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO.employee, password },
    remoteAddress,
  });

describe.runIf(RUN)('Redis outage (issue 43 item 2, decision 162)', () => {
  it('is ready with Redis up', async () => {
    const [a] = apps as [FastifyInstance];
    const ready = await a.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.redis).toBe('up');
    expect(sample(await scrape(a), 'agencia_redis_up')).toBe(1);
  });

  it('with Redis stopped, requests go on, limits fall back to each process, readiness says why', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const session = await login(a, DEMO.client);
    const socket = await connectSocket(a, session.token);
    await redis.stop();

    // Answered at once, not after the client's retries (18–20 s and a 500 before decision 162).
    const ip = uniqueIp();
    const first = await timed(a, { method: 'GET', url: '/api/health', remoteAddress: ip });
    expect(first.response.statusCode).toBe(200);
    expect(first.ms).toBeLessThan(2_000);

    // The limit still holds, counted in this process's memory.
    for (let i = 1; i < MAX; i++)
      expect((await a.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode).toBe(200);
    expect((await a.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode).toBe(429);
    // …per process: the other process has its own count.
    expect((await b.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode).toBe(200);

    // The login throttle too: 10 failures from one address block that address on this process.
    const loginIp = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await loginAttempt(a, loginIp, 'Incorrecta1!')).statusCode).toBe(401);
    expect((await loginAttempt(a, loginIp, DEMO_PASSWORD)).statusCode).toBe(429);
    // …counted by this process only: the other one has not seen them.
    expect((await loginAttempt(b, loginIp, DEMO_PASSWORD)).statusCode).toBe(200);

    // The e-CF receiver's seed ledger (a seed exchanged once for a token) goes on in memory.
    const ledger = sharedOrLocalSeedLedger(redisSeedLedger(a.redis!), memorySeedLedger(), a.redisStatus!);
    expect(await ledger.claim('semilla-durante-la-caida', 60_000)).toBe(true);
    expect(await ledger.claim('semilla-durante-la-caida', 60_000)).toBe(false);

    // Realtime degrades to this process: its own sockets still get its events.
    const received = new Promise((resolve) => socket.once('ticket:updated', resolve));
    a.realtime.toUser(session.user._id, 'ticket:updated', { ticketId: 'local' });
    await expect(received).resolves.toEqual({ ticketId: 'local' });

    const ready = await timed(a, { method: 'GET', url: '/api/health/ready' });
    expect(ready.response.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(4_000);
    expect(ready.response.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      errors: [
        {
          field: 'redis',
          message:
            'Redis no está disponible: límites de peticiones e intentos de acceso por proceso, tiempo real solo en este proceso',
        },
      ],
    });

    // The proxy's check (deploy/Caddyfile): every process degrades alike, so it stays in rotation.
    const proxyCheck = await a.inject({ method: 'GET', url: '/api/health/ready?redis=optional' });
    expect(proxyCheck.statusCode).toBe(200);
    expect(proxyCheck.json().data).toMatchObject({ status: 'ready', redis: 'down' });

    const metrics = await scrape(a);
    expect(sample(metrics, 'agencia_redis_up')).toBe(0);
    expect(sample(metrics, 'agencia_redis_fallbacks_total{use="rate_limit"}')).toBeGreaterThan(0);
    expect(sample(metrics, 'agencia_redis_fallbacks_total{use="login_throttle"}')).toBeGreaterThan(0);
    expect(sample(metrics, 'agencia_redis_fallbacks_total{use="ecf_seed_ledger"}')).toBeGreaterThan(0);
    const warnings = logs.map((l) => JSON.parse(l)).filter((l) => l.level === 40);
    expect(warnings.map((l) => l.msg)).toContain(
      'redis unavailable: rate limits and the login throttle count per process, realtime reaches this process only',
    );
  });

  it('recovers by itself when Redis returns: shared limits and realtime across processes', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await redis.resume();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const ready = await a.inject({ method: 'GET', url: '/api/health/ready' });
      if (
        ready.statusCode === 200 &&
        (await b.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200
      )
        break;
      if (Date.now() > deadline) throw new Error(`still not ready: ${ready.body}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sample(await scrape(a), 'agencia_redis_up')).toBe(1);

    // Counters are in Redis again: 10 failures on A block the address on B.
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await loginAttempt(a, ip, 'Incorrecta1!')).statusCode).toBe(401);
    expect((await loginAttempt(b, ip, DEMO_PASSWORD)).statusCode).toBe(429);
    const ledger = sharedOrLocalSeedLedger(redisSeedLedger(a.redis!), memorySeedLedger(), a.redisStatus!);
    expect(await ledger.claim('semilla-compartida', 60_000)).toBe(true);
    const direct = new Redis(redis.url);
    try {
      expect((await direct.keys('fastify-rate-limit-*')).length).toBeGreaterThan(0);
      expect((await direct.keys('ecf-receiver:seed:*')).length).toBe(1);
    } finally {
      direct.disconnect();
    }

    // Realtime fans out through Redis again.
    const session = await login(a, DEMO.client);
    const socket = await connectSocket(b, session.token);
    const room = a.realtime.io.in(`user:${session.user._id}`);
    while ((await room.fetchSockets().catch(() => [])).length === 0)
      await new Promise((r) => setTimeout(r, 50));
    const received = new Promise((resolve) => socket.once('ticket:updated', resolve));
    a.realtime.toUser(session.user._id, 'ticket:updated', { ticketId: 'shared' });
    await expect(received).resolves.toEqual({ ticketId: 'shared' });
    expect(logs.map((l) => JSON.parse(l).msg)).toContain(
      'redis back: rate limits, login throttle and realtime shared again',
    );
  });
});
