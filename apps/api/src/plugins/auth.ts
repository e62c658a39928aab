import { ErrorCodes, hasPermission, type Permission, type Role } from '@agencia/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema/index.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import { verifyAccessToken } from '../lib/tokens.js';
import { AuthCache, type SessionRow } from './auth-cache.js';

/**
 * Routes a user who must change the password may still call (decision 064): who am I, change
 * it, sign out. Everything else answers 403 PASSWORD_CHANGE_REQUIRED.
 */
const PASSWORD_CHANGE_ALLOWED = new Set(['/api/auth/me', '/api/auth/change-password', '/api/auth/logout']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process cache of verified tokens and (PGlite) session rows (decision 148). */
    authCache: AuthCache;
    /** onRequest hook: requires a valid access token of an active user in a live session. */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook factory: requires one of `roles` (run after `authenticate`). */
    requireRole: (...roles: Role[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook factory (run after `authenticate`): requires the role to be one of `roles`
     * (when given) AND the user to hold `permission` (their stored list, or the role default, cut
     * to the role's ceiling; admins hold all). 403 otherwise. See decision 061.
     * Example: `onRequest: [app.authenticate, app.requirePermission('invoices.write', 'admin', 'employee')]`.
     */
    requirePermission: (
      permission: Permission,
      ...roles: Role[]
    ) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook factory (run after `authenticate`) for routes whose needed permission depends
     * on the role, e.g. a project note: staff need `projects.write`, a client (whose ceiling never
     * holds it) needs `projects.read` and the module's policy decides the rest (403/404 as before).
     * A role missing from `byRole` gets 403. See decision 070.
     */
    requirePermissionByRole: (
      byRole: Partial<Record<Role, Permission>>,
    ) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Authentication runs in `onRequest`, before body parsing and validation, so an
 * unauthenticated or unauthorised caller gets 401/403, never a 400 about the body.
 * Every request re-reads the user and session (one prepared query), unless nothing at all was
 * written since the same token last read them (PGlite only, {@link AuthCache}, decision 148): a
 * deactivated user or a revoked session stops working immediately, not when the token expires.
 */
export default fp(
  async (app, opts: { jwtSecret: Uint8Array }) => {
    app.decorateRequest('actor', null);

    const cache = new AuthCache();
    app.decorate('authCache', cache);
    // One statement, built once (a prepared query: no SQL building per request).
    const readSession = app.db
      .select({
        id: users.id,
        role: users.role,
        status: users.status,
        clientId: users.clientId,
        permissions: users.permissions,
        firstName: users.firstName,
        lastName: users.lastName,
        mustChangePassword: users.mustChangePassword,
        sessionExpiresAt: sessions.expiresAt,
        // PostgreSQL: the data version of the answer cache (decision 156), in the same statement.
        ...(app.database.writeEpoch
          ? {}
          : { snapshot: sql<string>`pg_current_snapshot()::text`.as('data_snapshot') }),
      })
      .from(users)
      .innerJoin(sessions, eq(sessions.userId, users.id))
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          eq(sessions.id, sql.placeholder('sessionId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('auth_session');
    const writeEpoch = app.database.writeEpoch;

    app.decorate('authenticate', async (req: FastifyRequest) => {
      const header = req.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      if (!token) throw unauthorized();
      const now = Date.now();
      const claims = cache.claims(token, now) ?? (await verifyAccessToken(opts.jwtSecret, token));
      if (!claims) throw unauthorized('Sesión expirada o inválida. Inicia sesión nuevamente.');
      const epoch = writeEpoch?.() ?? null;
      let row: SessionRow | undefined = cache.row(token, epoch, now);
      if (!row) {
        const [read] = await readSession.execute({
          userId: claims.sub,
          sessionId: claims.sid,
          now: new Date(now).toISOString(),
        });
        row = read && { ...read, sessionExpiresAt: new Date(read.sessionExpiresAt).getTime() };
        if (read && 'snapshot' in read) req.dataSnapshot = read.snapshot as string;
        // The row is kept only when nothing was written while it was read (decision 148).
        if (row?.status === 'active') {
          const unchanged = epoch !== null && writeEpoch?.() === epoch;
          cache.set(token, claims, row, unchanged ? epoch : null);
        }
      }
      if (row?.status !== 'active')
        throw unauthorized('Sesión expirada o inválida. Inicia sesión nuevamente.');
      req.actor = {
        id: row.id,
        role: row.role,
        clientId: row.clientId,
        sessionId: claims.sid,
        permissions: row.permissions,
        firstName: row.firstName,
        lastName: row.lastName,
        mustChangePassword: row.mustChangePassword,
      };
      if (row.mustChangePassword && !PASSWORD_CHANGE_ALLOWED.has(req.routeOptions.url ?? '')) {
        throw new AppError(
          403,
          ErrorCodes.PASSWORD_CHANGE_REQUIRED,
          'Debes cambiar tu contraseña antes de continuar.',
        );
      }
    });

    app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest) => {
      if (!req.actor) throw unauthorized();
      if (!roles.includes(req.actor.role)) throw forbidden();
    });

    app.decorate(
      'requirePermission',
      (permission: Permission, ...roles: Role[]) =>
        async (req: FastifyRequest) => {
          if (!req.actor) throw unauthorized();
          if (roles.length > 0 && !roles.includes(req.actor.role)) throw forbidden();
          if (!hasPermission(req.actor, permission)) throw forbidden();
        },
    );

    app.decorate(
      'requirePermissionByRole',
      (byRole: Partial<Record<Role, Permission>>) => async (req: FastifyRequest) => {
        if (!req.actor) throw unauthorized();
        const permission = byRole[req.actor.role];
        if (!permission || !hasPermission(req.actor, permission)) throw forbidden();
      },
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
