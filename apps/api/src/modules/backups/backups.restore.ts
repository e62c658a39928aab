import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Decrypter } from 'age-encryption';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { type Database, openDatabase, type Tx } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../lib/paths.js';
import {
  AGE_MAGIC,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupManifest,
  listFiles,
  partOf,
  sha256File,
} from './backups.archive.js';
import { countRows, loadSequences, loadTable } from './backups.logical.js';
import { journal, migrateFrom, migrateTo } from './backups.migrations.js';
import { scratchFolder } from './backups.scratch.js';

/*
 * Reading an archive back (decision 143): `verifyArchive` checks it before anything is written,
 * `restoreBackup` (`npm run restore`) loads it into an empty target. Writing one is
 * backups.archive.ts (split along that line, decision 152).
 */

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
  // Decrypted parts only in a private folder, removed on exit and by the next run (decision 162).
  const scratch = scratchFolder('restore');
  const dir = scratch.dir;
  const dispose = scratch.dispose;
  try {
    const head = Buffer.alloc(AGE_MAGIC.length);
    const fh = await open(archive, 'r');
    await fh.read(head, 0, head.length, 0);
    await fh.close();
    const stage = join(dir, 'stage');
    mkdirSync(stage);
    const extract = () => tar.x({ cwd: stage, strict: true });
    if (head.equals(AGE_MAGIC)) {
      if (!passphrase)
        throw new BackupError('La copia está cifrada: define BACKUP_PASSPHRASE con su frase de contraseña');
      // Decrypted as it is extracted: the plaintext archive is never written whole.
      try {
        const dec = new Decrypter();
        dec.addPassphrase(passphrase);
        const plain = await dec.decrypt(
          Readable.toWeb(createReadStream(archive)) as ReadableStream<Uint8Array>,
        );
        await pipeline(Readable.fromWeb(plain as never), extract());
      } catch (err) {
        throw new BackupError(
          `No se pudo descifrar la copia (frase de contraseña incorrecta o archivo dañado): ${(err as Error).message}`,
        );
      }
    } else {
      try {
        await pipeline(createReadStream(archive), extract());
      } catch (err) {
        throw new BackupError(`La copia está dañada (no se pudo leer el archivo): ${(err as Error).message}`);
      }
    }
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
  /** How the data went in: the tables loaded one by one, or the archive's PGlite directory (decision 162). */
  via: 'tables' | 'pglite-directory';
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

type Exec = Database['db'];

/**
 * Uploads whose bytes no longer match their SHA-256, one file per statement: a single query over
 * every file made PGlite hold them all at once (400 MB more for 40 MB of uploads, decision 162).
 */
async function mismatchedUploads(db: Exec | Tx): Promise<number> {
  const ids = (await db.execute(sql`select id from files`)) as unknown as { rows: Array<{ id: string }> };
  let bad = 0;
  for (const { id } of ids.rows) {
    const r = (await db.execute(
      sql`select encode(sha256(data), 'hex') = sha256 as ok from files where id = ${id}`,
    )) as unknown as { rows: Array<{ ok: boolean }> };
    if (!r.rows[0]?.ok) bad++;
  }
  return bad;
}

/** The manifest's row counts against the database's; a difference throws (rolling back the caller). */
async function compareCounts(db: Exec | Tx, manifest: BackupManifest): Promise<RestoreReport['counts']> {
  const names = manifest.tables.map((t) => t.name);
  const restored = await countRows(db, names);
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
  const bad = await mismatchedUploads(db);
  if (bad > 0) throw new BackupError(`${bad} archivos subidos no coinciden con su suma SHA-256`);
  return compared;
}

/**
 * PGlite archive into a PGlite DATA_DIR (decision 162): the archive's own data directory (the
 * engine's dump of the same instant as the tables, SHA-256 checked with every part) is extracted
 * into place and opened. Creating an empty PGlite database instead runs its initdb, which alone
 * peaks at about 1 GB of memory, whatever the archive's size. Answers null (the target emptied
 * again) when that directory cannot be opened by this PGlite (a dump from another PostgreSQL
 * major version): the caller then loads the tables.
 */
async function openNativePglite(verified: VerifiedArchive, dataDir: string): Promise<Database | null> {
  const dump = join(verified.dir, 'database', 'pglite-datadir.tar.gz');
  if (verified.manifest.engine !== 'pglite' || !existsSync(dump)) return null;
  const dir = join(dataDir, 'pglite');
  // Members are written as absolute paths (`/base/…`): extracted under `dir`, never outside it.
  await tar.x({ file: dump, cwd: dir, onwarn: () => {} });
  try {
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.ping();
      return database;
    } catch (err) {
      await database.close().catch(() => {});
      throw err;
    }
  } catch {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return null;
  }
}

/**
 * `npm run restore` (decision 143): verifies the archive first ({@link verifyArchive}), refuses a
 * target that holds data unless `force` (then empties it), migrates the empty target to the
 * archive's level, loads every table and sequence in one transaction, compares the row counts with
 * the manifest (a difference rolls it back), checks every upload's SHA-256, migrates to the
 * current level and writes the key files into `dataDir`. A PGlite archive restored into PGlite
 * starts from the archive's own data directory instead of loading the tables
 * ({@link openNativePglite}; the same counts and checks follow). Throws {@link BackupError}.
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
  /** Load the tables even when the archive's PGlite directory could be used (tests cover both). */
  logical?: boolean;
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
    const native =
      'dataDir' in target && !options.logical ? await openNativePglite(verified, target.dataDir) : null;
    const database =
      native ??
      (await openDatabase(
        'url' in target ? { url: target.url, poolMax: 2 } : { dataDir: join(target.dataDir, 'pglite') },
      ));
    let refused = false;
    try {
      let counts: RestoreReport['counts'];
      if (native) {
        try {
          counts = await compareCounts(database.db, manifest);
        } catch (err) {
          refused = true;
          throw err;
        }
      } else {
        await migrateTo(database, manifest.migration.count, options.migrationsFolder ?? MIGRATIONS_DIR);
        counts = await database.db.transaction(async (tx) => {
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
          return compareCounts(tx, manifest);
        });
      }
      await migrateFrom(database, options.migrationsFolder ?? MIGRATIONS_DIR);
      mkdirSync(options.dataDir, { recursive: true });
      const keys: string[] = [];
      // In this order: the CLI compares keys[0] and keys[1] with the environment's TOTP/e-CF keys.
      for (const key of ['totp-key', 'ecf-key', 'vapid-keys']) {
        const from = join(verified.dir, 'keys', key);
        if (!existsSync(from)) continue;
        writeFileSync(join(options.dataDir, key), readFileSync(from), { mode: 0o600 });
        keys.push(join(options.dataDir, key));
      }
      return { manifest, counts, keys, via: native ? 'pglite-directory' : 'tables' };
    } finally {
      await database.close();
      // Nothing of a refused archive stays behind.
      if (refused && 'dataDir' in target)
        rmSync(join(target.dataDir, 'pglite'), { recursive: true, force: true });
    }
  } finally {
    verified.dispose();
  }
}
