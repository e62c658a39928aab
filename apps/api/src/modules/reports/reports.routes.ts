import {
  GenerateReportRequestSchema,
  GetReportResponseSchema,
  IdParamsSchema,
  ListReportsQuerySchema,
  ListReportsResponseSchema,
  MessageResponseSchema,
  PipelineReportSchema,
  ReportDashboardQuerySchema,
  ReportDashboardSchema,
  type ReportType,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { REPORTS_PERMISSIONS, reportsPolicy } from './reports.policy.js';
import * as svc from './reports.service.js';

/**
 * Reports (spec doc 2 §7 "Reports"). Admin only (issue 6) holding `reports.read` (decision 070;
 * admins hold every permission, so the check documents the rule more than it narrows it).
 */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, guard } = routeKit(app, reportsPolicy);
  const admin = guard(REPORTS_PERMISSIONS.read, 'read');
  const tags = ['reports'];

  app.get(
    '/reports/dashboard',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Indicadores del período',
        querystring: ReportDashboardQuerySchema,
        response: { 200: successEnvelope(ReportDashboardSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.reportDashboard({ db: app.db, period: req.query.period }),
    }),
  );

  app.get(
    '/reports/pipeline',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Embudo de prospectos: totales por etapa y ganados en el período',
        querystring: ReportDashboardQuerySchema,
        response: { 200: successEnvelope(PipelineReportSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.reportPipeline({ db: app.db, period: req.query.period }),
    }),
  );

  for (const type of ['financial', 'projects'] as ReportType[]) {
    app.post(
      `/reports/${type}`,
      {
        ...admin,
        schema: {
          tags,
          summary: type === 'financial' ? 'Generar un reporte financiero' : 'Generar un reporte de proyectos',
          body: GenerateReportRequestSchema,
          response: { 200: successEnvelope(GetReportResponseSchema) },
        },
      },
      async (req) => ({
        success: true as const,
        data: {
          report: await svc.generateReport({
            ...writeCall(req),
            type,
            input: req.body,
          }),
        },
      }),
    );
  }

  app.get(
    '/reports',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Reportes generados',
        querystring: ListReportsQuerySchema,
        response: { 200: successEnvelope(ListReportsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.listReports({ db: app.db, query: req.query }),
    }),
  );

  app.get(
    '/reports/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Detalle de un reporte',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetReportResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { report: await svc.getReport({ db: app.db, id: req.params.id }) },
    }),
  );

  app.delete(
    '/reports/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar un reporte',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await svc.deleteReport({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Reporte eliminado' };
    },
  );
};

export default reportsRoutes;
