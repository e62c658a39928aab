import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { projectMembers, projects } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';
import { belongsToClient } from '../users/users.policy.js';

/**
 * What a signed-in user may do with their own account (decisions 066 and 121). Profile,
 * password, preferences and sessions are every user's own and need no cell (each query is scoped
 * to the caller). "Own" here: for deleting, the caller's own account; for the profile's project
 * counter, the projects the caller is involved in ({@link profileProjectScope}).
 *
 * | action                               | admin | employee              | client               |
 * |--------------------------------------|-------|-----------------------|----------------------|
 * | delete own account (anonymise)       | no    | no                    | own                  |
 * | projects counted in profile stats    | all   | own (creator or team) | own (client record)  |
 */
export const accountPolicy = definePolicy({
  deleteOwnAccount: { admin: false, employee: false, client: 'own' },
  countProjects: { admin: true, employee: 'own', client: 'own' },
});

/** An action of {@link accountPolicy}. */
export type AccountAction = keyof typeof accountPolicy.table;

/**
 * Row scope of the profile's project counter: the live projects `actor` counts — all of them
 * when `countProjects` is `true` for the role; otherwise its own: for a client user those of its
 * client record (none without one), for staff those it created or is on the team of.
 */
export function profileProjectScope(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): SQL {
  const live = isNull(projects.deletedAt);
  if (accountPolicy.can(actor.role, 'countProjects')) return live;
  if (belongsToClient(actor.role))
    return and(live, actor.clientId ? eq(projects.clientId, actor.clientId) : sql`false`)!;
  return and(
    live,
    or(
      eq(projects.createdBy, actor.id),
      sql`exists (select 1 from ${projectMembers} pm where pm.project_id = ${projects.id} and pm.user_id = ${actor.id})`,
    ),
  )!;
}
