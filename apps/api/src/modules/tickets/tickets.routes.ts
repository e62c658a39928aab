import {
  AssignTicketRequestSchema,
  ChangeTicketStatusRequestSchema,
  CloseTicketRequestSchema,
  CreateTicketRequestSchema,
  CreateTicketTimeLogRequestSchema,
  GetTicketResponseSchema,
  IdParamsSchema,
  ListTicketsQuerySchema,
  ListTicketsResponseSchema,
  ListTicketTimeLogsResponseSchema,
  ListTicketTimelineResponseSchema,
  MessageResponseSchema,
  successEnvelope,
  TicketAssigneeSchema,
  type TicketDetail,
  TicketStatsSchema,
  TicketSubListQuerySchema,
  UpdateTicketRequestSchema,
} from '@agencia/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Written } from '../../lib/effects.js';
import { cachedAnswer, routeKit } from '../../lib/route-kit.js';
import ticketAttachmentsRoutes from './ticket-attachments.routes.js';
import ticketConversationRoutes from './ticket-conversation.routes.js';
import {
  addTimeLog,
  assignTicket,
  changeTicketStatus,
  closeTicket,
  createTicket,
  deleteTicket,
  updateTicket,
} from './ticket-workflow.service.js';
import type { TicketAction } from './tickets.policy.js';
import { ticketPolicy } from './tickets.policy.js';
import {
  getTicket,
  listAssignees,
  listTickets,
  listTicketTimeLogs,
  listTicketTimeline,
} from './tickets.queries.js';
import { ticketStats } from './tickets.stats.js';

const ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/**
 * Support tickets (spec doc 2 §7 "Tickets"): list, stats, create, read, edit, delete, status,
 * assignment and time log. The conversation (messages, watchers) and the attachments have their
 * own route files, registered here.
 */
const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, call, writeCall, resource, published, roleGuard } = routeKit(app, ticketPolicy);
  const auth = guard('tickets.read');
  const write = guard('tickets.write');
  const writeFor = (action: TicketAction) => guard('tickets.write', action);
  const readFor = (action: TicketAction) => guard('tickets.read', action);
  const respond = (result: Written<TicketDetail>) => ({
    success: true as const,
    data: { ticket: published(result) },
  });
  const created = (reply: FastifyReply, result: Written<TicketDetail>) => {
    reply.code(201);
    return respond(result);
  };

  await app.register(ticketConversationRoutes);
  await app.register(ticketAttachmentsRoutes);

  app.get(
    '/tickets',
    {
      ...auth,
      ...cachedAnswer,
      schema: {
        tags,
        summary: 'Lista de tickets',
        querystring: ListTicketsQuerySchema,
        response: { 200: successEnvelope(ListTicketsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listTickets({ ...call(req), input: req.query }),
    }),
  );

  app.get(
    '/tickets/stats',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Estadísticas de tickets',
        response: { 200: successEnvelope(TicketStatsSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await ticketStats(call(req)) }),
  );

  app.get(
    '/tickets/assignees',
    {
      ...readFor('assign'),
      schema: {
        tags,
        summary: 'Miembros del equipo asignables',
        response: { 200: successEnvelope(z.object({ assignees: z.array(TicketAssigneeSchema) })) },
      },
    },
    async (req) => ({ success: true as const, data: { assignees: await listAssignees(call(req)) } }),
  );

  app.post(
    '/tickets',
    {
      ...write,
      schema: {
        tags,
        summary: 'Crear ticket',
        body: CreateTicketRequestSchema,
        response: { 201: ticketEnvelope },
      },
    },
    async (req, reply) => {
      return created(reply, await createTicket({ ...writeCall(req), input: req.body }));
    },
  );

  app.get(
    '/tickets/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Detalle de ticket',
        params: IdParamsSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { ticket: await getTicket(resource(req)) },
    }),
  );

  app.put(
    '/tickets/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Editar ticket',
        params: IdParamsSchema,
        body: UpdateTicketRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => respond(await updateTicket({ ...resource(req), input: req.body })),
  );

  app.delete(
    '/tickets/:id',
    {
      ...roleGuard('delete'),
      schema: {
        tags,
        summary: 'Eliminar ticket',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteTicket({ ...writeCall(req), id: req.params.id }));
      return { success: true as const, message: 'Ticket eliminado' };
    },
  );

  app.get(
    '/tickets/:id/timeline',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Actividad del ticket (paginada, la más reciente primero)',
        params: IdParamsSchema,
        querystring: TicketSubListQuerySchema,
        response: { 200: successEnvelope(ListTicketTimelineResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listTicketTimeline({ ...resource(req), input: req.query }),
    }),
  );

  app.get(
    '/tickets/:id/time-logs',
    {
      ...readFor('logTime'),
      schema: {
        tags,
        summary: 'Tiempo registrado en el ticket (paginado; solo el equipo)',
        params: IdParamsSchema,
        querystring: TicketSubListQuerySchema,
        response: { 200: successEnvelope(ListTicketTimeLogsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listTicketTimeLogs({ ...resource(req), input: req.query }),
    }),
  );

  app.put(
    '/tickets/:id/assign',
    {
      ...writeFor('assign'),
      schema: {
        tags,
        summary: 'Asignar ticket',
        params: IdParamsSchema,
        body: AssignTicketRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => respond(await assignTicket({ ...resource(req), input: req.body })),
  );

  app.put(
    '/tickets/:id/status',
    {
      ...write,
      schema: {
        tags,
        summary: 'Cambiar estado',
        params: IdParamsSchema,
        body: ChangeTicketStatusRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => respond(await changeTicketStatus({ ...resource(req), input: req.body })),
  );

  app.put(
    '/tickets/:id/close',
    {
      ...writeFor('close'),
      schema: {
        tags,
        summary: 'Cerrar ticket',
        params: IdParamsSchema,
        body: CloseTicketRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) => respond(await closeTicket({ ...resource(req), input: req.body })),
  );

  app.post(
    '/tickets/:id/time-logs',
    {
      ...writeFor('logTime'),
      schema: {
        tags,
        summary: 'Registrar tiempo',
        params: IdParamsSchema,
        body: CreateTicketTimeLogRequestSchema,
        response: { 201: ticketEnvelope },
      },
    },
    async (req, reply) => created(reply, await addTimeLog({ ...resource(req), input: req.body })),
  );
};

export default ticketsRoutes;
