import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './cli/demo-seed/index.js';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';

/**
 * Production entry point: opens the database (PGlite under DATA_DIR, or DATABASE_URL),
 * applies migrations, seeds the demo on first start when SEED_DEMO allows, and serves
 * SPA + API + realtime on HOST:PORT. SIGTERM/SIGINT: stop accepting, finish in-flight
 * requests, close sockets and the database, exit.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolMax: config.dbPoolMax }
      : { dataDir: `${config.dataDir}/pglite` },
  );
  await database.migrate();
  const app = await buildApp({ config, database, closeDatabase: true });
  if (config.seedDemo && (await seedDemoIfEmpty(database.db))) app.log.info('demo data seeded');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error('fatal: could not start the server', err);
  process.exit(1);
});
