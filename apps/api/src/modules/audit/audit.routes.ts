import { ListAuditQuerySchema, ListAuditResponseSchema, successEnvelope } from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { AUDIT_PERMISSIONS, auditPolicy } from './audit.policy.js';
import { listAudit } from './audit.service.js';

/** `GET /audit`: the audit log, filtered and paged (admin with `audit.read`). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard } = routeKit(app, auditPolicy);
  app.get(
    '/audit',
    {
      ...guard(AUDIT_PERMISSIONS.read, 'read'),
      schema: {
        tags: ['audit'],
        summary: 'Registro de auditoría',
        querystring: ListAuditQuerySchema,
        response: { 200: successEnvelope(ListAuditResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await listAudit({ db: app.db, f: req.query }) }),
  );
};

export default auditRoutes;
