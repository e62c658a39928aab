import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import {
  currentTotp,
  migrateTotpSecrets,
  sealSecretV1,
  TotpSecretBox,
} from '../src/modules/auth/two-factor.js';
import { DEMO, DEMO_PASSWORD, freshDatabase, injectAs, login, testConfig, uniqueIp } from './helpers.js';

/**
 * Issue 13 / decision 096: TOTP secrets are sealed with TOTP_ENCRYPTION_KEY, so rotating
 * JWT_SECRET keeps two-factor sign-in working; v1 secrets (JWT-derived key) are migrated at start.
 */
const JWT_A = 'jwt-secret-A-jwt-secret-A-jwt-secret-A-0001';
const JWT_B = 'jwt-secret-B-jwt-secret-B-jwt-secret-B-0002';
const TOTP_KEY = Buffer.alloc(32, 0x42);
const OTHER_KEY = Buffer.alloc(32, 0x24);

let database: Database;
const open: FastifyInstance[] = [];

/** "Restarts" the app on the same database with these secrets (closing the previous one). */
async function start(jwtSecret: string, totpEncryptionKey: Buffer): Promise<FastifyInstance> {
  for (const app of open.splice(0)) await app.close();
  const app = await buildApp({
    config: testConfig({ jwtSecret, totpEncryptionKey }),
    database,
    closeDatabase: false,
    logger: false,
  });
  await app.ready();
  open.push(app);
  return app;
}

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  for (const app of open) await app.close();
  await database.close();
});

/** Password step, then the code step; returns the second answer. */
async function signInWithCode(app: FastifyInstance, email: string, code: () => string) {
  const ip = uniqueIp();
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: ip,
  });
  expect(first.statusCode).toBe(200);
  const { challengeToken } = first.json().data;
  expect(challengeToken).toEqual(expect.any(String));
  return app.inject({
    method: 'POST',
    url: '/api/auth/login/2fa',
    payload: { challengeToken, code: code() },
    remoteAddress: ip,
  });
}

async function storedSecret(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('TOTP encryption key (decision 096)', () => {
  it('two-factor sign-in survives a JWT_SECRET rotation (same TOTP_ENCRYPTION_KEY)', async () => {
    const appA = await start(JWT_A, TOTP_KEY);
    const { token } = await login(appA, DEMO.client);
    const setup = await injectAs(appA, token, { method: 'POST', url: '/api/auth/2fa/setup' });
    const { secret } = setup.json().data as { secret: string };
    const enable = await injectAs(appA, token, {
      method: 'POST',
      url: '/api/auth/2fa/enable',
      // A code of the previous step, so the sign-in below (current step) is not a replay.
      payload: { code: currentTotp(secret, Date.now() - 30_000) },
    });
    expect(enable.statusCode).toBe(200);
    const row = await storedSecret(DEMO.client);
    expect(row.totpSecret).toMatch(/^v2\./);
    expect(new TotpSecretBox(TOTP_KEY, new Uint8Array()).open(row.totpSecret!)).toBe(secret);

    const appB = await start(JWT_B, TOTP_KEY);
    // The JWT secret did change: tokens signed under A are refused.
    expect((await injectAs(appB, token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await signInWithCode(appB, DEMO.client, () => currentTotp(secret));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(DEMO.client);
    expect(res.json().data.user.twoFactorEnabled).toBe(true);
  });

  it('a different TOTP_ENCRYPTION_KEY refuses the code with 401 (never 500)', async () => {
    const { totpSecret } = await storedSecret(DEMO.client);
    const app = await start(JWT_B, OTHER_KEY);
    const secret = new TotpSecretBox(TOTP_KEY, new Uint8Array()).open(totpSecret!);
    const res = await signInWithCode(app, DEMO.client, () => currentTotp(secret, Date.now() + 30_000));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOTP_INVALID');
  });

  it('v1 secrets (enabled and pending) are resealed as v2 at start, once; then JWT_SECRET can rotate', async () => {
    const secret = new Secret({ size: 20 }).base32;
    const pending = new Secret({ size: 20 }).base32;
    const lost = new Secret({ size: 20 }).base32;
    const set = (email: string, values: Partial<typeof users.$inferInsert>) =>
      database.db.update(users).set(values).where(eq(users.email, email));
    // The state an install upgraded from the v1 code has: secrets sealed with a key from JWT A.
    await set(DEMO.employee, {
      totpSecret: sealSecretV1(new TextEncoder().encode(JWT_A), secret),
      totpEnabledAt: new Date(),
      totpLastStep: null,
    });
    await set(DEMO.client2, { totpPendingSecret: sealSecretV1(new TextEncoder().encode(JWT_A), pending) });
    // Sealed under a JWT secret rotated away before the upgrade: no key opens it any more.
    await set(DEMO.admin, {
      totpSecret: sealSecretV1(new TextEncoder().encode('an-earlier-secret-an-earlier-secret-00'), lost),
      totpEnabledAt: new Date(),
    });

    await start(JWT_A, TOTP_KEY);
    const box = new TotpSecretBox(TOTP_KEY, new Uint8Array());
    const employee = await storedSecret(DEMO.employee);
    expect(employee.totpSecret).toMatch(/^v2\./);
    expect(box.open(employee.totpSecret!)).toBe(secret);
    const client2 = await storedSecret(DEMO.client2);
    expect(client2.totpPendingSecret).toMatch(/^v2\./);
    expect(box.open(client2.totpPendingSecret!)).toBe(pending);
    const admin = await storedSecret(DEMO.admin);
    expect(admin.totpSecret).toMatch(/^v1\./);

    // Idempotent: a second run (another process starting) changes nothing.
    const again = await migrateTotpSecrets(
      database.db,
      new TotpSecretBox(TOTP_KEY, new TextEncoder().encode(JWT_A)),
    );
    expect(again).toEqual({ migrated: 0, unreadable: 1 });
    expect((await storedSecret(DEMO.employee)).totpSecret).toBe(employee.totpSecret);

    const appB = await start(JWT_B, TOTP_KEY);
    const ok = await signInWithCode(appB, DEMO.employee, () => currentTotp(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.email).toBe(DEMO.employee);
    // The unreadable one answers 401 like a wrong code, not 500.
    const refused = await signInWithCode(appB, DEMO.admin, () => currentTotp(lost));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('TOTP_INVALID');
  });
});
