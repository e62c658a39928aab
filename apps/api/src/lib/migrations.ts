import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { MIGRATIONS_DIR } from './paths.js';

let journalTimes: number[] | null = null;

/** The `when` (ms) of every migration this build ships (drizzle-kit's `meta/_journal.json`). */
function shippedMigrationTimes(): number[] {
  journalTimes ??= (
    JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => entry.when);
  return journalTimes;
}

/**
 * How many of this build's migrations the database has not applied yet (0 = current). Uses
 * Drizzle's own rule: a migration is applied when the newest `created_at` of
 * `drizzle.__drizzle_migrations` is at or after its journal `when` (drizzle-orm's `PgDialect.migrate`).
 * A database without that table has none applied. Throws when the database does not answer.
 */
export async function pendingMigrations(db: Db): Promise<number> {
  const shipped = shippedMigrationTimes();
  let last = Number.NEGATIVE_INFINITY;
  try {
    const result = (await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | number | null }[] } | { last: string | number | null }[];
    const rows = Array.isArray(result) ? result : result.rows;
    if (rows[0]?.last != null) last = Number(rows[0].last);
  } catch (err) {
    // 42P01 / 3F000: no migrations table or schema yet. Anything else (connection) propagates.
    const code =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code !== '42P01' && code !== '3F000') throw err;
  }
  return shipped.filter((when) => when > last).length;
}
