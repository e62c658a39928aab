import { eq, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with in-app notifications (decision 121). "Own" means a notification addressed
 * to the actor ({@link ownNotifications}): every user reads and marks only their own (another
 * user's id answers 404). The email outbox is an admin tool (useful without SMTP).
 *
 * | action                       | admin | employee | client |
 * |------------------------------|-------|----------|--------|
 * | list / count / mark read     | own   | own      | own    |
 * | read the email outbox        | yes   | no       | no     |
 */
export const notificationPolicy = definePolicy({
  read: { admin: 'own', employee: 'own', client: 'own' },
  markRead: { admin: 'own', employee: 'own', client: 'own' },
  readOutbox: { admin: true, employee: false, client: false },
});

/** An action of {@link notificationPolicy}. */
export type NotificationAction = keyof typeof notificationPolicy.table;

/** Row scope: the notifications addressed to `actor` (the `'own'` of {@link notificationPolicy}). */
export function ownNotifications(actor: Pick<Actor, 'id'>): SQL {
  return eq(notifications.userId, actor.id);
}
