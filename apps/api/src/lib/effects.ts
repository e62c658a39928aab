import { NOTIFICATION_EVENT, type Notification, type Role } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';

/** Notifications a write stored in its transaction (what `createNotifications` returns). */
export type StoredNotifications = Array<{ userId: string; notification: Notification }>;

/**
 * One realtime message to send once the write has committed: to some users and/or to every
 * connected user holding one of the roles. `payload` is a small JSON object (screens refetch).
 */
export interface RealtimeMessage {
  event: string;
  payload?: unknown;
  userIds?: Iterable<string>;
  roles?: Role[];
}

/**
 * What a committed write pushes (decision 120): the notifications it stored, then realtime
 * messages in order. Services build it inside their transaction (where the audience is read)
 * and return it; routes call {@link publish} after commit, so a rolled-back write pushes nothing.
 */
export interface Effects {
  notifications: StoredNotifications;
  messages: RealtimeMessage[];
}

/** A service result plus what to push after commit. */
export interface Written<T> {
  value: T;
  effects: Effects;
}

/** Effects of a write: nothing yet, or the given parts. */
export function effects(parts: Partial<Effects> = {}): Effects {
  return { notifications: [...(parts.notifications ?? [])], messages: [...(parts.messages ?? [])] };
}

/** All parts in order (notifications first, then messages), as one value. */
export function mergeEffects(...parts: Effects[]): Effects {
  return {
    notifications: parts.flatMap((p) => p.notifications),
    messages: parts.flatMap((p) => p.messages),
  };
}

/**
 * Pushes committed effects: each stored notification to its user (`NOTIFICATION_EVENT`) and wakes
 * the Web Push sender, then each message to its users and roles. A user listed twice in one message gets it once.
 */
export function publish(
  app: Pick<FastifyInstance, 'realtime'> & Partial<Pick<FastifyInstance, 'pushSender'>>,
  fx: Effects,
): void {
  for (const n of fx.notifications) app.realtime.toUser(n.userId, NOTIFICATION_EVENT, n.notification);
  // Their Web Push messages were queued in the same transaction (decision 169): send them now.
  if (fx.notifications.length > 0) app.pushSender?.wake();
  for (const m of fx.messages) {
    for (const userId of new Set(m.userIds ?? [])) app.realtime.toUser(userId, m.event, m.payload);
    if (m.roles?.length) app.realtime.toRoles(m.roles, m.event, m.payload);
  }
}
