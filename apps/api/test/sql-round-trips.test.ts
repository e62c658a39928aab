import { beforeAll, describe, expect, it } from 'vitest';
import { type DemoApp, injectAs, startDemoApp } from './helpers.js';

// Decisions 148 and 154: statements sent to the database per request on the hot lists and stats,
// demo data, as the admin. The session read is cached on PGlite (the write epoch, plugins/auth-cache.ts)
// and runs on every request on PostgreSQL: one more there. The table counts what computing an answer
// costs, so that app has the answer cache off; the last test counts a repeated request with it on
// (decision 156).

let demo: DemoApp;
let cached: DemoApp;
beforeAll(async () => {
  demo = await startDemoApp({ answerCacheTtlMs: 0 });
  cached = await startDemoApp({ answerCacheTtlMs: 60_000 });
});

/** Statements sent while answering `GET url` as the admin (after one warm-up call). */
async function statements(url: string, { app, admin } = demo): Promise<number> {
  expect((await injectAs(app, admin.token, { method: 'GET', url })).statusCode).toBe(200);
  let n = 0;
  app.database.onQuery = () => {
    n++;
  };
  try {
    const res = await injectAs(app, admin.token, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
  } finally {
    app.database.onQuery = undefined;
  }
  return n;
}

describe('SQL statements per request (decisions 148, 154)', () => {
  it.each<[url: string, expected: number, why: string]>([
    ['/api/projects', 1, 'a short page: its rows give the total'],
    ['/api/projects?limit=5', 1, 'a full page: the capped total is selected beside the rows'],
    ['/api/tickets', 2, 'the page, then people, clients, projects, hours and messages in one'],
    ['/api/tickets?limit=2', 3, 'a full page also counts'],
    ['/api/invoices', 1, 'a short page: no count'],
    ['/api/clients', 1, 'a short page: no count'],
    ['/api/dashboard/stats', 1, 'project counters, ticket counters and clients in one statement'],
  ])('GET %s: %i (%s)', async (url, expected) => {
    const sessionRead = demo.app.database.driver === 'pglite' ? 0 : 1;
    expect(await statements(url)).toBe(expected + sessionRead);
  });

  // PGlite only: on PostgreSQL the version is the server-wide snapshot, which the other test files'
  // commits move at any moment (plugins/answer-cache.test.ts proves its hits deterministically).
  it
    .runIf(!process.env.TEST_DATABASE_URL)
    .each([
      '/api/projects?limit=5',
      '/api/tickets?limit=2',
      '/api/invoices',
      '/api/clients',
      '/api/dashboard/stats',
    ])('GET %s again, unchanged data: the cached answer, no statement', async (url) => {
    expect(await statements(url, cached)).toBe(0);
  });
});
