import { existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

/**
 * PGlite is one process's database: while the server runs, `npm run backup` cannot open the data
 * directory, so it asks the server over a Unix socket in DATA_DIR (mode of the folder: only its
 * owner) to take the backup (decision 143). One request per connection: `backup\n`, or
 * `backup {"dir":"/x"}\n` with the caller's BACKUP_DIR (decision 162: the archive goes where the
 * command was told, not silently to the server's folder); the answer is one JSON line.
 */
export const backupSocketPath = (dataDir: string) => join(dataDir, 'backup.sock');

/** What the server answers: the archive, or the error's message. */
export type SocketAnswer =
  | { ok: true; path: string; bytes: number; copies: string[] }
  | { ok: false; error: string };

/** What the command asks for: the folder it was told to write to (its BACKUP_DIR), when given. */
export interface SocketRequest {
  dir?: string;
}

function parseRequest(line: string): SocketRequest | null {
  const m = /^backup(?: (\{.*\}))?$/.exec(line.trim());
  if (!m) return null;
  if (!m[1]) return {};
  try {
    const body = JSON.parse(m[1]) as { dir?: unknown };
    return typeof body.dir === 'string' && body.dir.startsWith('/') ? { dir: body.dir } : null;
  } catch {
    return null;
  }
}

/** Listens on `path` (a stale socket file from a crash is removed first); `run` takes the backup. */
export async function startBackupSocket(
  path: string,
  run: (request: SocketRequest) => Promise<SocketAnswer>,
): Promise<Server> {
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((socket) => {
    socket.once('data', async (data) => {
      const request = parseRequest(data.toString());
      if (!request) return socket.end(`${JSON.stringify({ ok: false, error: 'petición desconocida' })}\n`);
      const answer = await run(request).catch((err: Error) => ({ ok: false as const, error: err.message }));
      socket.end(`${JSON.stringify(answer)}\n`);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  server.unref();
  return server;
}

/**
 * Asks the server listening on `path` for a backup (into `request.dir`, the caller's BACKUP_DIR).
 * Answers null when no server listens there (no socket file, or a stale one), so the caller opens
 * the database itself.
 */
export function requestBackup(path: string, request: SocketRequest = {}): Promise<SocketAnswer | null> {
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let text = '';
    socket.on('connect', () =>
      socket.write(request.dir ? `backup ${JSON.stringify(request)}\n` : 'backup\n'),
    );
    socket.on('data', (d) => {
      text += d.toString();
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text) as SocketAnswer);
      } catch {
        reject(new Error('respuesta ilegible del servidor'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(null) : reject(err),
    );
  });
}
