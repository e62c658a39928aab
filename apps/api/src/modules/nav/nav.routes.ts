import { type NavBadges, NavBadgesSchema, successEnvelope } from '@agencia/shared';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { type Actor, actorOf } from '../../plugins/auth.js';

/** Computes one navigation badge for the caller (counts only what the caller may see). */
export type NavBadgeProvider = (db: Db, actor: Actor) => Promise<number>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature modules register their badge counters here (`projects`, `tickets`). */
    navBadgeProviders: Map<keyof NavBadges, NavBadgeProvider>;
  }
}

/** Decorates the app with the badge provider registry; registered before the feature modules. */
export const navBadgeRegistry = fp(
  async (app) => {
    app.decorate('navBadgeProviders', new Map<keyof NavBadges, NavBadgeProvider>());
  },
  { name: 'nav-badge-registry' },
);

/**
 * `GET /nav/badges`: live counts for the navigation rail. A feature that is not
 * installed contributes 0.
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
      const count = async (key: keyof NavBadges) => {
        const provider = app.navBadgeProviders.get(key);
        return provider ? provider(app.db, actor) : 0;
      };
      const [projects, tickets] = await Promise.all([count('projects'), count('tickets')]);
      return { success: true as const, data: { projects, tickets } };
    },
  );
};

export default navRoutes;
