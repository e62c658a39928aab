import {
  GetTicketResponseSchema,
  IdParamsSchema,
  ListTicketAttachmentsResponseSchema,
  successEnvelope,
  TicketAttachmentSchema,
  TicketSubListQuerySchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import {
  findAttachment,
  listTicketAttachments,
  TICKET_ATTACHMENT_MAX_BYTES,
  uploadAttachment,
} from './ticket-attachments.service.js';
import { ticketPolicy } from './tickets.policy.js';

const _ticketEnvelope = successEnvelope(GetTicketResponseSchema);
const tags = ['tickets'];

/** A ticket's attachments: paged list, upload (multipart, max 10 MB) and download. */
const ticketAttachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, resource } = routeKit(app, ticketPolicy);
  const auth = guard('tickets.read');
  const write = guard('tickets.write');

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
      data: await listTicketAttachments({ ...resource(req), input: req.query }),
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
        ...resource(req),
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
        ...resource(req),
        fileId: req.params.fileId,
      });
      reply.header('Content-Type', file.contentType);
      reply.header('Content-Disposition', contentDisposition(file.filename));
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.send(file.data);
    },
  );
};

export default ticketAttachmentsRoutes;
