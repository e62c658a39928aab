import type { PGlite } from '@electric-sql/pglite';
import { PassLoop } from '../lib/pass-loop.js';

/*
 * Routine vacuuming for the embedded database (issue 49, decision 180).
 *
 * PGlite runs PostgreSQL 18 as a single backend with no background processes, so the autovacuum
 * daemon never starts (`show autovacuum` says `on`, yet measured: 4,900 deleted rows still dead
 * after 75 s, `reltuples` still -1). Without it an on-disk database is never vacuumed and never
 * analysed: dead row versions and their index entries pile up after every update and delete, and
 * the planner works from guesses, not statistics. PostgreSQL servers do not need this module.
 *
 * Every {@link MAINTENANCE_EVERY_MS} (autovacuum_naptime's default, 1 min) one pass reads each
 * table's counters and runs `VACUUM` and/or `ANALYZE` on the tables past PostgreSQL's own
 * autovacuum thresholds, with PostgreSQL's default settings (documentation, "Routine Vacuuming",
 * §24.1.6 "The Autovacuum Daemon"):
 *   vacuum threshold  = min(autovacuum_vacuum_max_threshold 100,000,000,
 *                           autovacuum_vacuum_threshold 50 + autovacuum_vacuum_scale_factor 0.2 × reltuples)
 *   insert threshold  = autovacuum_vacuum_insert_threshold 1,000 + autovacuum_vacuum_insert_scale_factor 0.2 × reltuples
 *   analyze threshold = autovacuum_analyze_threshold 50 + autovacuum_analyze_scale_factor 0.1 × reltuples
 * compared with `n_dead_tup`, `n_ins_since_vacuum` and `n_mod_since_analyze`. PostgreSQL 18 also
 * scales the insert threshold by the table's unfrozen share; that is left out, so an insert-only
 * table is vacuumed at most as often as 18.0 would have.
 *
 * PGlite keeps those counters in memory only (measured: all zero after a close and reopen), so a
 * restart forgets what was written before it. Two size rules cover that: a table with pages that
 * was never vacuumed or analysed (`reltuples` -1) is due, and so is a table whose file grew past
 * the vacuum scale factor since the size the last vacuum or analyse recorded (`relpages`).
 *
 * The tables are done one statement at a time, so the requests that queue behind PGlite's single
 * connection wait for one table, not the pass.
 */

/** Time between passes (ms): PostgreSQL's `autovacuum_naptime` default. */
export const MAINTENANCE_EVERY_MS = 60_000;

/** PostgreSQL 18's autovacuum defaults (runtime-config-autovacuum). */
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const VACUUM_MAX_THRESHOLD = 100_000_000;
const INSERT_THRESHOLD = 1_000;
const INSERT_SCALE = 0.2;
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
/** Pages a table may grow past its recorded size, beyond the scale factor, before it is due. */
const GROWTH_PAGES = 8;

/** One table's figures, as {@link readTableFigures} reads them. */
export interface TableFigures {
  /** Schema-qualified, quoted name, ready for a statement. */
  name: string;
  /** `pg_class.reltuples`: rows at the last vacuum/analyse; -1 when never done. */
  reltuples: number;
  /** `pg_class.relpages`: pages at the last vacuum/analyse. */
  relpages: number;
  /** Pages of the main file now. */
  pages: number;
  /** `n_dead_tup`, `n_ins_since_vacuum`, `n_mod_since_analyze` since this process started. */
  dead: number;
  inserted: number;
  modified: number;
}

/** What a table needs: a vacuum, an analyse, both, or nothing. */
export interface Due {
  vacuum: boolean;
  analyze: boolean;
}

/**
 * Whether `t` is past autovacuum's thresholds (above) or, the counters lost with a restart, was
 * never maintained or grew past the vacuum scale factor since it last was.
 */
export function maintenanceDue(t: TableFigures): Due {
  const tuples = Math.max(0, t.reltuples);
  const vacuumThreshold = Math.min(VACUUM_MAX_THRESHOLD, VACUUM_THRESHOLD + VACUUM_SCALE * tuples);
  const insertThreshold = INSERT_THRESHOLD + INSERT_SCALE * tuples;
  const analyzeThreshold = ANALYZE_THRESHOLD + ANALYZE_SCALE * tuples;
  const neverDone = t.reltuples < 0 && t.pages > 0;
  const grown = t.reltuples >= 0 && t.pages > t.relpages * (1 + VACUUM_SCALE) + GROWTH_PAGES;
  return {
    vacuum: neverDone || grown || t.dead > vacuumThreshold || t.inserted > insertThreshold,
    analyze: neverDone || grown || t.modified > analyzeThreshold,
  };
}

/** Every ordinary table and materialised view outside the system schemas, with its figures. */
export async function readTableFigures(pglite: PGlite): Promise<TableFigures[]> {
  const { rows } = await pglite.query<TableFigures>(`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
           c.reltuples::float8 as reltuples,
           c.relpages::int as relpages,
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
           coalesce(s.n_dead_tup, 0)::float8 as dead,
           coalesce(s.n_ins_since_vacuum, 0)::float8 as inserted,
           coalesce(s.n_mod_since_analyze, 0)::float8 as modified
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
     where c.relkind in ('r', 'm')
       and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg\\_%'
     order by n.nspname, c.relname`);
  return rows;
}

/** What one pass did: tables vacuumed (with their analyse, when due) and analysed only, and its ms. */
export interface MaintenanceSummary {
  vacuumed: string[];
  analyzed: string[];
  ms: number;
}

/**
 * One pass: reads the figures and runs, table by table, `VACUUM (ANALYZE)`, `VACUUM` or `ANALYZE`
 * as {@link maintenanceDue} says. Throws what PGlite throws (the loop logs it and tries again on
 * the next pass).
 */
export async function runMaintenance(pglite: PGlite): Promise<MaintenanceSummary> {
  const started = performance.now();
  const summary: MaintenanceSummary = { vacuumed: [], analyzed: [], ms: 0 };
  for (const table of await readTableFigures(pglite)) {
    const due = maintenanceDue(table);
    if (due.vacuum) {
      await pglite.exec(`vacuum ${due.analyze ? '(analyze) ' : ''}${table.name}`);
      summary.vacuumed.push(table.name);
    } else if (due.analyze) {
      await pglite.exec(`analyze ${table.name}`);
      summary.analyzed.push(table.name);
    }
  }
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

/** The log the loop writes to (Fastify's logger fits). */
interface MaintenanceLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Starts the maintenance loop on `pglite` (an on-disk database owned by this process): a pass every
 * `everyMs`, never two at once; a pass that did something is logged at info, a failed one at error.
 * Stop it (`await loop.stop()`) before closing the database.
 */
export function startPgliteMaintenance({
  pglite,
  log,
  everyMs = MAINTENANCE_EVERY_MS,
}: {
  pglite: PGlite;
  log: MaintenanceLog;
  everyMs?: number;
}): PassLoop<MaintenanceSummary | null> {
  const loop = new PassLoop<MaintenanceSummary | null>({
    run: async () => {
      const summary = await runMaintenance(pglite);
      if (summary.vacuumed.length + summary.analyzed.length > 0) log.info(summary, 'pglite maintenance');
      return summary;
    },
    everyMs: () => everyMs,
    onError: (err) => {
      log.error({ err }, 'pglite maintenance failed');
      return null;
    },
  });
  loop.start();
  return loop;
}
