import type { QuickAction, Role } from '@agencia/shared';
import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { activities, projectMembers } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * What each role gets on the dashboard (decision records 033 and 121). Project figures follow the
 * projects scope (`visibleProjects`), ticket figures the tickets read model.
 *
 * | action                         | admin | employee                          | client                           |
 * |--------------------------------|-------|-----------------------------------|----------------------------------|
 * | clients block of the stats     | yes   | no                                | no                               |
 * | activity feed                  | all   | own actions + own team's projects | own client's, not internal       |
 * | quick actions                  | {@link QUICK_ACTIONS_BY_ROLE}, then filtered by permission (decision 070)            |
 */
export const dashboardPolicy = definePolicy({
  /** The clients block of `GET /dashboard/stats` (client records, registered ones). */
  readClientStats: { admin: true, employee: false, client: false },
  /** Every activity entry, internal ones included (others: the scope {@link visibleActivities}). */
  readAllActivity: { admin: true, employee: false, client: false },
});

/** The actions of {@link dashboardPolicy}. */
export type DashboardAction = keyof typeof dashboardPolicy.table;

/** How each role's activity feed is scoped when it may not read all of it (decision 033). */
const ACTIVITY_SCOPES: Record<Role, (actor: Pick<Actor, 'id' | 'clientId'>) => SQL> = {
  admin: () => sql`true`,
  employee: (actor) =>
    or(
      eq(activities.actorId, actor.id),
      and(
        isNotNull(activities.projectId),
        sql`${activities.projectId} in (select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${actor.id})`,
      ),
    ) as SQL,
  client: (actor) =>
    actor.clientId
      ? (and(eq(activities.clientId, actor.clientId), eq(activities.isInternal, false)) as SQL)
      : sql`false`,
};

/**
 * Entries of the activity feed `actor` may read (decision record 033): admins all; employees
 * their own actions and entries of the projects they are on; clients the non-internal entries of
 * their own client record.
 */
export function visibleActivities(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): SQL {
  if (dashboardPolicy.can(actor.role, 'readAllActivity')) return sql`true`;
  return ACTIVITY_SCOPES[actor.role](actor);
}

/**
 * The dashboard shortcuts of each role, in display order (ids of QUICK_ACTION_IDS; the web maps
 * them to routes or modals). Clients also get 'Mis Facturas' (decision 074).
 */
export const QUICK_ACTIONS_BY_ROLE: Readonly<Record<Role, readonly QuickAction[]>> = {
  admin: [
    { id: 'new-project', title: 'Nuevo Proyecto' },
    { id: 'new-ticket', title: 'Nuevo Ticket' },
    { id: 'new-client', title: 'Nuevo Cliente' },
    { id: 'new-invoice', title: 'Nueva Factura' },
    { id: 'view-reports', title: 'Ver Reportes' },
  ],
  employee: [
    { id: 'view-projects', title: 'Mis Proyectos' },
    { id: 'log-time', title: 'Registrar Tiempo' },
    { id: 'view-tickets', title: 'Ver Tickets' },
    { id: 'view-calendar', title: 'Ver Calendario' },
  ],
  client: [
    { id: 'new-ticket', title: 'Solicitar Soporte' },
    { id: 'view-projects', title: 'Mis Proyectos' },
    { id: 'view-invoices', title: 'Mis Facturas' },
    { id: 'view-calendar', title: 'Ver Calendario' },
  ],
};
