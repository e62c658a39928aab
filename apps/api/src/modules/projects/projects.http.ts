import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * `projects.write` held by an admin.
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
    adminOnly: { onRequest: [app.authenticate, app.requirePermission('projects.write', 'admin')] },
  };
}
