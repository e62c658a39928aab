import { type Pagination, pageWindow } from '@agencia/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';

const countOf = sql<number>`count(*)::int`.mapWith(Number);

/**
 * Default ceiling of the exact `total` of the large lists (projects, tickets): past 10,000
 * matching rows the answer says `total: 10000, totalCapped: true` instead of counting up to a
 * million rows on every page (decision 113). `LIST_TOTAL_CAP` (config) overrides it; tests set
 * it low to prove the cap without inserting 10,000 rows.
 */
export const LIST_TOTAL_CAP_DEFAULT = 10_000;

let totalCap = LIST_TOTAL_CAP_DEFAULT;

/** Sets the cap of the process (`buildApp` passes `config.listTotalCap`); a positive integer. */
export function setListTotalCap(cap: number): void {
  totalCap = cap;
}

/** The cap in force (see {@link setListTotalCap}). */
export function listTotalCap(): number {
  return totalCap;
}

/**
 * Rows of `table` matching `where`, counted up to `cap` when given: `count(*)` over a sub-select
 * `LIMIT cap + 1`, so the database stops reading at `cap + 1` rows. Answers `{ total, capped }`
 * with `total ≤ cap` and `capped` true when more rows match.
 */
export async function countRows(
  db: Db | Tx,
  table: PgTable,
  where: SQL | undefined,
  cap?: number,
): Promise<{ total: number; capped: boolean }> {
  if (cap === undefined) {
    const [row] = await db.select({ n: countOf }).from(table).where(where);
    return { total: row?.n ?? 0, capped: false };
  }
  const [row] = await db.select({ n: countOf }).from(cappedWindow(db, table, where, cap));
  return cappedTotal(row?.n ?? 0, cap);
}

/** `{ total, capped }` of a count made up to `cap + 1` (see {@link countRows}). */
function cappedTotal(n: number, cap: number): { total: number; capped: boolean } {
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/**
 * The count of {@link countRows} as a scalar sub-select, `(select count(*) from (select 1 … limit
 * cap + 1))`, for a page query to select beside its rows: uncorrelated, the database runs it once
 * per statement (decision 148: page and total in one round trip).
 */
export function cappedCountSql(
  db: Db | Tx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): SQL<number> {
  return sql<number>`(select count(*)::int from ${cappedWindow(db, table, where, cap)})`.mapWith(Number);
}

/** `(select 1 from table where … limit cap + 1) capped_rows`: what the capped counts count. */
function cappedWindow(db: Db | Tx, table: PgTable, where: SQL | undefined, cap: number) {
  return db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped_rows');
}

/**
 * The planner's estimate of the rows of `table` matching `where`: `Plan Rows` of the top node of
 * `EXPLAIN (FORMAT JSON) select 1 from table where …` (planned, not executed; about 1 ms). Only
 * as good as the table's statistics (the last `ANALYZE`); callers use it to decide whether a
 * count is worth running, never as a total shown to users (decision 113).
 */
export async function estimateRows(db: Db | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const query = db.select({ one: sql`1` }).from(table).where(where);
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Number(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * One page of a list and its pagination (decision 088), the pair every paged endpoint repeats:
 * `rows({ limit, offset })` reads the page (the caller orders it, with `id` last); the total is
 * `count(*)` of `table` under the same `where` (capped at `cap` when given, see {@link countRows}).
 * Queries run one after the other, so it works inside a transaction too; a short, non-empty page
 * is the last one and needs no count. With `estimateFirst` (and a cap), the planner's estimate is
 * read first: above the cap the answer is the cap with `totalCapped` and nothing is counted — for conditions whose capped count still reads every match, such as a trigram search
 * of a common word (decision 122); otherwise the capped count runs as usual.
 *
 * @returns `{ rows, pagination: { page, limit, total, totalCapped? } }` — `totalCapped` only
 *          when the cap was reached.
 */
export async function pagedSelect<Row>(
  db: Db | Tx,
  input: { page: number; limit: number },
  opts: {
    table: PgTable;
    where: SQL | undefined;
    rows?: (window: { limit: number; offset: number }) => PromiseLike<Row[]>;
    /**
     * Instead of `rows` (and when no `estimateFirst`): the page and its capped total in one
     * statement — the caller selects `total` ({@link cappedCountSql}) beside its rows and answers
     * its value (undefined on an empty page, which then counts apart).
     */
    rowsWithTotal?: (window: {
      limit: number;
      offset: number;
      total: SQL<number>;
    }) => PromiseLike<{ rows: Row[]; total: number | undefined }>;
    cap?: number;
    estimateFirst?: boolean;
  },
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const window = pageWindow(input);
  let inlineTotal: number | undefined;
  let rows: Row[];
  if (opts.rowsWithTotal && opts.cap !== undefined && !opts.estimateFirst) {
    const page = await opts.rowsWithTotal({
      ...window,
      total: cappedCountSql(db, opts.table, opts.where, opts.cap),
    });
    rows = page.rows;
    inlineTotal = page.total;
  } else if (opts.rows) {
    rows = await opts.rows(window);
  } else {
    throw new Error('pagedSelect: rows, or rowsWithTotal with a cap and without estimateFirst');
  }
  // A short page that is not empty is the last one: its rows give the total without a count.
  const { total, capped } =
    rows.length > 0 && rows.length < window.limit
      ? { total: window.offset + rows.length, capped: false }
      : inlineTotal !== undefined && opts.cap !== undefined
        ? cappedTotal(inlineTotal, opts.cap)
        : opts.estimateFirst &&
            opts.cap !== undefined &&
            (await estimateRows(db, opts.table, opts.where)) > opts.cap
          ? { total: opts.cap, capped: true }
          : await countRows(db, opts.table, opts.where, opts.cap);
  return {
    rows,
    pagination: {
      page: input.page,
      limit: input.limit,
      total,
      ...(capped ? { totalCapped: true as const } : {}),
    },
  };
}

/** `search` as an `ilike` pattern matching it anywhere (`\`, `%` and `_` taken literally). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
