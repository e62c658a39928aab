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
import { publish } from '../../lib/effects.js';
import { actorOf } from '../../plugins/auth.js';
import {
  addTimeEntry,
  deleteTimeEntry,
  listProjectTimeEntries,
  updateTimeEntry,
} from './project-time.service.js';
import { ctxOf, projectGuards } from './projects.http.js';

/** The time log of a project: paged list, log, and corrections (decision 036). */
const projectTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, write } = projectGuards(app);

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
      data: await listProjectTimeEntries({
        db: app.db,
        actor: actorOf(req),
        id: req.params.id,
        input: req.query,
      }),
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
      const { value: timeEntry, effects } = await addTimeEntry({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, effects);
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
      const { value: timeEntry, effects } = await updateTimeEntry({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        entryId: req.params.entryId,
        input: req.body,
      });
      publish(app, effects);
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
      const { effects } = await deleteTimeEntry({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        entryId: req.params.entryId,
      });
      publish(app, effects);
      return { success: true as const, message: 'Registro de tiempo eliminado' };
    },
  );
};

export default projectTimeRoutes;
