import {
  ChangePasswordRequestSchema,
  EnableTwoFactorRequestSchema,
  GetPreferencesResponseSchema,
  IdParamsSchema,
  ListSessionsResponseSchema,
  MessageResponseSchema,
  PasswordConfirmRequestSchema,
  ProfileStatsSchema,
  RecoveryCodesResponseSchema,
  RevokeSessionsResponseSchema,
  successEnvelope,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
  UpdatePreferencesRequestSchema,
  UpdateProfileRequestSchema,
  UserSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { routeKit } from '../../lib/route-kit.js';
import { accountPolicy } from './account.policy.js';
import * as account from './account.service.js';
import * as twoFactor from './two-factor.js';

/**
 * The signed-in user's own account (spec doc 2 §7 Profile, plus the security extras of issue 7):
 * profile, password, stats, preferences, sessions, two-factor and account deletion.
 */
const accountRoutes: FastifyPluginAsyncZod<{ totpSecrets: twoFactor.TotpSecretBox }> = async (app, opts) => {
  const { call, writeCall, ctx, signedIn } = routeKit(app, accountPolicy);
  const auth = signedIn;
  const userEnvelope = successEnvelope(z.object({ user: UserSchema }));
  const tfCtx = (req: FastifyRequest) => ({
    db: app.db,
    secrets: opts.totpSecrets,
    userId: actorOf(req).id,
    audit: ctx(req),
  });

  app.put(
    '/auth/profile',
    {
      ...auth,
      schema: {
        tags: ['profile'],
        summary: 'Actualizar mi perfil',
        body: UpdateProfileRequestSchema,
        response: { 200: userEnvelope },
      },
    },
    async (req) => {
      const user = await account.updateProfile({
        ...call(req),
        input: req.body,
        ctx: ctx(req),
      });
      return { success: true as const, data: { user } };
    },
  );

  app.post(
    '/auth/change-password',
    {
      ...auth,
      schema: {
        tags: ['profile'],
        summary: 'Cambiar mi contraseña (cierra mis otras sesiones)',
        body: ChangePasswordRequestSchema,
        response: { 200: userEnvelope },
      },
    },
    async (req) => {
      const { user } = await account.changePassword({
        ...call(req),
        input: req.body,
        ctx: ctx(req),
      });
      return { success: true as const, data: { user } };
    },
  );

  app.get(
    '/auth/profile/stats',
    {
      ...auth,
      schema: {
        tags: ['profile'],
        summary: 'Estadísticas de mi perfil',
        response: { 200: successEnvelope(ProfileStatsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await account.getProfileStats(call(req)),
    }),
  );

  app.get(
    '/auth/preferences',
    {
      ...auth,
      schema: {
        tags: ['profile'],
        summary: 'Mis preferencias (idioma, formato, tema, notificaciones)',
        response: { 200: successEnvelope(GetPreferencesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { preferences: await account.getPreferences(call(req)) },
    }),
  );

  app.put(
    '/auth/preferences',
    {
      ...auth,
      schema: {
        tags: ['profile'],
        summary: 'Actualizar mis preferencias',
        body: UpdatePreferencesRequestSchema,
        response: { 200: successEnvelope(GetPreferencesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        preferences: await account.updatePreferences({
          ...call(req),
          input: req.body,
          ctx: ctx(req),
        }),
      },
    }),
  );

  app.get(
    '/auth/sessions',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Mis sesiones activas',
        response: { 200: successEnvelope(ListSessionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { sessions: await account.listSessions(call(req)) },
    }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Cerrar una de mis sesiones',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await account.revokeSession({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Sesión cerrada' };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Cerrar mis otras sesiones',
        response: { 200: successEnvelope(RevokeSessionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        revoked: await account.revokeOtherSessions(writeCall(req)),
      },
    }),
  );

  app.get(
    '/auth/2fa',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Estado de la verificación en dos pasos',
        response: { 200: successEnvelope(TwoFactorStatusSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await twoFactor.getTwoFactorStatus({ db: app.db, userId: actorOf(req).id }),
    }),
  );

  app.post(
    '/auth/2fa/setup',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Generar secreto y código QR (TOTP)',
        response: { 200: successEnvelope(TwoFactorSetupResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await twoFactor.setupTwoFactor(tfCtx(req)) }),
  );

  app.post(
    '/auth/2fa/enable',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Activar la verificación en dos pasos con el primer código',
        body: EnableTwoFactorRequestSchema,
        response: { 200: successEnvelope(RecoveryCodesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { recoveryCodes: await twoFactor.enableTwoFactor(tfCtx(req), req.body.code) },
    }),
  );

  app.post(
    '/auth/2fa/disable',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Desactivar la verificación en dos pasos',
        body: PasswordConfirmRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await twoFactor.disableTwoFactor(tfCtx(req), req.body.password);
      return { success: true as const, message: 'Verificación en dos pasos desactivada' };
    },
  );

  app.post(
    '/auth/2fa/recovery-codes',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Regenerar los códigos de recuperación',
        body: PasswordConfirmRequestSchema,
        response: { 200: successEnvelope(RecoveryCodesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { recoveryCodes: await twoFactor.regenerateRecoveryCodes(tfCtx(req), req.body.password) },
    }),
  );

  app.delete(
    '/auth/account',
    {
      ...auth,
      schema: {
        tags: ['security'],
        summary: 'Eliminar mi cuenta (solo clientes; anonimiza los datos personales)',
        body: PasswordConfirmRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await account.deleteOwnAccount({
        ...call(req),
        password: req.body.password,
        ctx: ctx(req),
      });
      return { success: true as const, message: 'Cuenta eliminada' };
    },
  );
};

export default accountRoutes;
