import {
  IdParamsSchema,
  ListNotificationsQuerySchema,
  ListNotificationsResponseSchema,
  ListOutboxResponseSchema,
  MessageResponseSchema,
  NotificationSchema,
  successEnvelope,
  UnreadCountResponseSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publish } from '../../lib/effects.js';
import { routeKit } from '../../lib/route-kit.js';
import { notificationPolicy } from './notifications.policy.js';
import {
  listNotifications,
  listOutbox,
  markAllRead,
  markRead,
  unreadCount,
} from './notifications.service.js';

/**
 * The caller's in-app notifications (bell menu): a paginated list (newest first, decision 102),
 * unread count, mark one or all read.
 * Each user only ever reaches their own rows (another user's id is a 404). Admins can also
 * read the email outbox (`GET /notifications/outbox`), useful when no SMTP is configured.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, roleGuard, signedIn } = routeKit(app, notificationPolicy);
  const auth = signedIn;
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mis notificaciones',
        querystring: ListNotificationsQuerySchema,
        response: { 200: successEnvelope(ListNotificationsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listNotifications({ ...call(req), input: req.query }),
    }),
  );

  app.get(
    '/notifications/unread-count',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Cantidad sin leer',
        response: { 200: successEnvelope(UnreadCountResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { unreadCount: await unreadCount(call(req)) },
    }),
  );

  app.put(
    '/notifications/read-all',
    {
      ...auth,
      schema: { tags, summary: 'Marcar todas como leídas', response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      publish(app, (await markAllRead(call(req))).effects);
      return { success: true as const, message: 'Notificaciones marcadas como leídas' };
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Marcar como leída',
        params: IdParamsSchema,
        response: { 200: successEnvelope(z.object({ notification: NotificationSchema })) },
      },
    },
    async (req) => {
      const result = await markRead({ ...call(req), id: req.params.id });
      publish(app, result.effects);
      return { success: true as const, data: { notification: result.value } };
    },
  );

  app.get(
    '/notifications/outbox',
    {
      ...roleGuard('readOutbox'),
      schema: {
        tags,
        summary: 'Bandeja de salida de correos (admin)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: successEnvelope(ListOutboxResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listOutbox({ ...call(req), limit: req.query.limit }),
    }),
  );
};

export default notificationsRoutes;
