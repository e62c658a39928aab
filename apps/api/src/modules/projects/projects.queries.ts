import {
  ACTIVE_PROJECT_STATUSES,
  businessToday,
  type ProjectSubListQuerySchema,
  type ProjectSummary,
} from '@agencia/shared';
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, projectMembers, projects } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { AuditContext } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { countActiveProjects, countersServe } from './project-counts.js';
import { toSummary } from './projects.mappers.js';
import { visibleProjects } from './projects.policy.js';

/*
 * The projects read model and the pieces every projects service shares: the summary query
 * (also read by the dashboard), the visibility check that answers 404, and the argument shape
 * of the writes.
 */

/** A request body or query as the route's schema parsed it. */
export type Input<T extends z.ZodType> = z.output<T>;

/** Arguments of a projects write: database, caller, audit context and the parsed body. */
export interface WriteArgs<T> {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  input: T;
}

/** Arguments of a write to one row of a project's sub-resource: the project's `id` and the row's id `K`. */
export type RowWriteArgs<T, K extends string> = WriteArgs<T> & { id: string } & Record<K, string>;

/** Arguments of deleting one row of a project's sub-resource (no body). */
export type RowDeleteArgs<K extends string> = Omit<WriteArgs<unknown>, 'input'> & { id: string } & Record<
    K,
    string
  >;

/** Arguments of a page of a project's sub-resource (`GET /projects/{id}/notes|files|meetings|time-entries`). */
export interface SubListArgs {
  db: Db;
  actor: Actor;
  id: string;
  input: Input<typeof ProjectSubListQuerySchema>;
}

/** Today's calendar date in the agency's time zone (`YYYY-MM-DD`; the shared date module, decision 123). */
export function todayInAgency(now = new Date()): string {
  return businessToday(now);
}

/** `%`, `_` and `\` escaped for ILIKE. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Ids of the clients whose company or contact name matches the `ILIKE` pattern `p`, as a list of
 * one id array (none when no client matches). The project searches take the client's name as
 * literal ids, not as a join or sub-select: with literal ids every branch of the `OR` reads an
 * index of `projects` (trigram on title/description, b-tree on client_id) and PostgreSQL
 * combines them in a BitmapOr (decision 104); with a sub-select it walked the whole list order
 * (460 ms for a rare term at 100,000 projects, 0.4 ms with literal ids).
 */
export async function clientIdsMatching(db: Db | Tx, p: string): Promise<string[][]> {
  const rows = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      or(ilike(clients.companyName, p), ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, p)),
    )
    .limit(1000);
  return rows.length ? [rows.map((r) => r.id)] : [];
}

/** `count(*)` as a number. */
export const countOf = sql<number>`count(*)::int`.mapWith(Number);

const summaryColumns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  status: projects.status,
  priority: projects.priority,
  category: projects.category,
  progressPercentage: projects.progressPercentage,
  startDate: projects.startDate,
  estimatedEndDate: projects.estimatedEndDate,
  actualEndDate: projects.actualEndDate,
  approvedBudgetCents: projects.approvedBudgetCents,
  spentCents: projects.spentCents,
  budgetVisibleToClient: projects.budgetVisibleToClient,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  clientId: projects.clientId,
  clientCompanyName: clients.companyName,
  clientFirstName: clients.firstName,
  clientLastName: clients.lastName,
  clientAvatar: clients.avatar,
  teamCount: sql<number>`(select count(*)::int from ${projectMembers} where ${projectMembers.projectId} = ${projects.id})`,
};

function baseSummaryQuery(db: Db | Tx) {
  return db.select(summaryColumns).from(projects).innerJoin(clients, eq(clients.id, projects.clientId));
}

/** One row of the summary query (project columns, client name columns, team count). */
export type SummaryRow = Awaited<ReturnType<typeof baseSummaryQuery>>[number];

/**
 * Selects project summaries visible to `actor` matching `where`, in `orderBy` order (default
 * last updated first), optionally one window (`limit`, `offset`).
 */
export async function selectSummaries({
  db,
  actor,
  where,
  orderBy,
  limit,
  offset,
}: {
  db: Db | Tx;
  actor: Actor;
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}): Promise<ProjectSummary[]> {
  let q = baseSummaryQuery(db)
    .where(and(visibleProjects(actor), where))
    .orderBy(...(orderBy ?? [desc(projects.updatedAt), desc(projects.id)]))
    .$dynamic();
  if (limit) q = q.limit(limit);
  if (offset) q = q.offset(offset);
  const rows: SummaryRow[] = await q;
  return rows.map((r) => toSummary(r, actor.role));
}

/**
 * {@link selectSummaries} plus `total` selected beside the rows (a scalar sub-select such as
 * `cappedCountSql`, run once): the page and its total in one statement (decision 148). `total` is
 * undefined when no row matched.
 */
export async function selectSummariesWithTotal({
  db,
  actor,
  where,
  orderBy,
  total,
}: {
  db: Db | Tx;
  actor: Actor;
  where: SQL;
  orderBy: SQL[];
  total: SQL<number>;
}): Promise<{ rows: ProjectSummary[]; total: number | undefined }> {
  const rows = await summariesWithTotalQuery({ db, actor, where, orderBy, total });
  return { rows: rows.map((r) => toSummary(r, actor.role)), total: rows[0]?.listTotal };
}

/**
 * The query of {@link selectSummariesWithTotal}, not run: rows of the summary columns plus
 * `listTotal`, to run as is or to prepare (`actor`'s ids and values in `where` may be
 * `sql.placeholder`s; decision 154). Map the rows with `toSummary`.
 */
export function summariesWithTotalQuery({
  db,
  actor,
  where,
  orderBy,
  total,
}: {
  db: Db | Tx;
  actor: Pick<Actor, 'id' | 'role' | 'clientId'>;
  where: SQL;
  orderBy: SQL[];
  total: SQL<number>;
}) {
  return db
    .select({ ...summaryColumns, listTotal: total })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(visibleProjects(actor), where))
    .orderBy(...orderBy);
}

/** The project row if `actor` may see it, else 404 (also for other clients' projects). */
export async function loadVisible(db: Db | Tx, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), visibleProjects(actor)))
    .limit(1);
  if (!row) throw notFound('Proyecto no encontrado');
  return row;
}

/** Marks the project as changed now (`updatedAt`), after a write to one of its sub-resources. */
export async function touch(tx: Tx, id: string) {
  await tx.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, id));
}

/** Counts the active projects `actor` may see (navigation badge). */
export async function countActiveVisible({
  db,
  actor,
}: {
  db: Db | Tx;
  actor: Pick<Actor, 'id' | 'role' | 'clientId'>;
}): Promise<number> {
  // Admins and clients from the counters (decision 122), employees over their team's projects.
  if (countersServe(actor)) return countActiveProjects(db, actor);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(visibleProjects(actor), inArray(projects.status, [...ACTIVE_PROJECT_STATUSES])));
  return row?.n ?? 0;
}
