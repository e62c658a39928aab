import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { freshDatabase, testConfig } from './helpers.js';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish (and use the database) before the database closes', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, closeDatabase: true, logger: false });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // A slow request: it is inside the handler when close() starts, then queries the database.
    app.get('/api/test/slow', async () => {
      entered();
      await new Promise((r) => setTimeout(r, 300));
      const rows = await app.db.execute(sql`select 1 as one`);
      return {
        success: true,
        data: { rows: Array.isArray(rows) ? rows.length : (rows as { rows: unknown[] }).rows.length },
      };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const response = fetch(`${base}/api/test/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await inHandler;
    const closed = app.close();
    // New requests during shutdown are refused, not served half-way.
    const late = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    await expect(response).resolves.toEqual({ status: 200, body: { success: true, data: { rows: 1 } } });
    await closed;
  });

  it('lets the handler of a request whose client went away finish its queries before the database closes', async () => {
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, closeDatabase: true, logger: false });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const outcome: string[] = [];
    // Two queries with a pause between them: the client aborts and close() starts in the pause.
    app.get('/api/test/abandoned', async () => {
      await app.db.execute(sql`select 1 as one`);
      entered();
      await new Promise((r) => setTimeout(r, 300));
      try {
        await app.db.execute(sql`select count(*) from users`);
        outcome.push('second query answered');
      } catch (err) {
        outcome.push(`second query failed: ${(err as Error).message}`);
      }
      return { success: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const abort = new AbortController();
    const response = fetch(`${base}/api/test/abandoned`, { signal: abort.signal }).catch(
      (err: Error) => err.name,
    );
    await inHandler;
    abort.abort();
    expect(await response).toBe('AbortError');
    await app.close();
    expect(outcome).toEqual(['second query answered']);
  });
});
