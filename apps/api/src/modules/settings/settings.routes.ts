import { GetPublicSettingsResponseSchema, successEnvelope } from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCompanySettings, toPublicSettings } from './settings.service.js';

/** `GET /settings/public`: what any visitor may know (product title, logo, currency, colours). */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Configuración pública de la empresa',
        response: { 200: successEnvelope(GetPublicSettingsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { settings: toPublicSettings(await getCompanySettings(app.db)) },
    }),
  );
};

export default settingsRoutes;
