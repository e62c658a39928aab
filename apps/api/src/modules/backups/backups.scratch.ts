import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupError } from './backups.error.js';

/*
 * Private scratch folders for backups and restores (issue 43 item 4, decision 162). A backup's
 * parts (every table, password hashes included, the pg_dump file, the key files) and a restore's
 * extracted archive are plaintext: they are written only under one folder of the system's
 * temporary directory (TMPDIR; the systemd unit's PrivateTmp), never under BACKUP_DIR, which the
 * README says to copy off the server. That folder and each run's folder are mode 0700. A run's
 * folder is removed when it ends, when the process exits (normally or by SIGINT/SIGTERM, which
 * the CLIs turn into an exit), and — after a SIGKILL or a power cut, which nothing can catch — by
 * the next backup or restore, or the next server start, which remove every folder whose process
 * is gone.
 */

/** The folder holding every run's scratch folder: one per user (`agencia-portal-<uid>-scratch`). */
export function scratchRoot(): string {
  return join(tmpdir(), `agencia-portal-${process.getuid?.() ?? 'user'}-scratch`);
}

/** Run folders are `<kind>-<pid>-<random>`: the pid tells whether its process is still there. */
const RUN_FOLDER = /^(?:backup|restore)-(\d+)-/;

const live = new Set<string>();
let exitHookInstalled = false;

function removeLiveOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const dir of live) rmSync(dir, { recursive: true, force: true });
  });
}

/** Whether process `pid` still exists (this one always does). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else (a reused pid): leave its folder alone.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The scratch root, made private: created mode 0700, or refused when it is not a folder of this
 * user (someone else could read what is staged there, or planted a link).
 */
function privateRoot(): string {
  const root = scratchRoot();
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const st = lstatSync(root);
  const uid = process.getuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid))
    throw new BackupError(
      `La carpeta temporal ${root} no es una carpeta privada de este usuario: bórrala o define TMPDIR con otra carpeta`,
    );
  if ((st.mode & 0o777) !== 0o700) chmodSync(root, 0o700);
  return root;
}

/**
 * Removes the scratch folders left by backups and restores whose process is gone (killed before
 * it could clean up). Answers what it removed. Called at the start of every backup and restore
 * and when the server starts.
 */
export function sweepScratch(): string[] {
  const root = scratchRoot();
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of entries) {
    const pid = RUN_FOLDER.exec(name)?.[1];
    if (pid && processAlive(Number(pid))) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(join(root, name));
  }
  return removed;
}

/** One run's private folder, and how to remove it (also removed when the process exits). */
export interface Scratch {
  dir: string;
  dispose(): void;
}

/** A new private scratch folder for a backup or a restore (after sweeping the stale ones). */
export function scratchFolder(kind: 'backup' | 'restore'): Scratch {
  sweepScratch();
  const dir = mkdtempSync(join(privateRoot(), `${kind}-${process.pid}-`));
  chmodSync(dir, 0o700);
  live.add(dir);
  removeLiveOnExit();
  return {
    dir,
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
      live.delete(dir);
    },
  };
}
