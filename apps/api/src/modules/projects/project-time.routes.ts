import {
  CreateTimeEntryRequestSchema,
  IdParamsSchema,
  ListTimeEntriesResponseSchema,
  MessageResponseSchema,
  ProjectSubListQuerySchema,
  successEnvelope,
  TimeEntryParamsSchema,
  TimeEntryResponseSchema,
  UpdateTimeEntryRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import {
  addTimeEntry,
  deleteTimeEntry,
  listProjectTimeEntries,
  updateTimeEntry,
} from './project-time.service.js';
import { projectPolicy } from './projects.policy.js';

/** The time log of a project: paged list, log, and corrections (decision 036). */
const projectTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, guardByRole, read, write: writeArgs, published } = routeKit(app, projectPolicy);
  const auth = guard('projects.read');
  // Clients never hold `projects.write` (role ceiling): on the routes they share (notes, files)
  // they need `projects.read` and the service decides (decision 070).
  const write = guardByRole({ admin: 'projects.write', employee: 'projects.write', client: 'projects.read' });

  app.get(
    '/projects/:id/time-entries',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Registro de tiempo del proyecto (paginado; un cliente solo ve tiempo facturable)',
        params: IdParamsSchema,
        querystring: ProjectSubListQuerySchema,
        response: { 200: successEnvelope(ListTimeEntriesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listProjectTimeEntries(read(req)),
    }),
  );

  app.post(
    '/projects/:id/time-entries',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Registrar tiempo',
        params: IdParamsSchema,
        body: CreateTimeEntryRequestSchema,
        response: { 201: successEnvelope(TimeEntryResponseSchema) },
      },
    },
    async (req, reply) => {
      const timeEntry = published(await addTimeEntry(writeArgs(req)));
      reply.code(201);
      return { success: true as const, data: { timeEntry } };
    },
  );

  app.patch(
    '/projects/:id/time-entries/:entryId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Corregir registro de tiempo (quien lo registró o admin)',
        params: TimeEntryParamsSchema,
        body: UpdateTimeEntryRequestSchema,
        response: { 200: successEnvelope(TimeEntryResponseSchema) },
      },
    },
    async (req) => {
      const timeEntry = published(await updateTimeEntry(writeArgs(req)));
      return { success: true as const, data: { timeEntry } };
    },
  );

  app.delete(
    '/projects/:id/time-entries/:entryId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar registro de tiempo (quien lo registró o admin)',
        params: TimeEntryParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteTimeEntry(writeArgs(req)));
      return { success: true as const, message: 'Registro de tiempo eliminado' };
    },
  );
};

export default projectTimeRoutes;
