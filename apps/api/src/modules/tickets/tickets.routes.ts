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
  TicketStatsSchema,
  TicketSubListQuerySchema,
  UpdateTicketRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { publish } from '../../lib/effects.js';
import { resourceArgs } from '../../lib/service-args.js';
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
import { ticketPolicy } from './tickets.policy.js';
import {
  getTicket,
  listAssignees,
  listTickets,
  listTicketTimeLogs,
  listTicketTimeline,
} from './tickets.queries.js';
import { ticketRouteKit } from './tickets.route-kit.js';
import { ticketStats } from './tickets.stats.js';

const ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/**
 * Support tickets (spec doc 2 §7 "Tickets"): list, stats, create, read, edit, delete, status,
 * assignment and time log. The conversation (messages, watchers) and the attachments have their
 * own route files, registered here.
 */
const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, write, writeFor, readFor, respond, created } = ticketRouteKit(app);

  await app.register(ticketConversationRoutes);
  await app.register(ticketAttachmentsRoutes);

  app.get(
    '/tickets',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Lista de tickets',
        querystring: ListTicketsQuerySchema,
        response: { 200: successEnvelope(ListTicketsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listTickets({ db: app.db, actor: actorOf(req), input: req.query }),
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
    async (req) => ({ success: true as const, data: await ticketStats(app.db, actorOf(req)) }),
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
    async () => ({ success: true as const, data: { assignees: await listAssignees({ db: app.db }) } }),
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
      const actor = actorOf(req);
      const result = await createTicket({ db: app.db, actor, input: req.body });
      await audit(app.db, { actorId: actor.id, ip: req.ip, requestId: req.id }, 'ticket.created', {
        type: 'ticket',
        id: result.value._id,
      });
      return created(reply, result);
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
      data: { ticket: await getTicket(resourceArgs(app, req)) },
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
    async (req) => respond(await updateTicket({ ...resourceArgs(app, req), input: req.body })),
  );

  app.delete(
    '/tickets/:id',
    {
      onRequest: [app.authenticate, app.requireRole(...ticketPolicy.roles('delete'))],
      schema: {
        tags,
        summary: 'Eliminar ticket',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { value: row, effects } = await deleteTicket({ db: app.db, actor, id: req.params.id });
      await audit(
        app.db,
        { actorId: actor.id, ip: req.ip, requestId: req.id },
        'ticket.deleted',
        {
          type: 'ticket',
          id: row.id,
        },
        { title: row.title },
      );
      publish(app, effects);
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
      data: await listTicketTimeline({ ...resourceArgs(app, req), input: req.query }),
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
      data: await listTicketTimeLogs({ ...resourceArgs(app, req), input: req.query }),
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
    async (req) => respond(await assignTicket({ ...resourceArgs(app, req), input: req.body })),
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
    async (req) => respond(await changeTicketStatus({ ...resourceArgs(app, req), input: req.body })),
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
    async (req) => respond(await closeTicket({ ...resourceArgs(app, req), input: req.body })),
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
    async (req, reply) => created(reply, await addTimeLog({ ...resourceArgs(app, req), input: req.body })),
  );
};

export default ticketsRoutes;
