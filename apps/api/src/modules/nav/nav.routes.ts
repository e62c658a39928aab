import { NavBadgesSchema, successEnvelope } from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.js';
import { countActiveVisible } from '../projects/projects.queries.js';
import { countActiveTickets } from '../tickets/tickets.stats.js';

/**
 * `GET /nav/badges`: live counts for the navigation rail (active projects and open tickets the
 * caller may see), one query each, read from the owning modules.
 */
const navRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/nav/badges',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['nav'],
        summary: 'Contadores de la navegación',
        response: { 200: successEnvelope(NavBadgesSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const [projects, tickets] = await Promise.all([
        countActiveVisible({ db: app.db, actor }),
        countActiveTickets(app.db, actor),
      ]);
      return { success: true as const, data: { projects, tickets } };
    },
  );
};

export default navRoutes;
