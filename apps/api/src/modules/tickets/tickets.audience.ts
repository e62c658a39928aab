import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ticketWatchers, users } from '../../db/schema/index.js';

export async function clientUserIds(db: Db | Tx, clientId: string | null): Promise<string[]> {
  if (!clientId) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'client')));
  return rows.map((r) => r.id);
}

export async function watcherIds(db: Db | Tx, ticketId: string): Promise<string[]> {
  const rows = await db
    .select({ id: ticketWatchers.userId })
    .from(ticketWatchers)
    .where(eq(ticketWatchers.ticketId, ticketId));
  return rows.map((r) => r.id);
}

export async function staffIds(db: Db | Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.role, ['admin', 'employee'])));
  return rows.map((r) => r.id);
}
