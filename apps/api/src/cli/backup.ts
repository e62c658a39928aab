import { join } from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { openDatabase } from '../db/client.js';
import { backupSettings, runBackup } from '../modules/backups/backups.service.js';
import { backupSocketPath, requestBackup } from '../modules/backups/backups.socket.js';

/**
 * `npm run backup`: one archive in BACKUP_DIR, copied to the second place and pruned by retention
 * (README "Backups", decision 143). PGlite with the server running: the server takes it (Unix
 * socket in DATA_DIR), since only one process may open the data directory, and writes it into
 * this command's BACKUP_DIR (decision 162). Exits 1 with one line.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (!config.databaseUrl) {
    // The server writes it, into this command's BACKUP_DIR (decision 162).
    const answer = await requestBackup(backupSocketPath(config.dataDir), { dir: config.backup.dir });
    if (answer) {
      if (!answer.ok) throw new Error(answer.error);
      console.info(`Copia creada por el servidor en marcha: ${answer.path} (${mb(answer.bytes)})`);
      for (const c of answer.copies) console.info(`Copiada a ${c}`);
      return;
    }
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, poolMax: 2 }
      : { dataDir: join(config.dataDir, 'pglite') },
  );
  try {
    const run = await runBackup({
      database,
      settings: backupSettings(config),
      backup: config.backup,
      reason: 'cli',
    });
    const { manifest } = run.result;
    console.info(`Copia creada: ${run.result.path} (${mb(run.result.bytes)})`);
    console.info(
      `Motor ${manifest.engine}, migración ${manifest.migration.tag}, ${manifest.tables.reduce((n, t) => n + t.rows, 0)} filas en ${manifest.tables.length} tablas, ${manifest.uploads.files} archivos subidos${config.backup.passphrase ? ', cifrada' : ''}`,
    );
    for (const c of run.copies) console.info(`Copiada a ${c}`);
    if (run.removed.length) console.info(`Retención: ${run.removed.length} copias antiguas eliminadas`);
  } finally {
    await database.close();
  }
}

// Interrupted (Ctrl-C, systemctl stop, a timeout's SIGTERM): exit, so the scratch folder with the
// plaintext parts is removed by its exit hook (decision 162). A SIGKILL leaves it to the next run.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    console.error(`Interrumpido (${signal}): se borran los archivos temporales`);
    process.exit(130);
  });

main().catch((err) => {
  console.error(`No se pudo crear la copia: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
