import {
  CreateExpenseRequestSchema,
  GetExpenseResponseSchema,
  IdParamsSchema,
  ListExpensesQuerySchema,
  ListExpensesResponseSchema,
  MessageResponseSchema,
  successEnvelope,
  UpdateExpenseRequestSchema,
  UpdateUserCostRateRequestSchema,
  UserCostRateResponseSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { getCostRate, setCostRate } from './cost-rates.service.js';
import { expensePolicy } from './expenses.policy.js';
import * as svc from './expenses.service.js';

/**
 * Purchases and expenses (decision 140): admins every purchase, employees those of projects on
 * their team (others 404), clients 403 on every route — they never see expenses, costs or margins.
 * Also the per-user cost rate (admin).
 */
const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, roleGuard } = routeKit(app, expensePolicy);
  const staff = roleGuard('write');
  const admin = roleGuard('manageCostRates');
  const writer = (req: FastifyRequest) => writeCall(req);
  const tags = ['expenses'];
  const one = { 200: successEnvelope(GetExpenseResponseSchema) };

  app.get(
    '/expenses',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Compras y gastos (paginados)',
        querystring: ListExpensesQuerySchema,
        response: { 200: successEnvelope(ListExpensesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.listExpenses({ ...call(req), query: req.query }),
    }),
  );

  app.get(
    '/expenses/:id',
    { ...staff, schema: { tags, summary: 'Un gasto', params: IdParamsSchema, response: one } },
    async (req) => ({
      success: true as const,
      data: { expense: await svc.getExpense({ ...call(req), id: req.params.id }) },
    }),
  );

  app.post(
    '/expenses',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Registrar compra o gasto',
        body: CreateExpenseRequestSchema,
        response: { 201: successEnvelope(GetExpenseResponseSchema) },
      },
    },
    async (req, reply) => {
      const { value, effects } = await svc.createExpense({ ...writer(req), input: req.body });
      publish(app, effects);
      // A signed E41/E43/E47 (direct mode) waits in the outbox: send it now.
      if (value.ecfStatus) app.ecfSender.wake();
      reply.code(201);
      return { success: true as const, data: { expense: value } };
    },
  );

  app.put(
    '/expenses/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Editar o completar gasto',
        params: IdParamsSchema,
        body: UpdateExpenseRequestSchema,
        response: one,
      },
    },
    async (req) => ({
      success: true as const,
      data: { expense: await svc.updateExpense({ ...writer(req), id: req.params.id, input: req.body }) },
    }),
  );

  app.delete(
    '/expenses/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Eliminar gasto',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await svc.deleteExpense({ ...writer(req), id: req.params.id });
      // A queued ANECF (direct mode) goes to the DGII now.
      app.ecfSender.wake();
      return { success: true as const, message: 'Gasto eliminado' };
    },
  );

  app.post(
    '/expenses/:id/receipt',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Adjuntar comprobante (multipart, campo "file", PDF o imagen, máx. 10 MB)',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: one,
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest('Envía el archivo como multipart/form-data (campo "file")');
      const part = await req.file({ limits: { fileSize: svc.RECEIPT_MAX_BYTES + 1 } });
      if (!part) throw badRequest('Falta el archivo', [{ field: 'file', message: 'Falta el archivo' }]);
      const data = await part.toBuffer();
      const expense = await svc.attachReceipt({
        ...writer(req),
        id: req.params.id,
        file: { filename: part.filename, data },
      });
      return { success: true as const, data: { expense } };
    },
  );

  app.get(
    '/expenses/:id/receipt',
    { ...staff, schema: { tags, summary: 'Descargar comprobante adjunto', params: IdParamsSchema } },
    async (req, reply) => {
      const file = await svc.readReceipt({ ...call(req), id: req.params.id });
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('Content-Length', String(file.data.length))
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(file.data);
    },
  );

  app.delete(
    '/expenses/:id/receipt',
    {
      ...staff,
      schema: { tags, summary: 'Quitar comprobante adjunto', params: IdParamsSchema, response: one },
    },
    async (req) => ({
      success: true as const,
      data: { expense: await svc.removeReceipt({ ...writer(req), id: req.params.id }) },
    }),
  );

  app.get(
    '/users/:id/cost-rate',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Costo por hora de un usuario',
        params: IdParamsSchema,
        response: { 200: successEnvelope(UserCostRateResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await getCostRate({ db: app.db, id: req.params.id }) }),
  );

  app.put(
    '/users/:id/cost-rate',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Fijar el costo por hora de un usuario',
        params: IdParamsSchema,
        body: UpdateUserCostRateRequestSchema,
        response: { 200: successEnvelope(UserCostRateResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await setCostRate({ ...writer(req), id: req.params.id, costRate: req.body.costRate }),
    }),
  );
};

export default expensesRoutes;
