import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Seconds since the newest backup archive in `dir` was written (its mtime), or null when the
 * folder is missing or holds no archive. Hidden files and unfinished writes (`*.tmp`,
 * `*.partial`) are not archives. Feeds `agencia_backup_last_age_seconds` on `/metrics`
 * (decision 144); the backups module owns the folder (`BACKUP_DIR`, default `DATA_DIR/backups`).
 */
export function lastBackupAgeSeconds(dir: string, now: number = Date.now()): number | null {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  let newest = Number.NEGATIVE_INFINITY;
  for (const name of names) {
    if (name.startsWith('.') || /\.(tmp|partial)$/.test(name)) continue;
    try {
      const stat = statSync(join(dir, name));
      if (stat.isFile() && stat.mtimeMs > newest) newest = stat.mtimeMs;
    } catch {
      // removed while we looked (rotation): skip it
    }
  }
  return Number.isFinite(newest) ? Math.max(0, (now - newest) / 1000) : null;
}
