import { accessSync, constants, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BackupFile } from '@agencia/shared';
import type { AppConfig, BackupConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type Effects, effects } from '../../lib/effects.js';
import { notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import {
  ARCHIVE_NAME,
  archiveDate,
  type BackupReason,
  type BackupResult,
  type BackupSettings,
  createBackup,
} from './backups.archive.js';
import { BackupError } from './backups.error.js';
import { copyToDirectory, uploadToS3 } from './backups.offsite.js';
import { archivesToKeep } from './backups.retention.js';
import type { SocketAnswer, SocketRequest } from './backups.socket.js';

/** The archive settings of a loaded configuration. */
export function backupSettings(config: AppConfig): BackupSettings {
  return {
    dir: config.backup.dir,
    passphrase: config.backup.passphrase,
    pgDumpPath: config.backup.pgDumpPath,
    databaseUrl: config.databaseUrl,
    totpKey: config.totpEncryptionKey,
    ecfKey: config.ecf.encryptionKey,
    vapidKeys: { publicKey: config.webPush.publicKey, privateKey: config.webPush.privateKey },
  };
}

/** The archives in `dir`, newest first (only complete ones: a partial file has another name). */
export function listBackups(dir: string): BackupFile[] {
  if (!existsSync(dir)) return [];
  const out: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const m = ARCHIVE_NAME.exec(name);
    if (!m) continue;
    out.push({
      name,
      bytes: statSync(join(dir, name)).size,
      createdAt: archiveDate(name)!.toISOString(),
      reason: m[2] as BackupReason,
      encrypted: Boolean(m[3]),
    });
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The path of archive `name` in `dir`; 404 for a name that is not an archive there (no path tricks). */
export function archivePath({ dir, name }: { dir: string; name: string }): string {
  if (!ARCHIVE_NAME.test(name) || !existsSync(join(dir, name)))
    throw notFound('Copia de seguridad no encontrada');
  return join(dir, name);
}

/** Deletes the archives of `dir` that retention does not keep; answers their names. */
export function pruneArchives({
  dir,
  policy,
}: {
  dir: string;
  policy: Pick<BackupConfig, 'keepDaily' | 'keepWeekly' | 'keepMonthly'>;
}) {
  const archives = listBackups(dir).map((a) => ({ name: a.name, takenAt: new Date(a.createdAt) }));
  const keep = archivesToKeep(archives, {
    daily: policy.keepDaily,
    weekly: policy.keepWeekly,
    monthly: policy.keepMonthly,
  });
  const removed = archives.filter((a) => !keep.has(a.name)).map((a) => a.name);
  for (const name of removed) rmSync(join(dir, name), { force: true });
  return removed;
}

/** What one backup run did: the archive, where its copies went, and what retention removed. */
export interface BackupRun {
  result: BackupResult;
  copies: string[];
  removed: string[];
}

/**
 * Takes a backup and sends it to the second places (`BACKUP_COPY_DIR`, `BACKUP_S3_*`), then applies
 * retention to `BACKUP_DIR` and the copy folder. A failing copy fails the run (the local archive
 * stays). Throws what {@link createBackup} or the copy threw.
 */
export async function runBackup({
  database,
  settings,
  backup,
  reason,
  now = new Date(),
}: {
  database: Database;
  settings: BackupSettings;
  backup: BackupConfig;
  reason: BackupReason;
  now?: Date;
}): Promise<BackupRun> {
  const result = await createBackup(database, settings, reason, now);
  const copies: string[] = [];
  if (backup.copyDir) copies.push(copyToDirectory(result.path, backup.copyDir));
  if (backup.s3) copies.push(`s3://${backup.s3.bucket}/${await uploadToS3(result.path, backup.s3)}`);
  const removed = pruneArchives({ dir: settings.dir, policy: backup });
  if (backup.copyDir) pruneArchives({ dir: backup.copyDir, policy: backup });
  return { result, copies, removed };
}

/**
 * What the running PGlite server does when `npm run backup` asks over its socket (decisions 143
 * and 162): the backup goes to the command's BACKUP_DIR (`request.dir`; the server's own when the
 * command sends none), with retention applied there as the command would when it runs alone. The
 * server's other settings apply (passphrase, second copies). A folder the server's process
 * cannot write (another user's, or outside what systemd lets it write) is refused with why.
 */
export function socketBackup({ database, config }: { database: Database; config: AppConfig }) {
  return async (request: SocketRequest): Promise<SocketAnswer> => {
    const dir = request.dir ? resolve(request.dir) : config.backup.dir;
    if (dir !== config.backup.dir) {
      try {
        mkdirSync(dir, { recursive: true });
        accessSync(dir, constants.W_OK);
      } catch (err) {
        throw new BackupError(
          `El servidor en marcha no puede escribir en ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): dale permiso a su usuario, o usa su BACKUP_DIR (${config.backup.dir})`,
        );
      }
    }
    const run = await runBackup({
      database,
      settings: { ...backupSettings(config), dir },
      backup: config.backup,
      reason: 'cli',
    });
    return { ok: true, path: run.result.path, bytes: run.result.bytes, copies: run.copies };
  };
}

/** Spanish size: "1,2 MB". */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

/**
 * The daily job (decision 143): {@link runBackup}; when it fails, every admin gets a `system`
 * notification (and its e-mail) with the reason, and the error is thrown again so the job runner
 * records the failure and retries. Answers the run's one-line summary.
 */
export async function scheduledBackup({
  database,
  settings,
  backup,
  push,
  now = new Date(),
}: {
  database: Database;
  settings: BackupSettings;
  backup: BackupConfig;
  push: (fx: Effects) => void;
  now?: Date;
}): Promise<string> {
  try {
    const run = await runBackup({ database, settings, backup, reason: 'scheduled', now });
    const copies = run.copies.length ? `, copiada a ${run.copies.join(' y ')}` : '';
    const removed = run.removed.length ? `; ${run.removed.length} antiguas eliminadas` : '';
    return `Copia ${run.result.name} (${size(run.result.bytes)})${copies}${removed}`;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const stored = await database.db.transaction((tx) =>
      createNotifications(tx, {
        roles: ['admin'],
        topic: 'system',
        title: 'Falló la copia de seguridad',
        message: `La copia de seguridad diaria no se pudo hacer: ${reason.slice(0, 500)}. Revisa Configuración → Copias de seguridad.`,
        link: '/settings?tab=backups',
      }),
    );
    push(effects({ notifications: stored }));
    throw err;
  }
}
