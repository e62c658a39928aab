import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
