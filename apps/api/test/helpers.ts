import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { effectivePermissions, type Permission, type Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import webPush from 'web-push';
import { buildApp } from '../src/app.js';
import { DEMO_PASSWORD } from '../src/cli/demo-seed/foundation.js';
import type { AppConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { withDatabase } from './global-setup.js';

export { DEMO_PASSWORD };

/** Demo accounts seeded in every test database. */
export const DEMO = {
  admin: 'admin@demo.do',
  employee: 'empleado@demo.do',
  client: 'cliente@demo.do',
  client2: 'cliente2@demo.do',
} as const;

/** One VAPID key pair per test run (decision 169). */
export const TEST_VAPID_KEYS = webPush.generateVAPIDKeys();

/** Test configuration: no web, fixed secret, quiet. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: null,
    seedDemo: false,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    totpEncryptionKey: Buffer.alloc(32, 7),
    logLevel: 'silent',
    redisUrl: null,
    smtpUrl: null,
    smtpFrom: 'no-reply@agenciadigital.do',
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    serveWeb: false,
    trustProxy: false,
    rateLimitMax: 1000,
    dbPoolMax: 10,
    listTotalCap: 10_000,
    answerCacheTtlMs: 30_000,
    jobsEnabled: false,
    // Nothing listens on port 9 (discard): a test that needs the DGII starts the fake (fake-dgii.ts).
    ecf: {
      environment: 'TesteCF',
      ecfBaseUrl: 'http://127.0.0.1:9/TesteCF',
      fcBaseUrl: 'http://127.0.0.1:9/fc/TesteCF',
      encryptionKey: Buffer.alloc(32, 9),
      sendIntervalSeconds: 15,
    },
    // No scheduled backup in tests; a test that backs up passes its own scratch folder.
    backup: {
      dir: '/nonexistent/backups',
      passphrase: null,
      hour: null,
      keepDaily: 7,
      keepWeekly: 4,
      keepMonthly: 12,
      copyDir: null,
      s3: null,
      pgDumpPath: 'pg_dump',
    },
    metricsToken: null,
    tsaUrl: null,
    // A test that pays by card starts the fake Payment Page (fake-azul.ts) and overrides this.
    azul: { paymentPageUrl: 'http://127.0.0.1:9/PaymentPage/' },
    // No listener, no polling: a test of tickets by e-mail starts its own (decision 168).
    inbound: {
      address: null,
      smtpPort: null,
      smtpHost: '127.0.0.1',
      imapUrl: null,
      imapFolder: 'INBOX',
      imapIntervalSeconds: 60,
    },
    webPush: { ...TEST_VAPID_KEYS, subject: 'mailto:no-reply@agenciadigital.do' },
    ...overrides,
  };
}

/**
 * PostgreSQL only (TEST_DATABASE_URL set): a new database cloned from the run's migrated + seeded
 * template with CREATE DATABASE … TEMPLATE. Returns its URL (several pools, "processes", can open
 * it) and `drop` to remove it; null on PGlite.
 */
export async function clonePgDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const pgTemplate = inject('pgTemplateUrl');
  if (!pgTemplate) return null;
  const base = new URL(pgTemplate).pathname.slice(1);
  const name = `${base}_f${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(pgTemplate, 'postgres') });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${base}"`);
      break;
    } catch (err) {
      // Two clones starting at once can briefly see each other on the template.
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  return {
    url: withDatabase(pgTemplate, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: withDatabase(pgTemplate, 'postgres') });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database for this test file, cloned from the run's migrated + seeded template:
 * PGlite from the dump, or PostgreSQL with CREATE DATABASE … TEMPLATE when
 * TEST_DATABASE_URL is set. Dropped after the file.
 */
export async function freshDatabase(): Promise<Database> {
  const clone = await clonePgDatabase();
  if (clone) {
    const database = await openDatabase({ url: clone.url });
    const close = database.close;
    database.close = async () => {
      await close();
      await clone.drop();
    };
    return database;
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/**
 * Apps made by {@link createTestApp} and not yet closed. `test/close-apps.ts` (a setup file, run
 * for every test file) closes them after the file. An `afterAll` registered here would be lost:
 * Vitest drops hooks registered while hooks run (`createTestApp` is called from `beforeAll`), so
 * before decision 130 every app stayed open until its worker ended.
 */
const openApps = new Set<FastifyInstance>();

/** Closes every app {@link createTestApp} opened (and their databases); called after each file. */
export async function closeTestApps(): Promise<void> {
  const apps = [...openApps];
  openApps.clear();
  await Promise.all(apps.map((app) => app.close()));
}

/** The real app on a fresh database; closed (with its database) after the test file. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const database = await freshDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, closeDatabase: true, logger: false });
  openApps.add(app);
  await app.ready();
  return app;
}

/** The test app with the demo users signed in (see {@link startDemoApp}). */
export interface DemoApp {
  app: FastifyInstance;
  admin: Session;
  employee: Session;
  /** Café Cibao SRL's portal user. */
  client: Session;
  /** A user of another client. */
  client2: Session;
}

/**
 * {@link createTestApp} with the demo admin, employee and both client users signed in; call it in
 * `beforeAll`: `({ app, admin } = await startDemoApp())`.
 */
export async function startDemoApp(overrides: Partial<AppConfig> = {}): Promise<DemoApp> {
  const app = await createTestApp(overrides);
  const [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  return { app, admin, employee, client, client2 };
}

let ipCounter = 1;
/** A distinct fake client IP, so login throttling in one test does not leak into another. */
export function uniqueIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Signs in through the real endpoint; throws with the body when it fails. */
export async function login(
  app: FastifyInstance,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Session;
}

/** `app.inject` with a bearer token. */
export function injectAs(app: FastifyInstance, token: string, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } });
}

/**
 * Has the admin take `permission` away from the user `email` through `PUT /users/{id}` (what the
 * permissions tab sends: the user's effective list without it), checks the stored row, runs `fn`,
 * then gives the role default back (`permissions: null`), also through the API.
 */
export async function withoutPermission(
  app: FastifyInstance,
  adminToken: string,
  email: string,
  permission: Permission,
  fn: () => Promise<void>,
): Promise<void> {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const remaining = effectivePermissions(user).filter((p) => p !== permission);
  const put = (permissions: string[] | null) =>
    injectAs(app, adminToken, { method: 'PUT', url: `/api/users/${user.id}`, payload: { permissions } });
  const res = await put(remaining);
  if (res.statusCode !== 200) throw new Error(`PUT /users failed: ${res.statusCode} ${res.body}`);
  const [stored] = await app.db.select().from(users).where(eq(users.id, user.id));
  expect(stored?.permissions).toEqual(remaining);
  try {
    await fn();
  } finally {
    await put(null);
  }
  const [restored] = await app.db.select().from(users).where(eq(users.id, user.id));
  expect(restored?.permissions).toBeNull();
}
