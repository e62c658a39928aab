import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyTarget,
  nativeDumpChecksums,
  pgServerUrl,
  testBackupSettings,
} from '../../../test/backup-helpers.js';
import { clonePgDatabase, freshDatabase } from '../../../test/helpers.js';
import { resolveVapidKeys } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { files, users } from '../../db/schema/index.js';
import { saveFile } from '../../lib/storage.js';
import { BackupError, type BackupResult, type BackupSettings, createBackup } from './backups.archive.js';
import { tableChecksums } from './backups.logical.js';
import { restoreBackup, verifyArchive } from './backups.restore.js';

/** Uploads a few text files (each in its own transaction with an audit-like notification) until stopped. */
function writeWhileRunning(database: Database, adminId: string) {
  let stop = false;
  let written = 0;
  const done = (async () => {
    while (!stop) {
      await database.db.transaction(async (tx) => {
        await saveFile(tx, {
          ownerType: 'project',
          ownerId: null,
          filename: `nota-${written}.txt`,
          data: Buffer.from(`Nota de prueba ${written} ${'x'.repeat(written % 50)}`),
          uploadedBy: adminId,
        });
      });
      written++;
      // A steady stream of writes, not a busy loop that would starve the backup's own work.
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    stop: async () => {
      stop = true;
      await done;
      return written;
    },
  };
}

/** Backups and restores open whole databases: minutes on a loaded machine, not the default 30 s. */
const SLOW = 300_000;

describe('backup and restore', () => {
  let source: Database;
  let settings: BackupSettings;
  let adminId: string;
  let dropClone: (() => Promise<void>) | null = null;
  /** The first test's archive, reused where any archive of this database will do. */
  let taken: BackupResult | null = null;

  beforeAll(async () => {
    const clone = await clonePgDatabase();
    if (clone) {
      source = await openDatabase({ url: clone.url });
      dropClone = clone.drop;
    } else source = await freshDatabase();
    settings = testBackupSettings({ databaseUrl: clone?.url ?? null });
    const [admin] = await source.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'admin@demo.do'));
    adminId = admin!.id;
  }, SLOW);
  afterAll(async () => {
    await source.close();
    await dropClone?.();
  });

  it(
    'a backup taken during writes restores into an empty target with every table and upload identical',
    async () => {
      const writer = writeWhileRunning(source, adminId);
      // Let some writes land first, so the backup starts in the middle of them.
      while ((await source.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n < 3)
        await new Promise((r) => setImmediate(r));
      const backup = await createBackup(source, settings, 'manual');
      taken = backup;
      const written = await writer.stop();
      expect(written).toBeGreaterThan(0);

      const { manifest } = backup;
      expect(manifest.engine).toBe(source.driver);
      expect(manifest.migration.count).toBeGreaterThan(0);
      expect(manifest.tables.find((t) => t.name === 'files')!.rows).toBe(manifest.uploads.files);
      expect(manifest.parts.map((p) => p.path)).toEqual(
        expect.arrayContaining([
          'keys/totp-key',
          'keys/ecf-key',
          'keys/vapid-keys',
          'database/tables/users.jsonl',
        ]),
      );

      const target = await emptyTarget(source.driver);
      try {
        // The tables loaded one by one (the --force restore below takes PGlite's own directory).
        const report = await restoreBackup({
          archive: backup.path,
          passphrase: null,
          target: target.target,
          dataDir: target.dataDir,
          force: false,
          logical: true,
        });
        expect(report.counts.every((c) => c.archive === c.restored)).toBe(true);
        expect(report.via).toBe('tables');
        const tables = manifest.tables.map((t) => t.name);
        const restored = await target.open();
        const verified = await verifyArchive(backup.path, null);
        try {
          const afterRestore = await tableChecksums(restored.db, tables);
          // The engine's own dump of the same instant (not the logical dump the restore used).
          expect(afterRestore).toEqual(await nativeDumpChecksums(verified.dir, source.driver, tables));
          const uploads = await restored.db.select({ sha: files.sha256, data: files.data }).from(files);
          expect(uploads.length).toBe(manifest.uploads.files);
          for (const u of uploads)
            expect(u.sha).toBe(
              (await import('node:crypto')).createHash('sha256').update(u.data).digest('hex'),
            );
        } finally {
          verified.dispose();
          await restored.close();
        }
        expect(readFileSync(join(target.dataDir, 'totp-key'), 'utf8')).toBe(
          settings.totpKey.toString('base64url'),
        );
        expect(readFileSync(join(target.dataDir, 'ecf-key'), 'utf8')).toBe(
          settings.ecfKey.toString('base64url'),
        );
        // Web Push's pair comes back where the server reads it (decision 169): no device goes silent.
        expect(report.keys).toContain(join(target.dataDir, 'vapid-keys'));
        expect(resolveVapidKeys(target.dataDir, {})).toEqual(settings.vapidKeys);
        expect(statSync(join(target.dataDir, 'vapid-keys')).mode & 0o777).toBe(0o600);

        // The target now holds data: a second restore is refused without --force …
        await expect(
          restoreBackup({
            archive: backup.path,
            passphrase: null,
            target: target.target,
            dataDir: target.dataDir,
            force: false,
          }),
        ).rejects.toThrow(/El destino ya tiene datos/);

        // … and with --force it replaces what the target holds: a file written there after the
        // first restore is gone, and every table is back to the archive's rows.
        const changed = await target.open();
        try {
          await changed.db.transaction((tx) =>
            saveFile(tx, {
              ownerType: 'project',
              ownerId: null,
              filename: 'escrito-despues.txt',
              data: Buffer.from('no está en la copia'),
              uploadedBy: adminId,
            }),
          );
        } finally {
          await changed.close();
        }
        const forced = await restoreBackup({
          archive: backup.path,
          passphrase: null,
          target: target.target,
          dataDir: target.dataDir,
          force: true,
        });
        expect(forced.counts.every((c) => c.archive === c.restored)).toBe(true);
        // PGlite into PGlite: the archive's own directory, no initdb (its ~1 GB peak, decision 162).
        expect(forced.via).toBe(source.driver === 'pglite' ? 'pglite-directory' : 'tables');
        const replaced = await target.open();
        try {
          const names = await replaced.db.select({ name: files.filename }).from(files);
          expect(names.map((n) => n.name)).not.toContain('escrito-despues.txt');
          expect(names.length).toBe(manifest.uploads.files);
          const verifiedAgain = await verifyArchive(backup.path, null);
          try {
            expect(await tableChecksums(replaced.db, tables)).toEqual(
              await nativeDumpChecksums(verifiedAgain.dir, source.driver, tables),
            );
          } finally {
            verifiedAgain.dispose();
          }
        } finally {
          await replaced.close();
        }
      } finally {
        await target.drop();
      }
    },
    2 * SLOW,
  );

  it(
    'refuses a damaged archive before writing anything',
    async () => {
      const backup = taken ?? (await createBackup(source, settings, 'manual'));
      // A byte flipped in the middle of the compressed stream.
      const bytes = readFileSync(backup.path);
      bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
      const damaged = join(settings.dir, 'damaged.tar.gz');
      writeFileSync(damaged, bytes);
      const target = await emptyTarget(source.driver);
      try {
        await expect(
          restoreBackup({
            archive: damaged,
            passphrase: null,
            target: target.target,
            dataDir: target.dataDir,
            force: false,
          }),
        ).rejects.toThrow(BackupError);
        await expectEmpty(target);
      } finally {
        await target.drop();
      }
    },
    SLOW,
  );

  it(
    'encrypts with BACKUP_PASSPHRASE and restore asks for it',
    async () => {
      const encrypted = await createBackup(
        source,
        { ...settings, passphrase: 'una frase larga y secreta' },
        'manual',
      );
      expect(encrypted.name).toMatch(/\.tar\.gz\.age$/);
      expect(readFileSync(encrypted.path).subarray(0, 21).toString()).toBe('age-encryption.org/v1');
      await expect(verifyArchive(encrypted.path, null)).rejects.toThrow(/está cifrada/);
      await expect(verifyArchive(encrypted.path, 'otra frase')).rejects.toThrow(/No se pudo descifrar/);
      const ok = await verifyArchive(encrypted.path, 'una frase larga y secreta');
      expect(ok.manifest.engine).toBe(source.driver);
      ok.dispose();
    },
    SLOW,
  );
});

async function expectEmpty(target: Awaited<ReturnType<typeof emptyTarget>>) {
  if ('dataDir' in target.target) {
    const { existsSync, readdirSync } = await import('node:fs');
    const dir = join(target.dataDir, 'pglite');
    expect(!existsSync(dir) || readdirSync(dir).length === 0).toBe(true);
    return;
  }
  const db = await openDatabase({ url: target.target.url, poolMax: 1 });
  const r = (await db.db.execute(
    sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
  )) as unknown as { rows: Array<{ n: number }> };
  await db.close();
  expect(r.rows[0]!.n).toBe(0);
}

describe.runIf(Boolean(pgServerUrl()))('PGlite ⇄ PostgreSQL', () => {
  it(
    'moves a PGlite database to PostgreSQL and back with every row identical',
    async () => {
      const { readFileSync: read } = await import('node:fs');
      const { inject } = await import('vitest');
      const template = inject('pgliteTemplate');
      // The PostgreSQL run has no PGlite template: migrate and seed an embedded database here.
      const lite = template
        ? await openDatabase({ loadDataDir: new Blob([read(template)]) })
        : await (async () => {
            const d = await openDatabase({ memory: true });
            await d.migrate();
            const { seedDemoIfEmpty } = await import('../../cli/demo-seed/index.js');
            await seedDemoIfEmpty(d.db);
            return d;
          })();
      const settings = testBackupSettings();
      try {
        const fromLite = await createBackup(lite, settings, 'manual');
        const tables = fromLite.manifest.tables.map((t) => t.name);
        const expected = await tableChecksums(lite.db, tables);
        const pgTarget = await emptyTarget('postgres');
        try {
          await restoreBackup({
            archive: fromLite.path,
            passphrase: null,
            target: pgTarget.target,
            dataDir: pgTarget.dataDir,
            force: false,
          });
          const onPg = await pgTarget.open();
          try {
            expect(await tableChecksums(onPg.db, tables)).toEqual(expected);
            // And back: PostgreSQL → PGlite.
            const fromPg = await createBackup(
              onPg,
              { ...settings, databaseUrl: (pgTarget.target as { url: string }).url },
              'manual',
            );
            const liteTarget = await emptyTarget('pglite');
            try {
              await restoreBackup({
                archive: fromPg.path,
                passphrase: null,
                target: liteTarget.target,
                dataDir: liteTarget.dataDir,
                force: false,
              });
              const back = await liteTarget.open();
              try {
                expect(await tableChecksums(back.db, tables)).toEqual(expected);
              } finally {
                await back.close();
              }
            } finally {
              await liteTarget.drop();
            }
          } finally {
            await onPg.close();
          }
        } finally {
          await pgTarget.drop();
        }
      } finally {
        await lite.close();
      }
    },
    2 * SLOW,
  );
});
