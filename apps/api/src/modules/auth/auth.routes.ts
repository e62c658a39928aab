import {
  isTwoFactorChallenge,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  MessageResponseSchema,
  REFRESH_COOKIE,
  RefreshTokenRequestSchema,
  RegisterAdminRequestSchema,
  SessionSchema,
  successEnvelope,
  TwoFactorLoginRequestSchema,
  UserSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { unauthorized } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { verifyAccessToken } from '../../lib/tokens.js';
import { userPolicy } from '../users/users.policy.js';
import * as auth from './auth.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { clientInfo, setRefreshCookie } from './session-http.js';
import type { TotpSecretBox } from './two-factor.js';

/** Options of the auth routes plugin. */
export interface AuthRoutesOptions {
  jwtSecret: Uint8Array;
  throttle: LoginThrottle;
  secureCookies: boolean;
  /** Opens stored TOTP secrets for the second sign-in step (decision 096). */
  totpSecrets: TotpSecretBox;
}

/** Auth routes of spec doc 1 §7: login, me, logout, refresh-token, register-admin. */
const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const deps = {
    db: app.db,
    jwtSecret: opts.jwtSecret,
    throttle: opts.throttle,
    totpSecrets: opts.totpSecrets,
  };
  // `/auth/me` needs a session only; `/auth/register-admin` is open until the first admin exists.
  const { signedIn, roleGuardUnless } = routeKit(app, userPolicy);

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión',
        description:
          'Con la verificación en dos pasos activada responde `{ twoFactorRequired: true, challengeToken }` ' +
          'en lugar de la sesión; se completa con POST /auth/login/2fa.',
        body: LoginRequestSchema,
        response: { 200: successEnvelope(LoginResponseSchema) },
      },
    },
    async (req, reply) => {
      const result = await auth.login({ deps, input: req.body, client: clientInfo(req) });
      if (!isTwoFactorChallenge(result)) setRefreshCookie(reply, result.refreshToken, opts.secureCookies);
      return { success: true as const, data: result };
    },
  );

  app.post(
    '/auth/login/2fa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Completar el inicio de sesión con el código TOTP o un código de recuperación',
        body: TwoFactorLoginRequestSchema,
        response: { 200: successEnvelope(SessionSchema) },
      },
    },
    async (req, reply) => {
      const session = await auth.loginWithTwoFactor({ deps, input: req.body, client: clientInfo(req) });
      setRefreshCookie(reply, session.refreshToken, opts.secureCookies);
      return { success: true as const, data: session };
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renovar el token de acceso (rotación del refresh token)',
        body: RefreshTokenRequestSchema.nullish(),
        response: { 200: successEnvelope(SessionSchema) },
      },
    },
    async (req, reply) => {
      const token = req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized('Sesión expirada o inválida. Inicia sesión nuevamente.');
      try {
        const session = await auth.refresh({ deps, refreshToken: token, client: clientInfo(req) });
        setRefreshCookie(reply, session.refreshToken, opts.secureCookies);
        return { success: true as const, data: session };
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cerrar sesión (revoca el refresh token)',
        body: LogoutRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      // The access token is optional here: logout must work even when it has expired.
      const header = req.headers.authorization;
      const claims = header?.startsWith('Bearer ')
        ? await verifyAccessToken(opts.jwtSecret, header.slice(7))
        : null;
      await auth.logout({
        db: app.db,
        input: {
          refreshToken: req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE] ?? null,
          sessionId: claims?.sid ?? null,
        },
        client: { ...clientInfo(req), actorId: claims?.sub ?? null },
      });
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      return { success: true as const, message: 'Sesión cerrada' };
    },
  );

  app.get(
    '/auth/me',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Usuario actual',
        response: { 200: successEnvelope(z.object({ user: UserSchema })) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { user: await auth.getMe({ db: app.db, userId: actorOf(req).id }) },
    }),
  );

  app.post(
    '/auth/register-admin',
    {
      // Open only while no admin exists (first install); afterwards only an admin may call it.
      ...roleGuardUnless(async () => !(await auth.adminExists(app.db)), 'manage'),
      schema: {
        tags: ['auth'],
        summary: 'Registrar un administrador',
        body: RegisterAdminRequestSchema,
        response: { 201: successEnvelope(z.object({ user: UserSchema })) },
      },
    },
    async (req, reply) => {
      const user = await auth.createAdmin({ db: app.db, input: req.body, ctx: clientInfo(req) });
      reply.code(201);
      return { success: true as const, data: { user } };
    },
  );
};

export default authRoutes;
