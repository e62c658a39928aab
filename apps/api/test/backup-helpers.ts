import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import webPush from 'web-push';
import { type Database, openDatabase } from '../src/db/client.js';
import type { BackupSettings } from '../src/modules/backups/backups.archive.js';
import { tableChecksums } from '../src/modules/backups/backups.logical.js';
import type { RestoreTarget } from '../src/modules/backups/backups.restore.js';
import { withDatabase } from './global-setup.js';

/** A VAPID pair of the shapes `resolveVapidKeys` accepts (87 and 43 base64url characters). */
const TEST_VAPID_KEYS = webPush.generateVAPIDKeys();

/** Backup settings for tests: a scratch folder, fixed keys, a cheap scrypt for encrypted archives. */
export function testBackupSettings(overrides: Partial<BackupSettings> = {}): BackupSettings {
  return {
    dir: mkdtempSync(join(tmpdir(), 'agencia-backups-')),
    passphrase: null,
    pgDumpPath: 'pg_dump',
    databaseUrl: null,
    totpKey: Buffer.alloc(32, 7),
    ecfKey: Buffer.alloc(32, 9),
    vapidKeys: TEST_VAPID_KEYS,
    scryptWorkFactor: 10,
    ...overrides,
  };
}

/** The PostgreSQL server of this run (TEST_DATABASE_URL's), or null on a PGlite-only run. */
export function pgServerUrl(): string | null {
  return inject('pgTemplateUrl') || process.env.TEST_DATABASE_URL || null;
}

/** A new, empty PostgreSQL database on the run's server; `drop` removes it. */
export async function emptyPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = pgServerUrl();
  if (!server) throw new Error('no PostgreSQL server in this run');
  const name = `${new URL(server).pathname.slice(1)}_f${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: withDatabase(server, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: withDatabase(server, 'postgres') });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

/** An empty restore target: a scratch DATA_DIR (PGlite), or an empty database when `engine` is postgres. */
export async function emptyTarget(engine: 'pglite' | 'postgres'): Promise<{
  target: RestoreTarget;
  dataDir: string;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agencia-restore-'));
  if (engine === 'pglite')
    return {
      target: { dataDir },
      dataDir,
      open: () => openDatabase({ dataDir: join(dataDir, 'pglite') }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  const db = await emptyPgDatabase();
  return {
    target: { url: db.url },
    dataDir,
    open: () => openDatabase({ url: db.url, poolMax: 2 }),
    drop: async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Checksums of `tables` in the archive's engine-native dump (the PGlite data directory, or the
 * pg_dump file restored with pg_restore into a scratch database): a witness of the snapshot that
 * does not go through the logical dump the restore uses.
 */
export async function nativeDumpChecksums(
  extracted: string,
  engine: 'pglite' | 'postgres',
  tables: string[],
): Promise<Record<string, string>> {
  if (engine === 'pglite') {
    const dump = readFileSync(join(extracted, 'database', 'pglite-datadir.tar.gz'));
    const database = await openDatabase({ loadDataDir: new Blob([dump]) });
    try {
      return await tableChecksums(database.db, tables);
    } finally {
      await database.close();
    }
  }
  const scratch = await emptyPgDatabase();
  try {
    const r = spawnSync(
      'pg_restore',
      [
        '--no-owner',
        '--exit-on-error',
        `--dbname=${scratch.url}`,
        join(extracted, 'database', 'postgres.dump'),
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`pg_restore failed: ${r.stderr}`);
    const database = await openDatabase({ url: scratch.url, poolMax: 1 });
    try {
      return await tableChecksums(database.db, tables);
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}
