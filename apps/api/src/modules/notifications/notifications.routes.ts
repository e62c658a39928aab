import {
  IdParamsSchema,
  ListNotificationsQuerySchema,
  ListNotificationsResponseSchema,
  ListOutboxResponseSchema,
  MessageResponseSchema,
  NOTIFICATIONS_READ_EVENT,
  NotificationSchema,
  pageWindow,
  successEnvelope,
  UnreadCountResponseSchema,
} from '@agencia/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { emailOutbox, notifications } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { actorOf } from '../../plugins/auth.js';

type Row = typeof notifications.$inferSelect;
const toNotification = (r: Row): z.infer<typeof NotificationSchema> => ({
  _id: r.id,
  topic: NotificationSchema.shape.topic.safeParse(r.topic).data ?? 'system',
  title: r.title,
  message: r.message,
  link: r.link,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * The caller's in-app notifications (bell menu): a paginated list (newest first, decision 102),
 * unread count, mark one or all read.
 * Each user only ever reaches their own rows (another user's id is a 404). Admins can also
 * read the email outbox (`GET /notifications/outbox`), useful when no SMTP is configured.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: [app.authenticate] };
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
    async (req) => {
      const actor = actorOf(req);
      const { page, limit } = req.query;
      const cond = and(
        eq(notifications.userId, actor.id),
        req.query.unread === 'true' ? isNull(notifications.readAt) : undefined,
      );
      const rows = await app.db
        .select()
        .from(notifications)
        .where(cond)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(pageWindow(req.query).offset);
      const [count] = await app.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(notifications)
        .where(cond);
      return {
        success: true as const,
        data: {
          notifications: rows.map(toNotification),
          unreadCount: await unreadCount(app.db, actor.id),
          pagination: { page, limit, total: count?.n ?? 0 },
        },
      };
    },
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
      data: { unreadCount: await unreadCount(app.db, actorOf(req).id) },
    }),
  );

  app.put(
    '/notifications/read-all',
    {
      ...auth,
      schema: { tags, summary: 'Marcar todas como leídas', response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      const actor = actorOf(req);
      await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
      app.realtime.toUser(actor.id, NOTIFICATIONS_READ_EVENT);
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
      const actor = actorOf(req);
      const [row] = await app.db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, req.params.id), eq(notifications.userId, actor.id)))
        .returning();
      if (!row) throw notFound('Notificación no encontrada');
      app.realtime.toUser(actor.id, NOTIFICATIONS_READ_EVENT);
      return { success: true as const, data: { notification: toNotification(row) } };
    },
  );

  app.get(
    '/notifications/outbox',
    {
      onRequest: [app.authenticate, app.requireRole('admin')],
      schema: {
        tags,
        summary: 'Bandeja de salida de correos (admin)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: successEnvelope(ListOutboxResponseSchema) },
      },
    },
    async (req) => {
      const rows = await app.db
        .select()
        .from(emailOutbox)
        .orderBy(desc(emailOutbox.createdAt))
        .limit(req.query.limit);
      return {
        success: true as const,
        data: {
          emails: rows.map((r) => ({
            _id: r.id,
            to: r.to,
            subject: r.subject,
            text: r.text,
            status: r.status,
            attempts: r.attempts,
            lastError: r.lastError,
            sentAt: r.sentAt ? r.sentAt.toISOString() : null,
            createdAt: r.createdAt.toISOString(),
          })),
        },
      };
    },
  );
};

export default notificationsRoutes;
