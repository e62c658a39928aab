import {
  CreateProjectRequestSchema,
  GetProjectResponseSchema,
  IdParamsSchema,
  ListOptionsResponseSchema,
  ListProjectsQuerySchema,
  ListProjectsResponseSchema,
  MessageResponseSchema,
  ProjectOptionsQuerySchema,
  ProjectResponseSchema,
  ProjectStatsResponseSchema,
  successEnvelope,
  UpdateProjectRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { cachedAnswer, routeKit } from '../../lib/route-kit.js';
import projectFilesRoutes from './project-files.routes.js';
import { listProjectOptions, listProjects } from './project-lists.js';
import projectMeetingsRoutes from './project-meetings.routes.js';
import projectMilestonesRoutes from './project-milestones.routes.js';
import projectNotesRoutes from './project-notes.routes.js';
import { getProjectStats } from './project-stats.service.js';
import projectTimeRoutes from './project-time.routes.js';
import { projectPolicy } from './projects.policy.js';
import { createProject, deleteProject, getProject, updateProject } from './projects.service.js';

/**
 * Projects routes (spec doc 2 §7 "Projects") plus what the detail screen needs (team, files,
 * time) and corrections of notes, meetings and time entries (PATCH/DELETE, decision 036): the
 * projects themselves here, each sub-resource in its own `project-*.routes.ts` registered below.
 * Permission hooks: {@link projectGuards}. Every write publishes its effects after commit
 * (decision 120).
 */
const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard, guardByRole, call, writeCall, write: writeArgs, published } = routeKit(app, projectPolicy);
  const auth = guard('projects.read');
  // Clients never hold `projects.write` (role ceiling): on the routes they share (notes, files)
  // they need `projects.read` and the service decides (decision 070).
  const write = guardByRole({ admin: 'projects.write', employee: 'projects.write', client: 'projects.read' });
  const adminOnly = guard('projects.write', 'create');

  app.get(
    '/projects',
    {
      ...auth,
      ...cachedAnswer,
      schema: {
        tags: ['projects'],
        summary: 'Lista de proyectos visibles',
        querystring: ListProjectsQuerySchema,
        response: { 200: successEnvelope(ListProjectsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listProjects({ ...call(req), input: req.query }),
    }),
  );

  app.get(
    '/projects/stats',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Estadísticas de proyectos',
        response: { 200: successEnvelope(ProjectStatsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { stats: await getProjectStats(call(req)) },
    }),
  );

  app.get(
    '/projects/options',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Buscar proyectos visibles para un selector (id y título)',
        querystring: ProjectOptionsQuerySchema,
        response: { 200: successEnvelope(ListOptionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        options: await listProjectOptions({ ...call(req), input: req.query }),
      },
    }),
  );

  app.get(
    '/projects/:id',
    {
      ...auth,
      schema: {
        tags: ['projects'],
        summary: 'Detalle de un proyecto',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetProjectResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { project: await getProject({ ...call(req), id: req.params.id }) },
    }),
  );

  app.post(
    '/projects',
    {
      ...adminOnly,
      schema: {
        tags: ['projects'],
        summary: 'Crear proyecto (admin)',
        body: CreateProjectRequestSchema,
        response: { 201: successEnvelope(ProjectResponseSchema) },
      },
    },
    async (req, reply) => {
      const { value: project, effects } = await createProject({
        ...writeCall(req),
        input: req.body,
      });
      publish(app, effects);
      reply.code(201);
      return { success: true as const, data: { project } };
    },
  );

  app.put(
    '/projects/:id',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Actualizar proyecto',
        params: IdParamsSchema,
        body: UpdateProjectRequestSchema,
        response: { 200: successEnvelope(ProjectResponseSchema) },
      },
    },
    async (req) => {
      const project = published(await updateProject(writeArgs(req)));
      return { success: true as const, data: { project } };
    },
  );

  app.delete(
    '/projects/:id',
    {
      ...write,
      schema: {
        tags: ['projects'],
        summary: 'Eliminar proyecto (admin, borrado lógico)',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      published(await deleteProject(writeArgs(req)));
      return { success: true as const, message: 'Proyecto eliminado' };
    },
  );

  await app.register(projectMilestonesRoutes);
  await app.register(projectNotesRoutes);
  await app.register(projectMeetingsRoutes);
  await app.register(projectTimeRoutes);
  await app.register(projectFilesRoutes);
};

export default projectsRoutes;
