import {
  AssignInboundMailRequestSchema,
  CreateTicketFromInboundMailRequestSchema,
  IdParamsSchema,
  InboundMailActionResponseSchema,
  InboundReceivingStatusSchema,
  ListInboundMailQuerySchema,
  ListInboundMailResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.js';
import { forbidden } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { inboundMailPolicy } from './inbound-mail.policy.js';
import type { InboundMailRuntime } from './inbound-mail.runtime.js';
import {
  assignInboundMail,
  createTicketFromInboundMail,
  discardInboundMail,
  inboundMailStatus,
  listInboundMail,
} from './inbound-mail.service.js';

/**
 * Received mail (decision 168), under Configuración → Correos: `GET /mail/inbound/status` (admin),
 * `GET /mail/inbound` (admin: every status; employee: only `status=unassigned`), and the actions
 * on an unassigned message (staff): `POST /mail/inbound/{id}/assign | create-ticket | discard`.
 */
const inboundMailRoutes: FastifyPluginAsyncZod<{ runtime: InboundMailRuntime }> = async (app, opts) => {
  const { roleGuard, write, writeCall, published } = routeKit(app, inboundMailPolicy);
  const tags = ['mail'];
  const staff = roleGuard('unassigned');

  app.get(
    '/mail/inbound/status',
    {
      ...roleGuard('status'),
      schema: {
        tags,
        summary: 'Estado de la recepción de correo (admin)',
        response: { 200: successEnvelope(InboundReceivingStatusSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: await inboundMailStatus({ db: app.db, runtime: opts.runtime }),
    }),
  );

  app.get(
    '/mail/inbound',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Correos recibidos; el equipo ve los sin asignar',
        querystring: ListInboundMailQuerySchema,
        response: { 200: successEnvelope(ListInboundMailResponseSchema) },
      },
    },
    async (req) => {
      if (req.query.status !== 'unassigned' && !inboundMailPolicy.can(actorOf(req).role, 'status'))
        throw forbidden('Solo los administradores ven el registro completo de correos recibidos.');
      return { success: true as const, data: await listInboundMail({ db: app.db, query: req.query }) };
    },
  );

  app.post(
    '/mail/inbound/:id/assign',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Añadir un correo sin asignar a un ticket',
        params: IdParamsSchema,
        body: AssignInboundMailRequestSchema,
        response: { 200: successEnvelope(InboundMailActionResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { message: published(await assignInboundMail(write(req))) },
    }),
  );

  app.post(
    '/mail/inbound/:id/create-ticket',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Crear un ticket desde un correo sin asignar',
        params: IdParamsSchema,
        body: CreateTicketFromInboundMailRequestSchema,
        response: { 200: successEnvelope(InboundMailActionResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { message: published(await createTicketFromInboundMail(write(req))) },
    }),
  );

  app.post(
    '/mail/inbound/:id/discard',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Descartar un correo sin asignar',
        params: IdParamsSchema,
        response: { 200: successEnvelope(InboundMailActionResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { message: await discardInboundMail({ ...writeCall(req), id: req.params.id }) },
    }),
  );
};

export default inboundMailRoutes;
