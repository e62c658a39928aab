import {
  hasPermission,
  type ListProjectsQuerySchema,
  type ListProjectsResponse,
  type Option,
  type ProjectOptionsQuerySchema,
  type ProjectSort,
  projectClientName,
} from '@agencia/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { clients, projects } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { cappedCountSql, listTotalCap, pagedSelect } from '../../lib/paging.js';
import { actorPlaceholders, preparedStatement } from '../../lib/prepared.js';
import { toSummary } from './projects.mappers.js';
import { projectPolicy, visibleProjects } from './projects.policy.js';
import {
  clientIdsMatching,
  likePattern,
  selectSummariesWithTotal,
  summariesWithTotalQuery,
} from './projects.queries.js';

/*
 * The project lists: `GET /projects` (a page, its capped total, filters, search, sort — prepared
 * per shape, decision 154) and `GET /projects/options` (the pickers). Split from
 * projects.service.ts (decision 152's size rule).
 */
/** ORDER BY of each `sort` of `GET /projects`; `id` breaks ties so pages never overlap. */
const PROJECT_ORDER: Record<ProjectSort, SQL[]> = {
  recent: [desc(projects.createdAt), desc(projects.id)],
  updated: [desc(projects.updatedAt), desc(projects.id)],
  title: [asc(projects.title), asc(projects.id)],
  due: [sql`${projects.estimatedEndDate} asc nulls last`, desc(projects.id)],
};

/**
 * `GET /projects`: one page of the visible projects filtered by status, category, priority,
 * client and a search over title, description and client name (case-insensitive), in the
 * `sort` order (default newest first). `total` counts the matching projects the caller sees, up
 * to the cap (`totalCapped: true` past it, decision 113).
 */
export async function listProjects({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ListProjectsQuerySchema>;
}): Promise<ListProjectsResponse> {
  const where = and(
    ...filterConditions(input, (key) => input[key]),
    input.search ? await searchCondition(db, input.search) : undefined,
  );
  const cap = listTotalCap();
  // The total is counted up to the cap (decision 113): an exact count of 100,000 visible
  // projects costs more than the page itself. It is selected beside the page (one statement,
  // decision 148); without a search the statement is prepared per shape (decision 154).
  const page = await pagedSelect(db, input, {
    table: projects,
    where: and(visibleProjects(actor), where),
    cap,
    rowsWithTotal: input.search
      ? (window) =>
          selectSummariesWithTotal({
            db,
            actor,
            total: window.total,
            where: pageIds(db, actor, where, input.sort, window.limit, window.offset),
            orderBy: PROJECT_ORDER[input.sort],
          })
      : async (window) => {
          const { stand, shape, values } = actorPlaceholders(actor);
          const filters = FILTER_NAMES.filter((key) => input[key]);
          const name = `projects_${shape}_${input.sort}_${filters.map((f) => FILTER_KEYS[f]).join('')}_${cap}`;
          const statement = preparedStatement(db, name, () => {
            const placeheld = and(...filterConditions(input, (key) => sql.placeholder(`filter_${key}`)));
            return summariesWithTotalQuery({
              db,
              actor: stand,
              total: cappedCountSql(db, projects, and(visibleProjects(stand), placeheld), cap),
              where: pageIds(
                db,
                stand,
                placeheld,
                input.sort,
                sql.placeholder('limit'),
                sql.placeholder('offset'),
              ),
              orderBy: PROJECT_ORDER[input.sort],
            }).prepare(name);
          });
          const rows = await statement.execute({
            ...values,
            ...Object.fromEntries(filters.map((key) => [`filter_${key}`, input[key]])),
            limit: window.limit,
            offset: window.offset,
          });
          return { rows: rows.map((r) => toSummary(r, actor.role)), total: rows[0]?.listTotal };
        },
  });
  return { projects: page.rows, pagination: page.pagination };
}

/** The exact-match filters of `GET /projects`, each with the letter that names it in a statement's name. */
const FILTER_KEYS = { status: 's', category: 'g', priority: 'p', clientId: 'k' } as const;
const FILTER_NAMES = Object.keys(FILTER_KEYS) as Array<keyof typeof FILTER_KEYS>;

/**
 * The conditions of the filters set in `input`, each compared with `value(key)`: the value
 * itself, or the placeholder `filter_<key>` for a prepared statement.
 */
function filterConditions(
  input: z.output<typeof ListProjectsQuerySchema>,
  value: (key: keyof typeof FILTER_KEYS) => unknown,
): SQL[] {
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(projects.status, value('status') as typeof input.status));
  if (input.category) conditions.push(eq(projects.category, value('category') as typeof input.category));
  if (input.priority) conditions.push(eq(projects.priority, value('priority') as typeof input.priority));
  if (input.clientId) conditions.push(eq(projects.clientId, value('clientId') as string));
  return conditions;
}

/** The search over title, description and the client's name (literal client ids, decision 104). */
async function searchCondition(db: Db, search: string): Promise<SQL> {
  const p = likePattern(search);
  return or(
    ilike(projects.title, p),
    ilike(projects.description, p),
    ...(await clientIdsMatching(db, p)).map((ids) => inArray(projects.clientId, ids)),
  ) as SQL;
}

/**
 * `projects.id in (the page's ids)`: the ids first (an index walk of `projects` alone), then the
 * summaries of those rows — the client join and team count run for the page, not for every
 * skipped row (a deep page skipped 19,980 of them, decision 104).
 */
function pageIds(
  db: Db,
  actor: Pick<Actor, 'id' | 'role' | 'clientId'>,
  where: SQL | undefined,
  sort: ProjectSort,
  limit: number | Placeholder,
  offset: number | Placeholder,
): SQL {
  return inArray(
    projects.id,
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(visibleProjects(actor), where))
      .orderBy(...PROJECT_ORDER[sort])
      .limit(limit)
      .offset(offset),
  );
}

/**
 * `GET /projects/options`: up to `limit` visible projects for a picker, title A–Z, matching
 * `search` on the title or the client's name; `clientId` narrows to one client (staff holding
 * `clients.read` then see all of that client's projects, decision 072), `id` answers
 * that project alone (empty when the caller may not see it). Label = title, description = client.
 */
export async function listProjectOptions({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: z.output<typeof ProjectOptionsQuerySchema>;
}): Promise<Option[]> {
  // Staff who may read clients see every project of a chosen client, as `GET /clients/{id}/projects`
  // does (decision 072: a ticket for a client the employee does not work with).
  const wholeClient =
    Boolean(input.clientId) &&
    projectPolicy.can(actor.role, 'pickAnyOfClient') &&
    hasPermission(actor, 'clients.read');
  const conditions: (SQL | undefined)[] = [wholeClient ? isNull(projects.deletedAt) : visibleProjects(actor)];
  if (input.id) conditions.push(eq(projects.id, input.id));
  if (input.clientId) conditions.push(eq(projects.clientId, input.clientId));
  if (input.search) {
    const p = likePattern(input.search);
    conditions.push(
      or(
        ilike(projects.title, p),
        ...(await clientIdsMatching(db, p)).map((ids) => inArray(projects.clientId, ids)),
      ),
    );
  }
  // The picked ids first (top `limit` by title over `projects` alone), then the client of those
  // few: joining before the sort carried every match through the join (14,288 rows for a common
  // word at 100k projects, decision 127). `client_id` is not null with a restricting foreign key,
  // so the inner join drops none of the picked rows.
  const picked = db
    .select({ id: projects.id })
    .from(projects)
    .where(and(...conditions))
    .orderBy(asc(projects.title), asc(projects.id))
    .limit(input.limit);
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      companyName: clients.companyName,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(inArray(projects.id, picked))
    .orderBy(asc(projects.title), asc(projects.id));
  return rows.map((r) => ({ value: r.id, label: r.title, description: projectClientName(r) }));
}
