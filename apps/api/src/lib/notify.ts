import {
  NOTIFICATION_EVENT,
  type Notification,
  type NotificationTopic,
  type Role,
  topicEnabled,
} from '@agencia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { notifications, users } from '../db/schema/index.js';
import { queueEmail } from './mailer.js';
import { queuePushes } from './push-queue.js';

/** Who to notify and what to say. Recipients: explicit user ids and/or every active user of some roles. */
export interface NotifyInput {
  userIds?: string[];
  roles?: Role[];
  /** Never notify this user (usually the actor who caused the event). */
  exceptUserId?: string | null;
  topic: NotificationTopic;
  title: string;
  message: string;
  /** In-app route to open, e.g. "/tickets/{id}". */
  link?: string | null;
  /** Also queue an email to recipients whose preferences allow email. Default true. */
  email?: boolean;
  /** The ticket the notification is about: its e-mails are threaded for replies (decision 168). */
  ticket?: { id: string; number: number };
}

/**
 * Stores one notification per recipient whose preferences allow the topic, queues the
 * matching emails and the Web Push messages for each recipient's devices (decision 169), and
 * returns what to push over the socket. Call inside the service's transaction, then
 * {@link pushNotifications} after commit so nothing is pushed for a rolled-back action.
 */
export async function createNotifications(
  db: Db | Tx,
  input: NotifyInput,
): Promise<Array<{ userId: string; notification: Notification }>> {
  const conditions = [];
  if (input.userIds?.length) conditions.push(inArray(users.id, input.userIds));
  if (input.roles?.length) conditions.push(inArray(users.role, input.roles));
  if (conditions.length === 0) return [];
  const recipients = new Map<string, { id: string; email: string; prefs: Record<string, unknown> | null }>();
  for (const cond of conditions) {
    const rows = await db
      .select({ id: users.id, email: users.email, prefs: users.notificationPrefs })
      .from(users)
      .where(and(cond, eq(users.status, 'active')));
    for (const r of rows) recipients.set(r.id, r);
  }
  if (input.exceptUserId) recipients.delete(input.exceptUserId);
  const out: Array<{ userId: string; notification: Notification }> = [];
  for (const r of recipients.values()) {
    const prefs = r.prefs as Parameters<typeof topicEnabled>[0];
    if (!topicEnabled(prefs, input.topic)) continue;
    const [row] = await db
      .insert(notifications)
      .values({
        userId: r.id,
        topic: input.topic,
        title: input.title,
        message: input.message,
        link: input.link ?? null,
      })
      .returning();
    if (input.email !== false && (prefs?.emailNotifications ?? true)) {
      await queueEmail(db, {
        to: r.email,
        subject: input.title,
        text: `${input.message}\n`,
        ticket: input.ticket,
      });
    }
    out.push({
      userId: r.id,
      notification: {
        _id: row!.id,
        topic: input.topic,
        title: row!.title,
        message: row!.message,
        link: row!.link,
        readAt: null,
        createdAt: row!.createdAt.toISOString(),
      },
    });
  }
  await queuePushes(db, out);
  return out;
}

/**
 * Pushes stored notifications over socket.io (event `notification`) to their recipients, and wakes
 * the Web Push sender for the device messages queued with them.
 */
export function pushNotifications(
  app: FastifyInstance,
  created: Array<{ userId: string; notification: Notification }>,
): void {
  for (const c of created) app.realtime.toUser(c.userId, NOTIFICATION_EVENT, c.notification);
  if (created.length > 0) app.pushSender?.wake();
}

/** Convenience outside a transaction: store + push in one call. */
export async function notify(app: FastifyInstance, input: NotifyInput): Promise<number> {
  const created = await createNotifications(app.db, input);
  pushNotifications(app, created);
  return created.length;
}
