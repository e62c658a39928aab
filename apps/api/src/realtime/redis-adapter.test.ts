import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, login, testConfig } from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';

/** Debian's redis-server (apt-get install redis-server); the test needs a real Redis. */
const REDIS_BIN = '/usr/bin/redis-server';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });

let redis: ChildProcess | null = null;
let database: Database;
const apps: FastifyInstance[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  if (!existsSync(REDIS_BIN)) return;
  const port = await freePort();
  redis = spawn(REDIS_BIN, ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  database = await freshDatabase();
  // Two app processes' worth of servers on one database and one Redis (ARCHITECTURE.md scaling).
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({
      config: testConfig({ redisUrl: `redis://127.0.0.1:${port}` }),
      database,
      closeDatabase: false,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
  }
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const app of apps) await app.close();
  await database?.close();
  redis?.kill();
});

describe.runIf(existsSync(REDIS_BIN))('socket.io Redis adapter', () => {
  it('delivers to a socket on server B what server A emits', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const session = await login(a, 'cliente@demo.do');
    const addr = b.server.address();
    const socket = io(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, {
      path: '/socket.io',
      auth: { token: session.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received = new Promise((resolve) => socket.once('ticket:updated', resolve));
    // Give the adapter a moment to subscribe the new room on Redis.
    await new Promise((r) => setTimeout(r, 200));
    a.realtime.toUser(session.user._id, 'ticket:updated', { ticketId: 'x' });
    await expect(received).resolves.toEqual({ ticketId: 'x' });
  });
});

describe.runIf(existsSync(REDIS_BIN))('limits shared through Redis', () => {
  it('a login blocked on server A after 10 failures is blocked on server B too', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const attempt = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'empleado@demo.do', password },
        remoteAddress: '10.77.0.1',
      });
    for (let i = 0; i < 10; i++) expect((await attempt(a, 'Incorrecta1!')).statusCode).toBe(401);
    const onB = await attempt(b, 'Demo1234!');
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
  });
});
