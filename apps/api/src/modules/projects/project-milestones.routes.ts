import {
  CreateMilestoneRequestSchema,
  IdParamsSchema,
  MilestoneParamsSchema,
  MilestoneResponseSchema,
  successEnvelope,
  UpdateMilestoneRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addMilestone, updateMilestone } from './project-milestones.service.js';
import { projectGuards, published, writeArgs } from './projects.http.js';

/** `POST /projects/{id}/milestones` and `PUT /projects/{id}/milestones/{milestoneId}` (staff). */
const projectMilestonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { write } = projectGuards(app);

  app.post(
    '/projects/:id/milestones',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Agregar hito',
        params: IdParamsSchema,
        body: CreateMilestoneRequestSchema,
        response: { 201: successEnvelope(MilestoneResponseSchema) },
      },
    },
    async (req, reply) => {
      const milestone = await published(app, addMilestone(writeArgs(app, req)));
      reply.code(201);
      return { success: true as const, data: { milestone } };
    },
  );

  app.put(
    '/projects/:id/milestones/:milestoneId',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Actualizar hito',
        params: MilestoneParamsSchema,
        body: UpdateMilestoneRequestSchema,
        response: { 200: successEnvelope(MilestoneResponseSchema) },
      },
    },
    async (req) => {
      const milestone = await published(app, updateMilestone(writeArgs(app, req)));
      return { success: true as const, data: { milestone } };
    },
  );
};

export default projectMilestonesRoutes;
