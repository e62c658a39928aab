import {
  CreateMilestoneRequestSchema,
  IdParamsSchema,
  MilestoneParamsSchema,
  MilestoneResponseSchema,
  successEnvelope,
  UpdateMilestoneRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { addMilestone, updateMilestone } from './project-milestones.service.js';
import { projectPolicy } from './projects.policy.js';

/** `POST /projects/{id}/milestones` and `PUT /projects/{id}/milestones/{milestoneId}` (staff). */
const projectMilestonesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guardByRole, write: writeArgs, published } = routeKit(app, projectPolicy);
  // Clients never hold `projects.write` (role ceiling): on the routes they share (notes, files)
  // they need `projects.read` and the service decides (decision 070).
  const write = guardByRole({ admin: 'projects.write', employee: 'projects.write', client: 'projects.read' });

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
      const milestone = published(await addMilestone(writeArgs(req)));
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
      const milestone = published(await updateMilestone(writeArgs(req)));
      return { success: true as const, data: { milestone } };
    },
  );
};

export default projectMilestonesRoutes;
