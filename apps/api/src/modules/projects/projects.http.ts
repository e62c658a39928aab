import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.js';
import { publish, type Written } from '../../lib/effects.js';
import { projectPolicy } from './projects.policy.js';

/** The audit context of a request: who, from where, which request. */
export const ctxOf = (req: FastifyRequest) => ({
  actorId: req.actor?.id ?? null,
  ip: req.ip,
  requestId: req.id,
});

/**
 * The permission hooks of the projects routes (decision 070), next to the policy table of
 * projects.policy.ts: reads (`auth`) need `projects.read`; writes (`write`) need
 * `projects.write` of staff. Clients never hold `projects.write` (role ceiling), so on the routes
 * they share (notes, files) — and on those where the policy answers them 403, or 404 for another
 * client's project — they need `projects.read` and the service decides as before. `adminOnly`:
 * `projects.write` held by whoever may create projects (`projectPolicy.create`: admins).
 */
export function projectGuards(app: FastifyInstance) {
  return {
    auth: { onRequest: [app.authenticate, app.requirePermission('projects.read')] },
    write: {
      onRequest: [
        app.authenticate,
        app.requirePermissionByRole({
          admin: 'projects.write',
          employee: 'projects.write',
          client: 'projects.read',
        }),
      ],
    },
    adminOnly: {
      onRequest: [
        app.authenticate,
        app.requirePermission('projects.write', ...projectPolicy.roles('create')),
      ],
    },
  };
}

/** The arguments of a project read from its request: database, caller, path params (`id`, …) and the query. */
export function readArgs<P, Q>(app: FastifyInstance, req: FastifyRequest & { params: P; query: Q }) {
  return { db: app.db, actor: actorOf(req), ...req.params, input: req.query };
}

/**
 * The arguments of a project write from its request: database, caller, audit context, path
 * params (`id`, `meetingId`, …) and the parsed body.
 */
export function writeArgs<P, B>(app: FastifyInstance, req: FastifyRequest & { params: P; body: B }) {
  return { db: app.db, actor: actorOf(req), ctx: ctxOf(req), ...req.params, input: req.body };
}

/** Awaits a write, publishes its effects (after commit, decision 120) and answers its value. */
export async function published<T>(app: FastifyInstance, write: Promise<Written<T>>): Promise<T> {
  const { value, effects } = await write;
  publish(app, effects);
  return value;
}
