import {
  JobNameParamsSchema,
  ListJobsResponseSchema,
  RunJobResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { jobsPolicy } from './jobs.policy.js';

/** Scheduled jobs (decision 110): admins list them and run one now. */
const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { roleGuard } = routeKit(app, jobsPolicy);
  const admin = roleGuard('manage');
  const tags = ['jobs'];

  app.get(
    '/jobs',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Tareas programadas: última ejecución, próxima y fallos',
        response: { 200: successEnvelope(ListJobsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: { jobs: await app.jobs.list() } }),
  );

  app.post(
    '/jobs/:name/run',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Ejecutar ahora una tarea programada',
        params: JobNameParamsSchema,
        response: { 200: successEnvelope(RunJobResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { job: await app.jobs.runNow(req.params.name) } }),
  );
};

export default jobsRoutes;
