import {
  ActivityResponseSchema,
  DashboardActivityQuerySchema,
  DashboardLimitQuerySchema,
  DashboardResolutionQuerySchema,
  DashboardStatsSchema,
  ProjectProgressResponseSchema,
  QuickActionsResponseSchema,
  RecentProjectsResponseSchema,
  RecentTicketsResponseSchema,
  successEnvelope,
  TicketResolutionSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedAnswer, routeKit } from '../../lib/route-kit.js';
import { dashboardRecentTickets } from '../tickets/tickets.stats.js';
import { dashboardPolicy } from './dashboard.policy.js';
import * as service from './dashboard.service.js';

/** Dashboard routes (spec doc 2 §7 "Dashboard"); every figure is scoped to the caller. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, signedIn } = routeKit(app, dashboardPolicy);
  const auth = signedIn;

  app.get(
    '/dashboard/stats',
    {
      ...auth,
      ...cachedAnswer,
      schema: {
        tags: ['dashboard'],
        summary: 'Estadísticas del dashboard',
        response: { 200: successEnvelope(DashboardStatsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.getDashboardStats(call(req)),
    }),
  );

  app.get(
    '/dashboard/recent-projects',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Proyectos recientes',
        querystring: DashboardLimitQuerySchema,
        response: { 200: successEnvelope(RecentProjectsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        projects: await service.getRecentProjects({
          ...call(req),
          limit: req.query.limit,
        }),
      },
    }),
  );

  app.get(
    '/dashboard/recent-tickets',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Tickets recientes',
        querystring: DashboardLimitQuerySchema,
        response: { 200: successEnvelope(RecentTicketsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { tickets: await dashboardRecentTickets({ ...call(req), limit: req.query.limit }) },
    }),
  );

  app.get(
    '/dashboard/activity',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Actividad reciente',
        querystring: DashboardActivityQuerySchema,
        response: { 200: successEnvelope(ActivityResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        activities: await service.getActivity({ ...call(req), days: req.query.days }),
      },
    }),
  );

  app.get(
    '/dashboard/project-progress',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Progreso de proyectos activos',
        response: { 200: successEnvelope(ProjectProgressResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.getProjectProgress(call(req)),
    }),
  );

  app.get(
    '/dashboard/ticket-resolution',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Resolución de tickets',
        querystring: DashboardResolutionQuerySchema,
        response: { 200: successEnvelope(TicketResolutionSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.getTicketResolution({
        ...call(req),
        days: req.query.days,
      }),
    }),
  );

  app.get(
    '/dashboard/quick-actions',
    {
      ...auth,
      schema: {
        tags: ['dashboard'],
        summary: 'Acciones rápidas según el rol',
        response: { 200: successEnvelope(QuickActionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { actions: service.getQuickActions(call(req)) },
    }),
  );
};

export default dashboardRoutes;
