import type { Notification } from '@agencia/shared';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { type PushOutboxPayload, pushOutbox, pushSubscriptions } from '../db/schema/index.js';

/** Where a pushed notification without an in-app link opens (the portal's home). */
export const PUSH_DEFAULT_URL = '/dashboard';

/**
 * The JSON a device receives for a stored notification: its title and text, the in-app path it
 * opens (`link` when it is one, else {@link PUSH_DEFAULT_URL}), the notification's id as `tag`.
 */
export function pushPayloadOf(notification: Notification): PushOutboxPayload {
  const link = notification.link;
  return {
    title: notification.title,
    body: notification.message,
    url: link?.startsWith('/') && !link.startsWith('//') ? link : PUSH_DEFAULT_URL,
    tag: notification._id,
    topic: notification.topic,
  };
}

/**
 * Queues one Web Push message per device of each recipient (decision 169), in the caller's
 * transaction: a rolled-back action pushes nothing, and the request never waits for a push
 * service (the push sender sends the rows after commit). Two queries whatever the count.
 */
export async function queuePushes(
  db: Db | Tx,
  created: Array<{ userId: string; notification: Notification }>,
): Promise<number> {
  if (created.length === 0) return 0;
  const devices = await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(created.map((c) => c.userId))]));
  if (devices.length === 0) return 0;
  const rows = created.flatMap((c) =>
    devices
      .filter((d) => d.userId === c.userId)
      .map((d) => ({ subscriptionId: d.id, payload: pushPayloadOf(c.notification) })),
  );
  if (rows.length > 0) await db.insert(pushOutbox).values(rows);
  return rows.length;
}
