import { z } from 'zod';

/**
 * Backups (decision 143): archives in `BACKUP_DIR`, listed, taken and downloaded by admins in
 * Configuración → Copias de seguridad; the dashboard warns when the last one is older than
 * {@link BACKUP_STALE_HOURS}.
 */
export const BACKUP_REASONS = ['manual', 'scheduled', 'pre-migration', 'cli'] as const;
export const BACKUP_REASON_LABELS: Record<(typeof BACKUP_REASONS)[number], string> = {
  manual: 'Manual',
  scheduled: 'Diaria',
  'pre-migration': 'Antes de actualizar',
  cli: 'Desde la consola',
};

/** Hours without a good backup after which the dashboard warns the admins. */
export const BACKUP_STALE_HOURS = 36;

/** An archive: its file name, size in bytes, ISO instant taken, why, and whether age-encrypted. */
export const BackupFileSchema = z.object({
  name: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
  reason: z.enum(BACKUP_REASONS),
  encrypted: z.boolean(),
});
export type BackupFile = z.infer<typeof BackupFileSchema>;

/** `GET /backups`: the archives (newest first) and how backups are set up. */
export const ListBackupsResponseSchema = z.object({
  backups: z.array(BackupFileSchema),
  /** Spanish description of the schedule ("Cada día a las 3:00 a. m.") or null when off. */
  schedule: z.string().nullable(),
  encrypted: z.boolean(),
  /** Where the second copy goes ("carpeta /mnt/otro-disco", "S3 bucket agencia"), or null. */
  copyTo: z.string().nullable(),
  retention: z.object({ daily: z.number().int(), weekly: z.number().int(), monthly: z.number().int() }),
  engine: z.enum(['pglite', 'postgres']),
});
export type ListBackupsResponse = z.infer<typeof ListBackupsResponseSchema>;

/** `POST /backups` (Crear copia ahora): the new archive. */
export const CreateBackupResponseSchema = z.object({ backup: BackupFileSchema });

/** `GET /backups/{name}/download` path parameter: an archive's file name. */
export const BackupNameParamsSchema = z.object({
  name: z
    .string()
    .regex(
      /^agencia-backup-\d{8}T\d{6}Z-(manual|scheduled|pre-migration|cli)\.tar\.gz(\.age)?$/,
      'Copia de seguridad no encontrada',
    )
    .describe('Archive file name, e.g. agencia-backup-20261128T070000Z-scheduled.tar.gz'),
});

/** The dashboard's backup card (admins only): the last good backup, and whether it is stale. */
export const BackupStatusSchema = z.object({
  lastBackupAt: z.string().nullable(),
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
