import { REFRESH_COOKIE } from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, injectAs, login, uniqueIp } from '../../../test/helpers.js';
import { auditLog, sessions, users } from '../../db/schema/index.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

describe('POST /api/auth/login', () => {
  it('signs in a demo admin and returns user, access token and refresh token (also as HttpOnly cookie)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ADMIN@demo.do', password: DEMO_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({ email: 'admin@demo.do', role: 'admin', firstName: 'Laura' });
    expect(body.data.user.passwordHash).toBeUndefined();
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.refreshToken).toMatch(/^[\w-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      value: body.data.refreshToken,
    });
    const [row] = await app.db.select().from(users).where(eq(users.email, 'admin@demo.do'));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it('answers the same 401 message for a wrong password and for an unknown email', async () => {
    const ip = uniqueIp();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.employee, password: 'Wrong1234!' },
      remoteAddress: ip,
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nadie@demo.do', password: 'Wrong1234!' },
      remoteAddress: ip,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: 'Credenciales incorrectas',
      code: 'INVALID_CREDENTIALS',
    });
    expect(unknown.json()).toEqual(wrong.json());
    const failures = await app.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.failed'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('blocks email+IP after 10 failures with 429 and Retry-After, even for the right password', async () => {
    const ip = uniqueIp();
    // An address this account signed in from before (the per-account delays spare it, decision 162).
    const known = uniqueIp();
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: DEMO.client2, password: DEMO_PASSWORD },
          remoteAddress: known,
        })
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 10; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO.client2, password: 'Wrong1234!' },
        remoteAddress: ip,
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.client2, password: DEMO_PASSWORD },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
    // Another address the account signed in from is not blocked; a new one now waits (the
    // per-account limit across addresses, login-throttle.routes.test.ts).
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.client2, password: DEMO_PASSWORD },
      remoteAddress: known,
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts only failures per IP: an office signing in 110 times from one address is not locked out, 100 failures are', async () => {
    const ip = uniqueIp();
    const signIn = (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
    for (let i = 0; i < 110; i++) expect((await signIn(DEMO.employee, DEMO_PASSWORD)).statusCode).toBe(200);
    // 100 failures over many accounts (fewer than 10 each) close the address.
    for (let i = 0; i < 100; i++)
      expect((await signIn(`nadie${i % 20}@example.do`, 'Wrong1234!')).statusCode).toBe(401);
    const blocked = await signIn(DEMO.employee, DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    // 210 argon2id verifications (19 MiB each, as in production): ~12 s on a quiet 2-core
    // machine, past 30 s on a loaded one.
  }, 90_000);

  it('rejects invalid input with 400 and Spanish field errors', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'no-es-email', password: '123' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors).toEqual([
      { field: 'email', message: 'Email inválido' },
      { field: 'password', message: 'La contraseña debe tener al menos 6 caracteres' },
    ]);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: '' },
    });
    expect(empty.json().errors).toEqual([
      { field: 'email', message: 'Email es requerido' },
      { field: 'password', message: 'Contraseña es requerida' },
    ]);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@demo.do",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
  });

  it('refuses an inactive user, and an active token of a user who is deactivated stops working', async () => {
    const session = await login(app, DEMO.employee);
    await app.db.update(users).set({ status: 'inactive' }).where(eq(users.email, DEMO.employee));
    const me = await injectAs(app, session.token, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.employee, password: DEMO_PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Credenciales incorrectas');
    await app.db.update(users).set({ status: 'active' }).where(eq(users.email, DEMO.employee));
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user', async () => {
    const session = await login(app, DEMO.client);
    const res = await injectAs(app, session.token, { method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: DEMO.client, role: 'client' });
    expect(res.json().data.user.clientId).toEqual(expect.any(String));
  });

  it("a client user's company is their client's, at login and on /me (issue 32)", async () => {
    const session = await login(app, DEMO.client);
    expect(session.user.companyName).toBe('Café Cibao SRL');
    const res = await injectAs(app, session.token, { method: 'GET', url: '/api/auth/me' });
    expect(res.json().data.user.companyName).toBe('Café Cibao SRL');
  });

  it('answers 401 without a token, with a forged token and with an expired one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await injectAs(app, 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', {
      method: 'GET',
      url: '/api/auth/me',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().success).toBe(false);
  });
});

describe('refresh-token rotation', () => {
  it('rotates: the new pair works, the old refresh token is single-use and its reuse revokes the family', async () => {
    const first = await login(app, DEMO.admin);
    const r1 = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: first.refreshToken },
    });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await injectAs(app, second.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);

    // Reuse of the first (already rotated) token: 401 TOKEN_REUSED, whole session revoked.
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: first.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('TOKEN_REUSED');
    const r2 = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: second.refreshToken },
    });
    expect(r2.statusCode).toBe(401);
    expect((await injectAs(app, second.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const reuseEvents = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.refresh.reuse_detected'));
    expect(reuseEvents).toHaveLength(1);
  });

  it('accepts the refresh token from the HttpOnly cookie', async () => {
    const s = await login(app, DEMO.client);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      cookies: { [REFRESH_COOKIE]: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(DEMO.client);
  });

  it('answers 401 for an unknown refresh token and when none is given', async () => {
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          payload: { refreshToken: 'x'.repeat(43) },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: refresh token and access token stop working', async () => {
    const s = await login(app, DEMO.client);
    const res = await injectAs(app, s.token, {
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Sesión cerrada' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/refresh-token',
          payload: { refreshToken: s.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect((await injectAs(app, s.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const revoked = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.revokedReason, 'logout'));
    expect(revoked[0]?.n).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/auth/register-admin', () => {
  it('is refused to a client (403 before body validation) and allowed to an admin', async () => {
    const client = await login(app, DEMO.client);
    const denied = await injectAs(app, client.token, {
      method: 'POST',
      url: '/api/auth/register-admin',
      payload: { nonsense: true },
    });
    expect(denied.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/api/auth/register-admin', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const admin = await login(app, DEMO.admin);
    const ok = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/auth/register-admin',
      payload: {
        firstName: 'Nuevo',
        lastName: 'Admin',
        email: 'nuevo.admin@demo.do',
        password: 'Segura1234!',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.user).toMatchObject({ role: 'admin', email: 'nuevo.admin@demo.do' });
    const dup = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/auth/register-admin',
      payload: {
        firstName: 'Otro',
        lastName: 'Admin',
        email: 'NUEVO.ADMIN@demo.do',
        password: 'Segura1234!',
      },
    });
    expect(dup.statusCode).toBe(409);
  });
});
