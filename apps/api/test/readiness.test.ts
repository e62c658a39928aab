import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, freshDatabase, testConfig } from './helpers.js';

describe('readiness /api/health/ready (issue 29, decision 144)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });

  it('is ready when the database answers and every migration is applied', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { status: 'ready', database: 'up', migrations: 'current', redis: 'not_configured' },
    });
  });

  // Last on this app: it leaves the database one migration behind.
  it('answers 503 while a migration of this build is missing, and liveness stays 200', async () => {
    // The database as an older build left it: its newest migration not applied.
    await app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: 'El servicio aún no está listo para recibir tráfico',
      code: 'SERVICE_UNAVAILABLE',
      errors: [{ field: 'migrations', message: 'Faltan 1 migraciones por aplicar en la base de datos' }],
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 from the moment the process starts shutting down', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, closeDatabase: true, logger: false });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // An in-flight request holds the shutdown open while the proxy polls readiness.
    app.get('/api/test/slow', async () => {
      entered();
      await released;
      return { success: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const slow = fetch(`${base}/api/test/slow`).then((r) => r.status);
    await inHandler;
    const closed = app.close();
    const during = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status,
      () => 'refused',
    );
    // 503 (or the port already closed) while the in-flight request finishes: a proxy polling
    // readiness takes this process out of rotation.
    expect([503, 'refused']).toContain(during);
    release();
    expect(await slow).toBe(200);
    await closed;
  });
});
