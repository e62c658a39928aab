import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../test/fake-s3.js';
import { clonePgDatabase, DEMO, freshDatabase, injectAs, login, testConfig } from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import type { BackupConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';

const SLOW = 300_000;

describe('backups routes and daily job', () => {
  let app: FastifyInstance;
  let s3: FakeS3;
  let backup: BackupConfig;
  let dropClone: (() => Promise<void>) | null = null;
  const tokens: Record<'admin' | 'employee' | 'client', string> = { admin: '', employee: '', client: '' };

  beforeAll(async () => {
    s3 = await startFakeS3({ buckets: ['agencia-copias'], accessKeyId: 'AKIAFAKE' });
    backup = {
      dir: mkdtempSync(join(tmpdir(), 'agencia-backups-')),
      passphrase: null,
      hour: 3,
      keepDaily: 7,
      keepWeekly: 4,
      keepMonthly: 12,
      copyDir: mkdtempSync(join(tmpdir(), 'agencia-backup-copy-')),
      s3: {
        bucket: 'agencia-copias',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        prefix: 'portal/',
        accessKeyId: 'AKIAFAKE',
        secretAccessKey: 'secreto-de-prueba',
        forcePathStyle: true,
      },
      pgDumpPath: 'pg_dump',
    };
    const clone = await clonePgDatabase();
    dropClone = clone?.drop ?? null;
    const database = clone ? await openDatabase({ url: clone.url }) : await freshDatabase();
    app = await buildApp({
      config: testConfig({ databaseUrl: clone?.url ?? null, backup }),
      database,
      closeDatabase: true,
      logger: false,
    });
    await app.ready();
    tokens.admin = (await login(app, DEMO.admin)).token;
    tokens.employee = (await login(app, DEMO.employee)).token;
    tokens.client = (await login(app, DEMO.client)).token;
  }, SLOW);
  afterAll(async () => {
    await app.close();
    await dropClone?.();
    await s3.close();
  });

  it('answers 403 in Spanish to employees and clients on every backup route', async () => {
    for (const role of ['employee', 'client'] as const)
      for (const [method, url] of [
        ['GET', '/api/backups'],
        ['POST', '/api/backups'],
        ['GET', '/api/backups/status'],
        ['GET', '/api/backups/agencia-backup-20261128T070000Z-manual.tar.gz/download'],
      ] as const) {
        const res = await injectAs(app, tokens[role], { method, url });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().message).toMatch(/permisos/);
      }
  });

  it(
    'takes a backup now, copies it to the folder and the bucket, lists it and streams it to the admin',
    async () => {
      const before = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/backups/status' });
      expect(before.json().data).toEqual({ lastBackupAt: null, stale: true });

      const created = await injectAs(app, tokens.admin, { method: 'POST', url: '/api/backups' });
      expect(created.statusCode, created.body).toBe(201);
      const archive = created.json().data.backup;
      expect(archive).toMatchObject({ reason: 'manual', encrypted: false });
      const local = readFileSync(join(backup.dir, archive.name));
      expect(archive.bytes).toBe(local.length);
      expect(readFileSync(join(backup.copyDir!, archive.name)).equals(local)).toBe(true);
      expect(s3.objects.get(`agencia-copias/portal/${archive.name}`)?.body.equals(local)).toBe(true);

      const list = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/backups' });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toMatchObject({
        backups: [archive],
        encrypted: false,
        copyTo: `carpeta ${backup.copyDir} y bucket S3 agencia-copias`,
        retention: { daily: 7, weekly: 4, monthly: 12 },
      });
      expect(list.json().data.schedule).toMatch(/^Cada día a las/);

      const download = await injectAs(app, tokens.admin, {
        method: 'GET',
        url: `/api/backups/${archive.name}/download`,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain(archive.name);
      expect(download.rawPayload.equals(local)).toBe(true);

      const after = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/backups/status' });
      expect(after.json().data).toEqual({ lastBackupAt: archive.createdAt, stale: false });

      for (const name of ['..%2F..%2Fetc%2Fpasswd', 'agencia-backup-20200101T000000Z-manual.tar.gz']) {
        const res = await injectAs(app, tokens.admin, {
          method: 'GET',
          url: `/api/backups/${name}/download`,
        });
        expect([400, 404]).toContain(res.statusCode);
        expect(res.json().message).toBe('Copia de seguridad no encontrada');
      }
    },
    SLOW,
  );

  it(
    'runs as the daily job, and a failed backup notifies the admins',
    async () => {
      // Days after any real clock of a test run: retention keeps the newest archive of each day,
      // so a job dated today would compete with the manual archive of the test above.
      const job = await app.jobs.runNow('backup', new Date('2099-11-28T07:00:00Z'));
      expect(job.lastStatus, job.lastError ?? '').toBe('ok');
      expect(job.lastSummary).toMatch(/^Copia agencia-backup-20991128T070000Z-scheduled\.tar\.gz/);
      expect(existsSync(join(backup.dir, 'agencia-backup-20991128T070000Z-scheduled.tar.gz'))).toBe(true);

      // The bucket refuses the key: the run fails, the local archive stays, the admins hear of it.
      backup.s3!.accessKeyId = 'AKIAOTRA';
      try {
        const failed = await app.jobs.runNow('backup', new Date('2099-11-29T07:00:00Z'));
        expect(failed.lastStatus).toBe('error');
        expect(failed.lastError).toMatch(/Access Key|InvalidAccessKeyId/);
      } finally {
        backup.s3!.accessKeyId = 'AKIAFAKE';
      }
      const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin));
      const sent = await app.db
        .select({ title: notifications.title, message: notifications.message, link: notifications.link })
        .from(notifications)
        .where(
          and(eq(notifications.userId, admin!.id), eq(notifications.title, 'Falló la copia de seguridad')),
        );
      expect(sent).toHaveLength(1);
      expect(sent[0]!.link).toBe('/settings?tab=backups');
      expect(readdirSync(backup.dir).filter((f) => f.includes('20991129'))).toHaveLength(1);
    },
    SLOW,
  );
});
