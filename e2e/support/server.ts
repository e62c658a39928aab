import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (e2e/support/../..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The browser: CHROME_PATH (npm test sets it), else Debian's headless shell when installed (a third
 * less CPU per page, decision 129), else Debian's Chromium; never a downloaded browser.
 */
export const CHROMIUM =
  process.env.CHROME_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  startupMs: number;
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the production build (`node apps/api/dist/server.js`) on a free port with a temporary
 * DATA_DIR and the demo seed, and waits for `GET /api/health` → 200. Server output goes to
 * `.tmp/e2e-server.log`.
 */
export async function startServer({ timeoutMs = 90_000 } = {}): Promise<RunningServer> {
  const entry = path.join(ROOT, 'apps/api/dist/server.js');
  // E2E_PORT pins the port (shared machines hand each developer a range); else a free one.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'agencia-e2e-'));
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const logFile = path.join(ROOT, '.tmp', 'e2e-server.log');
  const log = createWriteStream(logFile);
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // Never the developer's DATABASE_URL (the tests write); E2E_DATABASE_URL opts into PostgreSQL.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Hundreds of tests from one address would trip the per-IP API limit (1000/min) and the
      // per-IP login cap (100 per 15 min). The API fixture signs in from its own forwarded
      // address instead (fixtures.ts), so the form tests still exercise the real throttle.
      RATE_LIMIT_MAX: '100000',
      TRUST_PROXY: 'true',
      // Links the API hands out (Azul's return URLs, decision 147) reach this same origin, where
      // the browser keeps its session.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : 0);
      resolve();
    });
  });

  const stop = async () => {
    if (exitCode === undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (exitCode !== undefined) break;
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200)
        return { baseURL, dataDir, logFile, startupMs: performance.now() - started, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(
    exitCode !== undefined
      ? `the server exited (code ${exitCode}) before /api/health answered. Last output:\n${tail}`
      : `/api/health did not answer 200 within ${timeoutMs / 1000} s. Last output:\n${tail}`,
  );
}
