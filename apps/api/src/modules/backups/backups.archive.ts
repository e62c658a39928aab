import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { Encrypter } from 'age-encryption';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as tar from 'tar';
import { childProcessEnv } from '../../config.js';
import { type Database, type Db, PGLITE_EXTENSIONS } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { API_ROOT } from '../../lib/paths.js';
import { BackupError } from './backups.error.js';
import {
  type DumpedSequence,
  type DumpedTable,
  dumpSequences,
  dumpTables,
  tablesInDependencyOrder,
} from './backups.logical.js';
import { type MigrationLevel, migrationLevel } from './backups.migrations.js';
import { processAlive, scratchFolder, sweepScratch } from './backups.scratch.js';

/** Why a backup was taken; it ends the archive's name. */
export type BackupReason = 'manual' | 'scheduled' | 'pre-migration' | 'cli';

/** What a backup needs to know besides the open database (a slice of `AppConfig`). */
export interface BackupSettings {
  /** Where archives go (`BACKUP_DIR`). */
  dir: string;
  /** `BACKUP_PASSPHRASE`: when set the archive is age-encrypted (scrypt) with it. */
  passphrase: string | null;
  /** `PG_DUMP_PATH`, default `pg_dump` on PATH. */
  pgDumpPath: string;
  /** PostgreSQL only: the URL pg_dump connects to. */
  databaseUrl: string | null;
  /** The keys the data needs (TOTP secrets, e-CF certificate and token), as the server resolved them. */
  totpKey: Buffer;
  ecfKey: Buffer;
  /**
   * Web Push's VAPID key pair (decision 169): every browser subscribed with its public key, so a
   * restore without it would silence every device. Stored as `keys/vapid-keys`, the JSON of
   * `DATA_DIR/vapid-keys`. Absent in archives of versions before it.
   */
  vapidKeys?: { publicKey: string; privateKey: string };
  /** age's scrypt work factor (log2 N); tests lower it. Default 18, age's own. */
  scryptWorkFactor?: number;
}

/** Archive format written in the manifest; restore refuses another. */
export const BACKUP_FORMAT = 'agencia-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** `manifest.json` at the root of every archive (decision 143). */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** ISO instant the snapshot was taken. */
  createdAt: string;
  appVersion: string;
  engine: 'pglite' | 'postgres';
  reason: BackupReason;
  migration: MigrationLevel;
  /** Tables in restore (foreign-key) order with their row counts. */
  tables: DumpedTable[];
  sequences: DumpedSequence[];
  /** Uploaded files (rows of `files`) and their bytes. */
  uploads: { files: number; bytes: number };
  /** Every other file of the archive: path, size in bytes, SHA-256 (hex). */
  parts: Array<{ path: string; bytes: number; sha256: string }>;
}

/** A finished archive. */
export interface BackupResult {
  name: string;
  path: string;
  bytes: number;
  manifest: BackupManifest;
}

export { BackupError };

/** Archive names: `agencia-backup-20261128T030000Z-scheduled.tar.gz[.age]`. */
export const ARCHIVE_NAME =
  /^agencia-backup-(\d{8}T\d{6}Z)-(manual|scheduled|pre-migration|cli)\.tar\.gz(\.age)?$/;

/** The instant an archive's name records (UTC). */
export function archiveDate(name: string): Date | null {
  const m = ARCHIVE_NAME.exec(name);
  if (!m) return null;
  const s = m[1]!;
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  );
}

function archiveName(at: Date, reason: BackupReason, encrypted: boolean): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `agencia-backup-${stamp}-${reason}.tar.gz${encrypted ? '.age' : ''}`;
}

/** The first bytes of an age-encrypted file (how a reader tells an encrypted archive). */
export const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

function appVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(join(API_ROOT, '..', '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'desconocida';
  }
}

/** The SHA-256 of a file, hex (streamed). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every file under `dir`, recursively, as paths relative to it with `/`. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  return out.sort();
}

/** The archive path of a table's rows (`database/tables/<table>.jsonl`). */
export const partOf = (table: string) => `database/tables/${table}.jsonl`;

/** Uploaded files and their bytes, as the logical dump holds them. */
async function uploadTotals(db: Db): Promise<{ files: number; bytes: number }> {
  const r = (await db.execute(
    sql`select count(*)::int as n, coalesce(sum(size_bytes), 0)::bigint::text as b from files`,
  )) as unknown as { rows: Array<{ n: number; b: string }> };
  return { files: Number(r.rows[0]!.n), bytes: Number(r.rows[0]!.b) };
}

/**
 * The logical dump of `db` into `stage` (one snapshot: a REPEATABLE READ, read-only transaction),
 * with `during` run while that transaction is open (pg_dump importing its snapshot).
 */
async function logicalDump(
  db: Db,
  stage: string,
  during?: (snapshot: string) => Promise<void>,
): Promise<Pick<BackupManifest, 'tables' | 'sequences' | 'uploads'>> {
  mkdirSync(join(stage, 'database', 'tables'), { recursive: true });
  return db.transaction(
    async (tx) => {
      const pending: Promise<void>[] = [];
      if (during) {
        const r = (await tx.execute(sql`select pg_export_snapshot() as s`)) as unknown as {
          rows: Array<{ s: string }>;
        };
        const running = during(r.rows[0]!.s);
        // Awaited below, after the tables; handled now so an early failure is not "unhandled".
        running.catch(() => {});
        pending.push(running);
      }
      const order = await tablesInDependencyOrder(tx);
      const tables = await dumpTables(tx, order, (t) => join(stage, partOf(t)));
      const sequences = await dumpSequences(tx);
      const uploads = await uploadTotals(tx as unknown as Db);
      await Promise.all(pending);
      return { tables, sequences, uploads };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** pg_dump's connection: the URL without its password, which goes in PGPASSWORD (not on `ps`). */
function pgDumpConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: childProcessEnv(password ? { PGPASSWORD: password } : {}) };
}

/** Runs pg_dump (custom format) into `file` from the exported `snapshot`. */
function runPgDump(settings: BackupSettings, snapshot: string | null, file: string): Promise<void> {
  const { dbname, env } = pgDumpConnection(settings.databaseUrl!);
  const args = ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`];
  if (snapshot) args.push(`--snapshot=${snapshot}`);
  return new Promise((resolve, reject) => {
    const child = spawn(settings.pgDumpPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `No se encontró pg_dump ("${settings.pgDumpPath}"): instala el cliente de PostgreSQL (postgresql-client) de la misma versión del servidor o indica su ruta en PG_DUMP_PATH`
            : `No se pudo ejecutar pg_dump: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`pg_dump terminó con error (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`),
          ),
    );
  });
}

/**
 * Removes from BACKUP_DIR what a killed backup of an earlier run left there: the `.work-*`
 * folders of versions before decision 162 (plaintext tables and keys) and `.…partial` archives
 * whose process is gone. Answers what it removed.
 */
export function sweepBackupDir(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of entries) {
    const pid = /^\.agencia-backup-.*\.(\d+)\.partial$/.exec(name)?.[1];
    const stale =
      name.startsWith('.work-') ||
      (pid !== undefined && !processAlive(Number(pid))) ||
      (pid === undefined && /^\.agencia-backup-.*\.partial$/.test(name));
    if (!stale) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed.push(join(dir, name));
  }
  return removed;
}

/**
 * Takes one consistent backup of `database` into `settings.dir` (decision 143) and answers the
 * archive. PGlite: the data directory's own dump (`dumpDataDir`, taken while no transaction is
 * open), loaded into a scratch PGlite that the logical dump then reads, so both parts are the same
 * instant. PostgreSQL: the logical dump in a REPEATABLE READ transaction whose snapshot pg_dump
 * (custom format) imports. Plus the key files and `manifest.json`; tar + gzip, then age
 * (passphrase) when `BACKUP_PASSPHRASE` is set. Throws {@link BackupError} (pg_dump missing …).
 *
 * Where the plaintext goes (decision 162): the parts are staged in a private scratch folder
 * outside BACKUP_DIR ({@link scratchFolder}: 0700, removed on exit and by the next run), and the
 * archive is encrypted as tar writes it, so nothing unencrypted ever reaches BACKUP_DIR when a
 * passphrase is set. The archive is written as `.<name>.<pid>.partial` (0600) and renamed, so a
 * file with an archive's name is always complete; a partial left by a killed run is removed by
 * the next one ({@link sweepBackupDir}).
 */
export async function createBackup(
  database: Database,
  settings: BackupSettings,
  reason: BackupReason,
  now = new Date(),
): Promise<BackupResult> {
  mkdirSync(settings.dir, { recursive: true });
  sweepBackupDir(settings.dir);
  sweepScratch();
  const scratch = scratchFolder('backup');
  const work = scratch.dir;
  const stage = join(work, 'stage');
  mkdirSync(join(stage, 'database'), { recursive: true });
  let partial: string | null = null;
  try {
    let logical: Pick<BackupManifest, 'tables' | 'sequences' | 'uploads'>;
    let migration: MigrationLevel;
    if (database.driver === 'pglite') {
      const live = database.pglite!;
      // Inside a transaction of ours no other one can be half-way (PGlite runs one at a time).
      const dump = (await live.transaction(async () => live.dumpDataDir('gzip'))) as Blob;
      const dumpFile = join(stage, 'database', 'pglite-datadir.tar.gz');
      writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      const scratchDb = new PGlite(join(work, 'pglite'), {
        loadDataDir: dump,
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        await scratchDb.waitReady;
        const db = drizzlePglite(scratchDb, { schema }) as unknown as Db;
        const scratchDatabase: Database = { ...database, db, pglite: scratchDb };
        migration = await migrationLevel(scratchDatabase);
        logical = await logicalDump(db, stage);
      } finally {
        await scratchDb.close();
      }
    } else {
      if (!settings.databaseUrl) throw new BackupError('Falta DATABASE_URL para ejecutar pg_dump');
      migration = await migrationLevel(database);
      const dumpFile = join(stage, 'database', 'postgres.dump');
      logical = await logicalDump(database.db, stage, (snapshot) => runPgDump(settings, snapshot, dumpFile));
    }
    mkdirSync(join(stage, 'keys'), { recursive: true });
    writeFileSync(join(stage, 'keys', 'totp-key'), settings.totpKey.toString('base64url'), { mode: 0o600 });
    writeFileSync(join(stage, 'keys', 'ecf-key'), settings.ecfKey.toString('base64url'), { mode: 0o600 });
    if (settings.vapidKeys) {
      const { publicKey, privateKey } = settings.vapidKeys;
      writeFileSync(join(stage, 'keys', 'vapid-keys'), JSON.stringify({ publicKey, privateKey }), {
        mode: 0o600,
      });
    }

    const parts: BackupManifest['parts'] = [];
    for (const path of listFiles(stage))
      parts.push({
        path,
        bytes: statSync(join(stage, path)).size,
        sha256: await sha256File(join(stage, path)),
      });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      engine: database.driver,
      reason,
      migration,
      ...logical,
      parts,
    };
    writeFileSync(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const name = archiveName(now, reason, Boolean(settings.passphrase));
    // tar + gzip as a stream, encrypted on the way when there is a passphrase: no plaintext
    // archive is ever written, here or in BACKUP_DIR.
    const tarred = Readable.from(
      tar.c({ gzip: true, cwd: stage, portable: true }, ['manifest.json', ...parts.map((p) => p.path)]),
    );
    partial = join(settings.dir, `.${name}.${process.pid}.partial`);
    if (settings.passphrase) {
      const enc = new Encrypter();
      enc.setPassphrase(settings.passphrase);
      if (settings.scryptWorkFactor) enc.setScryptWorkFactor(settings.scryptWorkFactor);
      const encrypted = await enc.encrypt(Readable.toWeb(tarred) as ReadableStream<Uint8Array>);
      await pipeline(Readable.fromWeb(encrypted as never), createWriteStream(partial, { mode: 0o600 }));
    } else {
      await pipeline(tarred, createWriteStream(partial, { mode: 0o600 }));
    }
    const path = join(settings.dir, name);
    renameSync(partial, path);
    partial = null;
    return { name, path, bytes: statSync(path).size, manifest };
  } finally {
    scratch.dispose();
    if (partial) rmSync(partial, { force: true });
  }
}

// ── restore ────────────────────────────────────────────────────────────────────────────────
