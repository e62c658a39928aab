import {
  GenerateRegistrationLinkRequestSchema,
  GenerateRegistrationLinkResponseSchema,
  RegisterRequestSchema,
  RegistrationInfoSchema,
  RegistrationTokenParamsSchema,
  SessionSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { routeKit } from '../../lib/route-kit.js';
import { clientInfo, setRefreshCookie } from '../auth/session-http.js';
import { registrationPolicy } from './registration.policy.js';
import { generateRegistrationLink, getRegistrationInfo, register } from './registration.service.js';

/** Options: the JWT secret (to issue the session), cookie security and the public base URL of links. */
export interface RegistrationRoutesOptions {
  jwtSecret: Uint8Array;
  secureCookies: boolean;
  publicUrl: string;
}

/**
 * Client onboarding (spec doc 1 §7): `POST /auth/generate-registration-link` (admin),
 * `GET /auth/register/{token}` and `POST /auth/register/{token}` (public, single use).
 */
const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, opts) => {
  const { call, roleGuard } = routeKit(app, registrationPolicy);
  app.post(
    '/auth/generate-registration-link',
    {
      ...roleGuard('generateLink'),
      schema: {
        tags: ['auth'],
        summary: 'Generar un link de registro de cliente (un solo uso, 7 días)',
        body: GenerateRegistrationLinkRequestSchema,
        response: { 200: successEnvelope(GenerateRegistrationLinkResponseSchema) },
      },
    },
    async (req) => {
      const link = await generateRegistrationLink({
        ...call(req),
        publicUrl: opts.publicUrl,
        input: req.body,
        ctx: clientInfo(req),
      });
      return {
        success: true as const,
        data: { link: link.link, token: link.token, expiresAt: link.expiresAt.toISOString() },
      };
    },
  );

  app.get(
    '/auth/register/:token',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Validar un link de registro',
        security: [],
        params: RegistrationTokenParamsSchema,
        response: { 200: successEnvelope(RegistrationInfoSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getRegistrationInfo({ db: app.db, token: req.params.token }),
    }),
  );

  app.post(
    '/auth/register/:token',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Completar el registro de un cliente (devuelve una sesión)',
        security: [],
        params: RegistrationTokenParamsSchema,
        body: RegisterRequestSchema,
        response: { 200: successEnvelope(SessionSchema) },
      },
    },
    async (req, reply) => {
      const result = await register({
        db: app.db,
        jwtSecret: opts.jwtSecret,
        token: req.params.token,
        input: req.body,
        client: clientInfo(req),
      });
      publish(app, result.effects);
      setRefreshCookie(reply, result.value.session.refreshToken, opts.secureCookies);
      return { success: true as const, data: result.value.session };
    },
  );
};

export default registrationRoutes;
