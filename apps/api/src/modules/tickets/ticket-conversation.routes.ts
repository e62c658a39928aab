import {
  AddTicketWatcherRequestSchema,
  CreateTicketMessageRequestSchema,
  GetTicketResponseSchema,
  IdParamsSchema,
  ListTicketMessagesQuerySchema,
  ListTicketMessagesResponseSchema,
  successEnvelope,
  type TicketDetail,
} from '@agencia/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Written } from '../../lib/effects.js';
import { routeKit } from '../../lib/route-kit.js';
import { addMessage, addWatcher, listTicketMessages, removeWatcher } from './ticket-conversation.service.js';
import { ticketPolicy } from './tickets.policy.js';

const ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/** A ticket's conversation: messages (paged, newest first; post) and watchers. */
const ticketConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, resource, published } = routeKit(app, ticketPolicy);
  const auth = guard('tickets.read');
  const write = guard('tickets.write');
  const respond = (result: Written<TicketDetail>) => ({
    success: true as const,
    data: { ticket: published(result) },
  });
  const created = (reply: FastifyReply, result: Written<TicketDetail>) => {
    reply.code(201);
    return respond(result);
  };

  app.get(
    '/tickets/:id/messages',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mensajes del ticket (paginados, los más recientes primero)',
        params: IdParamsSchema,
        querystring: ListTicketMessagesQuerySchema,
        response: { 200: successEnvelope(ListTicketMessagesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listTicketMessages({ ...resource(req), input: req.query }),
    }),
  );

  app.post(
    '/tickets/:id/messages',
    {
      ...write,
      schema: {
        tags,
        summary: 'Agregar mensaje',
        params: IdParamsSchema,
        body: CreateTicketMessageRequestSchema,
        response: { 201: ticketEnvelope },
      },
    },
    async (req, reply) => created(reply, await addMessage({ ...resource(req), input: req.body })),
  );

  app.post(
    '/tickets/:id/watchers',
    {
      ...write,
      schema: {
        tags,
        summary: 'Seguir ticket',
        params: IdParamsSchema,
        body: AddTicketWatcherRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        ticket: await addWatcher({ ...resource(req), userId: req.body.userId }),
      },
    }),
  );

  app.delete(
    '/tickets/:id/watchers/:userId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Dejar de seguir ticket',
        params: IdParamsSchema.extend({ userId: z.uuid({ message: 'Identificador inválido' }) }),
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        ticket: await removeWatcher({ ...resource(req), userId: req.params.userId }),
      },
    }),
  );
};

export default ticketConversationRoutes;
