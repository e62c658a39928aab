import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackupSettings } from '../../../test/backup-helpers.js';
import { clonePgDatabase, freshDatabase } from '../../../test/helpers.js';
import { type Database, openDatabase } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../lib/paths.js';
import type { BackupSettings } from './backups.archive.js';
import { journal, migrationLevel } from './backups.migrations.js';
import { verifyArchive } from './backups.restore.js';
import { MigrationFailedError, migrateWithBackup } from './backups.startup.js';

const SLOW = 300_000;

/** A copy of the migrations folder with `extra` migrations (tag → SQL) after the last one. */
function folderWith(extra: Array<[string, string]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agencia-migrations-test-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = join(dir, 'meta', '_journal.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  let when = data.entries.at(-1).when;
  for (const [tag, body] of extra) {
    when += 1000;
    data.entries.push({ idx: data.entries.length, version: '7', when, tag, breakpoints: true });
    writeFileSync(join(dir, `${tag}.sql`), body);
  }
  writeFileSync(file, JSON.stringify(data));
  return dir;
}

const tableExists = async (database: Database, name: string) =>
  (
    (await database.db.execute(sql`select to_regclass(${`public.${name}`}) is not null as e`)) as unknown as {
      rows: Array<{ e: boolean }>;
    }
  ).rows[0]!.e;

describe('start-up migration with a backup first', () => {
  let database: Database;
  let settings: BackupSettings;
  let dropClone: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    const clone = await clonePgDatabase();
    dropClone = clone?.drop ?? null;
    database = clone ? await openDatabase({ url: clone.url }) : await freshDatabase();
    settings = testBackupSettings({ databaseUrl: clone?.url ?? null });
  }, SLOW);
  afterAll(async () => {
    await database.close();
    await dropClone?.();
  });

  it('takes no backup when nothing is pending', async () => {
    expect(await migrateWithBackup(database, settings)).toBeNull();
  });

  it(
    'backs up at the old level before applying a pending migration',
    async () => {
      const level = await migrationLevel(database);
      expect(level.count).toBe(journal().length);
      const folder = folderWith([
        ['9001_backup_probe', 'CREATE TABLE "backup_probe" ("id" integer PRIMARY KEY);'],
      ]);
      const backup = await migrateWithBackup(database, settings, { migrationsFolder: folder });
      expect(backup).not.toBeNull();
      expect(backup!.name).toMatch(/-pre-migration\.tar\.gz$/);
      const opened = await verifyArchive(backup!.path, null);
      expect(opened.manifest.migration).toEqual(level);
      expect(opened.manifest.tables.map((t) => t.name)).not.toContain('backup_probe');
      opened.dispose();
      expect(await tableExists(database, 'backup_probe')).toBe(true);
      expect((await migrationLevel(database, folder)).tag).toBe('9001_backup_probe');
    },
    SLOW,
  );

  it(
    'leaves the database as it was when a migration fails, with one clear line',
    async () => {
      const folder = folderWith([
        ['9001_backup_probe', 'CREATE TABLE "backup_probe" ("id" integer PRIMARY KEY);'],
        ['9002_broken', 'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nSELECT 1 / 0;'],
      ]);
      const error = await migrateWithBackup(database, settings, { migrationsFolder: folder }).catch((e) => e);
      expect(error).toBeInstanceOf(MigrationFailedError);
      expect(error.message).toMatch(
        /^La migración de la base de datos falló \(9002_broken\): .*division by zero.*\. La base de datos quedó como estaba; copia previa: .*-pre-migration\.tar\.gz$/,
      );
      expect(error.message).not.toContain('\n');
      expect(await tableExists(database, 'half_done')).toBe(false);
      expect((await migrationLevel(database, folder)).tag).toBe('9001_backup_probe');
    },
    SLOW,
  );
});
