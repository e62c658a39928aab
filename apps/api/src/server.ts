import module from 'node:module';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './cli/demo-seed/index.js';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { startPgliteMaintenance } from './db/pglite-maintenance.js';
import { SERVER_LOAD_MARK } from './lib/startup-mark.js';
import { sweepScratch } from './modules/backups/backups.scratch.js';
import { backupSettings, socketBackup } from './modules/backups/backups.service.js';
import { backupSocketPath, startBackupSocket } from './modules/backups/backups.socket.js';
import { MigrationFailedError, migrateWithBackup } from './modules/backups/backups.startup.js';

/**
 * Production entry point: opens the database (PGlite under DATA_DIR, or DATABASE_URL),
 * applies migrations, seeds the demo on first start when SEED_DEMO allows, and serves
 * SPA + API + realtime on HOST:PORT. SIGTERM/SIGINT: stop accepting, finish in-flight
 * requests, close sockets and the database, exit.
 */
async function main(): Promise<void> {
  const steps = startupSteps();
  const config = loadConfigOrExit();
  // Plaintext left by a backup or restore killed earlier (decision 162).
  for (const dir of sweepScratch())
    console.info(`removed the scratch folder of an interrupted backup: ${dir}`);
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolMax: config.dbPoolMax }
      : { dataDir: `${config.dataDir}/pglite` },
  );
  steps.mark('database');
  // Decision 143: a backup before pending migrations; a failed migration leaves the database as it was.
  try {
    await migrateWithBackup(database, backupSettings(config), { log: (line) => console.info(line) });
  } catch (err) {
    if (!(err instanceof MigrationFailedError)) throw err;
    console.error(err.message);
    await database.close();
    process.exit(1);
  }
  steps.mark('migrations');
  const app = await buildApp({ config, database, closeDatabase: true });
  steps.mark('app');
  // PGlite: `npm run backup` asks this process, the only one that may open the data directory.
  if (database.driver === 'pglite') {
    try {
      const socket = await startBackupSocket(
        backupSocketPath(config.dataDir),
        socketBackup({ database, config }),
      );
      app.addHook('onClose', async () => {
        socket.close();
      });
    } catch (err) {
      // E.g. a DATA_DIR path too long for a Unix socket: serving matters more; say what is lost.
      app.log.warn({ err }, 'backup socket unavailable: stop the server to run npm run backup');
    }
  }
  steps.mark('socket');
  // PGlite has no autovacuum daemon: the process vacuums and analyses its own tables (decision 180).
  if (database.pglite) {
    const maintenance = startPgliteMaintenance({ pglite: database.pglite, log: app.log });
    app.addHook('preClose', async () => maintenance.stop());
  }
  if (config.seedDemo && (await seedDemoIfEmpty(database.db))) app.log.info('demo data seeded');
  steps.mark('seed');

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
  steps.mark('listen');
  // Write the compile cache now (server-entry.ts), not only at exit: a server that is killed still
  // starts faster next time.
  module.flushCompileCache?.();
  app.log.info({ startupMs: steps.done() }, `started in ${steps.summary()}`);
}

/**
 * Start-up step timer for the one "started in" log line (issue 49, decision 175): milliseconds since
 * `server-entry.ts` began loading the server, the first step being the modules' loading.
 */
function startupSteps() {
  const origin = performance.getEntriesByName(SERVER_LOAD_MARK, 'mark')[0]?.startTime ?? 0;
  let last = performance.now();
  const times: Array<[string, number]> = [['modules', last - origin]];
  return {
    mark(step: string) {
      const now = performance.now();
      times.push([step, now - last]);
      last = now;
    },
    done: () => Object.fromEntries(times.map(([step, ms]) => [step, Math.round(ms)])),
    summary: () =>
      `${Math.round(performance.now() - origin)} ms (${times.map(([step, ms]) => `${step} ${Math.round(ms)}`).join(', ')})`,
  };
}

main().catch((err) => {
  console.error('fatal: could not start the server', err);
  process.exit(1);
});
