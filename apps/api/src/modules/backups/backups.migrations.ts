import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../lib/paths.js';

/** One drizzle-kit journal entry (`drizzle/meta/_journal.json`). */
interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations of `folder`, in order. */
export function journal(folder = MIGRATIONS_DIR): JournalEntry[] {
  return (
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries;
}

/** Where a database stands: how many of the journal's migrations it has, and the last one's tag. */
export interface MigrationLevel {
  count: number;
  tag: string | null;
}

/**
 * The database's migration level, read from drizzle's `__drizzle_migrations` (drizzle applies a
 * journal entry when its `when` is newer than the last applied `created_at`). `{ count: 0 }` on a
 * database never migrated.
 */
export async function migrationLevel(database: Database, folder = MIGRATIONS_DIR): Promise<MigrationLevel> {
  const exists = (await database.db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as e`,
  )) as unknown as { rows: Array<{ e: boolean }> };
  if (!exists.rows[0]?.e) return { count: 0, tag: null };
  const last = (await database.db.execute(
    sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ at: string | null }> };
  const at = last.rows[0]?.at ? Number(last.rows[0].at) : 0;
  const applied = journal(folder).filter((e) => e.when <= at);
  return { count: applied.length, tag: applied.at(-1)?.tag ?? null };
}

/** Whether `folder` has migrations the database has not applied yet. */
export async function hasPendingMigrations(database: Database, folder = MIGRATIONS_DIR): Promise<boolean> {
  return (await migrationLevel(database, folder)).count < journal(folder).length;
}

/** Applies the migrations of `folder` (drizzle runs every pending one in a single transaction). */
export async function migrateFrom(database: Database, folder: string): Promise<void> {
  if (database.driver === 'postgres') await migratePg(database.db as never, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
}

/**
 * Migrates the database up to the first `count` migrations only (restore loads an archive's rows at
 * the archive's level, then applies the rest): a copy of the folder whose journal stops there.
 */
export async function migrateTo(database: Database, count: number, folder = MIGRATIONS_DIR): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'agencia-migrations-'));
  try {
    cpSync(folder, dir, { recursive: true });
    const file = join(dir, 'meta', '_journal.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
    data.entries = data.entries.slice(0, count);
    writeFileSync(file, JSON.stringify(data));
    await migrateFrom(database, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
