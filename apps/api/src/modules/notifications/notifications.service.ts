import {
  type ListNotificationsQuerySchema,
  type ListNotificationsResponse,
  type ListOutboxResponseSchema,
  NOTIFICATIONS_READ_EVENT,
  type Notification,
  NotificationSchema,
  pageWindow,
} from '@agencia/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { emailOutbox, notifications } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { effects, type Written } from '../../lib/effects.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { ActorCall } from '../../lib/service-args.js';
import { type NotificationAction, notificationPolicy, ownNotifications } from './notifications.policy.js';

type Row = typeof notifications.$inferSelect;
const toNotification = (r: Row): Notification => ({
  _id: r.id,
  topic: NotificationSchema.shape.topic.safeParse(r.topic).data ?? 'system',
  title: r.title,
  message: r.message,
  link: r.link,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The scope of `action` for `actor`: their own notifications when the policy allows it on what
 * they own (every role today); 403 otherwise.
 */
function ownScope(actor: Actor, action: NotificationAction): SQL {
  if (!notificationPolicy.can(actor.role, action, true)) throw forbidden();
  return ownNotifications(actor);
}

/** What a mark-read pushes: `notifications:read` to the actor's other tabs (badge refresh). */
const readEffects = (actor: Actor) =>
  effects({ messages: [{ event: NOTIFICATIONS_READ_EVENT, userIds: [actor.id] }] });

/** Unread notifications of `actor`. */
export async function unreadCount({ db, actor }: ActorCall): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(ownScope(actor, 'read'), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** `GET /notifications`: one page of the actor's notifications, newest first (ties on id), plus the unread count. */
export async function listNotifications({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ListNotificationsQuerySchema>;
}): Promise<ListNotificationsResponse> {
  const { page, limit } = input;
  const cond = and(
    ownScope(actor, 'read'),
    input.unread === 'true' ? isNull(notifications.readAt) : undefined,
  );
  const rows = await db
    .select()
    .from(notifications)
    .where(cond)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(pageWindow(input).offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(notifications)
    .where(cond);
  return {
    notifications: rows.map(toNotification),
    unreadCount: await unreadCount({ db, actor }),
    pagination: { page, limit, total: count?.n ?? 0 },
  };
}

/** `PUT /notifications/read-all`: marks every unread notification of the actor read. */
export async function markAllRead({ db, actor }: ActorCall): Promise<Written<null>> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(ownScope(actor, 'markRead'), isNull(notifications.readAt)));
  return { value: null, effects: readEffects(actor) };
}

/** `PUT /notifications/{id}/read`: marks one of the actor's notifications read; 404 for another user's. */
export async function markRead({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<Written<Notification>> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), ownScope(actor, 'markRead')))
    .returning();
  if (!row) throw notFound('Notificación no encontrada');
  return { value: toNotification(row), effects: readEffects(actor) };
}

/** `GET /notifications/outbox` (admin): the newest `limit` queued emails; 403 for others. */
export async function listOutbox({
  db,
  actor,
  limit,
}: {
  db: Db;
  actor: Actor;
  limit: number;
}): Promise<z.infer<typeof ListOutboxResponseSchema>> {
  if (!notificationPolicy.can(actor.role, 'readOutbox')) throw forbidden();
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
  return {
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
  };
}
