import { existsSync } from 'node:fs';
import path from 'node:path';
import { startFakeAzul } from '../apps/api/test/fake-azul.js';
import { startFakeDgii } from '../apps/api/test/fake-dgii.js';
import { freePort, ROOT, startServer } from './support/server.js';

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
  // A fake DGII for direct e-CF emission (issue 26): the server sends to it, the tests steer it
  // through E2E_FAKE_DGII_URL (POST /__control/reject-next). The sender passes every 2 s.
  const dgii = await startFakeDgii({ processingPolls: 1 });
  process.env.DGII_ECF_BASE_URL = dgii.ecfBaseUrl;
  process.env.DGII_FC_BASE_URL = dgii.fcBaseUrl;
  process.env.ECF_SEND_INTERVAL_SECONDS = '2';
  process.env.E2E_FAKE_DGII_URL = new URL(dgii.ecfBaseUrl).origin;
  // A fake Azul Payment Page (decision 147): the browser posts the card form to it and it sends
  // the browser back to our approved/declined/cancel URLs with a correctly hashed answer.
  const azul = await startFakeAzul();
  process.env.AZUL_PAYMENT_PAGE_URL = azul.url;
  // Tickets by e-mail (decision 168): the server's SMTP listener on a free port; the specs send to it.
  process.env.INBOUND_SMTP_PORT = String(await freePort());
  process.env.INBOUND_SMTP_HOST = '127.0.0.1';
  process.env.INBOUND_EMAIL_ADDRESS = 'soporte@agencia-e2e.test';
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseURL;
  console.info(
    `e2e: server ready at ${server.baseURL} in ${(server.startupMs / 1000).toFixed(1)} s (log: .tmp/e2e-server.log)`,
  );
  return async () => {
    await server.stop();
    await dgii.close();
    await azul.close();
  };
}
