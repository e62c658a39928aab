import { createReadStream, statSync } from 'node:fs';
import {
  BACKUP_STALE_HOURS,
  BackupNameParamsSchema,
  BackupStatusSchema,
  BUSINESS_TIME_ZONE,
  CreateBackupResponseSchema,
  ErrorCodes,
  ListBackupsResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BackupConfig } from '../../config.js';
import { AppError, conflict } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { scheduleText } from '../jobs/jobs.runner.js';
import { getCompanySettings } from '../settings/settings.service.js';
import type { BackupSettings } from './backups.archive.js';
import { backupsPolicy } from './backups.policy.js';
import { archivePath, listBackups, runBackup } from './backups.service.js';

/** What the backups routes need from the configuration. */
export interface BackupsRoutesOptions {
  settings: BackupSettings;
  backup: BackupConfig;
}

/**
 * Backups (decision 143), admins only: list the archives, take one now, download one (streamed),
 * and the dashboard's last-good-backup status.
 */
const backupsRoutes: FastifyPluginAsyncZod<BackupsRoutesOptions> = async (app, opts) => {
  const { roleGuard } = routeKit(app, backupsPolicy);
  const admin = roleGuard('manage');
  const tags = ['backups'];
  let running: Promise<unknown> | null = null;

  app.get(
    '/backups',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Copias de seguridad: archivos, programación, cifrado y segunda copia',
        response: { 200: successEnvelope(ListBackupsResponseSchema) },
      },
    },
    async () => {
      const settings = await getCompanySettings(app.db);
      const display = {
        timeZone: settings.timezone || BUSINESS_TIME_ZONE,
        timeFormat: settings.timeFormat === '24h' ? ('24h' as const) : ('12h' as const),
      };
      const { backup } = opts;
      const copyTo = [
        backup.copyDir ? `carpeta ${backup.copyDir}` : null,
        backup.s3 ? `bucket S3 ${backup.s3.bucket}` : null,
      ].filter(Boolean);
      return {
        success: true as const,
        data: {
          backups: listBackups(backup.dir),
          schedule: backup.hour === null ? null : scheduleText(backup.hour, display),
          encrypted: Boolean(backup.passphrase),
          copyTo: copyTo.length ? copyTo.join(' y ') : null,
          retention: { daily: backup.keepDaily, weekly: backup.keepWeekly, monthly: backup.keepMonthly },
          engine: app.database.driver,
        },
      };
    },
  );

  app.post(
    '/backups',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear una copia de seguridad ahora',
        response: { 201: successEnvelope(CreateBackupResponseSchema) },
      },
    },
    async (_req, reply) => {
      if (running) throw conflict('Ya se está creando una copia. Espera a que termine.');
      const run = runBackup({
        database: app.database,
        settings: opts.settings,
        backup: opts.backup,
        reason: 'manual',
      });
      running = run;
      try {
        const { result } = await run;
        const backup = listBackups(opts.backup.dir).find((b) => b.name === result.name)!;
        return reply.code(201).send({ success: true as const, data: { backup } });
      } catch (err) {
        app.log.error({ err }, 'manual backup failed');
        throw new AppError(
          503,
          ErrorCodes.UNAVAILABLE,
          `No se pudo crear la copia: ${err instanceof Error ? err.message : String(err)}`,
        );
      } finally {
        running = null;
      }
    },
  );

  app.get(
    '/backups/:name/download',
    {
      ...admin,
      schema: { tags, summary: 'Descargar una copia de seguridad', params: BackupNameParamsSchema },
    },
    async (req, reply) => {
      const path = archivePath({ dir: opts.backup.dir, name: req.params.name });
      return reply
        .header('Content-Type', 'application/octet-stream')
        .header('Content-Length', statSync(path).size)
        .header('Content-Disposition', contentDisposition(req.params.name))
        .header('Cache-Control', 'no-store')
        .send(createReadStream(path));
    },
  );

  app.get(
    '/backups/status',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Última copia de seguridad correcta (aviso del dashboard)',
        response: { 200: successEnvelope(BackupStatusSchema) },
      },
    },
    async () => {
      const last = listBackups(opts.backup.dir)[0] ?? null;
      const stale = !last || Date.now() - Date.parse(last.createdAt) > BACKUP_STALE_HOURS * 3600_000;
      return { success: true as const, data: { lastBackupAt: last?.createdAt ?? null, stale } };
    },
  );
};

export default backupsRoutes;
