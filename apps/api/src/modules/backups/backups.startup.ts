import type { Database } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../lib/paths.js';
import { type BackupResult, type BackupSettings, createBackup } from './backups.archive.js';
import { journal, migrateFrom, migrationLevel } from './backups.migrations.js';

/** Start-up could not bring the database to the current level; `message` is the one line to print. */
export class MigrationFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationFailedError';
  }
}

/**
 * The server's start-up migration (decision 143): when a database that already holds data has
 * pending migrations, takes a `pre-migration` backup first (no backup, no migration), then applies
 * them. Drizzle runs every pending migration in one transaction, so one that fails leaves the
 * database as it was; that failure becomes a {@link MigrationFailedError} with one Spanish line
 * naming the migration and the backup. Answers the backup taken, or null.
 */
export async function migrateWithBackup(
  database: Database,
  settings: BackupSettings,
  options: { migrationsFolder?: string; log?: (line: string) => void } = {},
): Promise<BackupResult | null> {
  const folder = options.migrationsFolder ?? MIGRATIONS_DIR;
  const level = await migrationLevel(database, folder);
  const pending = journal(folder).slice(level.count);
  if (pending.length === 0) return null;
  let backup: BackupResult | null = null;
  if (level.count > 0) {
    try {
      backup = await createBackup(database, settings, 'pre-migration');
    } catch (err) {
      throw new MigrationFailedError(
        `No se aplicaron las migraciones pendientes: la copia de seguridad previa falló (${err instanceof Error ? err.message : String(err)})`,
      );
    }
    options.log?.(`copia previa a la migración: ${backup.path}`);
  }
  try {
    await migrateFrom(database, folder);
  } catch (err) {
    const cause =
      err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    throw new MigrationFailedError(
      `La migración de la base de datos falló (${pending.map((p) => p.tag).join(', ')}): ${cause.split('\n')[0]}. La base de datos quedó como estaba${backup ? `; copia previa: ${backup.path}` : ''}`,
    );
  }
  return backup;
}
