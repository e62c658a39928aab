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
import { routeKit } from '../../lib/route-kit.js';
import { addMeeting, deleteMeeting, listProjectMeetings, updateMeeting } from './project-meetings.service.js';
import { projectPolicy } from './projects.policy.js';

/** Meetings of a project: paged list (whoever sees the project); staff schedule, edit, delete (decision 036). */
const projectMeetingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, guardByRole, read, write: writeArgs, published } = routeKit(app, projectPolicy);
  const auth = guard('projects.read');
  // Clients never hold `projects.write` (role ceiling): on the routes they share (notes, files)
  // they need `projects.read` and the service decides (decision 070).
  const write = guardByRole({ admin: 'projects.write', employee: 'projects.write', client: 'projects.read' });

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
      data: await listProjectMeetings(read(req)),
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
      const meeting = published(await addMeeting(writeArgs(req)));
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
      const meeting = published(await updateMeeting(writeArgs(req)));
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
      published(await deleteMeeting(writeArgs(req)));
      return { success: true as const, message: 'Reunión eliminada' };
    },
  );
};

export default projectMeetingsRoutes;
