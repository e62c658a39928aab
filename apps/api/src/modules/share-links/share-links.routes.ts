import {
  CreateShareLinkRequestSchema,
  CreateShareLinkResponseSchema,
  IdParamsSchema,
  ListShareLinksQuerySchema,
  ListShareLinksResponseSchema,
  MessageResponseSchema,
  PublicShareResponseSchema,
  ShareTokenParamsSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';
import * as svc from './share-links.service.js';

/** Public views are cheap but unauthenticated: the calendar feed's limit per IP. */
const rateLimit = { max: 60, timeWindow: '1 minute' };
/** Public answers are never indexed nor cached by shared caches. */
const privateHeaders = { 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' };

/**
 * Share links (decision 116). Signed-in routes: whoever may see the document creates, lists and
 * revokes its links (invoices: staff; tickets: staff and the ticket's client). Public routes
 * (`/public/share/{token}`, `/pdf`): no sign-in, rate limited, 410 when expired or revoked.
 */
const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, signedIn } = routeKit(app, invoicePolicy);
  const auth = signedIn;
  const tags = ['share-links'];

  app.post(
    '/share-links',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Crear un enlace para compartir',
        body: CreateShareLinkRequestSchema,
        response: { 201: successEnvelope(CreateShareLinkResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = await svc.createShareLink({
        ...writeCall(req),
        publicUrl: app.publicUrl,
        input: req.body,
      });
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/share-links',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Enlaces compartidos de un documento',
        querystring: ListShareLinksQuerySchema,
        response: { 200: successEnvelope(ListShareLinksResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        shareLinks: await svc.listShareLinks({
          ...call(req),
          type: req.query.type,
          id: req.query.id,
        }),
      },
    }),
  );

  app.delete(
    '/share-links/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Revocar un enlace compartido',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await svc.revokeShareLink({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Enlace revocado' };
    },
  );

  app.get(
    '/public/share/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Documento compartido (sin sesión)',
        params: ShareTokenParamsSchema,
        response: { 200: successEnvelope(PublicShareResponseSchema) },
      },
    },
    async (req, reply) => {
      reply.headers(privateHeaders);
      return {
        success: true as const,
        data: await svc.viewSharedDocument({ db: app.db, token: req.params.token }),
      };
    },
  );

  app.get(
    '/public/share/:token/pdf',
    {
      config: { rateLimit },
      schema: { tags, summary: 'PDF del documento compartido (sin sesión)', params: ShareTokenParamsSchema },
    },
    async (req, reply) => {
      const pdf = await svc.sharedDocumentPdf({ db: app.db, token: req.params.token });
      return reply
        .headers(privateHeaders)
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(pdf.filename, false))
        .send(pdf.body);
    },
  );
};

export default shareLinksRoutes;
