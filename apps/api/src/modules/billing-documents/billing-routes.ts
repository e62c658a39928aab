import { IdParamsSchema, type Permission } from '@agencia/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import type { AuditContext } from '../../lib/audit.js';
import { type Effects, publish } from '../../lib/effects.js';
import type { Policy } from '../../lib/policy.js';
import type { ReadCall, WriteCall } from '../../lib/service-args.js';
import { type BillingDocumentKind, replyWithPdf } from './billing-documents.js';

/*
 * The wiring every billing route plugin (invoices, quotes, retainers) starts with (issue 15):
 * the options objects the services take, the permission + policy guards and the PDF download
 * route of a client-facing document. Each plugin keeps its own routes, schemas and texts.
 */

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The `onRequest` hooks of a guarded route (see {@link billingRoutes}). */
export interface RouteGuard {
  onRequest: Array<(req: FastifyRequest, reply: FastifyReply) => Promise<void>>;
}

/** The audit context of a request: who acts, from which address, under which request id. */
export function auditContext(req: FastifyRequest): AuditContext {
  return { actorId: req.actor?.id ?? null, ip: req.ip, requestId: req.id };
}

/** `?inline=1` (or `true`): show the PDF in the browser instead of downloading it. */
export const PdfQuerySchema = z.object({ inline: z.enum(['1', 'true']).optional() });

/**
 * The helpers of a billing route plugin guarded by `policy`: `reader(req)` / `writer(req)` build
 * the options every read / write service takes; `guard(permission, action)` is the `onRequest`
 * pair (authenticated, holds `permission`, a role the policy allows for `action`); `published`
 * publishes a written result's effects and answers its value.
 */
export function billingRoutes<Action extends string>(app: App, policy: Policy<Action>) {
  return {
    reader: (req: FastifyRequest): ReadCall & { db: App['db'] } => ({ db: app.db, actor: actorOf(req) }),
    writer: (req: FastifyRequest): WriteCall => ({
      db: app.db,
      actor: actorOf(req),
      ctx: auditContext(req),
    }),
    guard: (permission: Permission, action: Action): RouteGuard => ({
      onRequest: [app.authenticate, app.requirePermission(permission, ...policy.roles(action))],
    }),
    published: <T>(result: { value: T; effects: Effects }): T => {
      publish(app, result.effects);
      return result.value;
    },
  };
}

/**
 * Registers `GET {path}` (`path` ends in `/:id/pdf`) answering the PDF of the document `id` of
 * `kind`, loaded within the caller's scope (404 otherwise); attachment, or inline with `?inline=1`.
 */
export function documentPdfRoute<D>(
  app: App,
  opts: {
    path: string;
    kind: BillingDocumentKind<D>;
    summary: string;
    tags: string[];
    guard: RouteGuard;
  },
): void {
  const { kind } = opts;
  app.get(
    opts.path,
    {
      ...opts.guard,
      schema: {
        tags: opts.tags,
        summary: opts.summary,
        params: IdParamsSchema,
        querystring: PdfQuerySchema,
      },
    },
    async (req, reply) => {
      const doc = await kind.load({ db: app.db, actor: actorOf(req), id: req.params.id });
      return replyWithPdf(
        reply,
        kind.filename(doc),
        await kind.renderPdf(app.db, doc),
        Boolean(req.query.inline),
      );
    },
  );
}
