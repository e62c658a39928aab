import {
  CreateMilestoneRequestSchema,
  IdParamsSchema,
  MilestoneParamsSchema,
  MilestoneResponseSchema,
  successEnvelope,
  UpdateMilestoneRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { actorOf } from '../../plugins/auth.js';
import { addMilestone, updateMilestone } from './project-milestones.service.js';
import { ctxOf, projectGuards } from './projects.http.js';

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
      const { value: milestone, effects } = await addMilestone({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, effects);
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
      const { value: milestone, effects } = await updateMilestone({
        db: app.db,
        actor: actorOf(req),
        ctx: ctxOf(req),
        id: req.params.id,
        milestoneId: req.params.milestoneId,
        input: req.body,
      });
      publish(app, effects);
      return { success: true as const, data: { milestone } };
    },
  );
};

export default projectMilestonesRoutes;
