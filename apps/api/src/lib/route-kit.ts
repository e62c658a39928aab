import type { Permission, Role } from '@agencia/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from './actor.js';
import type { AuditContext } from './audit.js';
import { publish, type Written } from './effects.js';
import type { Policy } from './policy.js';
import type { ActorCall, ResourceCall, WriteCall } from './service-args.js';

/*
 * The one route kit of the API modules (issue 25 "One frame", decision 149): every route plugin
 * starts with `routeKit(app, xPolicy)` and gets its guards from the module's policy table, the
 * service arguments from the request (read: database + caller + path params + query; write: the
 * same + audit context + body) and the publishing of a write's effects after commit. Route files
 * never spell `{ db: app.db, actor: actorOf(req), … }` by hand (lib/route-kit.test.ts checks it),
 * and audit entries are written by the services, which get the audit context in `ctx`.
 */

/** The `onRequest` hooks of a guarded route, spread into its options (`{ ...guard, schema }`). */
export interface RouteGuard {
  onRequest: Array<(req: FastifyRequest, reply: FastifyReply) => Promise<void>>;
}

/**
 * Spread into a hot GET route's options (`{ ...guard, ...cachedAnswer, schema }`): its 200 answers
 * may be served again from the answer cache while the database is unchanged (decision 156). Only
 * for routes whose answer depends on nothing but the caller, the URL and the database (and the
 * clock, within `ANSWER_CACHE_TTL_MS`).
 */
export const cachedAnswer = { config: { answerCache: true } } as const;

/** The audit context of a request: who acts, from which address, under which request id. */
export function auditContext(req: FastifyRequest): AuditContext {
  return { actorId: req.actor?.id ?? null, ip: req.ip, requestId: req.id };
}

/**
 * The route kit of a module guarded by `policy` (a module with no access rules of its own passes
 * the policy it defers to):
 * - `guard(permission, action?)`: authenticated, holds `permission` (decision 061) and, with an
 *   `action`, has a role the policy allows for it (decision 121); `permission` may be a list
 *   (`[main, ...also]`): the caller then holds every one (a sub-list of another module's rows);
 * - `guardByRole(byRole)`: authenticated and holds the permission its role needs (decision 070);
 * - `roleGuard(action)`: authenticated with a role the policy allows for `action` (no permission);
 * - `signedIn`: authenticated only (the service decides the rest);
 * - `roleGuardUnless(isOpen, action)`: open to anyone while `isOpen()` answers true (a first-install
 *   door, decision 152), afterwards as `roleGuard(action)`;
 * - `call(req)` / `writeCall(req)`: `{ db, actor }` / `{ db, actor, ctx }`, to which a route adds
 *   its own `id`, `input`, … ; `resource(req)`: `{ db, actor, id }` of a `/things/:id…` request;
 * - `ctx(req)`: the request's audit context alone (for a service that takes no caller);
 * - `anonymous(req)`: `{ db, ctx }` of a public route (no caller; `ctx.actorId` null);
 * - `read(req)` / `write(req)`: the same plus the path params spread in and the query (read) or
 *   the parsed body (write) as `input`;
 * - `published(result)`: publishes a committed write's effects (decision 120), answers its value.
 */
export function routeKit<Action extends string>(app: FastifyInstance, policy: Policy<Action>) {
  const call = (req: FastifyRequest): ActorCall => ({ db: app.db, actor: actorOf(req) });
  const writeCall = (req: FastifyRequest): WriteCall => ({ ...call(req), ctx: auditContext(req) });
  return {
    guard: (permission: Permission | readonly [Permission, ...Permission[]], action?: Action): RouteGuard => {
      const [main, ...also] = typeof permission === 'string' ? [permission] : permission;
      return {
        onRequest: [
          app.authenticate,
          app.requirePermission(main, ...(action ? policy.roles(action) : [])),
          ...also.map((other) => app.requirePermission(other)),
        ],
      };
    },
    guardByRole: (byRole: Partial<Record<Role, Permission>>): RouteGuard => ({
      onRequest: [app.authenticate, app.requirePermissionByRole(byRole)],
    }),
    roleGuard: (action: Action): RouteGuard => ({
      onRequest: [app.authenticate, app.requireRole(...policy.roles(action))],
    }),
    signedIn: { onRequest: [app.authenticate] } as RouteGuard,
    roleGuardUnless: (isOpen: () => Promise<boolean>, action: Action): RouteGuard => {
      const byRole = app.requireRole(...policy.roles(action));
      return {
        onRequest: [
          async (req, reply) => {
            if (await isOpen()) return;
            await app.authenticate(req, reply);
            await byRole(req, reply);
          },
        ],
      };
    },
    anonymous: (req: FastifyRequest): { db: FastifyInstance['db']; ctx: AuditContext } => ({
      db: app.db,
      ctx: auditContext(req),
    }),
    ctx: auditContext,
    call,
    writeCall,
    resource: (req: FastifyRequest & { params: { id: string } }): ResourceCall => ({
      ...call(req),
      id: req.params.id,
    }),
    read: <P extends object, Q>(req: FastifyRequest & { params: P; query: Q }) => ({
      ...call(req),
      ...req.params,
      input: req.query,
    }),
    write: <P extends object, B>(req: FastifyRequest & { params: P; body: B }) => ({
      ...writeCall(req),
      ...req.params,
      input: req.body,
    }),
    published: <T>(result: Written<T>): T => {
      publish(app, result.effects);
      return result.value;
    },
  };
}
