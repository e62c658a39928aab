import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../../test/helpers.js';
import { socketBackup } from './backups.service.js';
import { backupSocketPath, requestBackup, startBackupSocket } from './backups.socket.js';

describe('npm run backup → the running PGlite server (decision 143)', () => {
  it('asks the server for the backup and reports its answer or its error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agencia-socket-'));
    const path = backupSocketPath(dir);
    let fail = false;
    const server = await startBackupSocket(path, async () => {
      if (fail) throw new Error('disco lleno');
      return { ok: true, path: '/copias/a.tar.gz', bytes: 10, copies: ['s3://b/a.tar.gz'] };
    });
    try {
      expect(await requestBackup(path)).toEqual({
        ok: true,
        path: '/copias/a.tar.gz',
        bytes: 10,
        copies: ['s3://b/a.tar.gz'],
      });
      fail = true;
      expect(await requestBackup(path)).toEqual({ ok: false, error: 'disco lleno' });
    } finally {
      server.close();
    }
  });

  it('answers null when no server listens (no socket, or a stale one left by a crash)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agencia-socket-'));
    expect(await requestBackup(backupSocketPath(dir))).toBeNull();
    writeFileSync(backupSocketPath(dir), '');
    expect(await requestBackup(backupSocketPath(dir))).toBeNull();
  });
});

// The socket exists for PGlite only (a PostgreSQL server is opened by the command itself).
describe.runIf(!process.env.TEST_DATABASE_URL)(
  'BACKUP_DIR of `npm run backup` with a running PGlite server (issue 43 item 7, decision 162)',
  () => {
    it('the server writes the archive into the command’s BACKUP_DIR, not its own; a folder it cannot write is refused with why', async () => {
      const root = mkdtempSync(join(tmpdir(), 'agencia-socket-dir-'));
      const serverDir = join(root, 'servidor');
      const commandDir = join(root, 'x');
      const database = await freshDatabase();
      const config = testConfig({ backup: { ...testConfig().backup, dir: serverDir } });
      const path = backupSocketPath(root);
      const server = await startBackupSocket(path, socketBackup({ database, config }));
      try {
        const answer = await requestBackup(path, { dir: commandDir });
        expect(answer).toMatchObject({ ok: true });
        const archive = (answer as { path: string }).path;
        expect(archive.startsWith(`${commandDir}/`)).toBe(true);
        expect(readdirSync(commandDir)).toEqual([basename(archive)]);
        expect(existsSync(serverDir) ? readdirSync(serverDir) : []).toEqual([]);

        writeFileSync(join(root, 'un-archivo'), '');
        const refused = await requestBackup(path, { dir: join(root, 'un-archivo', 'copias') });
        expect(refused).toEqual({
          ok: false,
          error: `El servidor en marcha no puede escribir en ${join(root, 'un-archivo', 'copias')} (ENOTDIR): dale permiso a su usuario, o usa su BACKUP_DIR (${serverDir})`,
        });
      } finally {
        server.close();
        await database.close();
        rmSync(root, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
