import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, injectAs, login, uniqueIp } from '../../../test/helpers.js';
import { auditLog, files, recoveryCodes, sessions, users } from '../../db/schema/index.js';
import { currentTotp } from './two-factor.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/** Multipart body with one file part and a `type` field. */
function multipart(data: Buffer, filename: string, type = 'avatar', contentType = 'image/png') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (w = 400, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe('profile', () => {
  it('updates own profile fields; role, status and permissions in the body are ignored', async () => {
    const { token, user } = await login(app, DEMO.employee);
    const res = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: {
        firstName: 'Carlos Andrés',
        lastName: 'Méndez',
        email: DEMO.employee,
        phone: '829-555-0199',
        companyName: 'Agencia',
        bio: 'Hola',
        role: 'admin',
        status: 'inactive',
        permissions: ['users.write'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({
      firstName: 'Carlos Andrés',
      role: 'employee',
      status: 'active',
      bio: 'Hola',
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({
      role: 'employee',
      status: 'active',
      permissions: null,
      phone: '829-555-0199',
    });
    const me = await injectAs(app, token, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.user.firstName).toBe('Carlos Andrés');
  });

  it('requires first name, last name and email; 409 for an email already in use', async () => {
    const { token } = await login(app, DEMO.client);
    const bad = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstName: '', lastName: '', email: '' },
    });
    expect(bad.statusCode).toBe(400);
    const taken = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstName: 'María', lastName: 'Fernández', email: DEMO.admin },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('returns profile stats', async () => {
    const { token } = await login(app, DEMO.client);
    const res = await injectAs(app, token, { method: 'GET', url: '/api/auth/profile/stats' });
    expect(res.statusCode).toBe(200);
    // ticketsCount comes from the tickets module: the client's company has two demo tickets.
    expect(res.json().data).toMatchObject({ projectsCount: expect.any(Number), ticketsCount: 2 });
    expect(new Date(res.json().data.memberSince).getTime()).toBeGreaterThan(0);
  });

  it('stores preferences on the server, merging topics', async () => {
    const { token, user } = await login(app, DEMO.client);
    const res = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/preferences',
      payload: { dateFormat: 'YYYY-MM-DD', marketingEmails: true, topics: { invoicesGenerated: true } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preferences).toMatchObject({
      dateFormat: 'YYYY-MM-DD',
      marketingEmails: true,
      topics: { invoicesGenerated: true, paymentsReceived: true },
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.notificationPrefs).toMatchObject({
      marketingEmails: true,
      topics: { invoicesGenerated: true },
    });
    const unknown = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/preferences',
      payload: { topics: { nope: true } },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('avatar upload', () => {
  it('accepts PNG bytes, stores a 256 px square WebP, serves it, and sets/removes the avatar', async () => {
    const { token, user } = await login(app, DEMO.client);
    const up = await injectAs(app, token, {
      method: 'POST',
      url: '/api/upload',
      ...multipart(await png(), 'yo.png'),
    });
    expect(up.statusCode).toBe(201);
    const url = up.json().data.url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    const set = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstName: 'María', lastName: 'Fernández', email: DEMO.client, avatar: url },
    });
    expect(set.json().data.user.avatar).toBe(url);
    const removed = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstName: 'María', lastName: 'Fernández', email: DEMO.client, avatar: null },
    });
    expect(removed.json().data.user.avatar).toBeNull();
    expect(await app.db.select().from(files).where(eq(files.ownerId, user._id))).toHaveLength(0);
  });

  it("refuses HTML bytes named .png (415), 3 MB (413), someone else's file as avatar (400)", async () => {
    const { token } = await login(app, DEMO.client2);
    const html = await injectAs(app, token, {
      method: 'POST',
      url: '/api/upload',
      ...multipart(Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png'),
    });
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe('Solo se permiten imágenes PNG, JPEG o WebP');
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(3 * 1024 * 1024, 1)]);
    const large = await injectAs(app, token, {
      method: 'POST',
      url: '/api/upload',
      ...multipart(big, 'big.png'),
    });
    expect(large.statusCode).toBe(413);
    const other = await login(app, DEMO.admin);
    const up = await injectAs(app, other.token, {
      method: 'POST',
      url: '/api/upload',
      ...multipart(await png(), 'a.png'),
    });
    const steal = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { firstName: 'José', lastName: 'Ramírez', email: DEMO.client2, avatar: up.json().data.url },
    });
    expect(steal.statusCode).toBe(400);
    const logo = await injectAs(app, token, {
      method: 'POST',
      url: '/api/upload',
      ...multipart(await png(), 'logo.png', 'logo'),
    });
    expect(logo.statusCode).toBe(403);
  });
});

describe('change password and sessions', () => {
  it('400 with the spec message on a wrong current password; success ends the other sessions only', async () => {
    const a = await login(app, 'sofia.batista@demo.do');
    const b = await login(app, 'sofia.batista@demo.do');
    const wrong = await injectAs(app, a.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Mala12345', newPassword: 'NuevaClave1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('No se pudo cambiar la contraseña. Verifica tu contraseña actual.');
    const short = await injectAs(app, a.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: '123' },
    });
    expect(short.json().errors[0].message).toBe('La contraseña debe tener al menos 6 caracteres');
    const ok = await injectAs(app, a.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'NuevaClave1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await injectAs(app, a.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await injectAs(app, b.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await expect(login(app, 'sofia.batista@demo.do')).rejects.toThrow(/401/);
    expect((await login(app, 'sofia.batista@demo.do', 'NuevaClave1')).user.email).toBe(
      'sofia.batista@demo.do',
    );
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password.changed'));
    expect(entry?.actorId).toBe(a.user._id);
  });

  it('lists sessions with the current one marked, closes one, and closes the others', async () => {
    const a = await login(app, DEMO.admin);
    const b = await login(app, DEMO.admin);
    const list = await injectAs(app, a.token, {
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' },
    });
    const items = list.json().data.sessions as { _id: string; current: boolean; device: string }[];
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.length).toBeGreaterThanOrEqual(2);
    const other = await login(app, DEMO.admin);
    const otherSession = items.find((s) => !s.current)!;
    const del = await injectAs(app, a.token, {
      method: 'DELETE',
      url: `/api/auth/sessions/${otherSession._id}`,
    });
    expect(del.statusCode).toBe(200);
    const rest = await injectAs(app, a.token, { method: 'POST', url: '/api/auth/sessions/revoke-others' });
    expect(rest.json().data.revoked).toBeGreaterThanOrEqual(1);
    expect((await injectAs(app, b.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await injectAs(app, other.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await injectAs(app, a.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    // Another user's session id is a 404.
    const emp = await login(app, DEMO.employee);
    const [empSession] = await app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, emp.user._id), isNull(sessions.revokedAt)));
    const foreign = await injectAs(app, a.token, {
      method: 'DELETE',
      url: `/api/auth/sessions/${empSession!.id}`,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('two-factor authentication (TOTP)', () => {
  it('enrols with a QR code, then login asks for the code; recovery codes work once', async () => {
    const { token, user } = await login(app, DEMO.client);
    const setup = await injectAs(app, token, { method: 'POST', url: '/api/auth/2fa/setup' });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json().data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    // Enable with a code of the previous step so the login below (current step) is not a replay.
    const enable = await injectAs(app, token, {
      method: 'POST',
      url: '/api/auth/2fa/enable',
      payload: { code: currentTotp(secret, Date.now() - 30_000) },
    });
    expect(enable.statusCode).toBe(200);
    const codes = enable.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const [row] = await app.db.select().from(users).where(eq(users.id, user._id));
    expect(row?.totpSecret).toBeTruthy();
    expect(row?.totpSecret).not.toContain(secret);
    const stored = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user._id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);

    const ip = uniqueIp();
    const first = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.client, password: DEMO_PASSWORD },
      remoteAddress: ip,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(first.json().data.token).toBeUndefined();
    const challengeToken = first.json().data.challengeToken;
    // The challenge is not an access token.
    expect((await injectAs(app, challengeToken, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(
      401,
    );
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken, code: '123456' },
      remoteAddress: ip,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('TOTP_INVALID');
    const code = currentTotp(secret);
    const good = await app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken, code },
      remoteAddress: ip,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.user.twoFactorEnabled).toBe(true);
    // The same code cannot be used twice.
    const replay = await app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken, code },
      remoteAddress: ip,
    });
    expect(replay.statusCode).toBe(401);
    const viaRecovery = await app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken, code: codes[0]!.toUpperCase() },
      remoteAddress: ip,
    });
    expect(viaRecovery.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      payload: { challengeToken, code: codes[0] },
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(401);
    const status = await injectAs(app, good.json().data.token, { method: 'GET', url: '/api/auth/2fa' });
    expect(status.json().data).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });

    const disableWrong = await injectAs(app, good.json().data.token, {
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: 'incorrecta' },
    });
    expect(disableWrong.statusCode).toBe(400);
    const disable = await injectAs(app, good.json().data.token, {
      method: 'POST',
      url: '/api/auth/2fa/disable',
      payload: { password: DEMO_PASSWORD },
    });
    expect(disable.statusCode).toBe(200);
    expect((await login(app, DEMO.client)).token).toBeTruthy();
    const actions = (await app.db.select().from(auditLog).where(eq(auditLog.actorId, user._id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.2fa.enabled',
        'auth.login.2fa_failed',
        'auth.2fa.recovery_code_used',
        'auth.2fa.disabled',
      ]),
    );
  });
});

describe('company settings', () => {
  const valid = {
    name: 'Agencia Digital RD',
    country: 'República Dominicana',
    currency: 'USD',
    timezone: 'America/Santo_Domingo',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
    defaultProjectHourlyRate: 30,
    taxRate: 18,
    primaryColor: '#1c4fd8',
    secondaryColor: '#0f766e',
    taxId: '1-31-85542-3',
    whatsappNumber: '18095550142',
    email: 'hola@agenciadigital.do',
  };

  it('GET /settings for any signed-in user; PUT only for admins', async () => {
    const client = await login(app, DEMO.client2);
    const read = await injectAs(app, client.token, { method: 'GET', url: '/api/settings' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.settings).toMatchObject({
      currency: 'DOP',
      taxRate: 18,
      defaultProjectHourlyRate: 25,
    });
    expect(
      (await injectAs(app, client.token, { method: 'PUT', url: '/api/settings', payload: valid })).statusCode,
    ).toBe(403);
    const emp = await login(app, DEMO.employee);
    expect(
      (await injectAs(app, emp.token, { method: 'PUT', url: '/api/settings', payload: valid })).statusCode,
    ).toBe(403);
  });

  it('validates the RNC check digit, tax range and hourly rate, then saves', async () => {
    const { token } = await login(app, DEMO.admin);
    const bad = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...valid, taxId: '131855420', taxRate: 101, defaultProjectHourlyRate: 0, currency: 'COP' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['taxId', 'taxRate', 'defaultProjectHourlyRate', 'currency']),
    );
    const ok = await injectAs(app, token, { method: 'PUT', url: '/api/settings', payload: valid });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.settings).toMatchObject({ currency: 'USD', taxId: '131855423', timeFormat: '24h' });
    const pub = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(pub.json().data.settings.currency).toBe('USD');
  });

  it('integrations status and a test email queued in the outbox', async () => {
    const { token } = await login(app, DEMO.admin);
    const status = await injectAs(app, token, { method: 'GET', url: '/api/settings/integrations' });
    expect(status.json().data).toMatchObject({
      email: { transport: 'log', configured: false },
      apiDocsUrl: '/api/docs',
    });
    const res = await injectAs(app, token, { method: 'POST', url: '/api/settings/test-email', payload: {} });
    expect(res.statusCode).toBe(200);
    const { emailOutbox } = await import('../../db/schema/index.js');
    const queued = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, DEMO.admin));
    expect(queued.some((q) => q.subject.startsWith('Correo de prueba'))).toBe(true);
  });
});

describe('delete account', () => {
  it('anonymises a client account after the password; staff cannot delete themselves this way', async () => {
    const admin = await login(app, DEMO.admin);
    const staff = await injectAs(app, admin.token, {
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: DEMO_PASSWORD },
    });
    expect(staff.statusCode).toBe(403);
    const created = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Rosa',
        lastName: 'Tavárez',
        email: 'rosa@cliente.do',
        password: 'Clave1234',
        role: 'client',
      },
    });
    const rosa = await login(app, 'rosa@cliente.do', 'Clave1234');
    const wrong = await injectAs(app, rosa.token, {
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await injectAs(app, rosa.token, {
      method: 'DELETE',
      url: '/api/auth/account',
      payload: { password: 'Clave1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cuenta eliminada');
    const [row] = await app.db.select().from(users).where(eq(users.id, created.json().data.user._id));
    expect(row).toMatchObject({
      firstName: 'Usuario',
      lastName: 'eliminado',
      status: 'inactive',
      phone: null,
    });
    expect(row?.email).not.toContain('rosa');
    expect((await injectAs(app, rosa.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    await expect(login(app, 'rosa@cliente.do', 'Clave1234')).rejects.toThrow(/401/);
  });
});
