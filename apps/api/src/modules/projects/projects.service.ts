import {
  allowedProjectTransitions,
  type CreateProjectRequestSchema,
  canTransitionProject,
  hasPermission,
  type ListProjectsQuerySchema,
  type ListProjectsResponse,
  type Option,
  PROJECT_STATUS_LABELS,
  type ProjectDetail,
  type ProjectOptionsQuerySchema,
  type ProjectSort,
  projectClientName,
  toCents,
  type UpdateProjectRequestSchema,
} from '@agencia/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, projectMembers, projects, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { cappedCountSql, listTotalCap, pagedSelect } from '../../lib/paging.js';
import { actorPlaceholders, preparedStatement } from '../../lib/prepared.js';
import { countFiles } from './project-files.service.js';
import { milestonesOf } from './project-milestones.service.js';
import { countNotes } from './project-notes.service.js';
import { timeSummaryOf } from './project-time.service.js';
import { type ProjectActivity, type ProjectRow, withProjectWrite } from './project-writes.js';
import { audienceEffects, audienceOf, notifyAssigned, projectChanged } from './projects.effects.js';
import { toSummary } from './projects.mappers.js';
import { editableFields, projectPolicy, visibleProjects } from './projects.policy.js';
import {
  clientIdsMatching,
  type Input,
  likePattern,
  selectSummaries,
  selectSummariesWithTotal,
  summariesWithTotalQuery,
  type WriteArgs,
} from './projects.queries.js';
import { assertClientExists, assertStaff, statusSideEffects } from './projects.rules.js';

/*
 * Projects themselves: list, picker options, detail, stats, create, update, delete. The
 * sub-resources live in project-milestones|notes|meetings|time|files.service.ts.
 */

/* ─────────────────────────────── reads ─────────────────────────────── */

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

/**
 * `GET /projects/{id}`: the project with team and milestones, the number of notes and files,
 * and the time summary (SQL aggregates); the notes, files, meetings and time log themselves are
 * paged by `GET /projects/{id}/notes|files|meetings|time-entries` (issue 14). Clients never receive internal
 * notes (nor count them), non-billable time or the internal cost (decision record 032).
 * Throws 404 'Proyecto no encontrado' when the caller may not see the project.
 */
export async function getProject({
  db,
  actor,
  id,
}: {
  db: Db | Tx;
  actor: Actor;
  id: string;
}): Promise<ProjectDetail> {
  const [summary] = await selectSummaries({ db, actor, where: eq(projects.id, id) });
  if (!summary) throw notFound('Proyecto no encontrado');

  const team = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
      role: projectMembers.role,
      userRole: users.role,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, id))
    .orderBy(asc(projectMembers.addedAt), asc(users.firstName));
  const milestones = await milestonesOf({ db, id });
  // The tabs page through notes, files, meetings and time on their own endpoints; the detail carries
  // their counts and the time summary as SQL aggregates, so it costs the same at any size.
  const notesTotal = await countNotes({ db, actor, id });
  const filesTotal = await countFiles({ db, id });
  const timeSummary = await timeSummaryOf({ db, actor, id });

  return {
    ...summary,
    team: team.map((m) => ({
      _id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      avatar: m.avatar,
      role: m.role,
      userRole: m.userRole,
    })),
    milestones,
    notesTotal,
    filesTotal,
    timeSummary,
    allowedTransitions: allowedProjectTransitions(summary.status, actor.role),
  };
}

/* ─────────────────────────────── writes ─────────────────────────────── */

/** `POST /projects` (admin): creates the project and its team; notifies assigned members. */
export async function createProject({
  db,
  actor,
  ctx,
  input,
}: WriteArgs<Input<typeof CreateProjectRequestSchema>>): Promise<Written<ProjectDetail>> {
  if (!projectPolicy.can(actor.role, 'create'))
    throw forbidden('Solo un administrador puede crear proyectos.');
  await assertClientExists(db, input.clientId);
  await assertStaff(
    db,
    input.team.map((m) => m.userId),
  );
  return db.transaction(async (tx) => {
    const side = statusSideEffects(null, input.status, input.startDate);
    const [row] = await tx
      .insert(projects)
      .values({
        title: input.title,
        description: input.description,
        clientId: input.clientId,
        status: input.status,
        priority: input.priority,
        category: input.category,
        progressPercentage: input.progressPercentage,
        startDate: input.startDate,
        estimatedEndDate: input.estimatedEndDate,
        approvedBudgetCents: input.approvedBudget === null ? null : toCents(input.approvedBudget),
        spentCents: toCents(input.spent),
        budgetVisibleToClient: input.budgetVisibleToClient,
        createdBy: actor.id,
        ...side,
      })
      .returning();
    const project = row!;
    if (input.team.length) {
      await tx
        .insert(projectMembers)
        .values(input.team.map((m) => ({ projectId: project.id, userId: m.userId, role: m.role })));
    }
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'project.created',
      entityType: 'project',
      entityId: project.id,
      clientId: project.clientId,
      projectId: project.id,
      title: `Proyecto creado: ${project.title}`,
    });
    await audit(tx, ctx, 'project.created', { type: 'project', id: project.id });
    const notifications = await notifyAssigned(
      tx,
      actor,
      project,
      input.team.map((m) => m.userId),
    );
    const effects = await audienceEffects(tx, project, { badges: true, notifications });
    return { value: await getProject({ db: tx, actor, id: project.id }), effects };
  });
}

/**
 * `PUT /projects/{id}`. Admin: any field. Employee on the team: status, progress, description
 * (403 otherwise). Status moves follow the shared transition table (409 when not allowed).
 */
export async function updateProject({
  input,
  ...args
}: WriteArgs<Input<typeof UpdateProjectRequestSchema>> & { id: string }): Promise<Written<ProjectDetail>> {
  const { db, actor, id } = args;
  const sent = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return withProjectWrite({
    ...args,
    allow: { action: 'update', message: 'No tienes permisos para editar este proyecto.' },
    prepare: (current) => assertProjectUpdate(db, actor, current, input, sent),
    touch: false, // the patch stamps `updatedAt`
    write: async (tx, current, startDate) => {
      const before = await audienceOf(tx, id, current.clientId);
      const statusChanged = input.status !== undefined && input.status !== current.status;
      const patch: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.clientId !== undefined) patch.clientId = input.clientId;
      if (input.priority !== undefined) patch.priority = input.priority;
      if (input.category !== undefined) patch.category = input.category;
      if (input.progressPercentage !== undefined) patch.progressPercentage = input.progressPercentage;
      if (input.startDate !== undefined) patch.startDate = input.startDate;
      if (input.estimatedEndDate !== undefined) patch.estimatedEndDate = input.estimatedEndDate;
      if (input.approvedBudget !== undefined)
        patch.approvedBudgetCents = input.approvedBudget === null ? null : toCents(input.approvedBudget);
      if (input.spent !== undefined) patch.spentCents = toCents(input.spent);
      if (input.budgetVisibleToClient !== undefined)
        patch.budgetVisibleToClient = input.budgetVisibleToClient;
      if (statusChanged && input.status) {
        patch.status = input.status;
        Object.assign(patch, statusSideEffects(current.status, input.status, startDate));
      }
      const [updated] = await tx.update(projects).set(patch).where(eq(projects.id, id)).returning();
      const project = updated!;

      let added: string[] = [];
      if (input.team) {
        const existing = await tx
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(eq(projectMembers.projectId, id));
        const existingIds = new Set(existing.map((e) => e.userId));
        added = input.team.map((m) => m.userId).filter((u) => !existingIds.has(u));
        await tx.delete(projectMembers).where(eq(projectMembers.projectId, id));
        if (input.team.length) {
          await tx
            .insert(projectMembers)
            .values(input.team.map((m) => ({ projectId: id, userId: m.userId, role: m.role })));
        }
      }

      const activity: ProjectActivity[] = [];
      const changedFields = sent.filter((k) => k !== 'status');
      if (changedFields.length) {
        activity.push({
          type: 'project.updated',
          entityType: 'project',
          entityId: id,
          clientId: project.clientId,
          title: `Proyecto actualizado: ${project.title}`,
          metadata: { fields: changedFields },
        });
      }
      const after = await audienceOf(tx, id, project.clientId);
      const notifications: StoredNotifications = [];
      if (statusChanged && input.status) {
        activity.push({
          type: 'project.status_changed',
          entityType: 'project',
          entityId: id,
          clientId: project.clientId,
          title: `${project.title}: ${PROJECT_STATUS_LABELS[current.status]} → ${PROJECT_STATUS_LABELS[input.status]}`,
          metadata: { from: current.status, to: input.status },
        });
        notifications.push(
          ...(await createNotifications(tx, {
            userIds: after,
            roles: ['admin'],
            exceptUserId: actor.id,
            topic: 'projectStatus',
            title: 'Cambio de estado de proyecto',
            message: `«${project.title}» pasó a ${PROJECT_STATUS_LABELS[input.status]}.`,
            link: `/projects/${id}`,
          })),
        );
      }
      notifications.push(...(await notifyAssigned(tx, actor, project, added)));
      return {
        value: await getProject({ db: tx, actor, id }),
        activity,
        audit: { action: 'project.updated', target: { type: 'project', id }, metadata: { fields: sent } },
        // Who saw it before or sees it now refetches; counts change with status, team or client.
        effects: projectChanged(id, [...before, ...after], {
          badges: statusChanged || Boolean(input.team) || Boolean(input.clientId),
          notifications,
        }),
      };
    },
  });
}

/**
 * The checks of `PUT /projects/{id}` after the policy's: employees' fields (403), the status
 * move (409), a closed project (409), the dates (400), client and team (400). Answers the
 * start date the project will have.
 */
async function assertProjectUpdate(
  db: Db,
  actor: Actor,
  current: ProjectRow,
  input: Input<typeof UpdateProjectRequestSchema>,
  sent: string[],
): Promise<string | null> {
  const allowed = editableFields(actor.role);
  if (allowed) {
    const extra = sent.filter((k) => !allowed.includes(k));
    if (extra.length) throw forbidden(`Solo un administrador puede cambiar: ${extra.join(', ')}.`);
  }
  if (input.status && !canTransitionProject(current.status, input.status, actor.role)) {
    throw conflict(
      `No se puede cambiar el estado de «${PROJECT_STATUS_LABELS[current.status]}» a «${PROJECT_STATUS_LABELS[input.status]}».`,
    );
  }
  if (
    (current.status === 'completed' || current.status === 'cancelled') &&
    !projectPolicy.can(actor.role, 'changeClosed') &&
    sent.length
  ) {
    throw conflict('El proyecto está cerrado; solo un administrador puede reabrirlo.');
  }
  const startDate = input.startDate !== undefined ? input.startDate : current.startDate;
  const endDate = input.estimatedEndDate !== undefined ? input.estimatedEndDate : current.estimatedEndDate;
  if (startDate && endDate && endDate < startDate) {
    throw badRequest('La fecha estimada de fin no puede ser anterior a la de inicio', [
      { field: 'estimatedEndDate', message: 'La fecha estimada de fin no puede ser anterior a la de inicio' },
    ]);
  }
  if (input.clientId) await assertClientExists(db, input.clientId);
  if (input.team)
    await assertStaff(
      db,
      input.team.map((m) => m.userId),
    );
  return startDate;
}

/** `DELETE /projects/{id}` (admin): soft delete (`deletedAt`); the rows stay for reports and audit. */
export async function deleteProject(
  args: Omit<WriteArgs<unknown>, 'input'> & { id: string },
): Promise<Written<void>> {
  return withProjectWrite({
    ...args,
    allow: { action: 'delete', message: 'Solo un administrador puede eliminar proyectos.' },
    touch: false, // the soft delete stamps `updatedAt`
    write: async (tx, current) => {
      await tx
        .update(projects)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(projects.id, current.id));
      return {
        value: undefined,
        activity: {
          type: 'project.deleted',
          entityType: 'project',
          entityId: current.id,
          title: `Proyecto eliminado: ${current.title}`,
          isInternal: true,
        },
        audit: { action: 'project.deleted', target: { type: 'project', id: current.id } },
        badges: true,
      };
    },
  });
}
