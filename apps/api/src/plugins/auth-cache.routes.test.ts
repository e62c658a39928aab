import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../test/helpers.js';
import { sessions, users } from '../db/schema/index.js';

// Decision 148: `authenticate` caches verified tokens and, on PGlite, the session row under the
// database's write epoch. Whatever is cached, a change made by any statement — here straight SQL,
// not the API that usually makes it — is seen on the very next request.

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const me = (token: string) => injectAs(app, token, { method: 'GET', url: '/api/auth/me' });

/** Whether `GET /api/auth/me` with `token` was served from a cached session row. */
async function servedFromCache(token: string): Promise<boolean> {
  const before = app.authCache.rowHits;
  expect((await me(token)).statusCode).toBe(200);
  return app.authCache.rowHits > before;
}

describe('authenticate cache (decision 148)', () => {
  it('reads the session again only after a write (PGlite), on every request on PostgreSQL', async () => {
    const s = await login(app, DEMO.employee);
    const pglite = app.database.driver === 'pglite';
    expect(await servedFromCache(s.token)).toBe(false);
    expect(await servedFromCache(s.token)).toBe(pglite);
    // Any write moves the epoch: the next request reads the row again, the one after is cached.
    await app.db.execute(sql`update ${users} set last_name = last_name where id = ${s.user._id}`);
    expect(await servedFromCache(s.token)).toBe(false);
    expect(await servedFromCache(s.token)).toBe(pglite);
  });

  it('a session revoked by any statement is refused on the next request', async () => {
    const s = await login(app, DEMO.employee);
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(200);
    await app.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionOf(s.token)));
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('a user disabled inside a transaction is refused on the next request', async () => {
    const s = await login(app, DEMO.client2);
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await me(s.token)).statusCode).toBe(200);
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ status: 'inactive' }).where(eq(users.id, s.user._id));
    });
    try {
      expect((await me(s.token)).statusCode).toBe(401);
    } finally {
      await app.db.update(users).set({ status: 'active' }).where(eq(users.id, s.user._id));
    }
  });

  it('a new role reaches the next request, and so does an expired session', async () => {
    const s = await login(app, DEMO.employee);
    expect((await me(s.token)).json().data.user.role).toBe('employee');
    await app.db.execute(sql`update users set role = 'admin' where id = ${s.user._id}`);
    try {
      expect((await me(s.token)).json().data.user.role).toBe('admin');
    } finally {
      await app.db.execute(sql`update users set role = 'employee' where id = ${s.user._id}`);
    }
    expect((await me(s.token)).json().data.user.role).toBe('employee');
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionOf(s.token)));
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('a token signed with another secret is refused even after the real one was cached', async () => {
    const s = await login(app, DEMO.employee);
    expect((await me(s.token)).statusCode).toBe(200);
    const [header, payload] = s.token.split('.');
    expect((await me(`${header}.${payload}.AAAA`)).statusCode).toBe(401);
  });
});

/** The session id (`sid` claim) of an access token. */
function sessionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return payload.sid as string;
}
