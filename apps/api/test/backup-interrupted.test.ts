import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS } from '../src/db/client.js';
import { files } from '../src/db/schema/index.js';
import { AGE_MAGIC, ARCHIVE_NAME } from '../src/modules/backups/backups.archive.js';
import { emptyPgDatabase, pgServerUrl } from './backup-helpers.js';
import { clonePgDatabase } from './helpers.js';

/*
 * Issue 43 item 4 (decision 162): a killed encrypted backup or restore leaves no plaintext where
 * archives are copied (BACKUP_DIR) nor in the open temporary folder; what it staged sits in a
 * private folder (0700) that the next run removes. The CLIs run as child processes (as
 * `npm run backup` / `npm run restore` do) and are killed with SIGKILL half-way, or stopped with
 * SIGTERM. On PostgreSQL the CLI dumps and restores through DATABASE_URL; on PGlite through
 * DATA_DIR.
 */

const API_ROOT = resolve(import.meta.dirname, '..');
const PASSPHRASE = 'frase de prueba para copias interrumpidas';
const ENGINE = pgServerUrl() ? 'postgres' : 'pglite';

let root: string;
/** The children's TMPDIR: the scratch root lives under it. */
let tmp: string;
let backupDir: string;
let dataDir: string;
let databaseUrl: string | null = null;
const cleanups: Array<() => Promise<void>> = [];

/** Every file under `dir` (recursive), absolute. */
function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Whether `file` starts with age's header (an encrypted archive, complete or partial). */
function isAge(file: string): boolean {
  const head = Buffer.alloc(AGE_MAGIC.length);
  const fd = openSync(file, 'r');
  readSync(fd, head, 0, head.length, 0);
  return head.equals(AGE_MAGIC);
}

/** What the runs left in their TMPDIR (tsx's own transpile cache aside: the harness, not the app). */
const inTmp = () => walk(tmp).filter((f) => !/[/\\]tsx-[^/\\]+[/\\]/.test(f.slice(tmp.length)));

const scratchRoot = () => join(tmp, `agencia-portal-${process.getuid?.() ?? 'user'}-scratch`);

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: tmp,
    DATA_DIR: dataDir,
    BACKUP_DIR: backupDir,
    BACKUP_PASSPHRASE: PASSPHRASE,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

function cli(name: 'backup' | 'restore', args: string[] = [], extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'cli', `${name}.ts`), ...args], {
    cwd: API_ROOT,
    env: env(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | string>((done) =>
    child.on('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  return { child, exited, output: () => output };
}

/**
 * Waits until a table part (`database/tables/*.jsonl`, plaintext) exists anywhere the run may
 * stage it (BACKUP_DIR, TMPDIR), then sends `signal`: the run is half-way.
 */
async function interruptWhenStaged(run: ReturnType<typeof cli>, signal: NodeJS.Signals): Promise<void> {
  let finished = false;
  void run.exited.then(() => {
    finished = true;
  });
  for (;;) {
    if (finished) throw new Error(`the run ended before it could be interrupted:\n${run.output()}`);
    if ([...walk(backupDir), ...inTmp()].some((f) => /database[/\\]tables[/\\].+\.jsonl$/.test(f))) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  (run.child as ChildProcess).kill(signal);
  await run.exited;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'agencia-interrupted-'));
  tmp = join(root, 'tmp');
  backupDir = join(root, 'backups');
  dataDir = join(root, 'data');
  mkdirSync(tmp);
  // A database with a 4 MB upload, so the run is still staging when it is interrupted.
  const data = randomBytes(4 * 1024 * 1024);
  const big = {
    ownerType: 'test',
    filename: 'grande.bin',
    contentType: 'application/octet-stream',
    sizeBytes: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    data,
  };
  if (ENGINE === 'postgres') {
    const clone = (await clonePgDatabase())!;
    cleanups.push(clone.drop);
    databaseUrl = clone.url;
    const database = await openDatabase({ url: clone.url, poolMax: 1 });
    await database.db.insert(files).values(big);
    await database.close();
  } else {
    // The CLI opens DATA_DIR/pglite: migrated and seeded like the tests' template, plus the upload.
    mkdirSync(dataDir);
    const pglite = new PGlite(join(dataDir, 'pglite'), {
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
      extensions: PGLITE_EXTENSIONS,
    });
    await pglite.waitReady;
    await pglite.query(
      'insert into files (owner_type, filename, content_type, size_bytes, sha256, data) values ($1, $2, $3, $4, $5, $6)',
      [big.ownerType, big.filename, big.contentType, big.sizeBytes, big.sha256, big.data],
    );
    await pglite.close();
  }
}, 120_000);

afterAll(async () => {
  for (const c of cleanups) await c();
  rmSync(root, { recursive: true, force: true });
});

describe(`an interrupted encrypted backup or restore (${ENGINE}, issue 43 item 4)`, () => {
  let archive: string;

  it('a backup killed half-way leaves no plaintext in BACKUP_DIR; the next run removes what it staged', async () => {
    const killed = cli('backup');
    await interruptWhenStaged(killed, 'SIGKILL');
    // Where archives are copied from: nothing but (at most) an encrypted partial archive.
    for (const file of walk(backupDir)) expect({ file, age: isAge(file) }).toEqual({ file, age: true });
    // The staged parts: only in the private scratch folder.
    const plaintext = inTmp();
    expect(plaintext.length).toBeGreaterThan(0);
    for (const file of plaintext) expect(file.startsWith(`${scratchRoot()}/`)).toBe(true);
    expect(statSync(scratchRoot()).mode & 0o777).toBe(0o700);
    for (const run of readdirSync(scratchRoot()))
      expect(statSync(join(scratchRoot(), run)).mode & 0o777).toBe(0o700);

    const next = cli('backup');
    expect(await next.exited, next.output()).toBe(0);
    const left = readdirSync(backupDir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(ARCHIVE_NAME);
    expect(left[0]).toMatch(/\.age$/);
    archive = join(backupDir, left[0]!);
    expect(isAge(archive)).toBe(true);
    // The killed run's stage is gone, and the finished run removed its own.
    expect(inTmp()).toEqual([]);
  }, 120_000);

  it('a backup stopped with SIGTERM removes its stage and partial archive as it exits', async () => {
    const stopped = cli('backup');
    await interruptWhenStaged(stopped, 'SIGTERM');
    expect(inTmp()).toEqual([]);
    expect(readdirSync(backupDir)).toEqual([archive.slice(backupDir.length + 1)]);
  }, 120_000);

  it('a restore killed half-way leaves the decrypted archive only in the private folder; the next run removes it', async () => {
    const target = async (): Promise<Record<string, string>> => {
      if (ENGINE === 'pglite') return { DATA_DIR: mkdtempSync(join(root, 'restore-')) };
      const db = await emptyPgDatabase();
      cleanups.push(db.drop);
      return { DATA_DIR: mkdtempSync(join(root, 'restore-')), DATABASE_URL: db.url };
    };
    const killed = cli('restore', [archive], await target());
    await interruptWhenStaged(killed, 'SIGKILL');
    const plaintext = inTmp();
    expect(plaintext.length).toBeGreaterThan(0);
    for (const file of plaintext) expect(file.startsWith(`${scratchRoot()}/`)).toBe(true);
    // Decrypted as extracted: no whole plaintext archive is ever written.
    expect(plaintext.filter((f) => f.endsWith('.tar.gz') && !f.includes('pglite-datadir'))).toEqual([]);

    const next = cli('restore', [archive], await target());
    expect(await next.exited, next.output()).toBe(0);
    expect(inTmp()).toEqual([]);
  }, 180_000);
});
