import type { ProjectStatus } from '@agencia/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { clients, type projects, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { todayInAgency } from './projects.queries.js';

/* Rules of a project write (create and update): who may be linked, and what a status move implies. */

/** The client must exist and not be archived (400 on `clientId` otherwise). */
export async function assertClientExists(db: Db | Tx, clientId: string) {
  const [c] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.archivedAt)))
    .limit(1);
  if (!c) throw badRequest('El cliente no existe', [{ field: 'clientId', message: 'El cliente no existe' }]);
}

/** Team members must be active staff (admin or employee); 400 on `team` otherwise. */
export async function assertStaff(db: Db | Tx, userIds: string[]) {
  if (!userIds.length) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(users.id, userIds), inArray(users.role, ['admin', 'employee']), eq(users.status, 'active')),
    );
  if (rows.length !== new Set(userIds).size) {
    throw badRequest('El equipo solo puede incluir personal activo de la agencia', [
      { field: 'team', message: 'Miembro inválido' },
    ]);
  }
}

/** Status side effects: completed → progress 100 and actual end today; leaving completed clears it. */
export function statusSideEffects(from: ProjectStatus | null, to: ProjectStatus, startDate: string | null) {
  const patch: Partial<typeof projects.$inferInsert> = {};
  if (to === 'completed') {
    patch.progressPercentage = 100;
    patch.actualEndDate = todayInAgency();
  } else if (from === 'completed') {
    patch.actualEndDate = null;
  }
  if (to === 'in_progress' && !startDate) patch.startDate = todayInAgency();
  return patch;
}
