import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environmentHas, loadConfigOrExit } from '../config.js';
import { BackupError } from '../modules/backups/backups.archive.js';
import { restoreBackup } from '../modules/backups/backups.restore.js';
import { backupSocketPath } from '../modules/backups/backups.socket.js';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((done) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    let text = '';
    const onData = (buf: Buffer) => {
      for (const ch of buf.toString('utf8')) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          return done(text);
        }
        if (ch === '\u0003') process.exit(130);
        if (ch === '\u007f') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/**
 * `npm run restore -- <archivo> [--force]` (README "Backups", decision 143): restores an archive
 * into the configured target — DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL) — after checking its
 * SHA-256 sums; refuses a target with data unless --force; migrates to the current level; prints
 * the row counts compared. An encrypted archive takes BACKUP_PASSPHRASE or asks for it.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error('Uso: npm run restore -- <archivo.tar.gz[.age]> [--force]');
    process.exit(1);
  }
  const archive = resolve(positionals[0]!);
  const config = loadConfigOrExit();
  if (!config.databaseUrl && (await isServerRunning(config.dataDir)))
    throw new BackupError('El servidor está en marcha sobre este DATA_DIR: detenlo antes de restaurar');
  let passphrase = config.backup.passphrase;
  if (!existsSync(archive)) throw new BackupError(`No existe el archivo ${archive}`);
  const head = Buffer.alloc(21);
  const fd = openSync(archive, 'r');
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const encrypted = head.toString() === 'age-encryption.org/v1';
  if (encrypted && !passphrase && process.stdin.isTTY)
    passphrase = await askHidden('Frase de contraseña de la copia: ');
  const target = config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
  console.info(
    `Restaurando ${archive} en ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir} (PGlite)`}…`,
  );
  const report = await restoreBackup({
    archive,
    passphrase,
    target,
    dataDir: config.dataDir,
    force: values.force,
  });
  const { manifest } = report;
  console.info(
    `Copia del ${manifest.createdAt} (${manifest.engine}, migración ${manifest.migration.tag}, versión ${manifest.appVersion}): sumas SHA-256 verificadas`,
  );
  if (report.via === 'pglite-directory')
    console.info('Base PGlite restaurada desde su propio directorio de datos de la copia');
  const width = Math.max(...report.counts.map((c) => c.table.length), 5);
  console.info(`${'tabla'.padEnd(width)}  copia  restauradas`);
  for (const c of report.counts)
    console.info(
      `${c.table.padEnd(width)}  ${String(c.archive).padStart(5)}  ${String(c.restored).padStart(11)}`,
    );
  console.info(
    `${manifest.uploads.files} archivos subidos verificados; claves escritas: ${report.keys.join(', ')}`,
  );
  // A key set in the environment wins over DATA_DIR's file: it must be the archive's.
  const differs = (key: Buffer, file: string | undefined) =>
    file !== undefined && key.toString('base64url') !== readFileSync(file, 'utf8').trim();
  if (environmentHas('TOTP_ENCRYPTION_KEY') && differs(config.totpEncryptionKey, report.keys[0]))
    console.warn(
      'Atención: TOTP_ENCRYPTION_KEY no es la clave de la copia: quítala del entorno o pon la de totp-key',
    );
  if (environmentHas('ECF_ENCRYPTION_KEY') && differs(config.ecf.encryptionKey, report.keys[1]))
    console.warn(
      'Atención: ECF_ENCRYPTION_KEY no es la clave de la copia: quítala del entorno o pon la de ecf-key',
    );
  const vapidFile = report.keys.find((k) => k.endsWith('vapid-keys'));
  if (
    vapidFile &&
    environmentHas('VAPID_PUBLIC_KEY') &&
    (JSON.parse(readFileSync(vapidFile, 'utf8')) as { publicKey?: string }).publicKey !==
      config.webPush.publicKey
  )
    console.warn(
      'Atención: VAPID_PUBLIC_KEY no es la clave de la copia: los dispositivos suscritos no recibirán avisos hasta volver a abrir el portal; quita VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY del entorno o pon las de vapid-keys',
    );
  console.info('Restauración completa. Ya puedes iniciar el servidor (npm start).');
}

async function isServerRunning(dataDir: string): Promise<boolean> {
  const { createConnection } = await import('node:net');
  const path = backupSocketPath(dataDir);
  if (!existsSync(path)) return false;
  return new Promise((done) => {
    const s = createConnection(path);
    s.on('connect', () => {
      s.destroy();
      done(true);
    });
    s.on('error', () => done(false));
  });
}

// Interrupted (Ctrl-C, systemctl stop, a timeout's SIGTERM): exit, so the scratch folder with the
// plaintext parts is removed by its exit hook (decision 162). A SIGKILL leaves it to the next run.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    console.error(`Interrumpido (${signal}): se borran los archivos temporales`);
    process.exit(130);
  });

main().catch((err) => {
  console.error(`No se pudo restaurar: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
