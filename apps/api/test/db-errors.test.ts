import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { databaseError } from '../src/plugins/error-handler.js';
import { DEMO, freshDatabase, injectAs, login, testConfig } from './helpers.js';

/** Issue 13: database errors log their SQLSTATE only; an unreachable database answers 503. */
describe('database errors', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await freshDatabase();
    app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database,
      closeDatabase: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('a failing insert of a user logs the SQLSTATE, never the e-mail nor the password hash', async () => {
    const admin = await login(app, DEMO.admin);
    await app.db.execute(
      sql`alter table users add constraint fuzz_no_boom check (email <> 'boom@example.do')`,
    );
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Boom',
        lastName: 'Prueba',
        email: 'boom@example.do',
        password: 'Segura123',
        role: 'employee',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Error interno del servidor',
      code: 'INTERNAL_ERROR',
    });
    const log = lines.join('');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('"constraint":"fuzz_no_boom"');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('boom@example.do');
  });
});

describe('databaseError', () => {
  it('reads the SQLSTATE through the Drizzle wrapper and spots an unreachable database', () => {
    const wrapped = {
      query: 'insert into "users" ("email") values ($1)',
      params: ['a@b.do'],
      cause: { code: '23505', constraint: 'users_email_uq', table: 'users' },
    };
    expect(databaseError(wrapped)).toEqual({
      code: '23505',
      constraint: 'users_email_uq',
      table: 'users',
      statement: 'insert into "users"',
      unavailable: false,
    });
    expect(databaseError({ query: 'select 1', cause: { code: 'ECONNREFUSED' } })?.unavailable).toBe(true);
    expect(
      databaseError({ query: 'select 1', cause: new Error('Connection terminated unexpectedly') })
        ?.unavailable,
    ).toBe(true);
    expect(databaseError(new Error('boom'))).toBeNull();
  });
});

/** PostgreSQL only: the app's connections are terminated mid-run; requests answer 503, then recover. */
describe.runIf(Boolean(inject('pgTemplateUrl')))('database outage on PostgreSQL', () => {
  let app: FastifyInstance;
  let dbName: string;
  beforeAll(async () => {
    const database = await freshDatabase();
    app = await buildApp({ config: testConfig(), database, closeDatabase: true, logger: false });
    await app.ready();
    const result = (await app.db.execute(sql`select current_database() as db`)) as unknown as {
      rows: Array<{ db: string }>;
    };
    dbName = result.rows[0]!.db;
  });
  afterAll(() => app.close());

  it('answers 503 with Retry-After while connections are refused, and recovers by itself', async () => {
    const admin = await login(app, DEMO.admin);
    const url = new URL(inject('pgTemplateUrl')!);
    url.pathname = '/postgres';
    const su = new pg.Client({ connectionString: url.toString() });
    await su.connect();
    try {
      await su.query(`alter database "${dbName}" with allow_connections false`);
      await su.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      const down = await injectAs(app, admin.token, { method: 'GET', url: '/api/projects' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await su.query(`alter database "${dbName}" with allow_connections true`);
      await su.end();
    }
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await injectAs(app, admin.token, { method: 'GET', url: '/api/projects' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});
