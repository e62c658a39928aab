import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  maintenanceDue,
  runMaintenance,
  startPgliteMaintenance,
  type TableFigures,
} from './pglite-maintenance.js';

/* Routine vacuuming of the embedded database (decision 180): PostgreSQL's autovacuum thresholds. */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
async function openOnDisk(dir = mkdtempSync(path.join(tmpdir(), 'pglite-maint-'))) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const pg = new PGlite(dir);
  await pg.waitReady;
  return { pg, dir };
}

/** `t`'s row of pg_stat_user_tables and pg_class. */
async function figuresOfT(pg: PGlite) {
  const { rows } = await pg.query<{ dead: number; reltuples: number; bytes: number; analyzed: boolean }>(
    `select s.n_dead_tup::int as dead, c.reltuples::float8 as reltuples, pg_relation_size('t')::int as bytes,
            exists (select 1 from pg_statistic where starelid = 't'::regclass) as analyzed
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 't'`,
  );
  return rows[0]!;
}

/** Waits until this backend's counters for `t` show `dead` dead rows (PostgreSQL flushes them when idle). */
async function untilCounted(pg: PGlite, dead: number) {
  for (let i = 0; i < 50; i++) {
    if ((await figuresOfT(pg)).dead >= dead) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the statistics never counted ${dead} dead rows`);
}

const base: TableFigures = {
  name: 'public.t',
  reltuples: 1_000,
  relpages: 10,
  pages: 10,
  dead: 0,
  inserted: 0,
  modified: 0,
};

describe('maintenanceDue: autovacuum thresholds with PostgreSQL 18 defaults', () => {
  it.each([
    ['nothing changed', {}, { vacuum: false, analyze: false }],
    // 50 + 0.2 × 1,000 = 250 dead rows; 50 + 0.1 × 1,000 = 150 changed rows.
    ['250 dead rows: at the threshold, not past it', { dead: 250 }, { vacuum: false, analyze: false }],
    ['251 dead rows', { dead: 251 }, { vacuum: true, analyze: false }],
    ['151 changed rows: an analyse only', { modified: 151 }, { vacuum: false, analyze: true }],
    ['251 dead and 300 changed rows', { dead: 251, modified: 300 }, { vacuum: true, analyze: true }],
    // 1,000 + 0.2 × 1,000 = 1,200 inserted rows.
    ['1,200 inserted rows', { inserted: 1_200 }, { vacuum: false, analyze: false }],
    ['1,201 inserted rows', { inserted: 1_201 }, { vacuum: true, analyze: false }],
    [
      'a never maintained table with pages',
      { reltuples: -1, relpages: 0, pages: 3 },
      { vacuum: true, analyze: true },
    ],
    [
      'a never maintained empty table',
      { reltuples: -1, relpages: 0, pages: 0 },
      { vacuum: false, analyze: false },
    ],
    // 10 × 1.2 + 8 = 20 pages.
    ['grown to 20 pages since its last vacuum', { pages: 20 }, { vacuum: false, analyze: false }],
    ['grown to 21 pages since its last vacuum', { pages: 21 }, { vacuum: true, analyze: true }],
  ])('%s', (_label, change, due) => {
    expect(maintenanceDue({ ...base, ...change })).toEqual(due);
  });

  it('caps the vacuum threshold at autovacuum_vacuum_max_threshold (100,000,000)', () => {
    const huge = { ...base, reltuples: 2_000_000_000, relpages: 1e7, pages: 1e7 };
    expect(maintenanceDue({ ...huge, dead: 100_000_000 }).vacuum).toBe(false);
    expect(maintenanceDue({ ...huge, dead: 100_000_001 }).vacuum).toBe(true);
  });
});

describe('runMaintenance on an on-disk PGlite', () => {
  it('vacuums a table of dead rows (its file shrinks), analyses it, then finds nothing to do', async () => {
    const { pg } = await openOnDisk();
    await pg.exec(`create table t (id int primary key, pad text)`);
    await pg.exec(`insert into t select g, repeat('x', 100) from generate_series(1, 5000) g`);
    // A first pass records the table (never maintained), as the server's first pass does.
    expect((await runMaintenance(pg)).vacuumed).toContain('public.t');
    await pg.exec(`delete from t where id > 100`);
    await untilCounted(pg, 4_900);
    const before = await figuresOfT(pg);
    expect(before.reltuples).toBe(5_000);

    const summary = await runMaintenance(pg);
    expect(summary.vacuumed).toEqual(['public.t']);
    const after = await figuresOfT(pg);
    expect(after.dead).toBe(0);
    expect(after.reltuples).toBe(100);
    expect(after.analyzed).toBe(true);
    expect(after.bytes).toBeLessThan(before.bytes / 10);
    const { rows } = await pg.query<{ n: number }>(`select count(*)::int as n from t`);
    expect(rows[0]!.n).toBe(100);

    expect(await runMaintenance(pg)).toMatchObject({ vacuumed: [], analyzed: [] });
    await pg.close();
  });

  it('after a restart (counters lost) still vacuums a never maintained table and one that grew', async () => {
    const first = await openOnDisk();
    await first.pg.exec(`create table t (id int primary key, pad text); create table u (id int primary key)`);
    await first.pg.exec(`insert into u select g from generate_series(1, 2000) g`);
    await runMaintenance(first.pg);
    await first.pg.exec(`insert into t select g, repeat('y', 200) from generate_series(1, 3000) g`);
    await first.pg.exec(`insert into u select g from generate_series(2001, 6000) g`);
    await first.pg.close();

    const { pg } = await openOnDisk(first.dir);
    const figures = await pg.query<{ dead: number }>(
      `select n_dead_tup::int as dead from pg_stat_user_tables`,
    );
    expect(figures.rows.every((r) => r.dead === 0)).toBe(true);
    const summary = await runMaintenance(pg);
    expect(summary.vacuumed).toEqual(['public.t', 'public.u']);
    const { rows } = await pg.query<{ relname: string; reltuples: number }>(
      `select relname, reltuples::float8 as reltuples from pg_class where relname in ('t', 'u') order by relname`,
    );
    expect(rows).toEqual([
      { relname: 't', reltuples: 3_000 },
      { relname: 'u', reltuples: 6_000 },
    ]);
    await pg.close();
  });

  it('the loop runs passes on its timer, logs what it did, and stops', async () => {
    const { pg } = await openOnDisk();
    await pg.exec(
      `create table t (id int primary key); insert into t select g from generate_series(1, 500) g`,
    );
    const lines: Array<{ obj: object; msg: string }> = [];
    const log = { info: (obj: object, msg: string) => lines.push({ obj, msg }), error: () => undefined };
    const loop = startPgliteMaintenance({ pglite: pg, log, everyMs: 50 });
    for (let i = 0; i < 100 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await loop.stop();
    expect(lines[0]).toMatchObject({
      msg: 'pglite maintenance',
      obj: { vacuumed: ['public.t'], analyzed: [] },
    });
    expect(loop.started).toBe(false);
    await pg.close();
  });
});
