import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { Decrypter, Encrypter } from 'age-encryption';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as tar from 'tar';
import { childProcessEnv } from '../../config.js';
import { type Database, type Db, openDatabase, PGLITE_EXTENSIONS } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { API_ROOT, MIGRATIONS_DIR } from '../../lib/paths.js';
import {
  countRows,
  type DumpedSequence,
  type DumpedTable,
  dumpSequences,
  dumpTables,
  loadSequences,
  loadTable,
  tablesInDependencyOrder,
} from './backups.logical.js';
import {
  journal,
  type MigrationLevel,
  migrateFrom,
  migrateTo,
  migrationLevel,
} from './backups.migrations.js';

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

/** A backup or restore that cannot go on, with a Spanish one-line reason for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

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

const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

function appVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(join(API_ROOT, '..', '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'desconocida';
  }
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
  return out.sort();
}

const partOf = (table: string) => `database/tables/${table}.jsonl`;

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
 * Takes one consistent backup of `database` into `settings.dir` (decision 143) and answers the
 * archive. PGlite: the data directory's own dump (`dumpDataDir`, taken while no transaction is
 * open), loaded into a scratch PGlite that the logical dump then reads, so both parts are the same
 * instant. PostgreSQL: the logical dump in a REPEATABLE READ transaction whose snapshot pg_dump
 * (custom format) imports. Plus the key files and `manifest.json`; tar + gzip, then age
 * (passphrase) when `BACKUP_PASSPHRASE` is set. Written under a temporary name and renamed, so a
 * file with an archive's name is always complete. Throws {@link BackupError} (pg_dump missing …).
 */
export async function createBackup(
  database: Database,
  settings: BackupSettings,
  reason: BackupReason,
  now = new Date(),
): Promise<BackupResult> {
  mkdirSync(settings.dir, { recursive: true });
  const work = mkdtempSync(join(settings.dir, '.work-'));
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
      writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
      const scratch = new PGlite(join(work, 'pglite'), { loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
      try {
        await scratch.waitReady;
        const scratchDb = drizzlePglite(scratch, { schema }) as unknown as Db;
        const scratchDatabase: Database = { ...database, db: scratchDb, pglite: scratch };
        migration = await migrationLevel(scratchDatabase);
        logical = await logicalDump(scratchDb, stage);
      } finally {
        await scratch.close();
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
    const tarFile = join(work, 'archive.tar.gz');
    await tar.c({ gzip: true, cwd: stage, file: tarFile, portable: true }, [
      'manifest.json',
      ...parts.map((p) => p.path),
    ]);
    partial = join(settings.dir, `.${name}.partial`);
    if (settings.passphrase) {
      const enc = new Encrypter();
      enc.setPassphrase(settings.passphrase);
      if (settings.scryptWorkFactor) enc.setScryptWorkFactor(settings.scryptWorkFactor);
      const input = Readable.toWeb(createReadStream(tarFile)) as ReadableStream<Uint8Array>;
      const encrypted = await enc.encrypt(input);
      await pipeline(Readable.fromWeb(encrypted as never), createWriteStream(partial, { mode: 0o600 }));
    } else {
      await pipeline(createReadStream(tarFile), createWriteStream(partial, { mode: 0o600 }));
    }
    const path = join(settings.dir, name);
    renameSync(partial, path);
    partial = null;
    return { name, path, bytes: statSync(path).size, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (partial) rmSync(partial, { force: true });
  }
}

// ── restore ────────────────────────────────────────────────────────────────────────────────

/** An archive opened and checked: its manifest and the folder its parts were extracted to. */
export interface VerifiedArchive {
  manifest: BackupManifest;
  dir: string;
  /** Removes the extracted parts. */
  dispose(): void;
}

/**
 * Decrypts (when age-encrypted) and extracts `archive` into a scratch folder and checks it
 * before anything is written anywhere: the manifest's format, every part's size and SHA-256, no
 * part missing or added, and a migration level this version knows. Throws {@link BackupError}.
 */
export async function verifyArchive(archive: string, passphrase: string | null): Promise<VerifiedArchive> {
  if (!existsSync(archive)) throw new BackupError(`No existe el archivo ${archive}`);
  const dir = mkdtempSync(join(tmpdir(), 'agencia-restore-check-'));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const fh = await open(archive, 'r');
    await fh.read(head, 0, head.length, 0);
    await fh.close();
    let tarFile = archive;
    if (head.equals(AGE_MAGIC)) {
      if (!passphrase)
        throw new BackupError('La copia está cifrada: define BACKUP_PASSPHRASE con su frase de contraseña');
      tarFile = join(dir, 'archive.tar.gz');
      try {
        const dec = new Decrypter();
        dec.addPassphrase(passphrase);
        const plain = await dec.decrypt(
          Readable.toWeb(createReadStream(archive)) as ReadableStream<Uint8Array>,
        );
        await pipeline(Readable.fromWeb(plain as never), createWriteStream(tarFile));
      } catch (err) {
        throw new BackupError(
          `No se pudo descifrar la copia (frase de contraseña incorrecta o archivo dañado): ${(err as Error).message}`,
        );
      }
    }
    const stage = join(dir, 'stage');
    mkdirSync(stage);
    try {
      await tar.x({ file: tarFile, cwd: stage, strict: true });
    } catch (err) {
      throw new BackupError(`La copia está dañada (no se pudo leer el archivo): ${(err as Error).message}`);
    }
    if (tarFile !== archive) rmSync(tarFile);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(readFileSync(join(stage, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new BackupError('La copia está dañada: falta manifest.json o no se puede leer');
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== BACKUP_FORMAT_VERSION)
      throw new BackupError('El archivo no es una copia de seguridad de este sistema (formato desconocido)');
    const listed = new Set(manifest.parts.map((p) => p.path));
    for (const f of listFiles(stage))
      if (f !== 'manifest.json' && !listed.has(f))
        throw new BackupError(`La copia está dañada: ${f} no figura en el manifiesto`);
    for (const part of manifest.parts) {
      const file = join(stage, part.path);
      if (!existsSync(file)) throw new BackupError(`La copia está dañada: falta ${part.path}`);
      if (statSync(file).size !== part.bytes || (await sha256File(file)) !== part.sha256)
        throw new BackupError(`La copia está dañada: la suma SHA-256 de ${part.path} no coincide`);
    }
    for (const t of manifest.tables)
      if (!listed.has(partOf(t.name)))
        throw new BackupError(`La copia está dañada: falta la tabla ${t.name}`);
    const known = journal();
    if (
      manifest.migration.count > known.length ||
      known[manifest.migration.count - 1]?.tag !== manifest.migration.tag
    )
      throw new BackupError(
        `La copia es de una versión más nueva o distinta (migración ${manifest.migration.tag}); actualiza el sistema antes de restaurarla`,
      );
    return { manifest, dir: stage, dispose };
  } catch (err) {
    dispose();
    throw err;
  }
}

/** Where to restore: a PGlite data directory (`DATA_DIR`) or a PostgreSQL database. */
export type RestoreTarget = { dataDir: string } | { url: string };

/** One line per table of the row counts compared. */
export interface RestoreReport {
  manifest: BackupManifest;
  counts: Array<{ table: string; archive: number; restored: number }>;
  /** Key files written into DATA_DIR. */
  keys: string[];
}

async function targetIsEmpty(target: RestoreTarget): Promise<boolean> {
  if ('dataDir' in target) {
    const dir = join(target.dataDir, 'pglite');
    return !existsSync(dir) || readdirSync(dir).length === 0;
  }
  const database = await openDatabase({ url: target.url, poolMax: 1 });
  try {
    const r = (await database.db.execute(
      sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    )) as unknown as { rows: Array<{ n: number }> };
    return Number(r.rows[0]!.n) === 0;
  } finally {
    await database.close();
  }
}

async function emptyTarget(target: RestoreTarget): Promise<void> {
  if ('dataDir' in target) {
    rmSync(join(target.dataDir, 'pglite'), { recursive: true, force: true });
    return;
  }
  const database = await openDatabase({ url: target.url, poolMax: 1 });
  try {
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`create schema public`);
  } finally {
    await database.close();
  }
}

/**
 * `npm run restore` (decision 143): verifies the archive first ({@link verifyArchive}), refuses a
 * target that holds data unless `force` (then empties it), migrates the empty target to the
 * archive's level, loads every table and sequence in one transaction, compares the row counts with
 * the manifest (a difference rolls it back), checks every upload's SHA-256, migrates to the
 * current level and writes the key files into `dataDir`. Throws {@link BackupError}.
 */
export async function restoreBackup(options: {
  archive: string;
  passphrase: string | null;
  target: RestoreTarget;
  /** DATA_DIR, where the key files go (also on PostgreSQL). */
  dataDir: string;
  force: boolean;
  /** Tests point it at a folder with an extra migration. */
  migrationsFolder?: string;
}): Promise<RestoreReport> {
  const verified = await verifyArchive(options.archive, options.passphrase);
  try {
    const { manifest } = verified;
    if (!(await targetIsEmpty(options.target))) {
      if (!options.force)
        throw new BackupError(
          'El destino ya tiene datos: restaura en un DATA_DIR o una base de datos vacíos, o añade --force para reemplazarlos',
        );
      await emptyTarget(options.target);
    }
    const target = options.target;
    if ('dataDir' in target) mkdirSync(join(target.dataDir, 'pglite'), { recursive: true });
    const database = await openDatabase(
      'url' in target ? { url: target.url, poolMax: 2 } : { dataDir: join(target.dataDir, 'pglite') },
    );
    try {
      await migrateTo(database, manifest.migration.count, options.migrationsFolder ?? MIGRATIONS_DIR);
      const counts = await database.db.transaction(async (tx) => {
        const names = manifest.tables.map((t) => t.name);
        const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
        // The archive holds the tables' final state, counters included (decision 122's stat
        // counters are kept by triggers): no trigger may add to it while it loads.
        for (const name of names)
          await tx.execute(sql.raw(`alter table ${quoted(name)} disable trigger user`));
        // Rows a migration seeds (settings …) are replaced by the archive's.
        for (const name of [...names].reverse()) await tx.execute(sql.raw(`delete from ${quoted(name)}`));
        for (const t of manifest.tables) await loadTable(tx, t.name, join(verified.dir, partOf(t.name)));
        for (const name of names)
          await tx.execute(sql.raw(`alter table ${quoted(name)} enable trigger user`));
        await loadSequences(tx, manifest.sequences);
        const restored = await countRows(tx, names);
        const compared = manifest.tables.map((t) => ({
          table: t.name,
          archive: t.rows,
          restored: restored[t.name]!,
        }));
        const wrong = compared.filter((c) => c.archive !== c.restored);
        if (wrong.length)
          throw new BackupError(
            `Las filas restauradas no coinciden: ${wrong.map((w) => `${w.table} ${w.restored}/${w.archive}`).join(', ')}`,
          );
        const bad = (await tx.execute(
          sql`select count(*)::int as n from files where encode(sha256(data), 'hex') <> sha256`,
        )) as unknown as { rows: Array<{ n: number }> };
        if (Number(bad.rows[0]!.n) > 0)
          throw new BackupError(`${bad.rows[0]!.n} archivos subidos no coinciden con su suma SHA-256`);
        return compared;
      });
      await migrateFrom(database, options.migrationsFolder ?? MIGRATIONS_DIR);
      mkdirSync(options.dataDir, { recursive: true });
      const keys: string[] = [];
      for (const key of ['totp-key', 'ecf-key']) {
        const from = join(verified.dir, 'keys', key);
        if (!existsSync(from)) continue;
        writeFileSync(join(options.dataDir, key), readFileSync(from), { mode: 0o600 });
        keys.push(join(options.dataDir, key));
      }
      return { manifest, counts, keys };
    } finally {
      await database.close();
    }
  } finally {
    verified.dispose();
  }
}
