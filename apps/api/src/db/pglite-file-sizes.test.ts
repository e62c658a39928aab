import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { cacheFileSizes } from './pglite-file-sizes.js';

/*
 * The file sizes kept for PGlite's on-disk files (decision 180). PostgreSQL finds a relation's
 * blocks from its file size: a size kept past a change would hide rows just written, or read past
 * a truncated end. Every check here reads counts and sums after writes that grow, shrink, replace
 * and truncate the files, against the figures the writes imply.
 */

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-sizes-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function figures(pg: PGlite): Promise<{ rows: number; sum: number; indexed: number }> {
  const { rows } = await pg.query<{ rows: number; sum: number; indexed: number }>(
    `select count(*)::int as rows, coalesce(sum(id), 0)::int as sum,
            (select count(*)::int from t where id > 100) as indexed
       from t`,
  );
  return rows[0]!;
}

/** The figures of rows 1..n: count, sum of ids, and those with id > 100. */
function expected(ids: number[]) {
  return {
    rows: ids.length,
    sum: ids.reduce((a, b) => a + b, 0),
    indexed: ids.filter((id) => id > 100).length,
  };
}

describe('PGlite file sizes kept between writes (decision 180)', () => {
  it('answers repeated reads from kept sizes, and every write shows in the next read', async () => {
    const dir = tempDir();
    const pg = new PGlite(dir);
    await pg.waitReady;
    const stats = cacheFileSizes(pg);
    expect(stats).not.toBeNull();
    expect(cacheFileSizes(pg)).toBeNull();
    await pg.exec(`create table t (id int primary key, pad text); set enable_seqscan = on;`);

    // Growth: ten batches of 400 wide rows, each read back at once (the table spans many blocks).
    let ids: number[] = [];
    for (let batch = 0; batch < 10; batch++) {
      const from = batch * 400 + 1;
      await pg.query(`insert into t select g, repeat('x', 300) from generate_series($1::int, $2::int) g`, [
        from,
        from + 399,
      ]);
      ids = ids.concat(Array.from({ length: 400 }, (_, i) => from + i));
      expect(await figures(pg)).toEqual(expected(ids));
    }

    // Reads alone are answered from the kept sizes: no new trip to the disk.
    await figures(pg);
    const missesBefore = stats!.misses;
    const hitsBefore = stats!.hits;
    for (let i = 0; i < 20; i++) expect(await figures(pg)).toEqual(expected(ids));
    expect(stats!.misses).toBe(missesBefore);
    expect(stats!.hits).toBeGreaterThan(hitsBefore + 20);

    // New row versions everywhere (the file grows again), then half deleted and vacuumed (the
    // file's tail is cut off), then rows added back.
    await pg.exec(`update t set pad = repeat('y', 320)`);
    expect(await figures(pg)).toEqual(expected(ids));
    await pg.exec(`delete from t where id > 2000`);
    await pg.exec(`vacuum t`);
    ids = ids.filter((id) => id <= 2000);
    expect(await figures(pg)).toEqual(expected(ids));
    await pg.query(`insert into t select g, 'z' from generate_series(5001, 5300) g`);
    ids = ids.concat(Array.from({ length: 300 }, (_, i) => 5001 + i));
    expect(await figures(pg)).toEqual(expected(ids));

    // A rewrite into new files (vacuum full), an emptied table, and a fresh start.
    await pg.exec(`vacuum full t`);
    expect(await figures(pg)).toEqual(expected(ids));
    await pg.exec(`truncate t`);
    expect(await figures(pg)).toEqual(expected([]));
    await pg.query(`insert into t select g, 'w' from generate_series(1, 150) g`);
    ids = Array.from({ length: 150 }, (_, i) => i + 1);
    expect(await figures(pg)).toEqual(expected(ids));
    expect(stats!.resets).toBeGreaterThan(0);
    await pg.close();

    // What was written reached the disk: a new instance on the same directory reads the same.
    const again = new PGlite(dir);
    await again.waitReady;
    cacheFileSizes(again);
    expect(await figures(again)).toEqual(expected(ids));
    await again.close();
  });

  it('an update inside a transaction is seen by the same transaction and after a rollback is gone', async () => {
    const pg = new PGlite(tempDir());
    await pg.waitReady;
    cacheFileSizes(pg);
    await pg.exec(`create table t (id int primary key, pad text)`);
    await pg.query(`insert into t select g, 'a' from generate_series(1, 200) g`);
    await figures(pg);
    await pg
      .transaction(async (tx) => {
        await tx.query(`insert into t select g, repeat('b', 500) from generate_series(201, 1200) g`);
        const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from t`);
        expect(rows[0]!.n).toBe(1200);
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
    expect(await figures(pg)).toEqual(expected(Array.from({ length: 200 }, (_, i) => i + 1)));
    await pg.close();
  });

  it('openDatabase keeps sizes for a data directory and leaves an in-memory database alone', async () => {
    const onDisk = await openDatabase({ dataDir: tempDir() });
    expect(onDisk.pglite && cacheFileSizes(onDisk.pglite)).toBeNull();
    await onDisk.close();
    const inMemory = new PGlite();
    await inMemory.waitReady;
    expect(cacheFileSizes(inMemory)).toBeNull();
    await inMemory.close();
  });
});
