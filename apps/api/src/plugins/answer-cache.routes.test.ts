import type { Session } from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../test/helpers.js';
import { createProjectVia } from '../../test/project-factories.js';
import { openDatabase } from '../db/client.js';
import { clients, projects, sessions, users } from '../db/schema/index.js';

// Decision 156: the hot reads' answers are served again only while the database holds exactly the
// data they were computed from (PGlite: the write epoch; PostgreSQL: the session read's snapshot).
// Every change below is made the way the API would not see it coming — straight SQL, another
// connection pool standing for another process, an open transaction — and must show on the very
// next request; access checks run before the cache, so nothing cached outlives a revoked session
// or a lost permission.

let app: FastifyInstance;
let admin: Session;
beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
});

const get = (token: string, url: string) => injectAs(app, token, { method: 'GET', url });

/** GET `url` as `token`: the status, the body and whether the answer came from the cache. */
async function read(token: string, url: string) {
  const before = app.answerCache.hits;
  const res = await get(token, url);
  return { status: res.statusCode, body: res.body, cached: app.answerCache.hits > before };
}

/**
 * On PGlite nothing else writes, so a repeated request is a hit. On PostgreSQL the snapshot is the
 * whole server's: the other test files' commits (other databases, same server) move it at any time,
 * so a hit there is likely, not certain — PostgreSQL's hits are proven in answer-cache.test.ts.
 */
function expectHit(result: { cached: boolean }): void {
  if (app.database.driver === 'pglite') expect(result.cached).toBe(true);
}

const firstTitle = (body: string): string => JSON.parse(body).data.projects[0].title;

describe('answer cache (decision 156)', () => {
  it('serves the same answer again, byte for byte, with the JSON content type', async () => {
    const first = await read(admin.token, '/api/projects?limit=5');
    const second = await read(admin.token, '/api/projects?limit=5');
    expect(first).toMatchObject({ status: 200, cached: false });
    expect(second).toMatchObject({ status: 200, body: first.body });
    expectHit(second);
    const res = await get(admin.token, '/api/projects?limit=5');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Another query string is another answer.
    expect((await read(admin.token, '/api/projects?limit=6')).cached).toBe(false);
  });

  it('a write through the API is in the next answer', async () => {
    await read(admin.token, '/api/dashboard/stats');
    const before = JSON.parse((await read(admin.token, '/api/dashboard/stats')).body).data;
    const [client] = await app.db.select({ id: clients.id }).from(clients).limit(1);
    if (!client) throw new Error('no demo client');
    await createProjectVia(app, admin.token, { clientId: client.id, title: 'Proyecto de la caché' });
    const after = await read(admin.token, '/api/dashboard/stats');
    expect(after.cached).toBe(false);
    expect(JSON.parse(after.body).data.projects.totalProjects).toBe(before.projects.totalProjects + 1);
  });

  it('a change by straight SQL is in the next answer', async () => {
    const url = '/api/projects?limit=1&sortBy=recent';
    const title = firstTitle((await read(admin.token, url)).body);
    expectHit(await read(admin.token, url));
    await app.db.execute(
      sql`update ${projects} set title = ${`${title} (SQL)`} where id = (select id from ${projects} where deleted_at is null order by created_at desc, id desc limit 1)`,
    );
    const next = await read(admin.token, url);
    expect(next.cached).toBe(false);
    expect(firstTitle(next.body)).toBe(`${title} (SQL)`);
  });

  it('each caller gets their own answer', async () => {
    const client = await login(app, DEMO.client);
    await read(admin.token, '/api/dashboard/stats');
    const adminStats = await read(admin.token, '/api/dashboard/stats');
    expectHit(adminStats);
    const clientStats = await read(client.token, '/api/dashboard/stats');
    expect(clientStats.cached).toBe(false);
    expect(clientStats.body).not.toBe(adminStats.body);
    expect(JSON.parse(clientStats.body).data.clients).toBeUndefined();
  });

  it('a session revoked by SQL is refused on the next request, cached answer or not', async () => {
    const s = await login(app, DEMO.employee);
    await read(s.token, '/api/tickets');
    expectHit(await read(s.token, '/api/tickets'));
    const sid = JSON.parse(Buffer.from(s.token.split('.')[1] ?? '', 'base64url').toString()).sid as string;
    await app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    expect((await read(s.token, '/api/tickets')).status).toBe(401);
  });

  it('a permission taken away is refused on the next request, cached answer or not', async () => {
    const s = await login(app, DEMO.employee);
    await read(s.token, '/api/invoices');
    expectHit(await read(s.token, '/api/invoices'));
    await withoutPermission(app, admin.token, DEMO.employee, 'invoices.read', async () => {
      expect((await read(s.token, '/api/invoices')).status).toBe(403);
    });
    expect((await read(s.token, '/api/invoices')).status).toBe(200);
  });

  it('a disabled user is refused, and a new role gets a new answer', async () => {
    const s = await login(app, DEMO.employee);
    await read(s.token, '/api/dashboard/stats');
    expectHit(await read(s.token, '/api/dashboard/stats'));
    await app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, s.user._id));
    try {
      expect((await read(s.token, '/api/dashboard/stats')).status).toBe(401);
    } finally {
      await app.db.update(users).set({ status: 'active' }).where(eq(users.id, s.user._id));
    }
    await app.db.execute(sql`update users set role = 'admin' where id = ${s.user._id}`);
    try {
      const asAdmin = await read(s.token, '/api/dashboard/stats');
      expect(asAdmin.cached).toBe(false);
      expect(JSON.parse(asAdmin.body).data.clients).toBeDefined();
    } finally {
      await app.db.execute(sql`update users set role = 'employee' where id = ${s.user._id}`);
    }
  });

  it('a bad query is still refused with 400 and nothing is stored for it', async () => {
    const res = await read(admin.token, '/api/projects?limit=abc');
    expect(res.status).toBe(400);
    expect((await read(admin.token, '/api/projects?limit=abc')).status).toBe(400);
  });
});

describe('answer cache on PostgreSQL: other processes (decision 156)', () => {
  let other: Awaited<ReturnType<typeof openDatabase>> | null = null;
  beforeAll(async () => {
    if (app.database.driver !== 'postgres') return;
    const pool = (app.db as unknown as { $client: pg.Pool }).$client;
    other = await openDatabase({ url: pool.options.connectionString as string });
  });
  afterAll(async () => {
    await other?.close();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "another process's commit is in the next answer; its open transaction is not",
    async () => {
      if (!other) throw new Error('no second connection pool');
      const url = '/api/projects?limit=1&sortBy=recent';
      const title = firstTitle((await read(admin.token, url)).body);
      expectHit(await read(admin.token, url));
      await other.db.transaction(async (tx) => {
        await tx.execute(
          sql`update projects set title = ${`${title} (otro proceso)`} where id = (select id from projects where deleted_at is null order by created_at desc, id desc limit 1)`,
        );
        // Not committed yet: the cached answer is still the data every reader sees.
        const during = await read(admin.token, url);
        expect(firstTitle(during.body)).toBe(title);
      });
      const after = await read(admin.token, url);
      expect(after.cached).toBe(false);
      expect(firstTitle(after.body)).toBe(`${title} (otro proceso)`);
    },
  );
});

describe('answer cache settings (decision 156)', () => {
  it('an answer older than ANSWER_CACHE_TTL_MS is computed again; 0 turns the cache off', async () => {
    const short = await createTestApp({ answerCacheTtlMs: 40 });
    const s = await login(short, DEMO.admin);
    const hits = () => short.answerCache.hits;
    await injectAs(short, s.token, { method: 'GET', url: '/api/clients' });
    await injectAs(short, s.token, { method: 'GET', url: '/api/clients' });
    const before = hits();
    if (short.database.driver === 'pglite') expect(before).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await injectAs(short, s.token, { method: 'GET', url: '/api/clients' });
    expect(hits()).toBe(before);

    const off = await createTestApp({ answerCacheTtlMs: 0 });
    const t = await login(off, DEMO.admin);
    for (let i = 0; i < 3; i++) {
      expect((await injectAs(off, t.token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
    }
    expect(off.answerCache.hits).toBe(0);
    expect(off.answerCache.stores).toBe(0);
  });
});
