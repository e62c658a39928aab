import {
  IdParamsSchema,
  ProfitabilityQuerySchema,
  ProfitabilityReportSchema,
  ProjectFinancesSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { PROFITABILITY_PERMISSIONS, profitabilityPolicy } from './profitability.policy.js';
import * as svc from './profitability.service.js';

/**
 * Project profitability (decision 142): a project's finances (admin; an employee on its team,
 * others 404) and the ranking by margin (admin, `reports.read`). Clients get 403 on both.
 */
const profitabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, guard, roleGuard } = routeKit(app, profitabilityPolicy);
  app.get(
    '/projects/:id/finances',
    {
      ...roleGuard('readFinances'),
      schema: {
        tags: ['projects'],
        summary: 'Finanzas del proyecto: ingresos, gastos, costo de tiempo y margen',
        params: IdParamsSchema,
        response: { 200: successEnvelope(ProjectFinancesSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.getProjectFinances({ ...call(req), projectId: req.params.id }),
    }),
  );

  app.get(
    '/reports/profitability',
    {
      ...guard(PROFITABILITY_PERMISSIONS.readReport, 'readReport'),
      schema: {
        tags: ['reports'],
        summary: 'Rentabilidad por proyecto o cliente en un período',
        querystring: ProfitabilityQuerySchema,
        response: { 200: successEnvelope(ProfitabilityReportSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.getProfitabilityReport({ db: app.db, query: req.query }),
    }),
  );
};

export default profitabilityRoutes;
