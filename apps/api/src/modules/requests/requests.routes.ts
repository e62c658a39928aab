import {
  GetRequestResponseSchema,
  ListRequestsQuerySchema,
  ListRequestsResponseSchema,
  RequestParamsSchema,
  successEnvelope,
  UpdateRequestStatusSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { requestPolicy } from './requests.policy.js';
import { getAccessRequestFile, getRequest, listRequests, updateRequestStatus } from './requests.service.js';

/**
 * Admin 'Solicitudes' API (reached from the Clients area): quote and access requests from the
 * public site. Admin only; everyone else gets 401/403 before validation.
 */
const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, roleGuard } = routeKit(app, requestPolicy);
  // Route guards from the policy table (decision 121); the service asks the policy again.
  const read = roleGuard('read');
  const changeStatus = roleGuard('changeStatus');
  const downloadFile = roleGuard('downloadFile');

  app.get(
    '/requests',
    {
      ...read,
      schema: {
        tags: ['requests'],
        summary: 'Listar solicitudes (cotizaciones y solicitudes de acceso)',
        querystring: ListRequestsQuerySchema,
        response: { 200: successEnvelope(ListRequestsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listRequests({ ...call(req), query: req.query }),
    }),
  );

  app.get(
    '/requests/:kind/:id',
    {
      ...read,
      schema: {
        tags: ['requests'],
        summary: 'Detalle de una solicitud',
        params: RequestParamsSchema,
        response: { 200: successEnvelope(GetRequestResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        request: await getRequest({
          ...call(req),
          kind: req.params.kind,
          id: req.params.id,
        }),
      },
    }),
  );

  app.patch(
    '/requests/:kind/:id/status',
    {
      ...changeStatus,
      schema: {
        tags: ['requests'],
        summary: 'Cambiar el estado (nueva → contactada → convertida / descartada)',
        params: RequestParamsSchema,
        body: UpdateRequestStatusSchema,
        response: { 200: successEnvelope(GetRequestResponseSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const request = await updateRequestStatus({
        ...writeCall(req),
        actor,
        publicUrl: app.publicUrl,
        kind: req.params.kind,
        id: req.params.id,
        status: req.body.status,
      });
      return { success: true as const, data: { request } };
    },
  );

  app.get(
    '/requests/:kind/:id/files/:fileId',
    {
      ...downloadFile,
      schema: {
        tags: ['requests'],
        summary: 'Descargar un documento de una solicitud de acceso',
        params: RequestParamsSchema.extend({ fileId: z.uuid({ message: 'Identificador inválido' }) }),
      },
    },
    async (req, reply) => {
      if (req.params.kind !== 'access') throw notFound('Archivo no encontrado');
      const file = await getAccessRequestFile({
        ...call(req),
        id: req.params.id,
        fileId: req.params.fileId,
      });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.data);
    },
  );
};

export default requestsRoutes;
