import { IdParamsSchema } from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteGuard } from '../../lib/route-kit.js';
import type { ActorCall } from '../../lib/service-args.js';
import { type BillingDocumentKind, replyWithPdf } from './billing-documents.js';

/*
 * The PDF download route of a client-facing billing document (invoices, quotes; issue 15, moved
 * beside the billing documents kit by issue 25, decision 149). Guards and service arguments come
 * from the one route kit, lib/route-kit.ts.
 */

type App = Parameters<FastifyPluginAsyncZod>[0];

/** `?inline=1` (or `true`): show the PDF in the browser instead of downloading it. */
export const PdfQuerySchema = z.object({ inline: z.enum(['1', 'true']).optional() });

/**
 * Registers `GET {path}` (`path` ends in `/:id/pdf`) answering the PDF of the document `id` of
 * `kind`, loaded within the caller's scope (`opts.call`, from the module's route kit) (404 otherwise); attachment, or inline with `?inline=1`.
 */
export function documentPdfRoute<D>(
  app: App,
  opts: {
    path: string;
    kind: BillingDocumentKind<D>;
    summary: string;
    tags: string[];
    guard: RouteGuard;
    /** The route kit's `call`: the database and the caller of the request. */
    call: (req: FastifyRequest) => ActorCall;
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
      const doc = await kind.load({ ...opts.call(req), id: req.params.id });
      return replyWithPdf(
        reply,
        kind.filename(doc),
        await kind.renderPdf(app.db, doc),
        Boolean(req.query.inline),
      );
    },
  );
}
