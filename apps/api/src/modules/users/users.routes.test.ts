import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, uniqueIp } from '../../../test/helpers.js';
import { auditLog, sessions, users } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;
let client2: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  client = (await login(app, DEMO.client)).token;
  client2 = (await login(app, DEMO.client2)).token;
});

async function idOf(email: string): Promise<string> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('users routes: access', () => {
  it('answers 403 to employees and clients on every users route, 401 without a token', async () => {
    const id = await idOf(DEMO.client);
    const routes = [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: '/api/users/stats' },
      { method: 'GET', url: `/api/users/${id}` },
      { method: 'GET', url: `/api/users/${id}/activity` },
      { method: 'POST', url: '/api/users', payload: {} },
      { method: 'PUT', url: `/api/users/${id}`, payload: {} },
      { method: 'PATCH', url: `/api/users/${id}/status`, payload: { status: 'inactive' } },
      { method: 'POST', url: `/api/users/${id}/reset-password`, payload: {} },
      { method: 'DELETE', url: `/api/users/${id}` },
      { method: 'GET', url: '/api/audit' },
    ] as const;
    for (const r of routes) {
      for (const token of [employee, client, client2]) {
        const res = await injectAs(app, token, r);
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      }
      expect((await app.inject(r)).statusCode).toBe(401);
    }
  });
});

describe('users routes: admin', () => {
  it('lists with filters, search, pagination and departments; stats count by status', async () => {
    const all = await injectAs(app, admin, { method: 'GET', url: '/api/users' });
    expect(all.statusCode).toBe(200);
    const body = all.json().data;
    expect(body.users.length).toBe(5);
    expect(body.pagination).toMatchObject({ page: 1, total: 5 });
    expect(body.departments).toEqual(expect.arrayContaining(['Desarrollo', 'Diseño']));
    expect(body.users[0].passwordHash).toBeUndefined();
    const clients = await injectAs(app, admin, { method: 'GET', url: '/api/users?role=client' });
    expect(
      clients
        .json()
        .data.users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual([DEMO.client, DEMO.client2].sort());
    const search = await injectAs(app, admin, { method: 'GET', url: '/api/users?search=carlos%20m' });
    expect(search.json().data.users).toHaveLength(1);
    const page = await injectAs(app, admin, { method: 'GET', url: '/api/users?limit=2&page=3' });
    expect(page.json().data.users).toHaveLength(1);
    const stats = await injectAs(app, admin, { method: 'GET', url: '/api/users/stats' });
    expect(stats.json().data).toEqual({ totalUsers: 5, activeUsers: 5, pendingUsers: 0, inactiveUsers: 0 });
  });

  it('creates a user with defaults (employee, General), 409 on a taken email, 400 with Spanish messages', async () => {
    const res = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Pedro',
        lastName: 'Núñez',
        email: 'Pedro.Nunez@demo.do',
        password: 'Secreta123',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user).toMatchObject({
      email: 'pedro.nunez@demo.do',
      role: 'employee',
      department: 'General',
      status: 'active',
      permissions: expect.arrayContaining(['projects.write']),
    });
    const signed = await login(app, 'pedro.nunez@demo.do', 'Secreta123');
    expect(signed.user.role).toBe('employee');
    const dup = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: { firstName: 'X', lastName: 'Y', email: 'pedro.nunez@DEMO.do', password: 'Secreta123' },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: { firstName: '', lastName: 'Y', email: 'no-email', password: '123' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'email', 'password']));
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.created'), eq(auditLog.targetId, res.json().data.user._id)));
    expect(audit?.ip).toBeTruthy();
  });

  it('edits permissions within the role ceiling and enforces them', async () => {
    const id = await idOf(DEMO.employee);
    const outside = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { permissions: ['users.write'] },
    });
    expect(outside.statusCode).toBe(400);
    const ok = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { permissions: ['projects.read', 'tickets.read'], department: 'Soporte' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({
      permissions: ['projects.read', 'tickets.read'],
      department: 'Soporte',
    });
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    expect(row?.permissions).toEqual(['projects.read', 'tickets.read']);
    const me = await injectAs(app, employee, { method: 'GET', url: '/api/auth/me' });
    expect(me.json().data.user.permissions).toEqual(['projects.read', 'tickets.read']);
    const logs = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.permissions_changed'), eq(auditLog.targetId, id)));
    expect(logs).toHaveLength(1);
  });

  it('deactivating a user revokes sessions: the token stops working at once; reactivation allows a new login', async () => {
    const session = await login(app, 'sofia.batista@demo.do');
    const id = session.user._id;
    expect((await injectAs(app, session.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const res = await injectAs(app, admin, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      payload: { status: 'inactive' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.status).toBe('inactive');
    expect((await injectAs(app, session.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const live = await app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    await expect(login(app, 'sofia.batista@demo.do')).rejects.toThrow(/401/);
    await injectAs(app, admin, {
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      payload: { status: 'active' },
    });
    expect((await login(app, 'sofia.batista@demo.do')).user.status).toBe('active');
    const changes = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.status_changed'), eq(auditLog.targetId, id)));
    expect(changes).toHaveLength(2);
  });

  it("protects the admin's own account and the last active admin", async () => {
    const adminId = await idOf(DEMO.admin);
    expect((await injectAs(app, admin, { method: 'DELETE', url: `/api/users/${adminId}` })).statusCode).toBe(
      400,
    );
    const demote = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/users/${adminId}`,
      payload: { role: 'employee' },
    });
    expect(demote.statusCode).toBe(400);
    const off = await injectAs(app, admin, {
      method: 'PATCH',
      url: `/api/users/${adminId}/status`,
      payload: { status: 'inactive' },
    });
    expect(off.statusCode).toBe(400);
    // The service rule itself: whoever asks, the only active admin cannot be deleted.
    const { deleteUser } = await import('./users.service.js');
    const someone = {
      id: await idOf(DEMO.employee),
      role: 'admin' as const,
      clientId: null,
      sessionId: '',
      permissions: null,
      firstName: '',
      lastName: '',
      mustChangePassword: false,
    };
    await expect(
      deleteUser({ db: app.db, actor: someone, ctx: { actorId: someone.id }, id: adminId }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'No se puede quitar el último administrador activo',
    });
    // With a second admin, deletion works and the deleted admin's token dies at once.
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/users',
      payload: {
        firstName: 'Ana',
        lastName: 'Admin',
        email: 'ana.admin@demo.do',
        password: 'Secreta123',
        role: 'admin',
      },
    });
    const second = await login(app, 'ana.admin@demo.do', 'Secreta123');
    const secondId = created.json().data.user._id;
    const del = await injectAs(app, admin, { method: 'DELETE', url: `/api/users/${secondId}` });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Usuario eliminado');
    expect(await app.db.select().from(users).where(eq(users.id, secondId))).toHaveLength(0);
    expect((await injectAs(app, second.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('resets a password: temporary password shown once, sessions closed, change forced at next sign-in', async () => {
    const before = await login(app, DEMO.client2);
    const id = before.user._id;
    const res = await injectAs(app, admin, {
      method: 'POST',
      url: `/api/users/${id}/reset-password`,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const temp = res.json().data.temporaryPassword as string;
    expect(temp).toHaveLength(16);
    expect((await injectAs(app, before.token, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const after = await login(app, DEMO.client2, temp);
    expect(after.user.mustChangePassword).toBe(true);
    const blocked = await injectAs(app, after.token, { method: 'GET', url: '/api/settings' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await injectAs(app, after.token, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: temp, newPassword: 'NuevaClave2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.mustChangePassword).toBe(false);
    expect((await injectAs(app, after.token, { method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
  });

  it("shows a user's activity from the audit log, and the audit log filters by action prefix", async () => {
    const id = await idOf(DEMO.employee);
    const res = await injectAs(app, admin, { method: 'GET', url: `/api/users/${id}/activity` });
    expect(res.statusCode).toBe(200);
    const actions = res.json().data.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.login.succeeded', 'user.permissions_changed']));
    const auth = await injectAs(app, admin, { method: 'GET', url: '/api/audit?action=auth.&limit=5' });
    expect(auth.statusCode).toBe(200);
    const body = auth.json().data;
    expect(body.entries.length).toBeLessThanOrEqual(5);
    expect(body.entries.every((e: { action: string }) => e.action.startsWith('auth.'))).toBe(true);
    expect(body.pagination.total).toBeGreaterThan(5);
    // A kind of action (issue 32): several prefixes or exact names, comma-separated, match any.
    const kind = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/audit?action=${encodeURIComponent('user.,auth.login.succeeded')}&limit=100`,
    });
    expect(kind.statusCode).toBe(200);
    const kinds = kind.json().data.entries.map((e: { action: string }) => e.action);
    expect(kinds).toEqual(expect.arrayContaining(['auth.login.succeeded', 'user.permissions_changed']));
    expect(kinds.every((a: string) => a.startsWith('user.') || a === 'auth.login.succeeded')).toBe(true);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const missing = await injectAs(app, admin, {
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect((await injectAs(app, admin, { method: 'GET', url: '/api/users/abc' })).statusCode).toBe(400);
    expect(uniqueIp()).toBeTruthy();
  });
});
