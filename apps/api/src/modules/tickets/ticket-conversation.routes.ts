import {
  AddTicketWatcherRequestSchema,
  CreateTicketMessageRequestSchema,
  GetTicketResponseSchema,
  IdParamsSchema,
  ListTicketMessagesQuerySchema,
  ListTicketMessagesResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resourceArgs } from '../../lib/service-args.js';
import { addMessage, addWatcher, listTicketMessages, removeWatcher } from './ticket-conversation.service.js';
import { ticketRouteKit } from './tickets.route-kit.js';

const ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/** A ticket's conversation: messages (paged, newest first; post) and watchers. */
const ticketConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, write, created } = ticketRouteKit(app);

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
      data: await listTicketMessages({ ...resourceArgs(app, req), input: req.query }),
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
    async (req, reply) => created(reply, await addMessage({ ...resourceArgs(app, req), input: req.body })),
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
        ticket: await addWatcher({ ...resourceArgs(app, req), userId: req.body.userId }),
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
        ticket: await removeWatcher({ ...resourceArgs(app, req), userId: req.params.userId }),
      },
    }),
  );
};

export default ticketConversationRoutes;
