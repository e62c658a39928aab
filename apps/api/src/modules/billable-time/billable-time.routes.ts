import {
  BillTimePreviewResponseSchema,
  BillTimeRequestSchema,
  BillTimeResponseSchema,
  IdParamsSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { BILLABLE_TIME_PERMISSIONS, billableTimePolicy } from './billable-time.policy.js';
import * as svc from './billable-time.service.js';

/**
 * "Facturar horas" (decision 115): whoever may write invoices (admin, `invoices.write`) turns a
 * project's unbilled billable time into a draft invoice. Employees and clients get 403.
 */
const billableTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, guard } = routeKit(app, billableTimePolicy);
  /** Who writes, on which database, with which audit context: the options every writing service takes. */
  const writer = (req: FastifyRequest) => writeCall(req);
  const write = guard(BILLABLE_TIME_PERMISSIONS.bill, 'bill');
  const tags = ['projects', 'invoices'];

  app.post(
    '/projects/:id/bill-time/preview',
    {
      ...write,
      schema: {
        tags,
        summary: 'Vista previa de horas por facturar',
        params: IdParamsSchema,
        body: BillTimeRequestSchema,
        response: { 200: successEnvelope(BillTimePreviewResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.previewBillableTime({ db: app.db, projectId: req.params.id, input: req.body }),
    }),
  );

  app.post(
    '/projects/:id/bill-time',
    {
      ...write,
      schema: {
        tags,
        summary: 'Facturar horas del proyecto',
        params: IdParamsSchema,
        body: BillTimeRequestSchema,
        response: { 201: successEnvelope(BillTimeResponseSchema) },
      },
    },
    async (req, reply) => {
      const data = await svc.billTime({
        ...writer(req),
        projectId: req.params.id,
        input: req.body,
      });
      reply.code(201);
      return { success: true as const, data };
    },
  );
};

export default billableTimeRoutes;
