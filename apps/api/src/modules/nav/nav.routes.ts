import { NavBadgesSchema, successEnvelope } from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { projectPolicy } from '../projects/projects.policy.js';
import { countActiveVisible } from '../projects/projects.queries.js';
import { countActiveTickets } from '../tickets/tickets.stats.js';

/**
 * `GET /nav/badges`: live counts for the navigation rail (active projects and open tickets the
 * caller may see), one query each, read from the owning modules.
 */
const navRoutes: FastifyPluginAsyncZod = async (app) => {
  // Any signed-in user: the counts are scoped by the projects' and tickets' own row rules.
  const { call, signedIn } = routeKit(app, projectPolicy);
  app.get(
    '/nav/badges',
    {
      ...signedIn,
      schema: {
        tags: ['nav'],
        summary: 'Contadores de la navegación',
        response: { 200: successEnvelope(NavBadgesSchema) },
      },
    },
    async (req) => {
      const { db, actor } = call(req);
      const [projects, tickets] = await Promise.all([
        countActiveVisible({ db, actor }),
        countActiveTickets(db, actor),
      ]);
      return { success: true as const, data: { projects, tickets } };
    },
  );
};

export default navRoutes;
