import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clients, projects, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { calendarPolicy } from './calendar.policy.js';

/* Rules of an event write: who may be invited, and which client and project it may belong to. */

/**
 * Checks attendee ids: active users; a client may only invite staff and users of its own
 * client record. Returns the unique ids without the organizer.
 */
export async function checkAttendees(
  db: Db | Tx,
  actor: Actor,
  ids: string[],
  organizerId: string,
): Promise<string[]> {
  const unique = [...new Set(ids)].filter((id) => id !== organizerId);
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: users.id, role: users.role, clientId: users.clientId })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.status, 'active')));
  const anyClient = calendarPolicy.can(actor.role, 'inviteAnyClient');
  const allowed = rows.filter((u) => anyClient || u.role !== 'client' || u.clientId === actor.clientId);
  if (allowed.length !== unique.length)
    throw badRequest('Algún asistente no existe o no puede ser invitado', [
      { field: 'attendees', message: 'Asistente inválido' },
    ]);
  return unique;
}

/**
 * The client record an event belongs to: the given one (400 when unknown) or the project's.
 * Roles that may not link any client (clients) always get their own (403 for another).
 */
export async function checkLinks(
  db: Db | Tx,
  actor: Actor,
  projectId?: string | null,
  clientId?: string | null,
) {
  const anyClient = calendarPolicy.can(actor.role, 'linkAnyClient');
  let client = clientId ?? null;
  if (!anyClient) {
    if (client && client !== actor.clientId) throw forbidden();
    client = actor.clientId;
  } else if (client) {
    const [c] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, client)).limit(1);
    if (!c) throw badRequest('El cliente no existe', [{ field: 'clientId', message: 'Cliente inválido' }]);
  }
  if (projectId) {
    const [p] = await db
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .limit(1);
    if (!p || (!anyClient && p.clientId !== actor.clientId))
      throw badRequest('El proyecto no existe', [{ field: 'projectId', message: 'Proyecto inválido' }]);
    client ??= p.clientId;
  }
  return client;
}
