import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import answerCache, { AnswerCache } from './answer-cache.js';

// Decision 156, without a database: the cache's own rules, and the PostgreSQL mode's versions
// (the snapshot `authenticate` reads) driven by hand, since on a shared test server other
// databases' commits move the real snapshot at any moment.

describe('AnswerCache', () => {
  it('serves an entry only for its version, within the TTL, and never when the clock went back', () => {
    const cache = new AnswerCache(1000);
    cache.set('k', 'v1', '{"a":1}', 10_000);
    expect(cache.get('k', 'v1', 10_500)).toBe('{"a":1}');
    expect(cache.get('k', 'v2', 10_500)).toBeUndefined();
    // A miss drops the entry: the old version is not served again either.
    expect(cache.get('k', 'v1', 10_500)).toBeUndefined();
    cache.set('k', 'v1', '{"a":2}', 10_000);
    expect(cache.get('k', 'v1', 11_000)).toBeUndefined();
    cache.set('k', 'v1', '{"a":3}', 10_000);
    expect(cache.get('k', 'v1', 9_999)).toBeUndefined();
    expect(cache.hits).toBe(1);
  });

  it('skips answers over 256 KB and keeps under 32 MB in all, dropping the oldest first', () => {
    const cache = new AnswerCache(60_000);
    cache.set('big', 'v', 'x'.repeat(256 * 1024 + 1), 0);
    expect(cache.get('big', 'v', 1)).toBeUndefined();
    const chunk = 'y'.repeat(200 * 1024);
    for (let i = 0; i < 170; i++) cache.set(`k${i}`, 'v', chunk, 0);
    // 170 × 200 KB = 34 MB: the first ones made room for the last.
    expect(cache.get('k0', 'v', 1)).toBeUndefined();
    expect(cache.get('k169', 'v', 1)).toBe(chunk);
  });
});

describe('answer cache plugin, PostgreSQL mode (snapshot versions)', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  /** An app whose fake `auth` sets the caller and snapshot from headers; counts handler runs. */
  async function appWith(routeConfig: { answerCache?: boolean }) {
    app = Fastify();
    let computed = 0;
    await app.register(
      fp(
        async (a) => {
          a.decorateRequest('actor', null);
          a.addHook('onRequest', async (req) => {
            req.actor = {
              id: String(req.headers['x-user']),
              role: 'admin',
              clientId: null,
              sessionId: 's',
              permissions: null,
              firstName: 'A',
              lastName: 'B',
              mustChangePassword: false,
            };
          });
        },
        { name: 'auth' },
      ),
    );
    await app.register(answerCache, { ttlMs: 60_000, writeEpoch: null });
    app.addHook('onRequest', async (req) => {
      req.dataSnapshot = String(req.headers['x-snapshot']);
    });
    app.get('/list', { config: routeConfig }, async (req) => {
      computed++;
      if (req.query && (req.query as { fail?: string }).fail) throw new Error('boom');
      return { n: computed };
    });
    const get = (user: string, snapshot: string, url = '/list') =>
      app.inject({ method: 'GET', url, headers: { 'x-user': user, 'x-snapshot': snapshot } });
    return { get, computed: () => computed };
  }

  it('the same snapshot gets the stored answer; a new snapshot, another caller or URL computes', async () => {
    const { get, computed } = await appWith({ answerCache: true });
    expect((await get('u1', '10:12:10')).json()).toEqual({ n: 1 });
    const again = await get('u1', '10:12:10');
    expect(again.json()).toEqual({ n: 1 });
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get('u1', '10:13:10,12')).json()).toEqual({ n: 2 });
    expect((await get('u2', '10:13:10,12')).json()).toEqual({ n: 3 });
    expect((await get('u1', '10:13:10,12', '/list?page=2')).json()).toEqual({ n: 4 });
    expect(computed()).toBe(4);
    expect(app.answerCache.hits).toBe(1);
  });

  it("a new business day (the agency's time zone) computes again: overdue invoices change then", async () => {
    const { get, computed } = await appWith({ answerCache: true });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:59 in Santo Domingo (UTC−4) on the 28th, then 00:01 on the 29th.
      vi.setSystemTime(new Date('2026-11-29T03:59:00Z'));
      await get('u1', 's');
      await get('u1', 's');
      expect(computed()).toBe(1);
      vi.setSystemTime(new Date('2026-11-29T04:01:00Z'));
      await get('u1', 's');
      expect(computed()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('errors are not stored, and a route that did not opt in is always computed', async () => {
    const { get, computed } = await appWith({ answerCache: true });
    expect((await get('u1', 's', '/list?fail=1')).statusCode).toBe(500);
    expect((await get('u1', 's', '/list?fail=1')).statusCode).toBe(500);
    expect(computed()).toBe(2);
    await app.close();
    const plain = await appWith({});
    await plain.get('u1', 's');
    await plain.get('u1', 's');
    expect(plain.computed()).toBe(2);
  });
});
