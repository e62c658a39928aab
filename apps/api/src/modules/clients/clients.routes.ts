import {
  ClientStatsSchema,
  ClientSubListQuerySchema,
  CreateClientRequestSchema,
  CreateCommunicationRequestSchema,
  GetClientResponseSchema,
  GetCommunicationResponseSchema,
  IdParamsSchema,
  ListClientProjectsResponseSchema,
  ListClientsQuerySchema,
  ListClientsResponseSchema,
  ListClientTicketsResponseSchema,
  ListCommunicationsResponseSchema,
  ListInvoicesQuerySchema,
  ListInvoicesResponseSchema,
  ListOptionsResponseSchema,
  MessageResponseSchema,
  OptionsQuerySchema,
  type Permission,
  successEnvelope,
  UpdateClientRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedAnswer, routeKit } from '../../lib/route-kit.js';
import { listInvoices } from '../invoices/invoices.queries.js';
import * as history from './client-history.service.js';
import { CLIENT_PERMISSIONS, clientPolicy } from './clients.policy.js';
import * as queries from './clients.queries.js';
import * as svc from './clients.service.js';

/**
 * Clients (spec doc 2 §7 "Clients"). Policy (decision 050): admin reads and writes; employees
 * read only; clients get 403 on every route here.
 */
const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard } = routeKit(app, clientPolicy);
  // Role (050) and permission (070) together: staff with `clients.read` read, admins write. The
  // sub-lists also need the permission of what they list (projects, tickets, invoices).
  const staff = guard(CLIENT_PERMISSIONS.read, 'read');
  const staffAlso = (permission: Permission) => guard([CLIENT_PERMISSIONS.read, permission], 'read');
  const admin = guard(CLIENT_PERMISSIONS.write, 'write');
  const tags = ['clients'];

  app.get(
    '/clients',
    {
      ...staff,
      ...cachedAnswer,
      schema: {
        tags,
        summary: 'Listar clientes',
        querystring: ListClientsQuerySchema,
        response: { 200: successEnvelope(ListClientsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await queries.listClients({ db: app.db, query: req.query }),
    }),
  );

  app.get(
    '/clients/options',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Buscar clientes para un selector (id y nombre)',
        querystring: OptionsQuerySchema,
        response: { 200: successEnvelope(ListOptionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { options: await queries.listClientOptions({ db: app.db, query: req.query }) },
    }),
  );

  app.get(
    '/clients/stats',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Estadísticas de clientes',
        response: { 200: successEnvelope(ClientStatsSchema) },
      },
    },
    async () => ({ success: true as const, data: await queries.clientStats({ db: app.db }) }),
  );

  app.get(
    '/clients/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Detalle de un cliente',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetClientResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { client: await queries.getClient({ db: app.db, id: req.params.id }) },
    }),
  );

  app.post(
    '/clients',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear un cliente',
        body: CreateClientRequestSchema,
        response: { 200: successEnvelope(GetClientResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        client: await svc.createClient({ ...writeCall(req), input: req.body }),
      },
    }),
  );

  app.put(
    '/clients/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Actualizar o archivar un cliente',
        params: IdParamsSchema,
        body: UpdateClientRequestSchema,
        response: { 200: successEnvelope(GetClientResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        client: await svc.updateClient({ ...writeCall(req), id: req.params.id, input: req.body }),
      },
    }),
  );

  app.delete(
    '/clients/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar un cliente sin facturas ni proyectos',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await svc.deleteClient({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Cliente eliminado' };
    },
  );

  app.get(
    '/clients/:id/projects',
    {
      ...staffAlso('projects.read'),
      schema: {
        tags,
        summary: 'Proyectos del cliente',
        params: IdParamsSchema,
        querystring: ClientSubListQuerySchema,
        response: { 200: successEnvelope(ListClientProjectsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await history.listClientProjects({ db: app.db, id: req.params.id, query: req.query }),
    }),
  );

  app.get(
    '/clients/:id/tickets',
    {
      ...staffAlso('tickets.read'),
      schema: {
        tags,
        summary: 'Tickets del cliente',
        params: IdParamsSchema,
        querystring: ClientSubListQuerySchema,
        response: { 200: successEnvelope(ListClientTicketsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await history.listClientTickets({ db: app.db, id: req.params.id, query: req.query }),
    }),
  );

  app.get(
    '/clients/:id/invoices',
    {
      ...staffAlso('invoices.read'),
      schema: {
        tags,
        summary: 'Facturas del cliente',
        params: IdParamsSchema,
        querystring: ListInvoicesQuerySchema.omit({ clientId: true }),
        response: { 200: successEnvelope(ListInvoicesResponseSchema) },
      },
    },
    async (req) => {
      await queries.getClient({ db: app.db, id: req.params.id });
      return {
        success: true as const,
        data: await listInvoices({
          ...call(req),
          query: { ...req.query, clientId: req.params.id },
        }),
      };
    },
  );

  app.get(
    '/clients/:id/communications',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Registro de comunicaciones',
        params: IdParamsSchema,
        querystring: ClientSubListQuerySchema,
        response: { 200: successEnvelope(ListCommunicationsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await history.listCommunications({ db: app.db, clientId: req.params.id, query: req.query }),
    }),
  );

  app.post(
    '/clients/:id/communications',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Registrar una comunicación',
        params: IdParamsSchema,
        body: CreateCommunicationRequestSchema,
        response: { 200: successEnvelope(GetCommunicationResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        communication: await history.createCommunication({
          ...writeCall(req),
          clientId: req.params.id,
          input: req.body,
        }),
      },
    }),
  );

  app.delete(
    '/clients/:id/communications/:commId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar una comunicación',
        params: IdParamsSchema.extend({ commId: z.uuid({ message: 'Identificador inválido' }) }),
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await history.deleteCommunication({
        ...writeCall(req),
        clientId: req.params.id,
        commId: req.params.commId,
      });
      return { success: true as const, message: 'Comunicación eliminada' };
    },
  );
};

export default clientsRoutes;
