import {
  CreateRecurringInvoiceRequestSchema,
  GetInvoiceResponseSchema,
  GetRecurringInvoiceResponseSchema,
  IdParamsSchema,
  ListRecurringInvoicesQuerySchema,
  ListRecurringInvoicesResponseSchema,
  successEnvelope,
  UpdateRecurringInvoiceRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeKit } from '../../lib/route-kit.js';
import { recurringInvoicePolicy } from './recurring-invoices.policy.js';
import * as runs from './recurring-invoices.run.js';
import * as svc from './recurring-invoices.service.js';

const one = successEnvelope(GetRecurringInvoiceResponseSchema);

/**
 * Retainers (igualas, issue 16, decision 111). Admins manage them; a client lists its own
 * active ones (Mis Facturas); employees get 403.
 */
const recurringInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard, published } = routeKit(app, recurringInvoicePolicy);
  const read = guard('invoices.read', 'read');
  const write = guard('invoices.write', 'write');
  const tags = ['recurring-invoices'];

  app.get(
    '/recurring-invoices',
    {
      ...read,
      schema: {
        tags,
        summary: 'Listar igualas (facturas recurrentes)',
        querystring: ListRecurringInvoicesQuerySchema,
        response: { 200: successEnvelope(ListRecurringInvoicesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { recurringInvoices: await svc.listRecurringInvoices({ ...call(req), query: req.query }) },
    }),
  );

  app.get(
    '/recurring-invoices/:id',
    {
      ...read,
      schema: { tags, summary: 'Detalle de una iguala', params: IdParamsSchema, response: { 200: one } },
    },
    async (req) => ({
      success: true as const,
      data: { recurringInvoice: await svc.getRecurringInvoice({ ...call(req), id: req.params.id }) },
    }),
  );

  app.post(
    '/recurring-invoices',
    {
      ...write,
      schema: {
        tags,
        summary: 'Crear una iguala',
        body: CreateRecurringInvoiceRequestSchema,
        response: { 201: one },
      },
    },
    async (req, reply) => {
      const recurringInvoice = await svc.createRecurringInvoice({
        ...writeCall(req),
        input: req.body,
      });
      return reply.code(201).send({ success: true as const, data: { recurringInvoice } });
    },
  );

  app.put(
    '/recurring-invoices/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Editar, pausar o reanudar una iguala (aplica a los periodos futuros)',
        params: IdParamsSchema,
        body: UpdateRecurringInvoiceRequestSchema,
        response: { 200: one },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        recurringInvoice: await svc.updateRecurringInvoice({
          ...writeCall(req),
          id: req.params.id,
          input: req.body,
        }),
      },
    }),
  );

  app.post(
    '/recurring-invoices/:id/run',
    {
      ...write,
      schema: {
        tags,
        summary: 'Generar ahora la factura del periodo actual (idempotente)',
        params: IdParamsSchema,
        response: {
          200: successEnvelope(
            GetInvoiceResponseSchema.extend({
              created: z.boolean(),
              /** Why auto-send failed (the invoice stayed a draft), else null. */
              sendError: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const result = await runs.runRecurringInvoice({ ...writeCall(req), id: req.params.id });
      return {
        success: true as const,
        data: { invoice: published(result), created: result.created, sendError: result.sendError },
      };
    },
  );
};

export default recurringInvoicesRoutes;
