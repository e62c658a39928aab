import { ErrorCodes, ErrorResponseSchema, HealthSchema, successEnvelope } from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `GET /health`: 200 with the database status, 503 (error envelope) when the database does not answer. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: successEnvelope(HealthSchema), 503: ErrorResponseSchema },
      },
    },
    async (_req, reply) => {
      try {
        await app.database.ping();
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({
          success: false as const,
          message: 'La base de datos no está disponible',
          code: ErrorCodes.UNAVAILABLE,
        });
      }
      return {
        success: true as const,
        data: {
          status: 'ok' as const,
          database: 'up' as const,
          driver: app.database.driver,
          uptimeSeconds: Math.round(process.uptime()),
        },
      };
    },
  );
};

export default healthRoutes;
