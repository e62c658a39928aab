import {
  CreateUserRequestSchema,
  GetUserResponseSchema,
  IdParamsSchema,
  ListAuditResponseSchema,
  ListOptionsResponseSchema,
  ListUsersQuerySchema,
  ListUsersResponseSchema,
  MessageResponseSchema,
  pageQueryFields,
  ResetPasswordResponseSchema,
  successEnvelope,
  UpdateUserRequestSchema,
  UpdateUserStatusRequestSchema,
  UserOptionsQuerySchema,
  UserStatsSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeKit } from '../../lib/route-kit.js';
import { AUDIT_PERMISSIONS, auditPolicy } from '../audit/audit.policy.js';
import { listAudit } from '../audit/audit.service.js';
import { userPolicy } from './users.policy.js';
import * as service from './users.service.js';

/**
 * Users administration (spec doc 2 §7 Users). Admin only: the role check and the
 * `users.read` / `users.write` permission (decision 061); everyone else gets 403.
 */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard, roleGuard } = routeKit(app, userPolicy);
  // Roles from the policy table (decision 121), permissions per decision 061.
  const read = guard('users.read', 'read');
  const write = guard('users.write', 'manage');
  // A user's activity is audit log: the audit policy and permission guard it.
  const readActivity = routeKit(app, auditPolicy).guard(AUDIT_PERMISSIONS.read, 'read');
  const userEnvelope = successEnvelope(GetUserResponseSchema);

  app.get(
    '/users',
    {
      ...read,
      schema: {
        tags: ['users'],
        summary: 'Listar usuarios',
        querystring: ListUsersQuerySchema,
        response: { 200: successEnvelope(ListUsersResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.listUsers({ ...call(req), query: req.query }),
    }),
  );

  app.get(
    '/users/options',
    {
      ...roleGuard('pickStaff'),
      schema: {
        tags: ['users'],
        summary: 'Buscar usuarios activos para un selector (personal; clientes solo admin)',
        querystring: UserOptionsQuerySchema,
        response: { 200: successEnvelope(ListOptionsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { options: await service.listUserOptions({ ...call(req), query: req.query }) },
    }),
  );

  app.get(
    '/users/stats',
    {
      ...read,
      schema: {
        tags: ['users'],
        summary: 'Estadísticas de usuarios',
        response: { 200: successEnvelope(UserStatsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await service.getUserStats(call(req)),
    }),
  );

  app.get(
    '/users/:id',
    {
      ...read,
      schema: {
        tags: ['users'],
        summary: 'Detalle de usuario',
        params: IdParamsSchema,
        response: { 200: userEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { user: await service.getUser({ ...call(req), id: req.params.id }) },
    }),
  );

  app.get(
    '/users/:id/activity',
    {
      ...readActivity,
      schema: {
        tags: ['users'],
        summary: 'Actividad del usuario (registro de auditoría)',
        params: IdParamsSchema,
        querystring: z.object(pageQueryFields()),
        response: { 200: successEnvelope(ListAuditResponseSchema) },
      },
    },
    async (req) => {
      await service.getUser({ ...call(req), id: req.params.id });
      return {
        success: true as const,
        data: await listAudit({ db: app.db, f: { ...req.query, involving: req.params.id } }),
      };
    },
  );

  app.post(
    '/users',
    {
      ...write,
      schema: {
        tags: ['users'],
        summary: 'Crear usuario',
        body: CreateUserRequestSchema,
        response: { 201: userEnvelope },
      },
    },
    async (req, reply) => {
      const user = await service.createUser({
        ...writeCall(req),
        input: req.body,
      });
      reply.code(201);
      return { success: true as const, data: { user } };
    },
  );

  app.put(
    '/users/:id',
    {
      ...write,
      schema: {
        tags: ['users'],
        summary: 'Actualizar usuario',
        params: IdParamsSchema,
        body: UpdateUserRequestSchema,
        response: { 200: userEnvelope },
      },
    },
    async (req) => {
      const user = await service.updateUser({
        ...writeCall(req),
        id: req.params.id,
        input: req.body,
      });
      app.realtime.userUpdated({ id: user._id, role: user.role, active: user.status === 'active' });
      return { success: true as const, data: { user } };
    },
  );

  app.patch(
    '/users/:id/status',
    {
      ...write,
      schema: {
        tags: ['users'],
        summary: 'Cambiar el estado (desactivar cierra sus sesiones)',
        params: IdParamsSchema,
        body: UpdateUserStatusRequestSchema,
        response: { 200: userEnvelope },
      },
    },
    async (req) => {
      const user = await service.updateUser({
        ...writeCall(req),
        id: req.params.id,
        input: { status: req.body.status },
      });
      app.realtime.userUpdated({ id: user._id, role: user.role, active: user.status === 'active' });
      return { success: true as const, data: { user } };
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      ...write,
      schema: {
        tags: ['users'],
        summary: 'Restablecer contraseña (genera una temporal)',
        description:
          'El cuerpo se ignora: el servidor genera una contraseña temporal, la devuelve una vez y obliga a cambiarla.',
        params: IdParamsSchema,
        response: { 200: successEnvelope(ResetPasswordResponseSchema) },
      },
    },
    async (req) => {
      const temporaryPassword = await service.resetPassword({
        ...writeCall(req),
        id: req.params.id,
      });
      // Every session is revoked: open sockets go too (the browser then finds itself signed out).
      app.realtime.userUpdated({ id: req.params.id, active: false });
      return { success: true as const, data: { temporaryPassword } };
    },
  );

  app.delete(
    '/users/:id',
    {
      ...write,
      schema: {
        tags: ['users'],
        summary: 'Eliminar usuario',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.deleteUser({ ...writeCall(req), id: req.params.id });
      app.realtime.userUpdated({ id: req.params.id, active: false });
      return { success: true as const, message: 'Usuario eliminado' };
    },
  );
};

export default usersRoutes;
