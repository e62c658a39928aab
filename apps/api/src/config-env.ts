import { DGII_ECF_ENVIRONMENTS } from '@agencia/shared';
import { z } from 'zod';

/*
 * The environment the API reads, as a schema (decision 096): every variable with its validation,
 * and how a bad value is echoed without leaking a secret. config.ts builds the configuration from
 * it (split along that line, decision 152).
 */

/** Pino levels accepted by `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables whose value must never be printed; URLs have their password masked instead. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'ECF_ENCRYPTION_KEY',
  'BACKUP_PASSPHRASE',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
]);
/** URLs that may carry a password: printed masked, or by length when they don't parse. */
const URL_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'INBOUND_IMAP_URL', 'TSA_URL']);

// ── value schemas ──────────────────────────────────────────────────────────────────────────

/** An unset or blank variable counts as absent (compose files often write `VAR=`). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((s) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max, {
      error: `must be an integer between ${min} and ${max}`,
    })
    .transform(Number);

const boolean = z.stringbool({ error: 'must be true or false' });

const url = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine((s) => URL.canParse(s) && protocols.includes(new URL(s).protocol), {
      error: `must be ${what}`,
    });

/** `openssl rand -hex 32` (64 hex characters) or `openssl rand -base64 32` (base64/base64url). */
const totpKey = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const key = decodeKey(s);
    if (key) return key;
    ctx.addIssue({
      code: 'custom',
      message: 'must be 32 bytes written as 64 hexadecimal characters or base64 (openssl rand -base64 32)',
    });
    return z.NEVER;
  });

/** A 32-byte key from 64 hex characters or 43 base64/base64url ones (optional "="); null otherwise. */
export function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text, 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

const ADDRESS_RANGE = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
/** Names proxy-addr (Fastify's trustProxy) knows. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const trustProxy = z
  .string()
  .trim()
  .transform((s, ctx): boolean | number | string[] => {
    const bool = boolean.safeParse(s);
    if (bool.success) return bool.data;
    if (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 10) return Number(s);
    const list = s.split(',').map((p) => p.trim());
    if (list.every((p) => RANGE_NAMES.has(p) || ADDRESS_RANGE.safeParse(p).success)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be true, false, a hop count (1–10) or a comma-separated list of proxy IP addresses/CIDR ranges',
    });
    return z.NEVER;
  });

const EMAIL = z.email();
/** `a@b.do` or `Agencia <a@b.do>`. */
const sender = z
  .string()
  .trim()
  .refine(
    (s) => {
      const address = /^[^<>]*<([^<>]+)>$/.exec(s)?.[1] ?? s;
      return EMAIL.safeParse(address.trim()).success;
    },
    { error: 'must be an e-mail address or "Name <address>"' },
  );

const publicUrl = z
  .string()
  .trim()
  .refine(
    (s) => {
      if (!URL.canParse(s)) return false;
      const u = new URL(s);
      return ['http:', 'https:'].includes(u.protocol) && !u.search && !u.hash && !u.username && !u.password;
    },
    { error: 'must be an http:// or https:// URL without credentials, query or fragment' },
  );

/** A VAPID key as `web-push generate-vapid-keys` prints it: base64url of `length` characters. */
const vapidKey = (length: number, what: string) =>
  z
    .string()
    .trim()
    .refine((s) => new RegExp(`^[A-Za-z0-9_-]{${length}}$`).test(s), { error: `must be ${what}` });

/** `BACKUP_SCHEDULE`: `off`, or the hour of the daily backup: `3`, `03` or `03:00`. */
const backupSchedule = z
  .string()
  .trim()
  .transform((s, ctx): number | null => {
    if (s.toLowerCase() === 'off') return null;
    const m = /^(\d{1,2})(?::00)?$/.exec(s);
    if (m && Number(m[1]) <= 23) return Number(m[1]);
    ctx.addIssue({
      code: 'custom',
      message: 'must be an hour from 00:00 to 23:00 (America/Santo_Domingo) or off',
    });
    return z.NEVER;
  });

/**
 * Every environment variable the API reads (README "Configuration"). Values are strings;
 * blank counts as unset. Defaults that depend on other variables (SEED_DEMO, PUBLIC_URL,
 * the generated secrets) are filled in by {@link loadConfig}.
 */
export const EnvSchema = z.object({
  PORT: optional(integer(0, 65535)),
  HOST: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.:%[\]-]+$/, { error: 'must be a host name or an IP address' }),
  ),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL')),
  REDIS_URL: optional(url(['redis:', 'rediss:'], 'a redis:// or rediss:// URL')),
  JWT_SECRET: optional(z.string().min(32, { error: 'must be at least 32 characters' })),
  TOTP_ENCRYPTION_KEY: optional(totpKey),
  PUBLIC_URL: optional(publicUrl),
  TRUST_PROXY: optional(trustProxy),
  RATE_LIMIT_MAX: optional(integer(1, 1_000_000_000)),
  DB_POOL_MAX: optional(integer(1, 1000)),
  LIST_TOTAL_CAP: optional(integer(1, 1_000_000_000)),
  ANSWER_CACHE_TTL_MS: optional(integer(0, 60_000)),
  SMTP_URL: optional(url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL')),
  SMTP_FROM: optional(sender),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })),
  SEED_DEMO: optional(boolean),
  SERVE_WEB: optional(boolean),
  JOBS_ENABLED: optional(boolean),
  DGII_ECF_ENV: optional(
    z.enum(DGII_ECF_ENVIRONMENTS, { error: `must be one of ${DGII_ECF_ENVIRONMENTS.join(', ')}` }),
  ),
  DGII_ECF_BASE_URL: optional(publicUrl),
  DGII_FC_BASE_URL: optional(publicUrl),
  ECF_ENCRYPTION_KEY: optional(totpKey),
  ECF_SEND_INTERVAL_SECONDS: optional(integer(1, 3600)),
  ECF_TRUSTED_CA_FILE: optional(z.string().trim()),
  // Backups (decision 143).
  BACKUP_DIR: optional(z.string()),
  BACKUP_PASSPHRASE: optional(z.string().min(12, { error: 'must be at least 12 characters' })),
  BACKUP_SCHEDULE: optional(backupSchedule),
  BACKUP_KEEP_DAILY: optional(integer(1, 366)),
  BACKUP_KEEP_WEEKLY: optional(integer(0, 530)),
  BACKUP_KEEP_MONTHLY: optional(integer(0, 1200)),
  BACKUP_COPY_DIR: optional(z.string()),
  BACKUP_S3_BUCKET: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name' }),
  ),
  BACKUP_S3_ENDPOINT: optional(url(['http:', 'https:'], 'an http:// or https:// URL')),
  BACKUP_S3_REGION: optional(z.string().trim()),
  BACKUP_S3_PREFIX: optional(z.string().trim()),
  BACKUP_S3_ACCESS_KEY_ID: optional(z.string().trim()),
  BACKUP_S3_SECRET_ACCESS_KEY: optional(z.string()),
  BACKUP_S3_FORCE_PATH_STYLE: optional(boolean),
  PG_DUMP_PATH: optional(z.string().trim()),
  METRICS_TOKEN: optional(
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{32,}$/, { error: 'must be at least 32 printable characters without spaces' }),
  ),
  AZUL_PAYMENT_PAGE_URL: optional(publicUrl),
  // Sealed PDFs (decision 172): the RFC 3161 time-stamping authority; unset = no timestamp.
  TSA_URL: optional(
    url(['http:', 'https:'], 'an http:// or https:// URL (an RFC 3161 time-stamping service)'),
  ),
  // Tickets by e-mail (decision 168).
  INBOUND_EMAIL_ADDRESS: optional(
    z
      .string()
      .trim()
      .refine((s) => EMAIL.safeParse(s).success && !s.split('@')[0]!.includes('+'), {
        error: 'must be an e-mail address without a +tag',
      }),
  ),
  INBOUND_SMTP_PORT: optional(integer(1, 65535)),
  INBOUND_SMTP_HOST: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.:%[\]-]+$/, { error: 'must be a host name or an IP address' }),
  ),
  INBOUND_IMAP_URL: optional(
    url(['imap:', 'imaps:'], 'an imap:// or imaps:// URL (imaps://user:password@host:993)'),
  ),
  INBOUND_IMAP_FOLDER: optional(
    z
      .string()
      .trim()
      .regex(/^[^*%\r\n]{1,200}$/, { error: 'must be a folder name without * or %' }),
  ),
  INBOUND_IMAP_INTERVAL_SECONDS: optional(integer(5, 86_400)),
  // Web Push (decision 169): both keys or neither (then DATA_DIR/vapid-keys).
  VAPID_PUBLIC_KEY: optional(vapidKey(87, 'an uncompressed P-256 public key in base64url (87 characters)')),
  VAPID_PRIVATE_KEY: optional(vapidKey(43, 'a P-256 private key in base64url (43 characters)')),
  VAPID_SUBJECT: optional(
    z
      .string()
      .trim()
      .refine(
        (s) => /^mailto:[^@\s]+@[^@\s]+$/.test(s) || (URL.canParse(s) && new URL(s).protocol === 'https:'),
        {
          error: 'must be a mailto: address or an https:// URL',
        },
      ),
  ),
});

/** Names of the variables {@link EnvSchema} validates. */
export const ENV_VARIABLES = Object.keys(EnvSchema.shape) as (keyof typeof EnvSchema.shape)[];

/** What the operator typed, safe to print: secrets by length, URL passwords masked. */
export function shown(variable: string, raw: unknown): string {
  if (typeof raw !== 'string') return 'nothing';
  if (SECRET_VARIABLES.has(variable)) return `${raw.length} characters`;
  if (URL_VARIABLES.has(variable) && !URL.canParse(raw.trim())) return `${raw.length} characters`;
  if (URL.canParse(raw)) {
    const u = new URL(raw);
    if (u.password) {
      u.password = '***';
      return JSON.stringify(u.toString());
    }
  }
  return JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);
}
