import {
  CreateSupplierRequestSchema,
  GetSupplierResponseSchema,
  IdParamsSchema,
  ListSuppliersQuerySchema,
  ListSuppliersResponseSchema,
  OptionsQuerySchema,
  SupplierOptionsResponseSchema,
  successEnvelope,
  UpdateSupplierRequestSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { expensePolicy } from './expenses.policy.js';
import * as svc from './suppliers.service.js';

/**
 * Suppliers (decision 140): admins list, create and edit them; admins and employees pick one in
 * the purchase form (`/suppliers/options`). Clients get 403 on every route.
 */
const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, roleGuard } = routeKit(app, expensePolicy);
  const admin = roleGuard('manageSuppliers');
  const pick = roleGuard('pickSupplier');
  const writer = (req: FastifyRequest) => writeCall(req);
  const tags = ['suppliers'];

  app.get(
    '/suppliers',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Proveedores (paginados)',
        querystring: ListSuppliersQuerySchema,
        response: { 200: successEnvelope(ListSuppliersResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.listSuppliers({ db: app.db, query: req.query }),
    }),
  );

  app.get(
    '/suppliers/options',
    {
      ...pick,
      schema: {
        tags,
        summary: 'Proveedores activos para un selector',
        querystring: OptionsQuerySchema,
        response: { 200: successEnvelope(SupplierOptionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await svc.supplierOptions({ db: app.db, query: req.query }),
    }),
  );

  app.get(
    '/suppliers/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Un proveedor',
        params: IdParamsSchema,
        response: { 200: successEnvelope(GetSupplierResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { supplier: svc.toSupplierDto(await svc.getSupplier({ db: app.db, id: req.params.id })) },
    }),
  );

  app.post(
    '/suppliers',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear proveedor',
        body: CreateSupplierRequestSchema,
        response: { 201: successEnvelope(GetSupplierResponseSchema) },
      },
    },
    async (req, reply) => {
      const supplier = await svc.createSupplier({ ...writer(req), input: req.body });
      reply.code(201);
      return { success: true as const, data: { supplier } };
    },
  );

  app.put(
    '/suppliers/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Editar proveedor',
        params: IdParamsSchema,
        body: UpdateSupplierRequestSchema,
        response: { 200: successEnvelope(GetSupplierResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { supplier: await svc.updateSupplier({ ...writer(req), id: req.params.id, input: req.body }) },
    }),
  );
};

export default suppliersRoutes;
