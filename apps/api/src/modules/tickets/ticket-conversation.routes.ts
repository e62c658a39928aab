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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publish, type Written } from '../../lib/effects.js';
import { actorOf } from '../../plugins/auth.js';
import { addMessage, addWatcher, listTicketMessages, removeWatcher } from './ticket-conversation.service.js';

const ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/** A ticket's conversation: messages (paged, newest first; post) and watchers. */
const ticketConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Role + permission strings (decision 061); row scoping and the policy table live in the service.
  const auth = { onRequest: [app.authenticate, app.requirePermission('tickets.read')] };
  const write = { onRequest: [app.authenticate, app.requirePermission('tickets.write')] };

  /** After the service committed: push its effects (decision 120), answer with the ticket. */
  const respond = (result: Written<TicketDetail>) => {
    publish(app, result.effects);
    return { success: true as const, data: { ticket: result.value } };
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
      data: await listTicketMessages({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
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
    async (req, reply) => {
      const result = await addMessage({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      });
      reply.code(201);
      return respond(result);
    },
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
        ticket: await addWatcher({
          db: app.db,
          actor: actorOf(req),
          id: req.params.id,
          userId: req.body.userId,
        }),
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
        ticket: await removeWatcher({
          db: app.db,
          actor: actorOf(req),
          id: req.params.id,
          userId: req.params.userId,
        }),
      },
    }),
  );
};

export default ticketConversationRoutes;
