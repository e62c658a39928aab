import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';

/**
 * The admin a scheduled job acts for (decision 110): `preferredId` when that user is still an
 * active admin (a retainer's creator), else the oldest active admin. Invoice history then shows
 * that admin, with a note saying the step was automatic. Null when there is no active admin.
 */
export async function jobActor(db: Db | Tx, preferredId?: string | null): Promise<Actor | null> {
  const active = and(eq(users.role, 'admin'), eq(users.status, 'active'));
  const rows = preferredId
    ? await db
        .select()
        .from(users)
        .where(and(active, eq(users.id, preferredId)))
        .limit(1)
    : [];
  const [user] = rows.length
    ? rows
    : await db.select().from(users).where(active).orderBy(asc(users.createdAt)).limit(1);
  if (!user) return null;
  return {
    id: user.id,
    role: 'admin',
    clientId: null,
    sessionId: 'scheduled-job',
    permissions: null,
    firstName: user.firstName,
    lastName: user.lastName,
    mustChangePassword: false,
  };
}
