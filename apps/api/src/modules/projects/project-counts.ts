import { ACTIVE_PROJECT_STATUSES, type ProjectStatus } from '@agencia/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectCounts, projects } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { PROJECT_COUNT_SCOPE, projectPolicy, visibleProjects } from './projects.policy.js';

/**
 * Reads of the project counters (`project_counts`, decision 122): per client × status the live
 * projects and the sums of budget, spent and progress, kept exact by the triggers of migration
 * 0010. They serve the actors whose scope is a set of clients — admins (all) and clients (their
 * own record). Employees see their team's projects (a `project_members` join the counters cannot
 * express): their stats keep reading `projects`, and these functions refuse them.
 */

/** True when the actor's project stats can come from the counters (admins and clients). */
export function countersServe(actor: Pick<Actor, 'role'>): boolean {
  return PROJECT_COUNT_SCOPE[actor.role] !== 'team';
}

/**
 * The counter rows `actor` may count, the same scope as `visibleProjects`: admins every row,
 * a client its own client record's rows (none without one). Throws for employees.
 */
function counterScope(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (!countersServe(actor)) throw new Error('project counters do not serve team-scoped (employee) stats');
  if (PROJECT_COUNT_SCOPE[actor.role] === 'all') return undefined;
  return actor.clientId ? eq(projectCounts.clientId, actor.clientId) : sql`false`;
}

/** Figures of one status over the live projects an admin or client may see. */
export interface ProjectCountRow {
  status: ProjectStatus;
  /** Live (not soft-deleted) projects. */
  n: number;
  /** Sum of `approved_budget_cents` (null counted as 0), centavos. */
  budgetCents: number;
  /** Sum of `spent_cents`, centavos. */
  spentCents: number;
  /** Sum of `progress_percentage`. */
  progressSum: number;
}

/**
 * The actor's live projects per status (statuses without projects may appear with 0), summed
 * from the counters. Admins and clients only (throws for employees, see {@link countersServe}).
 */
export async function projectCountRows(
  db: Db | Tx,
  actor: Pick<Actor, 'role' | 'clientId'>,
): Promise<ProjectCountRow[]> {
  return db
    .select({
      status: projectCounts.status,
      n: sql<number>`coalesce(sum(${projectCounts.n}), 0)::int`.mapWith(Number),
      budgetCents: sql<number>`coalesce(sum(${projectCounts.budgetCents}), 0)::float8`.mapWith(Number),
      spentCents: sql<number>`coalesce(sum(${projectCounts.spentCents}), 0)::float8`.mapWith(Number),
      progressSum: sql<number>`coalesce(sum(${projectCounts.progressSum}), 0)::float8`.mapWith(Number),
    })
    .from(projectCounts)
    .where(counterScope(actor))
    .groupBy(projectCounts.status);
}

/** Live projects in an active status (`ACTIVE_PROJECT_STATUSES`) an admin or client may see. */
export async function countActiveProjects(
  db: Db | Tx,
  actor: Pick<Actor, 'role' | 'clientId'>,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${projectCounts.n}), 0)::int`.mapWith(Number) })
    .from(projectCounts)
    .where(and(counterScope(actor), inArray(projectCounts.status, [...ACTIVE_PROJECT_STATUSES])));
  return row?.n ?? 0;
}

/**
 * Overdue projects an admin or client may see: live, not final (completed / cancelled) and
 * `estimated_end_date` before `today` (`YYYY-MM-DD`, the agency's date). A date-dependent figure
 * no counter can keep; an index-only range scan of the partial index `projects_open_end_date_idx`.
 */
export async function countOverdueProjects(
  db: Db | Tx,
  actor: Pick<Actor, 'role' | 'clientId'>,
  today: string,
): Promise<number> {
  if (!countersServe(actor)) throw new Error('overdue of team-scoped (employee) stats reads visibleProjects');
  const everyClient = PROJECT_COUNT_SCOPE[actor.role] === 'all';
  if (!everyClient && !actor.clientId) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(projects)
    .where(
      and(
        // Literal statuses: the condition must imply the partial index's predicate.
        sql`${projects.deletedAt} is null and ${projects.status} not in ('completed', 'cancelled')`,
        sql`${projects.estimatedEndDate} < ${today}::date`,
        everyClient ? undefined : eq(projects.clientId, actor.clientId ?? ''),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The rows `getProjectStats` sums, for admins and clients, from the counters (decision 122): per
 * status the count and the sums (budget and spent in centavos, as text); the overdue count, which
 * depends on today's date (`YYYY-MM-DD`), is carried on the first row.
 */
export async function countedProjectStats(
  db: Db | Tx,
  actor: Pick<Actor, 'role' | 'clientId'>,
  today: string,
) {
  const rows = await projectCountRows(db, actor);
  // Every overdue project is live, so it is counted in some row: never lost on an empty list.
  const overdue = await countOverdueProjects(db, actor, today);
  return rows.map((r, i) => ({
    status: r.status,
    n: r.n,
    budget: String(r.budgetCents),
    spent: String(r.spentCents),
    progress: r.progressSum,
    overdue: i === 0 ? overdue : 0,
  }));
}

/**
 * Budget and spent sums (centavos) a client may read: over its live projects whose budget the
 * admin left visible (`budget_visible_to_client`, decision 145). The counters sum every project,
 * so a client's money figures come from here instead. Other roles read the counters.
 */
export async function clientVisibleMoney(
  db: Db | Tx,
  actor: Pick<Actor, 'id' | 'role' | 'clientId'>,
): Promise<{ budgetCents: number; spentCents: number }> {
  const [row] = await db
    .select({
      budgetCents:
        sql<number>`coalesce(sum(${projects.approvedBudgetCents}) filter (where ${projects.budgetVisibleToClient}), 0)::float8`.mapWith(
          Number,
        ),
      spentCents:
        sql<number>`coalesce(sum(${projects.spentCents}) filter (where ${projects.budgetVisibleToClient}), 0)::float8`.mapWith(
          Number,
        ),
    })
    .from(projects)
    .where(visibleProjects(actor));
  return { budgetCents: row?.budgetCents ?? 0, spentCents: row?.spentCents ?? 0 };
}

/**
 * The dashboard's project block as a one-row sub-select aliased `alias` (decision 154: the stats
 * in one statement): `total` and `active` (int), `budget_cents` and `progress_sum` (float8,
 * centavos and the sum of progress percentages) over the projects `actor` may see — from the
 * counters for admins and clients (decision 122), over `projects` on the team for employees —
 * and, for clients, `visible_budget_cents` (the budget of the projects whose budget it may see,
 * decision 145; 0 for other roles). An aggregate without `group by`: always exactly one row.
 * `actor`'s ids may be `sql.placeholder`s (a prepared statement).
 */
export function projectTotalsSubquery(
  db: Db | Tx,
  actor: Pick<Actor, 'id' | 'role' | 'clientId'>,
  alias: string,
) {
  const active = [...ACTIVE_PROJECT_STATUSES];
  if (countersServe(actor)) {
    const visibleBudget = !projectPolicy.can(actor.role, 'readHiddenBudget')
      ? sql`(select coalesce(sum(${projects.approvedBudgetCents}) filter (where ${projects.budgetVisibleToClient}), 0)::float8 from ${projects} where ${visibleProjects(actor)})`
      : sql`0::float8`;
    return db
      .select({
        total: sql<number>`coalesce(sum(${projectCounts.n}), 0)::int`.as('projects_total'),
        active:
          sql<number>`coalesce(sum(${projectCounts.n}) filter (where ${inArray(projectCounts.status, active)}), 0)::int`.as(
            'projects_active',
          ),
        budgetCents: sql<number>`coalesce(sum(${projectCounts.budgetCents}), 0)::float8`.as('budget_cents'),
        progressSum: sql<number>`coalesce(sum(${projectCounts.progressSum}), 0)::float8`.as('progress_sum'),
        visibleBudgetCents: visibleBudget.as('visible_budget_cents'),
      })
      .from(projectCounts)
      .where(counterScope(actor))
      .as(alias);
  }
  return db
    .select({
      total: sql<number>`count(*)::int`.as('projects_total'),
      active: sql<number>`(count(*) filter (where ${inArray(projects.status, active)}))::int`.as(
        'projects_active',
      ),
      budgetCents: sql<number>`coalesce(sum(${projects.approvedBudgetCents}), 0)::float8`.as('budget_cents'),
      progressSum: sql<number>`coalesce(sum(${projects.progressPercentage}), 0)::float8`.as('progress_sum'),
      visibleBudgetCents: sql<number>`0::float8`.as('visible_budget_cents'),
    })
    .from(projects)
    .where(visibleProjects(actor))
    .as(alias);
}
