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
import type { ActorCall } from '../../lib/service-args.js';
import {
  clientVisibleMoney,
  countersServe,
  type ProjectCountRow,
  projectCountRows,
} from '../projects/project-counts.js';
import { visibleProjects } from '../projects/projects.policy.js';
import { selectSummaries } from '../projects/projects.queries.js';
import { dashboardTicketStats, ticketResolution } from '../tickets/tickets.stats.js';
import { dashboardPolicy, QUICK_ACTIONS_BY_ROLE, visibleActivities } from './dashboard.policy.js';

/**
 * `GET /dashboard/stats` (spec doc 2 §3). One read per block over what the caller may see (the
 * stat counters for projects of admins and clients and for tickets, decision 122; an aggregate
 * over an employee's team projects); `clients` for admins only; ticket figures from the tickets
 * module's read model.
 */
export async function getDashboardStats({ db, actor }: ActorCall): Promise<DashboardStats> {
  // Admins and clients: the project counters (decision 122); employees: their team's projects.
  const [p] = countersServe(actor)
    ? [projectTotals(await projectCountRows(db, actor))]
    : await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${inArray(projects.status, [...ACTIVE_PROJECT_STATUSES])}))::int`,
          budgetCents: sql<string>`coalesce(sum(${projects.approvedBudgetCents}), 0)::text`,
          avgProgress: sql<number>`coalesce(round(avg(${projects.progressPercentage})), 0)::int`,
        })
        .from(projects)
        .where(visibleProjects(actor));
  // A client's budget leaves out the projects whose budget is hidden from it (decision 145).
  const budgetCents =
    actor.role === 'client' ? (await clientVisibleMoney(db, actor)).budgetCents : Number(p?.budgetCents ?? 0);
  const stats: DashboardStats = {
    projects: {
      totalProjects: Number(p?.total ?? 0),
      activeProjects: Number(p?.active ?? 0),
      totalBudget: fromCents(budgetCents),
      avgProgress: Number(p?.avgProgress ?? 0),
    },
    tickets: await dashboardTicketStats(db, actor),
  };
  if (dashboardPolicy.can(actor.role, 'readClientStats')) {
    // "registered" = client records with at least one portal account.
    const [c] = await db
      .select({
        total: sql<number>`count(*)::int`,
        // Qualified by hand: Drizzle leaves columns unqualified in the select list of a one-table query.
        registered: sql<number>`(count(*) filter (where exists (select 1 from "users" u where u.client_id = "clients"."id" and u.role = 'client')))::int`,
      })
      .from(clients)
      .where(isNull(clients.archivedAt));
    stats.clients = { total: Number(c?.total ?? 0), registered: Number(c?.registered ?? 0) };
  }
  return stats;
}

/**
 * The dashboard's project block from per-status counter rows: total, active, budget (centavos)
 * and the average progress rounded half away from zero, as SQL `round(avg(…))` does.
 */
function projectTotals(rows: ProjectCountRow[]) {
  const total = rows.reduce((a, r) => a + r.n, 0);
  const progress = rows.reduce((a, r) => a + r.progressSum, 0);
  return {
    total,
    active: rows
      .filter((r) => (ACTIVE_PROJECT_STATUSES as readonly string[]).includes(r.status))
      .reduce((a, r) => a + r.n, 0),
    budgetCents: String(rows.reduce((a, r) => a + r.budgetCents, 0)),
    avgProgress: total ? Math.round(progress / total) : 0,
  };
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
