import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startServer } from './support/server.js';

/**
 * Starts the production build once for the whole run (free port, temporary DATA_DIR, demo seed)
 * and hands its URL to the workers through `E2E_BASE_URL` (workers inherit the environment and
 * re-read playwright.config.ts). Set E2E_BASE_URL yourself to test a server you already run.
 * Returns the teardown: stop the server, delete the data directory.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) {
    console.info(`e2e: using the running server at ${process.env.E2E_BASE_URL}`);
    return undefined;
  }
  const entry = path.join(ROOT, 'apps/api/dist/server.js');
  if (!existsSync(entry) || !existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('e2e needs the production build: run `npm run build` first (npm test does).');
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  console.info(
    `e2e: server ready at ${server.baseURL} in ${(server.startupMs / 1000).toFixed(1)} s (log: .tmp/e2e-server.log)`,
  );
  return server.stop;
}
