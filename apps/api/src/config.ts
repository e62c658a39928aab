import { randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DgiiEcfEnvironment } from '@agencia/shared';
import webPush from 'web-push';
import { decodeKey, type ENV_VARIABLES, EnvSchema, type LogLevel, shown } from './config-env.js';
import { LIST_TOTAL_CAP_DEFAULT } from './lib/paging.js';

/**
 * Runtime configuration, read once from the environment by {@link loadConfig} (README
 * "Configuration" lists every variable; decision 096). No other module reads `process.env`:
 * the values reach modules through `buildApp`'s options.
 */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files, generated secrets, uploads). */
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  /** Signing key of access, refresh-challenge and realtime tokens (≥ 32 characters). */
  jwtSecret: string;
  /** AES-256-GCM key of stored TOTP secrets: exactly 32 bytes (decision 096). */
  totpEncryptionKey: Buffer;
  logLevel: LogLevel;
  redisUrl: string | null;
  smtpUrl: string | null;
  /** Sender of outgoing e-mail: an address or `Name <address>`. */
  smtpFrom: string;
  /** Public base URL, no trailing slash: every link the API hands out starts with it. */
  publicUrl: string;
  /** Secure cookies (true unless the public URL is plain http). */
  secureCookies: boolean;
  /** Serve the built SPA (off in API tests). */
  serveWeb: boolean;
  /**
   * Fastify `trustProxy`: false (direct), true (any proxy), a hop count, or the proxies'
   * addresses / CIDR ranges; client IPs then come from `X-Forwarded-For`.
   */
  trustProxy: boolean | number | string[];
  /** API requests per minute per client IP. */
  rateLimitMax: number;
  /** Connections per process in the PostgreSQL pool. */
  dbPoolMax: number;
  /** Rows the large lists count at most for `pagination.total` (decision 113). */
  listTotalCap: number;
  /** How long (ms) a hot read's answer may be served again unchanged; 0 = off (decision 156). */
  answerCacheTtlMs: number;
  /** Run the scheduled-jobs timer in this process (JOBS_ENABLED, default true; decision 110). */
  jobsEnabled: boolean;
  /** Direct e-CF emission (issue 26): the DGII environment and its two services' base URLs. */
  ecf: EcfConfig;
  /** `METRICS_TOKEN`: the bearer token `/metrics` demands; null = no `/metrics` (decision 144). */
  metricsToken: string | null;
  /** Card payments through Azul's Payment Page (decision 147). */
  azul: AzulConfig;
  /**
   * `TSA_URL`: the RFC 3161 time-stamping service whose token sealed PDFs carry (PAdES B-T,
   * decision 172); null = sealed without a timestamp (B-B).
   */
  tsaUrl: string | null;
  /** Backups and restore (README "Backups", decision 143). */
  backup: BackupConfig;
  /** Tickets by e-mail (decision 168). */
  inbound: InboundConfig;
  /** Web Push's VAPID keys and contact (decision 169). */
  webPush: VapidConfig;
}

/** Receiving e-mail into tickets (decision 168). */
export interface InboundConfig {
  /** `INBOUND_EMAIL_ADDRESS`; null: the company's e-mail (Configuración → Empresa). */
  address: string | null;
  /** `INBOUND_SMTP_PORT`: the SMTP listener's port; null: no listener (default). */
  smtpPort: number | null;
  /** `INBOUND_SMTP_HOST`, default 0.0.0.0. */
  smtpHost: string;
  /** `INBOUND_IMAP_URL` (`imaps://user:password@host:993`); null: no polling. */
  imapUrl: string | null;
  /** `INBOUND_IMAP_FOLDER`, default `INBOX`. */
  imapFolder: string;
  /** `INBOUND_IMAP_INTERVAL_SECONDS`, default 60. */
  imapIntervalSeconds: number;
}

/** Web Push's application server identity (RFC 8292, decision 169). */
export interface VapidConfig {
  /** Uncompressed P-256 public key, base64url (87 characters): what browsers subscribe with. */
  publicKey: string;
  /** P-256 private key, base64url (43 characters): signs the VAPID JWT. */
  privateKey: string;
  /** `sub` of the JWT: `VAPID_SUBJECT`, default `mailto:` + the address of SMTP_FROM. */
  subject: string;
}

/** Azul's Payment Page (decision 147). */
export interface AzulConfig {
  /**
   * `AZUL_PAYMENT_PAGE_URL`: where the browser posts the payment form, overriding the URL of the
   * environment chosen in Configuración (pruebas: `https://pruebas.azul.com.do/PaymentPage/`,
   * producción: `https://pagos.azul.com.do/PaymentPage/Default.aspx`). Tests point it at a fake.
   */
  paymentPageUrl: string | null;
}

/** Backups (decision 143): where archives go, their schedule, retention and second copy. */
export interface BackupConfig {
  /** `BACKUP_DIR`, default `DATA_DIR/backups` (absolute). */
  dir: string;
  /** `BACKUP_PASSPHRASE`: encrypts archives with age (scrypt); null keeps them in the clear. */
  passphrase: string | null;
  /** `BACKUP_SCHEDULE`: local hour (America/Santo_Domingo) of the daily backup, or null (`off`). Default 3. */
  hour: number | null;
  /** `BACKUP_KEEP_DAILY` (7), `BACKUP_KEEP_WEEKLY` (4), `BACKUP_KEEP_MONTHLY` (12): archives kept per period. */
  keepDaily: number;
  keepWeekly: number;
  keepMonthly: number;
  /** `BACKUP_COPY_DIR`: a folder on another disk that receives a copy of each archive. */
  copyDir: string | null;
  /** `BACKUP_S3_*`: an S3-compatible bucket that receives a copy of each archive. */
  s3: BackupS3Config | null;
  /** `PG_DUMP_PATH`, default `pg_dump` (found on PATH). */
  pgDumpPath: string;
}

/** An S3-compatible bucket for the second copy of each archive. */
export interface BackupS3Config {
  bucket: string;
  /** `BACKUP_S3_ENDPOINT` (MinIO, Backblaze, Wasabi …); null: AWS itself. */
  endpoint: string | null;
  region: string;
  /** Key prefix, e.g. `agencia/` (default none). */
  prefix: string;
  /** Null: the SDK's default chain (AWS_* variables, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Path-style URLs (`endpoint/bucket/key`), default true with a custom endpoint. */
  forcePathStyle: boolean;
}

/** The DGII's e-CF services (issue 26). URLs have no trailing slash. */
export interface EcfConfig {
  environment: DgiiEcfEnvironment;
  /** `DGII_ECF_BASE_URL`, default `https://ecf.dgii.gov.do/{environment}`: seed, reception, status, ANECF, ACECF. */
  ecfBaseUrl: string;
  /** `DGII_FC_BASE_URL`, default `https://fc.dgii.gov.do/{environment}`: consumo summaries (RFCE). */
  fcBaseUrl: string;
  /** AES-256-GCM key sealing the certificate and the DGII token: `ECF_ENCRYPTION_KEY` or `DATA_DIR/ecf-key`. */
  encryptionKey: Buffer;
  /** Seconds between two passes of the e-CF sender (`ECF_SEND_INTERVAL_SECONDS`, default 15). */
  sendIntervalSeconds: number;
  /**
   * Certification authorities the public receiver trusts in eCF (decision 161), PEM: the files of
   * `apps/api/trust/dgii-ca/` and `ECF_TRUSTED_CA_FILE`. Absent: none.
   */
  trustedCaPems?: readonly string[];
}

/**
 * A configuration the server must not start with. `message` is one line for the operator,
 * `Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")`; several
 * problems are joined with "; ". Secret values are never echoed (only their length).
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

// ── generated secrets ──────────────────────────────────────────────────────────────────────

/** Reads `DATA_DIR/<name>`, or creates it (mode 0600) with `generate()` on first start. */
function keptSecret(dataDir: string, name: string, generate: () => string): string {
  const file = join(dataDir, name);
  try {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const secret = generate();
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // Another process created it between the check and the write: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw new ConfigError([`DATA_DIR: cannot keep ${file} (${(err as NodeJS.ErrnoException).code ?? err})`]);
  }
}

/**
 * The JWT secret: `JWT_SECRET` (already checked: ≥ 32 characters), else `DATA_DIR/jwt-secret`,
 * generated once as 512 random bits (file mode 0600). Throws ConfigError when that file is
 * unusable.
 */
export function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const secret = keptSecret(dataDir, 'jwt-secret', () => randomBytes(64).toString('base64url'));
  if (secret.length < 32)
    throw new ConfigError([`${join(dataDir, 'jwt-secret')} holds fewer than 32 characters`]);
  return secret;
}

/**
 * The TOTP encryption key (32 bytes): `TOTP_ENCRYPTION_KEY` (already decoded), else
 * `DATA_DIR/totp-key`, generated once as 256 random bits in base64url (file mode 0600).
 * Throws ConfigError when that file does not hold a valid key.
 */
export function resolveTotpKey(dataDir: string, fromEnv: Buffer | undefined): Buffer {
  if (fromEnv) return fromEnv;
  const text = keptSecret(dataDir, 'totp-key', () => randomBytes(32).toString('base64url'));
  const key = decodeKey(text);
  if (!key) throw new ConfigError([`${join(dataDir, 'totp-key')} does not hold a 32-byte key`]);
  return key;
}

/**
 * The e-CF sealing key (32 bytes): `ECF_ENCRYPTION_KEY`, else `DATA_DIR/ecf-key`, generated once
 * (file mode 0600), like the TOTP key. Throws ConfigError when that file does not hold a valid key.
 */
export function resolveEcfKey(dataDir: string, fromEnv: Buffer | undefined): Buffer {
  if (fromEnv) return fromEnv;
  const text = keptSecret(dataDir, 'ecf-key', () => randomBytes(32).toString('base64url'));
  const key = decodeKey(text);
  if (!key) throw new ConfigError([`${join(dataDir, 'ecf-key')} does not hold a 32-byte key`]);
  return key;
}

/**
 * The trust store the e-CF receiver ships (decision 161): `apps/api/trust/dgii-ca/*.pem`, beside
 * `src/` and `dist/` alike.
 */
export const SHIPPED_TRUST_DIR = fileURLToPath(new URL('../trust/dgii-ca/', import.meta.url));

/** The certificates of a PEM text (one or several `BEGIN CERTIFICATE` blocks). */
function pemCertificates(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/**
 * The certification authorities the e-CF receiver trusts in eCF: every certificate in the
 * `.pem` files of `dir` (default {@link SHIPPED_TRUST_DIR}), then those of `file`
 * (`ECF_TRUSTED_CA_FILE`). Throws ConfigError when the file is missing or unreadable, holds no
 * certificate, or any certificate does not parse or is not a CA certificate.
 */
export function loadTrustedCas(file: string | null, dir: string = SHIPPED_TRUST_DIR): string[] {
  const sources: Array<{ name: string; text: string; variable?: string }> = [];
  if (existsSync(dir))
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.pem'))
      .sort())
      sources.push({ name: join(dir, name), text: readFileSync(join(dir, name), 'utf8') });
  if (file) {
    let text: string;
    try {
      text = readFileSync(resolve(file), 'utf8');
    } catch (err) {
      throw new ConfigError([
        `ECF_TRUSTED_CA_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}: ${JSON.stringify(file)})`,
      ]);
    }
    sources.push({ name: file, text, variable: 'ECF_TRUSTED_CA_FILE' });
  }
  const pems: string[] = [];
  for (const source of sources) {
    const what = source.variable ? `${source.variable} (${JSON.stringify(source.name)})` : source.name;
    const found = pemCertificates(source.text);
    if (found.length === 0) throw new ConfigError([`${what} holds no PEM certificate`]);
    for (const pem of found) {
      let cert: X509Certificate;
      try {
        cert = new X509Certificate(pem);
      } catch {
        throw new ConfigError([`${what} holds a certificate that does not parse`]);
      }
      if (!cert.ca) throw new ConfigError([`${what} holds a certificate that is not a CA: ${cert.subject}`]);
      pems.push(pem);
    }
  }
  return pems;
}

/**
 * The VAPID key pair (decision 169): `VAPID_PUBLIC_KEY` + `VAPID_PRIVATE_KEY` (both or neither),
 * else `DATA_DIR/vapid-keys` (JSON `{publicKey, privateKey}`), generated once (mode 0600) like
 * the other keys. Browsers subscribed with the public key: changing it silences every device
 * until it subscribes again (the profile page does so on its next visit).
 */
export function resolveVapidKeys(
  dataDir: string,
  fromEnv: { publicKey?: string; privateKey?: string },
): { publicKey: string; privateKey: string } {
  if (fromEnv.publicKey && fromEnv.privateKey)
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey };
  if (fromEnv.publicKey || fromEnv.privateKey)
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together']);
  const text = keptSecret(dataDir, 'vapid-keys', () => JSON.stringify(webPush.generateVAPIDKeys()));
  try {
    const keys = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    if (
      typeof keys.publicKey === 'string' &&
      /^[A-Za-z0-9_-]{87}$/.test(keys.publicKey) &&
      typeof keys.privateKey === 'string' &&
      /^[A-Za-z0-9_-]{43}$/.test(keys.privateKey)
    )
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  } catch {
    // reported below
  }
  throw new ConfigError([`${join(dataDir, 'vapid-keys')} does not hold a VAPID key pair`]);
}

/** `mailto:` + the address of a sender (`Name <a@b.do>` or `a@b.do`). */
function mailtoOf(sender: string): string {
  return `mailto:${(/<([^<>]+)>/.exec(sender)?.[1] ?? sender).trim()}`;
}

// ── loading ────────────────────────────────────────────────────────────────────────────────

/**
 * Validates `env` with {@link EnvSchema} and builds the configuration (defaults: PORT 3000,
 * HOST 0.0.0.0, DATA_DIR ./data, LOG_LEVEL info, RATE_LIMIT_MAX 1000, DB_POOL_MAX 10, LIST_TOTAL_CAP 10000,
 * ANSWER_CACHE_TTL_MS 30000,
 * SEED_DEMO true on PGlite only, PUBLIC_URL http://localhost:PORT). Secrets absent from `env`
 * are generated into DATA_DIR. Throws {@link ConfigError} listing every bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0]);
      if (!problems.has(variable))
        problems.set(variable, `${variable} ${issue.message} (got ${shown(variable, env[variable])})`);
    }
    throw new ConfigError([...problems.values()]);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const dataDir = resolve(e.DATA_DIR ?? './data');
  const databaseUrl = e.DATABASE_URL ?? null;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    seedDemo: e.SEED_DEMO ?? databaseUrl === null,
    jwtSecret: resolveJwtSecret(dataDir, e.JWT_SECRET),
    totpEncryptionKey: resolveTotpKey(dataDir, e.TOTP_ENCRYPTION_KEY),
    logLevel: e.LOG_LEVEL ?? 'info',
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM ?? 'no-reply@agenciadigital.do',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    serveWeb: e.SERVE_WEB ?? true,
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimitMax: e.RATE_LIMIT_MAX ?? 1000,
    dbPoolMax: e.DB_POOL_MAX ?? 10,
    listTotalCap: e.LIST_TOTAL_CAP ?? LIST_TOTAL_CAP_DEFAULT,
    answerCacheTtlMs: e.ANSWER_CACHE_TTL_MS ?? 30_000,
    jobsEnabled: e.JOBS_ENABLED ?? true,
    ecf: {
      environment: e.DGII_ECF_ENV ?? 'TesteCF',
      ecfBaseUrl: (e.DGII_ECF_BASE_URL ?? `https://ecf.dgii.gov.do/${e.DGII_ECF_ENV ?? 'TesteCF'}`).replace(
        /\/+$/,
        '',
      ),
      fcBaseUrl: (e.DGII_FC_BASE_URL ?? `https://fc.dgii.gov.do/${e.DGII_ECF_ENV ?? 'TesteCF'}`).replace(
        /\/+$/,
        '',
      ),
      encryptionKey: resolveEcfKey(dataDir, e.ECF_ENCRYPTION_KEY),
      sendIntervalSeconds: e.ECF_SEND_INTERVAL_SECONDS ?? 15,
      trustedCaPems: loadTrustedCas(e.ECF_TRUSTED_CA_FILE ?? null),
    },
    backup: {
      dir: resolve(e.BACKUP_DIR ?? join(dataDir, 'backups')),
      passphrase: e.BACKUP_PASSPHRASE ?? null,
      hour: e.BACKUP_SCHEDULE === undefined ? 3 : e.BACKUP_SCHEDULE,
      keepDaily: e.BACKUP_KEEP_DAILY ?? 7,
      keepWeekly: e.BACKUP_KEEP_WEEKLY ?? 4,
      keepMonthly: e.BACKUP_KEEP_MONTHLY ?? 12,
      copyDir: e.BACKUP_COPY_DIR ? resolve(e.BACKUP_COPY_DIR) : null,
      s3: e.BACKUP_S3_BUCKET
        ? {
            bucket: e.BACKUP_S3_BUCKET,
            endpoint: e.BACKUP_S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
            region: e.BACKUP_S3_REGION ?? 'us-east-1',
            prefix: e.BACKUP_S3_PREFIX ?? '',
            accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.BACKUP_S3_FORCE_PATH_STYLE ?? Boolean(e.BACKUP_S3_ENDPOINT),
          }
        : null,
      pgDumpPath: e.PG_DUMP_PATH ?? 'pg_dump',
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    azul: { paymentPageUrl: e.AZUL_PAYMENT_PAGE_URL ?? null },
    tsaUrl: e.TSA_URL ?? null,
    inbound: {
      address: e.INBOUND_EMAIL_ADDRESS?.toLowerCase() ?? null,
      smtpPort: e.INBOUND_SMTP_PORT ?? null,
      smtpHost: e.INBOUND_SMTP_HOST ?? '0.0.0.0',
      imapUrl: e.INBOUND_IMAP_URL ?? null,
      imapFolder: e.INBOUND_IMAP_FOLDER ?? 'INBOX',
      imapIntervalSeconds: e.INBOUND_IMAP_INTERVAL_SECONDS ?? 60,
    },
    webPush: {
      ...resolveVapidKeys(dataDir, { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }),
      subject: e.VAPID_SUBJECT ?? mailtoOf(e.SMTP_FROM ?? 'no-reply@agenciadigital.do'),
    },
  };
}

// ── child processes and CLI hints (backups, decision 143) ─────────────────────────────────

/** The environment for a child process (pg_dump): this process's, plus `extra`. */
export function childProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Whether `name` is set (not blank) in the environment: `npm run restore` warns about keys set there. */
export function environmentHas(name: (typeof ENV_VARIABLES)[number]): boolean {
  const value = process.env[name];
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Entry points' {@link loadConfig}: on a {@link ConfigError} prints its one line to stderr and
 * exits with code 1 (other errors propagate). `io` is replaceable for tests.
 */
export function loadConfigOrExit(
  env: NodeJS.ProcessEnv = process.env,
  io: { error(line: string): void; exit(code: number): never } = {
    error: (line) => console.error(line),
    exit: (code) => process.exit(code),
  },
): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.error(err.message);
      return io.exit(1);
    }
    throw err;
  }
}
