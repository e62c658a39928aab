import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import { cacheFileSizes } from './pglite-file-sizes.js';
import { type PreparedStats, usePreparedStatements } from './pglite-statements.js';
import * as schema from './schema/index.js';

/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept `Db | Tx` where they can run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An open database plus what the app needs to manage it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the drizzle-kit migrations (idempotent). */
  migrate(): Promise<void>;
  /** `select 1`; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests use it to dump the data directory). */
  pglite?: PGlite;
  /**
   * Called after every query with its duration in seconds and whether it failed (the `/metrics`
   * histogram, decision 144). Unset: nothing is measured beyond two `performance.now()` calls.
   */
  onQuery?: (seconds: number, failed: boolean) => void;
  /** PostgreSQL pool occupancy (connections), null on PGlite (one embedded connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * PGlite only (null on PostgreSQL): a counter that moves whenever a statement that may write
   * runs (when it is sent and when it returns) and when a transaction ends. This process is
   * the only one that can open an embedded database, so an equal value means nothing was written
   * since: the auth plugin caches a session's row under it (decision 148). On PostgreSQL other
   * processes write too, so nothing is cached there.
   */
  writeEpoch: (() => number) | null;
  /** PGlite only: the prepared-statement cache's counters (decision 177); null on PostgreSQL. */
  preparedStats: (() => PreparedStats) | null;
}

/**
 * True when `text` may change data: any statement naming a write, DDL or lock keyword (`select
 * … for update` included). False positives only cost a cache miss; a read never matches.
 */
const MAY_WRITE =
  /\b(insert|update|delete|truncate|merge|copy|alter|drop|create|grant|revoke|call|do|vacuum|reindex|cluster|lock|refresh|import|comment|security|set|reset|discard|notify)\b/i;

/**
 * Wraps `target[method]` (PGlite's `query`/`exec`, on the client and on a transaction handle) so
 * a statement that may write calls `bump` when sent and when it settles.
 */
function watchWrites(target: object, methods: string[], bump: () => void): void {
  const record = target as Record<string, unknown>;
  for (const method of methods) {
    const original = record[method];
    if (typeof original !== 'function') continue;
    record[method] = function watched(this: unknown, ...args: unknown[]) {
      const text = args[0];
      if (typeof text === 'string' && !MAY_WRITE.test(text)) return original.apply(this, args);
      bump();
      const result = original.apply(this, args) as Promise<unknown>;
      return result.finally(bump);
    };
  }
}

/**
 * Wraps `target[method]` so each call reports its duration to `database.onQuery`, whether the
 * call returns a promise (Drizzle's own calls, PGlite) or takes a callback last (pg-pool's
 * `pool.query`, which Drizzle uses outside transactions, calls `client.query(text, values, cb)`).
 */
function timeCalls(target: object, methods: string[], database: () => Database | undefined): void {
  const record = target as Record<string, unknown>;
  for (const method of methods) {
    const original = record[method];
    if (typeof original !== 'function') continue;
    record[method] = function timed(this: unknown, ...args: unknown[]) {
      const observer = database()?.onQuery;
      if (!observer) return original.apply(this, args);
      const started = performance.now();
      const done = (failed: boolean) => observer((performance.now() - started) / 1000, failed);
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
          done(Boolean(err));
          return callback(err, ...rest);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(
          () => done(false),
          () => done(true),
        );
      }
      return result;
    };
  }
}

/** Options for {@link openDatabase}: a postgres:// URL, a PGlite data dir, or an in-memory dump. */
export type OpenDatabaseOptions =
  | { url: string /** Pool size (DB_POOL_MAX), default 10. */; poolMax?: number }
  | { dataDir: string }
  | { loadDataDir: Blob }
  | { memory: true };

/**
 * The PostgreSQL extensions every embedded (PGlite) database loads: pg_trgm backs the trigram
 * indexes of the list searches (migration 0006, decision 104); btree_gin puts the client id in the
 * project search indexes (migration 0012, decision 128). Tests that open PGlite themselves use it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/**
 * Opens the database: `url` → PostgreSQL through a `pg` Pool (error handler attached,
 * 5 s connection timeout); otherwise embedded PGlite (files under `dataDir`, or in memory).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // The hot reads are named prepared statements (decision 154), planned as PostgreSQL
      // decides by default (`plan_cache_mode = auto`): after five runs a statement keeps a generic
      // plan when it costs no more than its custom plans did. Measured in decision 181: the
      // server's CPU per projects-list request 668 → 284 µs, and no call of `npm run bench:scale`
      // (100,000 projects, 1M tickets) slower. Only the explicitly prepared reads are named here;
      // every other statement is unnamed and planned with its values. An `options` in
      // DATABASE_URL (e.g. `-c plan_cache_mode=force_custom_plan`) still applies.
    });
    // An idle client erroring (server restart, network) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle client error:', err.message));
    // Every query, pooled or in a transaction, runs on a checked-out client: time it there.
    let database: Database | undefined;
    pool.on('connect', (client) => timeCalls(client, ['query'], () => database));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    database = {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      writeEpoch: null,
      preparedStats: null,
    };
    return database;
  }
  const extensions = PGLITE_EXTENSIONS;
  const client =
    'dataDir' in options
      ? new PGlite(options.dataDir, { extensions })
      : 'loadDataDir' in options
        ? new PGlite({ loadDataDir: options.loadDataDir, extensions })
        : new PGlite({ extensions });
  await client.waitReady;
  // Each call planned with its values (decision 154): here EVERY statement is named (decision 177),
  // and generic plans made the searches up to 3× slower at scale (decisions 179, 180). Installed
  // before the wrappers below so they see every call.
  await client.exec('set plan_cache_mode = force_custom_plan');
  // A data directory on disk: file sizes kept between writes (decision 180).
  if ('dataDir' in options) cacheFileSizes(client);
  const preparedStats = usePreparedStatements(client);
  let database: Database | undefined;
  let epoch = 0;
  const bump = () => {
    epoch++;
  };
  // Drizzle calls query/exec on the client, and on the transaction handle inside a transaction.
  watchWrites(client, ['query', 'exec'], bump);
  timeCalls(client, ['query', 'exec'], () => database);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: object) => Promise<unknown>) => {
    bump();
    return transaction((tx) => {
      watchWrites(tx, ['query', 'exec'], bump);
      timeCalls(tx, ['query', 'exec'], () => database);
      return fn(tx);
    }).finally(bump);
  }) as typeof client.transaction;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  database = {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    poolStats: () => null,
    writeEpoch: () => epoch,
    preparedStats,
  };
  return database;
}
