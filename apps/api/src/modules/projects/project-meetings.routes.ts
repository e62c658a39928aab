import {
  CreateMeetingRequestSchema,
  IdParamsSchema,
  ListProjectMeetingsResponseSchema,
  MeetingParamsSchema,
  MessageResponseSchema,
  ProjectMeetingResponseSchema,
  ProjectSubListQuerySchema,
  successEnvelope,
  UpdateMeetingRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addMeeting, deleteMeeting, listProjectMeetings, updateMeeting } from './project-meetings.service.js';
import { projectGuards, published, readArgs, writeArgs } from './projects.http.js';

/** Meetings of a project: paged list (whoever sees the project); staff schedule, edit, delete (decision 036). */
const projectMeetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, write } = projectGuards(app);

  app.get(
    '/projects/:id/meetings',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Reuniones del proyecto (paginadas, la fecha más reciente primero)',
        params: IdParamsSchema,
        querystring: ProjectSubListQuerySchema,
        response: { 200: successEnvelope(ListProjectMeetingsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listProjectMeetings(readArgs(app, req)),
    }),
  );

  app.post(
    '/projects/:id/meetings',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Agendar reunión',
        params: IdParamsSchema,
        body: CreateMeetingRequestSchema,
        response: { 201: successEnvelope(ProjectMeetingResponseSchema) },
      },
    },
    async (req, reply) => {
      const meeting = await published(app, addMeeting(writeArgs(app, req)));
      reply.code(201);
      return { success: true as const, data: { meeting } };
    },
  );

  app.patch(
    '/projects/:id/meetings/:meetingId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Editar reunión',
        params: MeetingParamsSchema,
        body: UpdateMeetingRequestSchema,
        response: { 200: successEnvelope(ProjectMeetingResponseSchema) },
      },
    },
    async (req) => {
      const meeting = await published(app, updateMeeting(writeArgs(app, req)));
      return { success: true as const, data: { meeting } };
    },
  );

  app.delete(
    '/projects/:id/meetings/:meetingId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar reunión',
        params: MeetingParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await published(app, deleteMeeting(writeArgs(app, req)));
      return { success: true as const, message: 'Reunión eliminada' };
    },
  );
};

export default projectMeetingsRoutes;
