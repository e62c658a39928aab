import {
  CreateProjectNoteRequestSchema,
  IdParamsSchema,
  ListProjectNotesResponseSchema,
  MessageResponseSchema,
  ProjectNoteParamsSchema,
  ProjectNoteResponseSchema,
  ProjectSubListQuerySchema,
  successEnvelope,
  UpdateProjectNoteRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { addNote, deleteNote, listProjectNotes, updateNote } from './project-notes.service.js';
import { projectPolicy } from './projects.policy.js';

/** Notes and comments of a project: paged list, add, and the author's corrections (decision 036). */
const projectNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, guardByRole, read, write: writeArgs, published } = routeKit(app, projectPolicy);
  const auth = guard('projects.read');
  // Clients never hold `projects.write` (role ceiling): on the routes they share (notes, files)
  // they need `projects.read` and the service decides (decision 070).
  const write = guardByRole({ admin: 'projects.write', employee: 'projects.write', client: 'projects.read' });

  app.get(
    '/projects/:id/notes',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Comentarios del proyecto (paginados; un cliente no recibe notas internas)',
        params: IdParamsSchema,
        querystring: ProjectSubListQuerySchema,
        response: { 200: successEnvelope(ListProjectNotesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listProjectNotes(read(req)),
    }),
  );

  app.post(
    '/projects/:id/notes',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Agregar nota o comentario',
        params: IdParamsSchema,
        body: CreateProjectNoteRequestSchema,
        response: { 201: successEnvelope(ProjectNoteResponseSchema) },
      },
    },
    async (req, reply) => {
      const note = published(await addNote(writeArgs(req)));
      reply.code(201);
      return { success: true as const, data: { note } };
    },
  );

  // Corrections (decision 036): same `write` hook as the create routes; ownership in the service.
  app.patch(
    '/projects/:id/notes/:noteId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Editar nota o comentario (autor)',
        params: ProjectNoteParamsSchema,
        body: UpdateProjectNoteRequestSchema,
        response: { 200: successEnvelope(ProjectNoteResponseSchema) },
      },
    },
    async (req) => {
      const note = published(await updateNote(writeArgs(req)));
      return { success: true as const, data: { note } };
    },
  );

  app.delete(
    '/projects/:id/notes/:noteId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar nota o comentario (autor o admin)',
        params: ProjectNoteParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteNote(writeArgs(req)));
      return { success: true as const, message: 'Comentario eliminado' };
    },
  );
};

export default projectNotesRoutes;
