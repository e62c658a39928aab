import {
  IdParamsSchema,
  ListMailOutboxQuerySchema,
  ListMailOutboxResponseSchema,
  ResendMailResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { mailPolicy } from './mail.policy.js';
import { listMailOutbox, resendMail } from './mail.service.js';

/**
 * Admin view of the e-mail outbox (issue 13, decision 098): `GET /mail/outbox` lists failed or
 * pending mail, paged (decision 088); `POST /mail/outbox/{id}/resend` puts a failed mail back in
 * the queue. Admin only (403 for every other role).
 */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, roleGuard } = routeKit(app, mailPolicy);
  const admin = roleGuard('outbox');
  const tags = ['mail'];

  app.get(
    '/mail/outbox',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Correos fallidos o pendientes (admin)',
        querystring: ListMailOutboxQuerySchema,
        response: { 200: successEnvelope(ListMailOutboxResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listMailOutbox({ db: app.db, query: req.query }) }),
  );

  app.post(
    '/mail/outbox/:id/resend',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Reenviar un correo fallido (admin)',
        params: IdParamsSchema,
        response: { 200: successEnvelope(ResendMailResponseSchema) },
      },
    },
    async (req) => {
      const message = await resendMail({
        ...writeCall(req),
        id: req.params.id,
      });
      // Try it right away when SMTP is configured (the dispatcher is single-flight per process).
      if (app.mailer) void app.mailer.flush().catch(() => {});
      return { success: true as const, data: { message } };
    },
  );
};

export default mailRoutes;
