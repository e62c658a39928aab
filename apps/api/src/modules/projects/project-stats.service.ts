import {
  ACTIVE_PROJECT_STATUSES,
  fromCents,
  PROJECT_STATUSES,
  type ProjectStats,
  type ProjectStatus,
} from '@agencia/shared';
import { sql } from 'drizzle-orm';
import { projects } from '../../db/schema/index.js';
import type { ActorCall } from '../../lib/service-args.js';
import { clientVisibleMoney, countedProjectStats, countersServe } from './project-counts.js';
import { projectPolicy, visibleProjects } from './projects.policy.js';
import { todayInAgency } from './projects.queries.js';

/* `GET /projects/stats`: the projects dashboard's aggregates (the counters live in project-counts.ts). */

/**
 * `GET /projects/stats`: aggregates over the visible projects. Admins and clients: the counters
 * kept by the writes plus an index-only count of the overdue ones (decision 122); employees (team
 * scope): one aggregate over their projects. `overdue` = not final and estimated end date before
 * today. Money in major units; a client's sums leave out the projects whose budget is hidden from
 * it (decision 145).
 */
export async function getProjectStats({ db, actor }: ActorCall): Promise<ProjectStats> {
  const today = todayInAgency();
  const rows = countersServe(actor)
    ? await countedProjectStats(db, actor, today)
    : await db
        .select({
          status: projects.status,
          n: sql<number>`count(*)::int`,
          budget: sql<string>`coalesce(sum(${projects.approvedBudgetCents}), 0)::text`,
          spent: sql<string>`coalesce(sum(${projects.spentCents}), 0)::text`,
          progress: sql<number>`coalesce(sum(${projects.progressPercentage}), 0)::int`,
          overdue: sql<number>`(count(*) filter (where ${projects.estimatedEndDate} < ${today}::date and ${projects.status} not in ('completed','cancelled')))::int`,
        })
        .from(projects)
        .where(visibleProjects(actor))
        .groupBy(projects.status);
  const byStatus = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as Record<ProjectStatus, number>;
  let total = 0;
  let budget = 0;
  let spent = 0;
  let progress = 0;
  let overdue = 0;
  for (const r of rows) {
    byStatus[r.status] = Number(r.n);
    total += Number(r.n);
    budget += Number(r.budget);
    spent += Number(r.spent);
    progress += Number(r.progress);
    overdue += Number(r.overdue);
  }
  if (!projectPolicy.can(actor.role, 'readHiddenBudget')) {
    // Hidden budgets stay out of the client's totals (decision 145).
    ({ budgetCents: budget, spentCents: spent } = await clientVisibleMoney(db, actor));
  }
  return {
    total,
    active: ACTIVE_PROJECT_STATUSES.reduce((s, st) => s + byStatus[st], 0),
    completed: byStatus.completed,
    overdue,
    byStatus,
    totalBudget: fromCents(budget),
    totalSpent: fromCents(spent),
    avgProgress: total ? Math.round(progress / total) : 0,
  };
}
