import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Runtime configuration, read once from the environment (README lists every variable). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  jwtSecret: string;
  logLevel: string;
  redisUrl: string | null;
  smtpUrl: string | null;
  /** Public base URL used in links sent by email (defaults to http://localhost:PORT). */
  publicUrl: string;
  /** Secure cookies (true unless the public URL is plain http). */
  secureCookies: boolean;
  /** Serve the built SPA (off in API tests). */
  serveWeb: boolean;
}

/**
 * Reads the JWT secret from `JWT_SECRET`, else from `DATA_DIR/jwt-secret`, generating and
 * keeping a 512-bit one there on first start (file mode 0600).
 */
export function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv && fromEnv.length > 0) {
    if (fromEnv.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(64).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Builds the configuration from `env` (defaults: PORT 3000, HOST 0.0.0.0, DATA_DIR ./data). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid PORT: ${env.PORT}`);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const seedDemo = env.SEED_DEMO ? env.SEED_DEMO === 'true' : databaseUrl === null;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    seedDemo,
    jwtSecret: resolveJwtSecret(dataDir, env.JWT_SECRET),
    logLevel: env.LOG_LEVEL ?? 'info',
    redisUrl: env.REDIS_URL?.trim() || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    serveWeb: env.SERVE_WEB !== 'false',
  };
}
