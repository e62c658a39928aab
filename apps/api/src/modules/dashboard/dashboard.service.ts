import {
  ACTIVE_PROJECT_STATUSES,
  type ActivityEntry,
  type DashboardStats,
  fromCents,
  hasPermission,
  type Permission,
  PROJECT_STATUSES,
  type ProjectProgress,
  type ProjectSummary,
  type QuickAction,
  type TicketResolution,
} from '@agencia/shared';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, clients, projects, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { actorPlaceholders, preparedStatement } from '../../lib/prepared.js';
import type { ActorCall } from '../../lib/service-args.js';
import { countersServe, projectCountRows, projectTotalsSubquery } from '../projects/project-counts.js';
import { projectPolicy, visibleProjects } from '../projects/projects.policy.js';
import { selectSummaries } from '../projects/projects.queries.js';
import { ticketTotalsSubquery } from '../tickets/ticket-counts.js';
import { ticketResolution } from '../tickets/tickets.stats.js';
import { dashboardPolicy, QUICK_ACTIONS_BY_ROLE, visibleActivities } from './dashboard.policy.js';

/**
 * The dashboard stats as one statement (decision 154): the project block, the ticket block and,
 * for roles that read client stats, the clients block, each a one-row aggregate sub-select,
 * cross-joined into one row. Built for a shape of caller — its role and whether it has a client
 * record — with the caller's ids as placeholders (`actorId`, `actorClientId`), and prepared
 * (a named statement on PostgreSQL).
 */
function buildStatsStatement(db: Db, params: Pick<Actor, 'id' | 'role' | 'clientId'>, name: string) {
  const role = params.role;
  const p = projectTotalsSubquery(db, params, 'p');
  const t = ticketTotalsSubquery(db, params, 't');
  const c = db
    .select({
      total: sql<number>`count(*)::int`.as('clients_total'),
      // "registered" = client records with at least one portal account. Qualified by hand:
      // Drizzle leaves columns unqualified in the select list of a one-table query.
      registered:
        sql<number>`(count(*) filter (where exists (select 1 from "users" u where u.client_id = "clients"."id" and u.role = 'client')))::int`.as(
          'clients_registered',
        ),
    })
    .from(clients)
    .where(isNull(clients.archivedAt))
    .as('c');
  const withClients = dashboardPolicy.can(role, 'readClientStats');
  const query = db
    .select({
      projectsTotal: p.total,
      projectsActive: p.active,
      budgetCents: p.budgetCents,
      progressSum: p.progressSum,
      visibleBudgetCents: p.visibleBudgetCents,
      ticketsTotal: t.total,
      ticketsActive: t.active,
      clientsTotal: withClients ? c.total : sql<number | null>`null::int`,
      clientsRegistered: withClients ? c.registered : sql<number | null>`null::int`,
    })
    .from(p)
    .crossJoin(t)
    .$dynamic();
  return (withClients ? query.crossJoin(c) : query).prepare(name);
}

/**
 * `GET /dashboard/stats` (spec doc 2 §3) over what the caller may see, in one prepared statement
 * (decision 154): the project counters for admins and clients (decision 122), an aggregate over an
 * employee's team projects; a client's budget only over the projects whose budget it may see
 * (decision 145); ticket figures from the ticket counters; `clients` for admins only
 * ("registered" = client records with at least one portal account).
 */
export async function getDashboardStats({ db, actor }: ActorCall): Promise<DashboardStats> {
  const { stand, shape, values } = actorPlaceholders(actor);
  const statement = preparedStatement(db, `dashboard_stats_${shape}`, (name) =>
    buildStatsStatement(db, stand, name),
  );
  const [row] = await statement.execute(values);
  const total = Number(row?.projectsTotal ?? 0);
  const progressSum = Number(row?.progressSum ?? 0);
  const stats: DashboardStats = {
    projects: {
      totalProjects: total,
      activeProjects: Number(row?.projectsActive ?? 0),
      totalBudget: fromCents(
        Number(
          (projectPolicy.can(actor.role, 'readHiddenBudget') ? row?.budgetCents : row?.visibleBudgetCents) ??
            0,
        ),
      ),
      // round(avg(progress)): half away from zero, as SQL rounds (progress is never negative).
      avgProgress: total ? Math.round(progressSum / total) : 0,
    },
    tickets: { totalTickets: Number(row?.ticketsTotal ?? 0), openTickets: Number(row?.ticketsActive ?? 0) },
  };
  if (row && row.clientsTotal !== null && row.clientsRegistered !== null)
    stats.clients = { total: Number(row.clientsTotal), registered: Number(row.clientsRegistered) };
  return stats;
}

/** `GET /dashboard/recent-projects?limit`: the visible projects with the latest activity. */
export function getRecentProjects({
  db,
  actor,
  limit,
}: {
  db: Db;
  actor: Actor;
  limit: number;
}): Promise<ProjectSummary[]> {
  return selectSummaries({ db, actor, orderBy: [desc(projects.updatedAt)], limit });
}

/** `GET /dashboard/activity?days`: newest first, at most 50 entries of the last `days` days. */
export async function getActivity({
  db,
  actor,
  days,
}: {
  db: Db;
  actor: Actor;
  days: number;
}): Promise<ActivityEntry[]> {
  const since = new Date(Date.now() - days * 86_400_000);
  const rows = await db
    .select({
      id: activities.id,
      type: activities.type,
      title: activities.title,
      entityType: activities.entityType,
      entityId: activities.entityId,
      projectId: activities.projectId,
      createdAt: activities.createdAt,
      actorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.actorId))
    .where(and(gte(activities.createdAt, since), visibleActivities(actor)))
    .orderBy(desc(activities.createdAt))
    .limit(50);
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    title: r.title,
    entityType: r.entityType,
    entityId: r.entityId,
    projectId: r.projectId,
    actor: r.actorId ? { _id: r.actorId, firstName: r.firstName!, lastName: r.lastName! } : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** `GET /dashboard/project-progress`: up to 8 active projects (nearest deadline first) and counts per status. */
export async function getProjectProgress({ db, actor }: ActorCall): Promise<ProjectProgress> {
  const active = await db
    .select({
      id: projects.id,
      title: projects.title,
      status: projects.status,
      progressPercentage: projects.progressPercentage,
      estimatedEndDate: projects.estimatedEndDate,
    })
    .from(projects)
    .where(and(visibleProjects(actor), inArray(projects.status, [...ACTIVE_PROJECT_STATUSES])))
    .orderBy(sql`${projects.estimatedEndDate} asc nulls last`, asc(projects.title))
    .limit(8);
  // Per status: the counters for admins and clients (decision 122), a `group by` for employees.
  const counts = countersServe(actor)
    ? (await projectCountRows(db, actor)).map((r) => ({ status: r.status, count: r.n }))
    : await db
        .select({ status: projects.status, count: sql<number>`count(*)::int` })
        .from(projects)
        .where(visibleProjects(actor))
        .groupBy(projects.status);
  const byCount = new Map(counts.map((c) => [c.status, Number(c.count)]));
  return {
    projects: active.map((p) => ({
      _id: p.id,
      title: p.title,
      status: p.status,
      progressPercentage: p.progressPercentage,
      estimatedEndDate: p.estimatedEndDate,
    })),
    byStatus: PROJECT_STATUSES.map((status) => ({ status, count: byCount.get(status) ?? 0 })),
  };
}

/** `GET /dashboard/ticket-resolution?days`: opened/resolved per day over what the actor may see. */
export function getTicketResolution({
  db,
  actor,
  days,
}: {
  db: Db;
  actor: Actor;
  days: number;
}): Promise<TicketResolution> {
  return ticketResolution(db, actor, days);
}

/** The permission each quick action needs (decision 070): an action the user cannot use is hidden. */
const QUICK_ACTION_PERMISSIONS: Record<string, Permission> = {
  'new-project': 'projects.write',
  'new-ticket': 'tickets.write',
  'new-client': 'clients.write',
  'new-invoice': 'invoices.write',
  'new-event': 'calendar.write',
  'view-projects': 'projects.read',
  'view-tickets': 'tickets.read',
  'view-calendar': 'calendar.read',
  'view-reports': 'reports.read',
  'view-invoices': 'invoices.read',
  'log-time': 'projects.write',
};

/**
 * `GET /dashboard/quick-actions`: what the caller can start from the dashboard, decided by
 * role (ids of QUICK_ACTION_IDS; the web maps them to routes or modals) and filtered by the
 * caller's permissions. Clients also get 'Mis Facturas' (decision 074).
 */
export function getQuickActions({ actor }: { actor: Actor }): QuickAction[] {
  return QUICK_ACTIONS_BY_ROLE[actor.role].filter((a) => {
    const permission = QUICK_ACTION_PERMISSIONS[a.id];
    return !permission || hasPermission(actor, permission);
  });
}
