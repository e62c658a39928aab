// Small process helpers for the repository scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (scripts/lib/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Spawns a command with inherited stdio; resolves with its exit code (never rejects). */
export function run(command, args, { cwd = ROOT, env = process.env, stdio = 'inherit' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio, shell: process.platform === 'win32' });
    child.on('error', (error) => {
      console.error(`✗ ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200; resolves with the elapsed milliseconds. */
export async function waitForOk(url, { timeoutMs = 90_000, intervalMs = 100, isAlive = () => true } = {}) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (!isAlive()) throw new Error(`the server exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/**
 * Starts the production server (apps/api/dist/server.js) on a free port with a fresh temporary
 * DATA_DIR (or the given one) and the demo seed, on `port` (default: a free one). Resolves once /api/health answers 200.
 * Returns { baseURL, port, dataDir, startupMs, stop() }; stop() deletes the DATA_DIR unless keepData.
 * `user` ({ uid, gid }) runs it as that user (the HTTPS check runs it as the systemd unit would);
 * `node` is the Node binary (default: this one).
 * `server` runs another bundle than apps/api/dist/server.js (the bench's A/B comparisons).
 */
export async function startServer({
  env = {},
  logLevel = 'warn',
  stdio = ['ignore', 'inherit', 'inherit'],
  dataDir: givenDataDir,
  keepData = false,
  port: givenPort,
  user,
  node = process.execPath,
  server = path.join(ROOT, 'apps/api/dist/server.js'),
} = {}) {
  const createdDir = !givenDataDir;
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'agencia-data-'));
  const port = givenPort ?? (await freePort());
  const started = performance.now();
  const child = spawn(node, [server], {
    cwd: ROOT,
    stdio,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // Never the developer's DATABASE_URL: the demo seed and the tests would write into it.
      DATABASE_URL: '',
      LOG_LEVEL: logLevel,
      ...env,
    },
  });
  let exited = false;
  const exit = new Promise((resolve) => {
    child.on('exit', () => {
      exited = true;
      resolve();
    });
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${baseURL}/api/health`, { isAlive: () => !exited });
  } catch (error) {
    await stop();
    if (keepData && createdDir) rmSync(dataDir, { recursive: true, force: true }); // nobody will reuse it
    throw error;
  }
  return { baseURL, port, dataDir, startupMs: performance.now() - started, stop, child };
}
