import { TICKET_EVENTS } from '@agencia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ticketWatchers, users } from '../../db/schema/index.js';
import { type Effects, effects, type StoredNotifications } from '../../lib/effects.js';
import { TICKET_STAFF_ROLES } from './tickets.policy.js';

/** User ids of a ticket's client (its portal users; none for a ticket without client). */
export async function clientUserIds(db: Db | Tx, clientId: string | null): Promise<string[]> {
  if (!clientId) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'client')));
  return rows.map((r) => r.id);
}

/** User ids watching a ticket. */
export async function watcherIds(db: Db | Tx, ticketId: string): Promise<string[]> {
  const rows = await db
    .select({ id: ticketWatchers.userId })
    .from(ticketWatchers)
    .where(eq(ticketWatchers.ticketId, ticketId));
  return rows.map((r) => r.id);
}

/** The staff users (support roles) among `ids`. */
export async function staffIds(db: Db | Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.role, TICKET_STAFF_ROLES)));
  return rows.map((r) => r.id);
}

/**
 * What a ticket write pushes after commit (decision 120): the stored `notifications`, then
 * `event` (`{ ticketId }`; default `ticket:updated`) and `nav:badges` to the support roles and,
 * unless the change is staff-only (`visibleToClient: false`: internal note, time log), to the
 * portal users of the ticket's client. Call inside the write's transaction.
 */
export async function ticketEffects(
  tx: Db | Tx,
  change: {
    ticketId: string;
    clientId: string | null;
    visibleToClient: boolean;
    event?: string;
    notifications?: StoredNotifications;
  },
): Promise<Effects> {
  const clientUsers = change.visibleToClient ? await clientUserIds(tx, change.clientId) : [];
  const roles = TICKET_STAFF_ROLES;
  return effects({
    notifications: change.notifications,
    messages: [
      {
        event: change.event ?? TICKET_EVENTS.updated,
        payload: { ticketId: change.ticketId },
        userIds: clientUsers,
        roles,
      },
      { event: 'nav:badges', userIds: clientUsers, roles },
    ],
  });
}
