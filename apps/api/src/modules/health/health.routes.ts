import {
  ErrorCodes,
  ErrorResponseSchema,
  type FieldError,
  HealthSchema,
  ReadinessSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../../lib/migrations.js';

/** Seconds a readiness check may take before it counts as failed (a proxy polls every few seconds). */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer in time`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

/** What readiness says while Redis is gone (decision 162): what still works, and how. */
export const REDIS_DOWN_MESSAGE =
  'Redis no está disponible: límites de peticiones e intentos de acceso por proceso, tiempo real solo en este proceso';

/**
 * `GET /health` (liveness): 200 with the database status, 503 (error envelope) when the database
 * does not answer. `GET /health/ready` (readiness, decision 144): 200 when the database answers,
 * every migration of this build is applied and Redis (when configured) answers; 503 with the
 * failed checks in `errors` otherwise, and from the moment the process starts shutting down.
 * `?redis=optional` (the proxy's check, deploy/Caddyfile): a Redis outage is reported in `data`
 * (`redis: 'down'`) without failing, because every process degrades alike (rate limits and the
 * login throttle per process, realtime local; decision 162): taking them all out of rotation
 * would turn a degraded service into none.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Listo para recibir tráfico (base de datos, migraciones, Redis)',
        querystring: z.object({
          redis: z
            .enum(['optional'])
            .optional()
            .describe('`optional`: Redis caído no impide responder 200 (lo indica `data.redis`)'),
        }),
        response: { 200: successEnvelope(ReadinessSchema), 503: ErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const problems: FieldError[] = [];
      let redisDown = false;
      if (shuttingDown) problems.push({ field: 'process', message: 'El proceso se está deteniendo' });
      else {
        try {
          await withTimeout(app.database.ping(), 'database');
          const pending = await withTimeout(pendingMigrations(app.db), 'database');
          if (pending > 0)
            problems.push({
              field: 'migrations',
              message: `Faltan ${pending} migraciones por aplicar en la base de datos`,
            });
        } catch (err) {
          app.log.warn({ err }, 'readiness: database unreachable');
          problems.push({ field: 'database', message: 'La base de datos no está disponible' });
        }
        if (app.redis) {
          try {
            await withTimeout(app.redis.ping(), 'redis');
          } catch (err) {
            app.log.debug({ err }, 'readiness: redis unreachable');
            redisDown = true;
            if (req.query.redis !== 'optional')
              problems.push({ field: 'redis', message: REDIS_DOWN_MESSAGE });
          }
        }
      }
      if (problems.length > 0) {
        return reply.code(503).send({
          success: false as const,
          message: 'El servicio aún no está listo para recibir tráfico',
          code: ErrorCodes.UNAVAILABLE,
          errors: problems,
        });
      }
      return {
        success: true as const,
        data: {
          status: 'ready' as const,
          database: 'up' as const,
          migrations: 'current' as const,
          redis: !app.redis ? ('not_configured' as const) : redisDown ? ('down' as const) : ('up' as const),
        },
      };
    },
  );

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
