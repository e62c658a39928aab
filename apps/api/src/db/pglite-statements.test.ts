import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { MAX_PREPARED_STATEMENTS } from './pglite-statements.js';

/*
 * The embedded database's prepared statements (decision 177): the same answers, errors and
 * locking as PGlite's own `query`, with each distinct statement parsed once.
 */

let database: Database;
/** The rows of a `db.execute` answer (its type is the driver's, unknown to the shared `Db`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const stats = () => (database.preparedStats as NonNullable<Database['preparedStats']>)();

beforeAll(async () => {
  database = await openDatabase({ memory: true });
  await database.db.execute(sql`create table pq_items (
    id serial primary key, name text not null, tags text[] not null default '{}',
    data jsonb, active boolean not null default true, amount numeric(12,2),
    due date, at timestamptz default now())`);
});

afterAll(async () => {
  await database.close();
});

describe('prepared statements on PGlite', () => {
  it('prepares a statement once and reuses it, with the same rows each time', async () => {
    await database.db.execute(
      sql`insert into pq_items (name, tags, data, amount, due) values (${'uno'}, ${'{a,b}'}, ${JSON.stringify({ k: 1 })}::jsonb, ${'12.50'}, ${'2026-12-01'})`,
    );
    const before = stats();
    const read = async () =>
      rowsOf(
        await database.db.execute(
          sql`select name, tags, data, active, amount, due from pq_items where name = ${'uno'}`,
        ),
      );
    const first = await read();
    const second = await read();
    const after = stats();
    expect(after.prepared - before.prepared).toBe(1);
    expect(after.reused - before.reused).toBe(1);
    expect(second).toEqual(first);
    // Types parsed as PGlite parses them (Drizzle's raw parsers keep dates as text).
    expect(first[0]).toEqual({
      name: 'uno',
      tags: ['a', 'b'],
      data: { k: 1 },
      active: true,
      amount: '12.50',
      due: '2026-12-01',
    });
  });

  it('serialises values by the parameter types the server described (json, boolean, date, array, null)', async () => {
    const at = new Date('2026-12-07T12:00:00.000Z');
    await database.db.execute(
      sql`insert into pq_items (name, data, active, at, due) values (${'dos'}, ${{ nested: [1, 2] }}, ${false}, ${at}, ${null})`,
    );
    const found = rowsOf<{ data: unknown; active: boolean; at: string; due: null }>(
      await database.db.execute(
        sql`select data, active, at, due from pq_items where name = any(${sql.param(['dos', 'nadie'])}::text[])`,
      ),
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.data).toEqual({ nested: [1, 2] });
    expect(found[0]?.active).toBe(false);
    expect(new Date(String(found[0]?.at)).toISOString()).toBe(at.toISOString());
    expect(found[0]?.due).toBeNull();
  });

  it('answers a database error as PGlite does, caches nothing for it, and keeps working', async () => {
    const before = stats();
    const failure = await database.db.execute(sql`select no_such_column from pq_items`).catch((e) => e);
    // Drizzle wraps the driver's error; the database's code and the query are on its cause.
    const cause = ((failure as { cause?: unknown }).cause ?? failure) as { code?: string; query?: string };
    expect(cause.code).toBe('42703');
    expect(cause.query).toContain('no_such_column');
    expect(stats().size).toBe(before.size);
    const ok = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pq_items`));
    expect(ok[0]?.n).toBe(2);
  });

  it('keeps statements across a rolled-back transaction and runs them inside it', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pq_items`));
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pq_items (name) values (${'tres'})`);
        const inside = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from pq_items`));
        expect(inside[0]?.n).toBe(3);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await count())[0]?.n).toBe(2);
  });

  it('never runs a statement inside another caller’s open transaction', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = false;
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into pq_items (name) values (${'cuatro'})`);
      inserted = true;
      await gate;
    });
    while (!inserted) await new Promise((r) => setTimeout(r, 5));
    let outsideDone = false;
    const outside = database.db
      .execute(sql`select count(*)::int as n from pq_items where name = ${'cuatro'}`)
      .then((r) => {
        outsideDone = true;
        return rowsOf<{ n: number }>(r);
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(outsideDone).toBe(false);
    release();
    await tx;
    // It ran after the commit, outside the transaction, and sees the committed row.
    expect((await outside)[0]?.n).toBe(1);
  });

  it('prepares again when a table changes shape under a statement', async () => {
    const read = async () =>
      rowsOf<Record<string, unknown>>(
        await database.db.execute(sql`select * from pq_items where name = ${'uno'}`),
      );
    expect(Object.keys((await read())[0] ?? {})).not.toContain('extra');
    await database.db.execute(sql`alter table pq_items add column extra text default 'x'`);
    expect((await read())[0]?.extra).toBe('x');
  });

  it(`closes the least recently used statement past ${MAX_PREPARED_STATEMENTS} and can prepare it again`, async () => {
    const before = stats();
    for (let i = 0; i <= MAX_PREPARED_STATEMENTS; i++) {
      await database.db.execute(sql.raw(`select ${i} as n, count(*) from pq_items`));
    }
    const full = stats();
    expect(full.size).toBe(MAX_PREPARED_STATEMENTS);
    expect(full.prepared - before.prepared).toBe(MAX_PREPARED_STATEMENTS + 1);
    const again = rowsOf<{ n: number }>(
      await database.db.execute(sql.raw('select 0 as n, count(*) from pq_items')),
    );
    expect(again[0]?.n).toBe(0);
    expect(stats().closed).toBeGreaterThan(before.closed);
  });

  it('leaves DDL and session commands to PGlite’s own path', async () => {
    const before = stats();
    await database.db.execute(sql`set statement_timeout = 0`);
    await database.db.execute(sql`create index if not exists pq_items_name on pq_items (name)`);
    expect(stats().prepared).toBe(before.prepared);
  });

  it("reads an answer larger than one of PGlite's output chunks whole (decision 179)", async () => {
    // ~1.2 MB of text in 2,000 rows, multi-byte characters included: the backend hands it over in
    // several chunks, which are joined before they are read.
    const rows = rowsOf<{ n: number; text: string }>(
      await database.db.execute(
        sql`select n, repeat(${'ñandú·'}, 100) || n::text as text from generate_series(1, ${2000}::int) as n`,
      ),
    );
    expect(rows).toHaveLength(2000);
    expect(rows[0]).toEqual({ n: 1, text: `${'ñandú·'.repeat(100)}1` });
    expect(rows[1999]?.text).toBe(`${'ñandú·'.repeat(100)}2000`);
    expect(rows.every((row, i) => row.n === i + 1)).toBe(true);
  });
});
