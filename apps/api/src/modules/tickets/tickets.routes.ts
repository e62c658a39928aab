import {
  AddTicketWatcherRequestSchema,
  AssignTicketRequestSchema,
  ChangeTicketStatusRequestSchema,
  CloseTicketRequestSchema,
  CreateTicketMessageRequestSchema,
  CreateTicketRequestSchema,
  CreateTicketTimeLogRequestSchema,
  GetTicketResponseSchema,
  IdParamsSchema,
  ListTicketAttachmentsResponseSchema,
  ListTicketMessagesQuerySchema,
  ListTicketMessagesResponseSchema,
  ListTicketsQuerySchema,
  ListTicketsResponseSchema,
  ListTicketTimeLogsResponseSchema,
  ListTicketTimelineResponseSchema,
  MessageResponseSchema,
  successEnvelope,
  TICKET_EVENTS,
  TicketAssigneeSchema,
  TicketAttachmentSchema,
  TicketStatsSchema,
  TicketSubListQuerySchema,
  UpdateTicketRequestSchema,
} from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { pushNotifications } from '../../lib/notify.js';
import { contentDisposition } from '../../lib/storage.js';
import { actorOf } from '../../plugins/auth.js';
import {
  findAttachment,
  listTicketAttachments,
  TICKET_ATTACHMENT_MAX_BYTES,
  uploadAttachment,
} from './ticket-attachments.service.js';
import { addMessage, addWatcher, listTicketMessages, removeWatcher } from './ticket-conversation.service.js';
import {
  addTimeLog,
  assignTicket,
  changeTicketStatus,
  closeTicket,
  createTicket,
  deleteTicket,
  listTicketTimeLogs,
  type TicketWriteResult,
  updateTicket,
} from './ticket-workflow.service.js';
import { clientUserIds } from './tickets.audience.js';
import { getTicket, listAssignees, listTickets, listTicketTimeline } from './tickets.queries.js';
import { ticketStats } from './tickets.stats.js';

const ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/**
 * After commit: push stored notifications, tell every screen that can show the ticket to
 * refetch (`ticket:updated` / `ticket:created`) and refresh nav badges. Staff-only changes
 * (internal notes, time logs) reach staff only.
 */
export async function broadcastTicket(
  app: FastifyInstance,
  result: Pick<TicketWriteResult, 'notifications' | 'visibleToClient' | 'clientId'> & { ticketId: string },
  event: string = TICKET_EVENTS.updated,
): Promise<void> {
  pushNotifications(app, result.notifications);
  const payload = { ticketId: result.ticketId };
  app.realtime.toRoles(['admin', 'employee'], event, payload);
  app.realtime.toRoles(['admin', 'employee'], 'nav:badges');
  if (result.visibleToClient) {
    for (const userId of await clientUserIds(app.db, result.clientId)) {
      app.realtime.toUser(userId, event, payload);
      app.realtime.toUser(userId, 'nav:badges');
    }
  }
}

/** Support tickets (spec doc 2 §7 "Tickets"), plus status, time logs, watchers and attachments. */
const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Role + permission strings (decision 061); row scoping and the policy table live in the service.
  const auth = { onRequest: [app.authenticate, app.requirePermission('tickets.read')] };
  const write = { onRequest: [app.authenticate, app.requirePermission('tickets.write')] };
  const staffOnly = {
    onRequest: [app.authenticate, app.requirePermission('tickets.write', 'admin', 'employee')],
  };

  const respond = async (result: TicketWriteResult, event?: string) => {
    await broadcastTicket(app, { ...result, ticketId: result.ticket._id }, event);
    return { success: true as const, data: { ticket: result.ticket } };
  };

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
      onRequest: [app.authenticate, app.requirePermission('tickets.read', 'admin', 'employee')],
      schema: {
        tags,
        summary: 'Miembros del equipo asignables',
        response: { 200: successEnvelope(z.object({ assignees: z.array(TicketAssigneeSchema) })) },
      },
    },
    async () => ({ success: true as const, data: { assignees: await listAssignees(app.db) } }),
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
        id: result.ticket._id,
      });
      reply.code(201);
      return respond(result, TICKET_EVENTS.created);
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
      data: { ticket: await getTicket({ db: app.db, actor: actorOf(req), id: req.params.id }) },
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
    async (req) =>
      respond(await updateTicket({ db: app.db, actor: actorOf(req), id: req.params.id, input: req.body })),
  );

  app.delete(
    '/tickets/:id',
    {
      onRequest: [app.authenticate, app.requireRole('admin')],
      schema: {
        tags,
        summary: 'Eliminar ticket',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await deleteTicket({ db: app.db, actor, id: req.params.id });
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
      await broadcastTicket(app, {
        ticketId: row.id,
        notifications: [],
        visibleToClient: true,
        clientId: row.clientId,
      });
      return { success: true as const, message: 'Ticket eliminado' };
    },
  );

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

  app.get(
    '/tickets/:id/attachments',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Adjuntos del ticket (paginados, los más recientes primero)',
        params: IdParamsSchema,
        querystring: TicketSubListQuerySchema,
        response: { 200: successEnvelope(ListTicketAttachmentsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listTicketAttachments({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
    }),
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
      data: await listTicketTimeline({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
    }),
  );

  app.get(
    '/tickets/:id/time-logs',
    {
      onRequest: [app.authenticate, app.requirePermission('tickets.read', 'admin', 'employee')],
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
      data: await listTicketTimeLogs({
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

  app.put(
    '/tickets/:id/assign',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Asignar ticket',
        params: IdParamsSchema,
        body: AssignTicketRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) =>
      respond(await assignTicket({ db: app.db, actor: actorOf(req), id: req.params.id, input: req.body })),
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
    async (req) =>
      respond(
        await changeTicketStatus({ db: app.db, actor: actorOf(req), id: req.params.id, input: req.body }),
      ),
  );

  app.put(
    '/tickets/:id/close',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Cerrar ticket',
        params: IdParamsSchema,
        body: CloseTicketRequestSchema,
        response: { 200: ticketEnvelope },
      },
    },
    async (req) =>
      respond(await closeTicket({ db: app.db, actor: actorOf(req), id: req.params.id, input: req.body })),
  );

  app.post(
    '/tickets/:id/time-logs',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Registrar tiempo',
        params: IdParamsSchema,
        body: CreateTicketTimeLogRequestSchema,
        response: { 201: ticketEnvelope },
      },
    },
    async (req, reply) => {
      const result = await addTimeLog({
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

  app.post(
    '/tickets/:id/attachments',
    {
      ...write,
      schema: {
        tags,
        summary: 'Subir adjunto (multipart, campo "file", máx. 10 MB)',
        params: IdParamsSchema,
        response: { 201: successEnvelope(z.object({ attachment: TicketAttachmentSchema })) },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest('Envía el archivo como multipart/form-data');
      const part = await req.file({ limits: { fileSize: TICKET_ATTACHMENT_MAX_BYTES } });
      if (!part) throw badRequest('Falta el archivo', [{ field: 'file', message: 'Falta el archivo' }]);
      const data = await part.toBuffer();
      const attachment = await uploadAttachment({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        filename: part.filename,
        data,
      });
      reply.code(201);
      return { success: true as const, data: { attachment } };
    },
  );

  app.get(
    '/tickets/:id/attachments/:fileId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Descargar adjunto',
        params: IdParamsSchema.extend({ fileId: z.uuid({ message: 'Identificador inválido' }) }),
      },
    },
    async (req, reply) => {
      const file = await findAttachment({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        fileId: req.params.fileId,
      });
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Disposition', contentDisposition(file.filename));
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.send(file.data);
    },
  );
};

export default ticketsRoutes;
