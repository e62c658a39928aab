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
    });
    // An idle client erroring (server restart, network) must not crash the process.
    pool.on('error', (err) => console.error('[db] idle client error:', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const extensions = PGLITE_EXTENSIONS;
  const client =
    'dataDir' in options
      ? new PGlite(options.dataDir, { extensions })
      : 'loadDataDir' in options
        ? new PGlite({ loadDataDir: options.loadDataDir, extensions })
        : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
