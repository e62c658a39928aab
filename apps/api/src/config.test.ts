import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadConfigOrExit } from './config.js';
import { ENV_VARIABLES } from './config-env.js';

const SRC = dirname(fileURLToPath(import.meta.url));
const API_ROOT = join(SRC, '..');

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agencia-config-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The ConfigError message `loadConfig` throws for `env` (fails the test when it does not throw). */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('configuration (issue 13, decision 096)', () => {
  it.each([
    ['PORT', 'abc', 'PORT must be an integer between 0 and 65535 (got "abc")'],
    ['PORT', '70000', 'PORT must be an integer between 0 and 65535 (got "70000")'],
    ['HOST', 'local host', 'HOST must be a host name or an IP address (got "local host")'],
    [
      'DATABASE_URL',
      'mysql://db/agencia',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://db/agencia")',
    ],
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL must be a redis:// or rediss:// URL (got "localhost:6379")'],
    ['JWT_SECRET', 'corto', 'JWT_SECRET must be at least 32 characters (got 5 characters)'],
    [
      'TOTP_ENCRYPTION_KEY',
      'abcdef',
      'TOTP_ENCRYPTION_KEY must be 32 bytes written as 64 hexadecimal characters or base64 (openssl rand -base64 32) (got 6 characters)',
    ],
    [
      'PUBLIC_URL',
      'portal.agencia.do',
      'PUBLIC_URL must be an http:// or https:// URL without credentials, query or fragment (got "portal.agencia.do")',
    ],
    [
      'TRUST_PROXY',
      'si',
      'TRUST_PROXY must be true, false, a hop count (1–10) or a comma-separated list of proxy IP addresses/CIDR ranges (got "si")',
    ],
    ['RATE_LIMIT_MAX', '0', 'RATE_LIMIT_MAX must be an integer between 1 and 1000000000 (got "0")'],
    ['DB_POOL_MAX', '10.5', 'DB_POOL_MAX must be an integer between 1 and 1000 (got "10.5")'],
    ['ANSWER_CACHE_TTL_MS', '-1', 'ANSWER_CACHE_TTL_MS must be an integer between 0 and 60000 (got "-1")'],
    [
      'SMTP_URL',
      'https://mail.agencia.do',
      'SMTP_URL must be an smtp:// or smtps:// URL (got "https://mail.agencia.do")',
    ],
    ['SMTP_FROM', 'agencia', 'SMTP_FROM must be an e-mail address or "Name <address>" (got "agencia")'],
    [
      'LOG_LEVEL',
      'verbose',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    ['SEED_DEMO', 'quizás', 'SEED_DEMO must be true or false (got "quizás")'],
    ['SERVE_WEB', 'nunca', 'SERVE_WEB must be true or false (got "nunca")'],
    ['JOBS_ENABLED', 'quizás', 'JOBS_ENABLED must be true or false (got "quizás")'],
    ['DGII_ECF_ENV', 'prod', 'DGII_ECF_ENV must be one of TesteCF, CerteCF, eCF (got "prod")'],
    [
      'DGII_ECF_BASE_URL',
      'ftp://ecf.dgii.gov.do',
      'DGII_ECF_BASE_URL must be an http:// or https:// URL without credentials, query or fragment (got "ftp://ecf.dgii.gov.do")',
    ],
    [
      'DGII_FC_BASE_URL',
      'fc.dgii.gov.do',
      'DGII_FC_BASE_URL must be an http:// or https:// URL without credentials, query or fragment (got "fc.dgii.gov.do")',
    ],
    [
      'ECF_ENCRYPTION_KEY',
      'corta',
      'ECF_ENCRYPTION_KEY must be 32 bytes written as 64 hexadecimal characters or base64 (openssl rand -base64 32) (got 5 characters)',
    ],
    [
      'ECF_SEND_INTERVAL_SECONDS',
      '0',
      'ECF_SEND_INTERVAL_SECONDS must be an integer between 1 and 3600 (got "0")',
    ],
    [
      'ECF_TRUSTED_CA_FILE',
      '/nonexistent/autoridades.pem',
      'ECF_TRUSTED_CA_FILE cannot be read (ENOENT: "/nonexistent/autoridades.pem")',
    ],
    ['BACKUP_PASSPHRASE', 'corta', 'BACKUP_PASSPHRASE must be at least 12 characters (got 5 characters)'],
    [
      'BACKUP_SCHEDULE',
      '3:30',
      'BACKUP_SCHEDULE must be an hour from 00:00 to 23:00 (America/Santo_Domingo) or off (got "3:30")',
    ],
    ['BACKUP_KEEP_DAILY', '0', 'BACKUP_KEEP_DAILY must be an integer between 1 and 366 (got "0")'],
    ['BACKUP_KEEP_WEEKLY', '-1', 'BACKUP_KEEP_WEEKLY must be an integer between 0 and 530 (got "-1")'],
    ['BACKUP_KEEP_MONTHLY', 'doce', 'BACKUP_KEEP_MONTHLY must be an integer between 0 and 1200 (got "doce")'],
    ['BACKUP_S3_BUCKET', 'Mi Bucket', 'BACKUP_S3_BUCKET must be an S3 bucket name (got "Mi Bucket")'],
    [
      'BACKUP_S3_ENDPOINT',
      's3.example.com',
      'BACKUP_S3_ENDPOINT must be an http:// or https:// URL (got "s3.example.com")',
    ],
    [
      'BACKUP_S3_FORCE_PATH_STYLE',
      'quizás',
      'BACKUP_S3_FORCE_PATH_STYLE must be true or false (got "quizás")',
    ],
    [
      'METRICS_TOKEN',
      'corto',
      'METRICS_TOKEN must be at least 32 printable characters without spaces (got 5 characters)',
    ],
    [
      'AZUL_PAYMENT_PAGE_URL',
      'pruebas.azul.com.do/PaymentPage/',
      'AZUL_PAYMENT_PAGE_URL must be an http:// or https:// URL without credentials, query or fragment (got "pruebas.azul.com.do/PaymentPage/")',
    ],
    [
      'TSA_URL',
      'timestamp.digicert.com',
      'TSA_URL must be an http:// or https:// URL (an RFC 3161 time-stamping service) (got 22 characters)',
    ],
    [
      'INBOUND_EMAIL_ADDRESS',
      'soporte+x@agencia.do',
      'INBOUND_EMAIL_ADDRESS must be an e-mail address without a +tag (got "soporte+x@agencia.do")',
    ],
    ['INBOUND_SMTP_PORT', '0', 'INBOUND_SMTP_PORT must be an integer between 1 and 65535 (got "0")'],
    [
      'INBOUND_SMTP_HOST',
      'mal host',
      'INBOUND_SMTP_HOST must be a host name or an IP address (got "mal host")',
    ],
    [
      'INBOUND_IMAP_URL',
      'https://imap.gmail.com',
      'INBOUND_IMAP_URL must be an imap:// or imaps:// URL (imaps://user:password@host:993) (got "https://imap.gmail.com")',
    ],
    [
      'INBOUND_IMAP_FOLDER',
      'INBOX*',
      'INBOUND_IMAP_FOLDER must be a folder name without * or % (got "INBOX*")',
    ],
    [
      'INBOUND_IMAP_INTERVAL_SECONDS',
      '1',
      'INBOUND_IMAP_INTERVAL_SECONDS must be an integer between 5 and 86400 (got "1")',
    ],
    [
      'VAPID_PUBLIC_KEY',
      'abc',
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters) (got "abc")',
    ],
    [
      'VAPID_PRIVATE_KEY',
      'secreto',
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters) (got 7 characters)',
    ],
    [
      'VAPID_SUBJECT',
      'agencia@example.do',
      'VAPID_SUBJECT must be a mailto: address or an https:// URL (got "agencia@example.do")',
    ],
  ])('%s=%s stops the start with one line', (variable, value, expected) => {
    const message = refusal({ [variable]: value });
    expect(message).toBe(`Invalid configuration: ${expected}`);
    expect(message).not.toContain('\n');
  });

  it('every variable of the schema has a refusal case above', () => {
    expect([...ENV_VARIABLES].sort()).toEqual(
      [
        'PORT',
        'HOST',
        'DATA_DIR',
        'DATABASE_URL',
        'REDIS_URL',
        'JWT_SECRET',
        'TOTP_ENCRYPTION_KEY',
        'PUBLIC_URL',
        'TRUST_PROXY',
        'RATE_LIMIT_MAX',
        'DB_POOL_MAX',
        'LIST_TOTAL_CAP',
        'ANSWER_CACHE_TTL_MS',
        'SMTP_URL',
        'SMTP_FROM',
        'LOG_LEVEL',
        'SEED_DEMO',
        'SERVE_WEB',
        'JOBS_ENABLED',
        'DGII_ECF_ENV',
        'DGII_ECF_BASE_URL',
        'DGII_FC_BASE_URL',
        'ECF_ENCRYPTION_KEY',
        'ECF_SEND_INTERVAL_SECONDS',
        'ECF_TRUSTED_CA_FILE',
        // Backups (decision 143): free text or checked above.
        'BACKUP_DIR',
        'BACKUP_PASSPHRASE',
        'BACKUP_SCHEDULE',
        'BACKUP_KEEP_DAILY',
        'BACKUP_KEEP_WEEKLY',
        'BACKUP_KEEP_MONTHLY',
        'BACKUP_COPY_DIR',
        'BACKUP_S3_BUCKET',
        'BACKUP_S3_ENDPOINT',
        'BACKUP_S3_REGION',
        'BACKUP_S3_PREFIX',
        'BACKUP_S3_ACCESS_KEY_ID',
        'BACKUP_S3_SECRET_ACCESS_KEY',
        'BACKUP_S3_FORCE_PATH_STYLE',
        'PG_DUMP_PATH',
        'METRICS_TOKEN',
        'AZUL_PAYMENT_PAGE_URL',
        'TSA_URL',
        // Tickets by e-mail (decision 168).
        'INBOUND_EMAIL_ADDRESS',
        'INBOUND_SMTP_PORT',
        'INBOUND_SMTP_HOST',
        'INBOUND_IMAP_URL',
        'INBOUND_IMAP_FOLDER',
        'INBOUND_IMAP_INTERVAL_SECONDS',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'VAPID_SUBJECT',
      ].sort(),
    );
  });

  it('deploy/agencia-portal.env names only variables the server reads, with values it accepts', () => {
    const text = readFileSync(join(API_ROOT, '..', '..', 'deploy', 'agencia-portal.env'), 'utf8');
    const named = [...text.matchAll(/^#?([A-Z][A-Z0-9_]+)=(.*)$/gm)];
    expect(named.length).toBeGreaterThan(5);
    for (const [, variable] of named) expect(ENV_VARIABLES).toContain(variable);
    // The lines left active load as they are (PORT, HOST and DATA_DIR come from the unit).
    const active = Object.fromEntries(
      [...text.matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(([, variable, value]) => [variable, value]),
    );
    const config = loadConfig({ DATA_DIR: tempDir(), ...active });
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).toEqual(['127.0.0.1']);
  });

  it('several bad values: still one line, each named; passwords and secrets are never printed', () => {
    const message = refusal({
      PORT: '-1',
      DATABASE_URL: 'mysql://agencia:s3cr3t-db@db/agencia',
      JWT_SECRET: 'clave-demasiado-corta',
    });
    expect(message).not.toContain('\n');
    expect(message).toContain('PORT must be');
    expect(message).toContain(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://agencia:***@db/agencia")',
    );
    expect(message).toContain('JWT_SECRET must be at least 32 characters (got 21 characters)');
    expect(message).not.toContain('s3cr3t-db');
    expect(message).not.toContain('clave-demasiado-corta');
  });

  it('DATA_DIR that cannot hold the generated secrets stops the start', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    expect(refusal({ DATA_DIR: join(file, 'data') })).toMatch(
      /^Invalid configuration: DATA_DIR: cannot keep .*jwt-secret \(ENOTDIR\)$/,
    );
  });

  it('defaults, and blank variables count as unset', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '', LOG_LEVEL: ' ' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      seedDemo: true,
      logLevel: 'info',
      redisUrl: null,
      smtpUrl: null,
      smtpFrom: 'no-reply@agenciadigital.do',
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      serveWeb: true,
      trustProxy: false,
      rateLimitMax: 1000,
      dbPoolMax: 10,
      listTotalCap: 10_000,
      answerCacheTtlMs: 30_000,
      jobsEnabled: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(config.backup).toEqual({
      dir: join(dataDir, 'backups'),
      passphrase: null,
      hour: 3,
      keepDaily: 7,
      keepWeekly: 4,
      keepMonthly: 12,
      copyDir: null,
      s3: null,
      pgDumpPath: 'pg_dump',
    });
  });

  it('parses the backup variables (decision 143)', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      BACKUP_DIR: '/srv/copias',
      BACKUP_PASSPHRASE: 'una frase larga y secreta',
      BACKUP_SCHEDULE: '02:00',
      BACKUP_KEEP_DAILY: '14',
      BACKUP_KEEP_WEEKLY: '0',
      BACKUP_KEEP_MONTHLY: '120',
      BACKUP_COPY_DIR: '/mnt/otro-disco',
      BACKUP_S3_BUCKET: 'agencia-copias',
      BACKUP_S3_ENDPOINT: 'https://s3.us-west-004.backblazeb2.com/',
      BACKUP_S3_PREFIX: 'portal/',
      BACKUP_S3_ACCESS_KEY_ID: 'clave',
      BACKUP_S3_SECRET_ACCESS_KEY: 'secreto',
      PG_DUMP_PATH: '/usr/lib/postgresql/17/bin/pg_dump',
    });
    expect(config.backup).toEqual({
      dir: '/srv/copias',
      passphrase: 'una frase larga y secreta',
      hour: 2,
      keepDaily: 14,
      keepWeekly: 0,
      keepMonthly: 120,
      copyDir: '/mnt/otro-disco',
      s3: {
        bucket: 'agencia-copias',
        endpoint: 'https://s3.us-west-004.backblazeb2.com',
        region: 'us-east-1',
        prefix: 'portal/',
        accessKeyId: 'clave',
        secretAccessKey: 'secreto',
        forcePathStyle: true,
      },
      pgDumpPath: '/usr/lib/postgresql/17/bin/pg_dump',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), BACKUP_SCHEDULE: 'off' }).backup.hour).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), BACKUP_SCHEDULE: '7' }).backup.hour).toBe(7);
  });

  it('parses every variable', () => {
    const config = loadConfig({
      PORT: '4100',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgresql://agencia:clave@db:5432/agencia',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 'j'.repeat(40),
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://portal.agencia.do/',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      RATE_LIMIT_MAX: '5000',
      DB_POOL_MAX: '25',
      LIST_TOTAL_CAP: '500',
      ANSWER_CACHE_TTL_MS: '0',
      SMTP_URL: 'smtps://correo:clave@mail.agencia.do:465',
      SMTP_FROM: 'Agencia Digital RD <no-reply@agencia.do>',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      JOBS_ENABLED: 'false',
    });
    expect(config).toMatchObject({
      port: 4100,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://agencia:clave@db:5432/agencia',
      redisUrl: 'redis://cache:6379',
      jwtSecret: 'j'.repeat(40),
      publicUrl: 'https://portal.agencia.do',
      secureCookies: true,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      rateLimitMax: 5000,
      dbPoolMax: 25,
      listTotalCap: 500,
      answerCacheTtlMs: 0,
      smtpUrl: 'smtps://correo:clave@mail.agencia.do:465',
      smtpFrom: 'Agencia Digital RD <no-reply@agencia.do>',
      logLevel: 'warn',
      seedDemo: false,
      serveWeb: false,
      jobsEnabled: false,
    });
    expect(config.totpEncryptionKey).toEqual(Buffer.alloc(32, 0xab));
    expect(config.azul).toEqual({ paymentPageUrl: null });
    expect(
      loadConfig({ DATA_DIR: tempDir(), AZUL_PAYMENT_PAGE_URL: 'http://127.0.0.1:9100/PaymentPage/' }).azul,
    ).toEqual({ paymentPageUrl: 'http://127.0.0.1:9100/PaymentPage/' });
    expect(config.tsaUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), TSA_URL: 'http://127.0.0.1:9318/tsa' }).tsaUrl).toBe(
      'http://127.0.0.1:9318/tsa',
    );
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const base64 = Buffer.alloc(32, 0x5a).toString('base64');
    expect(loadConfig({ DATA_DIR: tempDir(), TOTP_ENCRYPTION_KEY: base64 }).totpEncryptionKey).toEqual(
      Buffer.alloc(32, 0x5a),
    );
  });

  it('without JWT_SECRET / TOTP_ENCRYPTION_KEY, generates them once into DATA_DIR (mode 0600)', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.totpEncryptionKey).toEqual(first.totpEncryptionKey);
    expect(first.totpEncryptionKey).toHaveLength(32);
    expect(first.totpEncryptionKey).not.toEqual(Buffer.from(first.jwtSecret).subarray(0, 32));
    for (const name of ['jwt-secret', 'totp-key'])
      expect(statSync(join(dataDir, name)).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dataDir, 'totp-key'), 'utf8'), 'base64url')).toEqual(
      first.totpEncryptionKey,
    );
  });

  it('a damaged DATA_DIR/totp-key stops the start instead of sealing with a new key', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'totp-key'), 'not a key');
    expect(refusal({ DATA_DIR: dataDir })).toBe(
      `Invalid configuration: ${join(dataDir, 'totp-key')} does not hold a 32-byte key`,
    );
  });

  it('VAPID keys (decision 169): generated once into DATA_DIR/vapid-keys, or both from the environment', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).webPush;
    expect(first.publicKey).toMatch(/^[\w-]{87}$/);
    expect(first.privateKey).toMatch(/^[\w-]{43}$/);
    expect(first.subject).toBe('mailto:no-reply@agenciadigital.do');
    expect(loadConfig({ DATA_DIR: dataDir }).webPush).toEqual(first);
    expect(statSync(join(dataDir, 'vapid-keys')).mode & 0o777).toBe(0o600);
    const pair = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
    const fromEnv = loadConfig({
      DATA_DIR: tempDir(),
      ...pair,
      SMTP_FROM: 'Agencia <hola@agencia.do>',
    }).webPush;
    expect(fromEnv).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: 'mailto:hola@agencia.do',
    });
    expect(refusal({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toBe(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
    );
    const damaged = tempDir();
    writeFileSync(join(damaged, 'vapid-keys'), '{"publicKey":1}');
    expect(refusal({ DATA_DIR: damaged })).toBe(
      `Invalid configuration: ${join(damaged, 'vapid-keys')} does not hold a VAPID key pair`,
    );
  });

  it('loadConfigOrExit prints the one line to stderr and exits with code 1', () => {
    const lines: string[] = [];
    const exit = (code: number): never => {
      throw new Error(`exit ${code}`);
    };
    expect(() =>
      loadConfigOrExit({ DATA_DIR: tempDir(), PORT: 'abc' }, { error: (l) => void lines.push(l), exit }),
    ).toThrow('exit 1');
    expect(lines).toEqual(['Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")']);
  });

  it('the server refuses to start: one line on stderr, exit code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(SRC, 'server.ts')], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: tempDir(), PORT: 'abc', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")',
    );
  }, 60_000);

  it('no module reads process.env except config.ts', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !/\.test\.tsx?$/.test(entry.name) &&
          path !== join(SRC, 'config.ts')
        ) {
          const text = readFileSync(path, 'utf8');
          if (/process\s*\.\s*env\b|process\s*\[\s*['"`]env['"`]\s*\]|\bimport\.meta\.env\b/.test(text))
            offenders.push(relative(SRC, path));
        }
      }
    };
    walk(SRC);
    expect(offenders).toEqual([]);
  });
});
