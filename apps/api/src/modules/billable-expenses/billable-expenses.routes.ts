import {
  BillableExpensesResponseSchema,
  BillExpensesRequestSchema,
  BillExpensesResponseSchema,
  IdParamsSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { BILLABLE_EXPENSES_PERMISSIONS, billableExpensesPolicy } from './billable-expenses.policy.js';
import * as svc from './billable-expenses.service.js';

/**
 * "Facturar gastos" (decision 142): whoever may write invoices (admin, `invoices.write`) turns a
 * project's billable, unbilled purchases into a draft invoice. Employees and clients get 403.
 */
const billableExpensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, guard } = routeKit(app, billableExpensesPolicy);
  const writer = (req: FastifyRequest) => writeCall(req);
  const write = guard(BILLABLE_EXPENSES_PERMISSIONS.bill, 'bill');
  const tags = ['projects', 'invoices', 'expenses'];

  app.get(
    '/projects/:id/bill-expenses',
    {
      ...write,
      schema: {
        tags,
        summary: 'Gastos facturables sin facturar (vista previa de líneas)',
        params: IdParamsSchema,
        response: { 200: successEnvelope(BillableExpensesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.previewBillableExpenses({ db: app.db, projectId: req.params.id }),
    }),
  );

  app.post(
    '/projects/:id/bill-expenses',
    {
      ...write,
      schema: {
        tags,
        summary: 'Facturar gastos del proyecto',
        params: IdParamsSchema,
        body: BillExpensesRequestSchema,
        response: { 201: successEnvelope(BillExpensesResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = await svc.billExpenses({ ...writer(req), projectId: req.params.id, input: req.body });
      reply.code(201);
      return { success: true as const, data };
    },
  );
};

export default billableExpensesRoutes;
