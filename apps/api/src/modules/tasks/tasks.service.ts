import {
  type CreateTaskRequestSchema,
  type ListProjectTasksQuerySchema,
  type ListProjectTasksResponse,
  type ListTasksQuerySchema,
  type MoveTaskRequestSchema,
  type ProjectTaskSettings,
  sanitizeTaskMarkdown,
  TASK_BOARD_COLUMNS,
  type Task,
  type TaskDetail,
  type TaskResponse,
  type TaskStatus,
  type ToggleChecklistItemRequestSchema,
  type UpdateProjectTaskSettingsRequestSchema,
  type UpdateTaskRequestSchema,
} from '@agencia/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  files,
  projectMembers,
  projectMilestones,
  projects,
  projectTaskSettings,
  projectTimeEntries,
  taskAssignees,
  taskComments,
  tasks,
  taskTimeEntries,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import { toTimeEntry } from '../projects/projects.mappers.js';
import { loadVisible, todayInAgency } from '../projects/projects.queries.js';
import { taskChanged } from './tasks.effects.js';
import { toTask, toTaskComment, toTaskFile } from './tasks.mappers.js';
import { staffTaskScope, taskOnTeam, taskPolicy, visibleTasks } from './tasks.policy.js';
import { endOfColumn, lockBoard, placeCard } from './tasks.positions.js';
import {
  loadVisibleTask,
  selectTasks,
  selectTasksWithTotal,
  settingsOf,
  TASK_FILE_OWNER,
  type TaskRow,
  taskRowById,
} from './tasks.queries.js';

type Input<T extends z.ZodType> = z.output<T>;

/** Arguments of a task write: database, caller, audit context, the task or project `id`, the body. */
interface WriteArgs<T> {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  input: T;
}

/* ──────────────────────────── reads ──────────────────────────── */

/** SQL: `userId` is among the task's assignees. */
function assignedTo(userId: string): SQL {
  return sql`exists (select 1 from ${taskAssignees} as ta where ta.task_id = "tasks"."id" and ta.user_id = ${userId})`;
}

/** The filters shared by the board and `GET /tasks` as SQL (today in the agency's calendar). */
function filterConditions(
  actor: Actor,
  input: {
    status?: TaskStatus;
    assigneeId?: string;
    due?: 'overdue' | 'today' | 'week';
    q?: string;
    milestoneId?: string;
    open?: boolean;
  },
): SQL[] {
  const out: SQL[] = [];
  if (input.status) out.push(eq(tasks.status, input.status));
  if (input.open || input.due) out.push(ne(tasks.status, 'done'));
  if (input.assigneeId) out.push(assignedTo(input.assigneeId === 'me' ? actor.id : input.assigneeId));
  if (input.due) {
    const today = todayInAgency();
    if (input.due === 'overdue') out.push(lt(tasks.dueDate, today));
    else if (input.due === 'today') out.push(eq(tasks.dueDate, today));
    else out.push(and(gte(tasks.dueDate, today), lt(tasks.dueDate, addDays(today, 7))) as SQL);
  }
  if (input.milestoneId) out.push(eq(tasks.milestoneId, input.milestoneId));
  if (input.q) out.push(sql`${tasks.title} ilike ${likePattern(input.q)}`);
  return out;
}

/**
 * Ceiling of the exact total of the task lists (`GET /tasks`): a work queue, where "más de 1.000"
 * says as much as the exact figure and the count stops reading at 1,001 matching tasks (issue 45's
 * "Mis tareas" target at 100k tasks; decision 113's capped count with a lower cap).
 */
export const TASK_LIST_TOTAL_CAP = 1_000;

/**
 * `GET /tasks`: one page of the tasks `actor` may see across projects, due date first (no date
 * last), then id, and its total capped at {@link TASK_LIST_TOTAL_CAP} (`totalCapped` past it),
 * both in one statement.
 */
export async function listTasks({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: Input<typeof ListTasksQuerySchema>;
}) {
  const assignee = input.assigneeId ? (input.assigneeId === 'me' ? actor.id : input.assigneeId) : null;
  const projectFilter = input.projectId ? eq(tasks.projectId, input.projectId) : undefined;
  const where = and(visibleTasks(actor), projectFilter, ...filterConditions(actor, input));
  const queue = assignee ? queueOf(actor, assignee, input) : null;
  const internal = taskPolicy.can(actor.role, 'readInternal');
  const { rows, pagination } = await pagedSelect(db, input, {
    table: tasks,
    where,
    cap: TASK_LIST_TOTAL_CAP,
    rowsWithTotal: async ({ limit, offset, total }) => {
      if (queue) {
        // One person's tasks ("Mis tareas"): read from that person's queue in due-date order; the
        // queue holds the assignee, the open flag, the due date and who may see the task.
        const rest = and(
          projectFilter,
          ...filterConditions(actor, { ...input, assigneeId: undefined, open: undefined, due: undefined }),
        );
        const page = await selectTasksWithTotal(db, actor, queue.total(rest))
          .innerJoin(queue.table, queue.join)
          .where(and(queue.where, rest))
          .orderBy(...queue.order)
          .limit(limit)
          .offset(offset);
        return { rows: page, total: page[0]?.total };
      }
      const page = await selectTasksWithTotal(db, actor, total)
        .where(where)
        .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.id))
        .limit(limit)
        .offset(offset);
      return { rows: page, total: page[0]?.total };
    },
  });
  return { tasks: rows.map(({ total: _total, ...row }) => toTask(row, internal)), pagination };
}

/**
 * One person's task queue, for staff callers (decision 178): their assignments carry the task's
 * "not done", due date and project (kept by triggers, migration 0033), so their open tasks come
 * from one index in due-date order (no date last, then id — the order of the lists), who may see
 * each task is checked on the queue's project id, and a capped count needs no task row. `join`
 * puts the assignments beside `tasks`; `where` is the person, the open/due filters and the
 * caller's scope; `total(rest)` is the capped total with the other filters (which need the task
 * row only when there are any). Null for a client caller (its scope needs the task row).
 */
function queueOf(
  actor: Actor,
  userId: string,
  input: { open?: boolean; due?: 'overdue' | 'today' | 'week' },
) {
  const table = alias(taskAssignees, 'queue');
  const scope = staffTaskScope(actor, sql`"queue"."project_id"`);
  if (!scope) return null;
  const conditions: SQL[] = [eq(table.userId, userId)];
  if (input.open || input.due) conditions.push(eq(table.open, true));
  if (input.due) {
    const today = todayInAgency();
    if (input.due === 'overdue') conditions.push(lt(table.dueDate, today));
    else if (input.due === 'today') conditions.push(eq(table.dueDate, today));
    else conditions.push(and(gte(table.dueDate, today), lt(table.dueDate, addDays(today, 7))) as SQL);
  }
  conditions.push(scope);
  const where = and(...conditions) as SQL;
  return {
    table,
    join: eq(table.taskId, tasks.id),
    where,
    order: [sql`${table.dueDate} asc nulls last`, asc(table.taskId)] as const,
    total: (rest: SQL | undefined) => {
      const withTasks = rest ? sql` inner join ${tasks} on ${tasks.id} = "queue"."task_id"` : sql``;
      return sql<number>`(select count(*)::int from (select 1 from ${taskAssignees} as "queue"${withTasks} where ${and(where, rest)} limit ${TASK_LIST_TOTAL_CAP + 1}) as capped_rows)`.mapWith(
        Number,
      );
    },
  };
}

/**
 * `GET /projects/{id}/tasks`: the board (column order, position, id) with the project's task
 * settings, the count per column and what the caller may do. 404 when the project is not visible.
 */
export async function listProjectTasks({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: Input<typeof ListProjectTasksQuerySchema>;
}): Promise<ListProjectTasksResponse> {
  const project = await loadVisible(db, actor, id);
  const settings = await settingsOf(db, id);
  const where = and(eq(tasks.projectId, id), visibleTasks(actor), ...filterConditions(actor, input));
  const internal = taskPolicy.can(actor.role, 'readInternal');
  const statusOrder = sql`case ${tasks.status} when 'todo' then 0 when 'in_progress' then 1 when 'in_review' then 2 else 3 end`;
  const { rows, pagination } = await pagedSelect(db, input, {
    table: tasks,
    where,
    rows: ({ limit, offset }) =>
      selectTasks(db, actor)
        .where(where)
        .orderBy(statusOrder, asc(tasks.position), asc(tasks.id))
        .limit(limit)
        .offset(offset),
  });
  const counts = await db
    .select({
      column: sql<string>`case when ${tasks.clientRequest} then 'client_requests' else ${tasks.status} end`,
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(tasks)
    .where(where)
    .groupBy(sql`1`);
  const byColumn = new Map(counts.map((c) => [c.column, c.n]));
  const staff = taskPolicy.can(actor.role, 'create');
  return {
    tasks: rows.map((r) => toTask(r, internal)),
    pagination,
    settings,
    columns: TASK_BOARD_COLUMNS.map((key) => ({ key, total: byColumn.get(key) ?? 0 })),
    permissions: {
      canCreate: staff,
      canMove: staff,
      canRequest:
        taskPolicy.can(actor.role, 'request') &&
        settings.clientRequestsEnabled &&
        project.status !== 'completed' &&
        project.status !== 'cancelled',
    },
  };
}

/**
 * The drawer's detail of a visible task: description, checklist, the comments `actor` may see
 * (oldest first), files (newest first) and, for staff, the time entries its timers wrote.
 */
async function detailOf(db: Db | Tx, actor: Actor, row: TaskRow): Promise<TaskDetail> {
  const internal = taskPolicy.can(actor.role, 'readInternal');
  const [extra] = await db
    .select({
      description: tasks.description,
      checklist: tasks.checklist,
      createdBy: tasks.createdBy,
      firstName: users.firstName,
      lastName: users.lastName,
      nextId: sql<
        string | null
      >`(select t2.id from ${tasks} as t2 where t2.recurrence_source_id = "tasks"."id" limit 1)`,
    })
    .from(tasks)
    .leftJoin(users, eq(users.id, tasks.createdBy))
    .where(eq(tasks.id, row.id));
  const comments = await db
    .select({
      id: taskComments.id,
      content: taskComments.content,
      isInternal: taskComments.isInternal,
      mentions: taskComments.mentions,
      createdAt: taskComments.createdAt,
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatar,
      role: users.role,
    })
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.authorId))
    .where(and(eq(taskComments.taskId, row.id), internal ? undefined : eq(taskComments.isInternal, false)))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id))
    .limit(500);
  const fileRows = await db
    .select({
      id: files.id,
      filename: files.filename,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      createdAt: files.createdAt,
      uploaderId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(files.ownerType, TASK_FILE_OWNER), eq(files.ownerId, row.id)))
    .orderBy(desc(files.createdAt), desc(files.id));
  const staff = taskPolicy.can(actor.role, 'update');
  const detail: TaskDetail = {
    ...toTask(row, internal),
    description: extra?.description ?? '',
    items: (extra?.checklist ?? []).map((i) => ({ _id: i.id, text: i.text, done: i.done })),
    comments: comments.map(toTaskComment),
    files: fileRows.map(toTaskFile),
    recurrenceNextId: extra?.nextId ?? null,
    createdBy:
      extra?.createdBy && extra.firstName !== null
        ? { _id: extra.createdBy, firstName: extra.firstName, lastName: extra.lastName ?? '' }
        : null,
    canEdit: staff,
    canComment: taskPolicy.can(actor.role, 'comment'),
  };
  if (internal) {
    const entries = await db
      .select({
        id: projectTimeEntries.id,
        minutes: projectTimeEntries.minutes,
        description: projectTimeEntries.description,
        date: projectTimeEntries.date,
        billable: projectTimeEntries.billable,
        createdAt: projectTimeEntries.createdAt,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(taskTimeEntries)
      .innerJoin(projectTimeEntries, eq(projectTimeEntries.id, taskTimeEntries.timeEntryId))
      .innerJoin(users, eq(users.id, projectTimeEntries.userId))
      .where(eq(taskTimeEntries.taskId, row.id))
      .orderBy(desc(projectTimeEntries.createdAt), desc(projectTimeEntries.id))
      .limit(200);
    detail.timeEntries = entries.map((t) =>
      toTimeEntry(t, { _id: t.userId, firstName: t.firstName, lastName: t.lastName }),
    );
  }
  return detail;
}

/** `GET /tasks/{id}`: the detail of a task `actor` may see (404 otherwise). */
export async function getTask({ db, actor, id }: { db: Db; actor: Actor; id: string }): Promise<TaskDetail> {
  await loadVisibleTask(db, actor, id);
  return detailOf(db, actor, await taskRowById(db, actor, id));
}

/** The detail of task `id` for `actor`, read inside a write's transaction. */
export async function taskDetailIn({ db, actor, id }: { db: Db | Tx; actor: Actor; id: string }) {
  return detailOf(db, actor, await taskRowById(db, actor, id));
}

/* ──────────────────────────── write helpers ──────────────────────────── */

/** `YYYY-MM-DD` plus `n` days. */
function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus one month, clamped to the month's last day (31 Jan → 28/29 Feb). */
function addMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${ny}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The next due date of a recurring task. */
function nextDueDate(date: string, recurrence: 'weekly' | 'monthly'): string {
  return recurrence === 'weekly' ? addDays(date, 7) : addMonth(date);
}

/**
 * Assignees must be active staff who may work on the project: admins, or employees on its team.
 * 400 on `assigneeIds` otherwise.
 */
async function checkAssignees(db: Db | Tx, projectId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: users.id, role: users.role, onTeam: projectMembers.userId })
    .from(users)
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.userId, users.id), eq(projectMembers.projectId, projectId)),
    )
    .where(
      and(inArray(users.id, ids), eq(users.status, 'active'), inArray(users.role, ['admin', 'employee'])),
    );
  const ok = new Set(rows.filter((r) => r.role === 'admin' || r.onTeam).map((r) => r.id));
  if (ids.some((id) => !ok.has(id))) {
    throw badRequest('Los responsables deben ser del equipo del proyecto', [
      { field: 'assigneeIds', message: 'Los responsables deben ser del equipo del proyecto' },
    ]);
  }
}

/** The milestone must belong to the project (400 on `milestoneId`). */
async function checkMilestone(db: Db | Tx, projectId: string, milestoneId: string | null | undefined) {
  if (!milestoneId) return;
  const [row] = await db
    .select({ id: projectMilestones.id })
    .from(projectMilestones)
    .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, projectId)))
    .limit(1);
  if (!row) {
    throw badRequest('El hito no pertenece al proyecto', [
      { field: 'milestoneId', message: 'El hito no pertenece al proyecto' },
    ]);
  }
}

/** A client's request needs an open project (not completed or cancelled): 403 otherwise. */
function assertOpenForRequests(project: { status: string }) {
  if (project.status === 'completed' || project.status === 'cancelled') {
    throw forbidden('El proyecto está cerrado: no admite nuevas solicitudes.');
  }
}

/** Checklist items of a write with ids kept (or new ones). */
function checklistOf(items: Array<{ _id?: string; text: string; done: boolean }>) {
  return items.map((i) => ({ id: i._id ?? crypto.randomUUID(), text: i.text, done: i.done }));
}

/** Replaces the task's assignees; answers the ids that are new. */
async function setAssignees(tx: Tx, taskId: string, ids: string[]): Promise<string[]> {
  const before = await tx
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, taskId));
  const had = new Set(before.map((r) => r.userId));
  await tx.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  if (ids.length) await tx.insert(taskAssignees).values(ids.map((userId) => ({ taskId, userId })));
  return ids.filter((id) => !had.has(id));
}

/** "Tarea asignada" notifications for `userIds` (not the actor). */
async function notifyAssigned(
  tx: Tx,
  actor: Actor,
  task: { id: string; title: string; projectId: string; projectTitle: string },
  userIds: string[],
): Promise<StoredNotifications> {
  if (!userIds.length) return [];
  return createNotifications(tx, {
    userIds,
    exceptUserId: actor.id,
    topic: 'tasks',
    title: 'Nueva tarea asignada',
    message: `${actor.firstName} ${actor.lastName} te asignó «${task.title}» en ${task.projectTitle}.`,
    link: `/projects/${task.projectId}/tasks?task=${task.id}`,
  });
}

/**
 * After a task's status changed inside a write: stamps `completedAt`, creates the next task of a
 * recurring task once (the unique `recurrence_source_id` makes a second insert a no-op, whatever
 * the concurrency), makes the project's progress follow its tasks when the project says so, and
 * answers the milestone whose tasks are now all done (the web offers to complete it).
 */
async function afterStatusChange(
  tx: Tx,
  args: {
    taskId: string;
    projectId: string;
    from: TaskStatus | null;
    to: TaskStatus;
    settings: ProjectTaskSettings;
  },
): Promise<TaskResponse['milestoneReady']> {
  const { taskId, projectId, from, to } = args;
  if (from === to) return null;
  await tx
    .update(tasks)
    .set({ completedAt: to === 'done' ? new Date() : null })
    .where(eq(tasks.id, taskId));
  let ready: TaskResponse['milestoneReady'] = null;
  if (to === 'done') {
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId));
    if (task && task.recurrence !== 'none' && task.dueDate) {
      await spawnNext(tx, task);
    }
    if (task?.milestoneId) {
      const [m] = await tx
        .select({
          id: projectMilestones.id,
          title: projectMilestones.title,
          status: projectMilestones.status,
          open: sql<number>`(select count(*)::int from ${tasks} as mt where mt.milestone_id = "project_milestones"."id" and mt.status <> 'done' and not mt.client_request)`.mapWith(
            Number,
          ),
        })
        .from(projectMilestones)
        .where(eq(projectMilestones.id, task.milestoneId));
      if (m && m.status !== 'completed' && m.open === 0) ready = { _id: m.id, title: m.title };
    }
  }
  if (args.settings.progressFromTasks) await followProgress(tx, projectId);
  return ready;
}

/** Sets the project's progress to done ÷ all of its tasks (client requests not counted), rounded. */
async function followProgress(tx: Tx, projectId: string): Promise<void> {
  await tx.execute(sql`
    update ${projects} set progress_percentage = coalesce((
      select round(100.0 * count(*) filter (where status = 'done') / nullif(count(*), 0))::int
      from ${tasks} where project_id = ${projectId} and not client_request), 0), updated_at = now()
    where "projects"."id" = ${projectId}`);
}

/** Inserts the next task of recurring `task` (due a week or a month later) unless it exists. */
async function spawnNext(tx: Tx, task: typeof tasks.$inferSelect): Promise<void> {
  const recurrence = task.recurrence as 'weekly' | 'monthly';
  const dueDate = nextDueDate(task.dueDate!, recurrence);
  const startDate = task.startDate ? nextDueDate(task.startDate, recurrence) : null;
  const position = await endOfColumn(tx, task.projectId, 'todo');
  const [created] = await tx
    .insert(tasks)
    .values({
      projectId: task.projectId,
      title: task.title,
      description: task.description,
      status: 'todo',
      position,
      priority: task.priority,
      dueDate,
      startDate,
      estimateMinutes: task.estimateMinutes,
      milestoneId: task.milestoneId,
      visibleToClient: task.visibleToClient,
      labels: task.labels,
      checklist: task.checklist.map((i) => ({ id: crypto.randomUUID(), text: i.text, done: false })),
      recurrence: task.recurrence,
      recurrenceSourceId: task.id,
      createdBy: task.createdBy,
    })
    .onConflictDoNothing({ target: tasks.recurrenceSourceId, where: isNotNull(tasks.recurrenceSourceId) })
    .returning({ id: tasks.id });
  if (created) {
    const people = await tx
      .select({ userId: taskAssignees.userId })
      .from(taskAssignees)
      .where(eq(taskAssignees.taskId, task.id));
    if (people.length) {
      await tx.insert(taskAssignees).values(people.map((p) => ({ taskId: created.id, userId: p.userId })));
    }
  }
}

/** The task response of a write: the detail as `actor` sees it and the milestone offer. */
async function answer(tx: Tx, actor: Actor, id: string, milestoneReady: TaskResponse['milestoneReady']) {
  return { task: await taskDetailIn({ db: tx, actor, id }), milestoneReady };
}

/* ──────────────────────────── writes ──────────────────────────── */

/**
 * `POST /projects/{id}/tasks`. Staff on the project create any task at the end of its column;
 * a client of the project, when `clientRequestsEnabled`, creates a request (title and description
 * only; visible to the client; "Solicitudes del cliente") and the team is notified. 404 when the
 * project is not visible, 403 for a client when requests are off or the project is closed.
 */
export async function createTask({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateTaskRequestSchema>>): Promise<Written<TaskResponse>> {
  const project = await loadVisible(db, actor, id);
  const settings = await settingsOf(db, id);
  const asRequest = taskPolicy.can(actor.role, 'request');
  if (asRequest) {
    if (!settings.clientRequestsEnabled) {
      throw forbidden('Este proyecto no admite solicitudes del cliente.');
    }
    assertOpenForRequests(project);
  } else if (!taskPolicy.can(actor.role, 'create')) {
    throw forbidden('No tienes permisos para crear tareas.');
  } else {
    await checkAssignees(db, id, input.assigneeIds);
    await checkMilestone(db, id, input.milestoneId);
  }
  return db.transaction(async (tx) => {
    await lockBoard(tx, id);
    const status: TaskStatus = asRequest ? 'todo' : input.status;
    const position = await endOfColumn(tx, id, status);
    const values = asRequest
      ? {
          projectId: id,
          title: input.title,
          description: sanitizeTaskMarkdown(input.description),
          status,
          position,
          visibleToClient: true,
          clientRequest: true,
          createdBy: actor.id,
        }
      : {
          projectId: id,
          title: input.title,
          description: sanitizeTaskMarkdown(input.description),
          status,
          position,
          priority: input.priority,
          dueDate: input.dueDate,
          startDate: input.startDate,
          estimateMinutes: input.estimateMinutes,
          milestoneId: input.milestoneId,
          visibleToClient: input.visibleToClient,
          labels: input.labels,
          checklist: checklistOf(input.items),
          recurrence: input.recurrence,
          completedAt: status === 'done' ? new Date() : null,
          createdBy: actor.id,
        };
    const [row] = await tx.insert(tasks).values(values).returning({ id: tasks.id });
    const taskId = row!.id;
    let notifications: StoredNotifications = [];
    if (asRequest) {
      const team = await tx
        .select({ id: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, id));
      notifications = await createNotifications(tx, {
        userIds: team.map((t) => t.id),
        exceptUserId: actor.id,
        topic: 'clientMessages',
        title: 'Nueva solicitud del cliente',
        message: `${actor.firstName} ${actor.lastName} pidió «${input.title}» en ${project.title}.`,
        link: `/projects/${id}/tasks?task=${taskId}`,
      });
    } else {
      const added = await setAssignees(tx, taskId, input.assigneeIds);
      notifications = await notifyAssigned(
        tx,
        actor,
        { id: taskId, title: input.title, projectId: id, projectTitle: project.title },
        added,
      );
    }
    const milestoneReady =
      status === 'done' || settings.progressFromTasks
        ? await afterStatusChange(tx, { taskId, projectId: id, from: null, to: status, settings })
        : null;
    await audit(
      tx,
      ctx,
      asRequest ? 'task.requested' : 'task.created',
      { type: 'task', id: taskId },
      { projectId: id, taskTitle: input.title },
    );
    const value = await answer(tx, actor, taskId, milestoneReady);
    const fx = await taskChanged(tx, {
      project,
      taskId,
      kind: 'created',
      clientSees: value.task.visibleToClient,
      notifications,
    });
    return { value, effects: fx };
  });
}

/** A visible task for a staff write: 404 when not visible, 403 when the role may not `action`. */
async function loadForWrite(db: Db | Tx, actor: Actor, id: string, action: 'update' | 'delete') {
  const found = await loadVisibleTask(db, actor, id);
  if (!taskPolicy.can(actor.role, action)) throw forbidden('No tienes permisos para modificar esta tarea.');
  return found;
}

/**
 * `PUT /tasks/{id}` (staff on the project): any subset of the fields. A status change puts the
 * task at the end of the new column (and accepts a client request); `done` creates the next task
 * of a recurring one, once.
 */
export async function updateTask({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof UpdateTaskRequestSchema>>): Promise<Written<TaskResponse>> {
  const { task, project } = await loadForWrite(db, actor, id, 'update');
  if (input.assigneeIds) await checkAssignees(db, task.projectId, input.assigneeIds);
  if (input.milestoneId !== undefined) await checkMilestone(db, task.projectId, input.milestoneId);
  const startDate = input.startDate !== undefined ? input.startDate : task.startDate;
  const dueDate = input.dueDate !== undefined ? input.dueDate : task.dueDate;
  if (startDate && dueDate && startDate > dueDate) {
    throw badRequest('La fecha de inicio no puede ser posterior a la de entrega', [
      { field: 'startDate', message: 'La fecha de inicio no puede ser posterior a la de entrega' },
    ]);
  }
  if ((input.recurrence ?? task.recurrence) !== 'none' && !dueDate) {
    throw badRequest('Una tarea recurrente necesita fecha de entrega', [
      { field: 'dueDate', message: 'Una tarea recurrente necesita fecha de entrega' },
    ]);
  }
  const settings = await settingsOf(db, task.projectId);
  return db.transaction(async (tx) => {
    const statusChange = input.status !== undefined && input.status !== task.status;
    const set: Partial<typeof tasks.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = sanitizeTaskMarkdown(input.description);
    if (input.priority !== undefined) set.priority = input.priority;
    if (input.dueDate !== undefined) set.dueDate = input.dueDate;
    if (input.startDate !== undefined) set.startDate = input.startDate;
    if (input.estimateMinutes !== undefined) set.estimateMinutes = input.estimateMinutes;
    if (input.milestoneId !== undefined) set.milestoneId = input.milestoneId;
    if (input.visibleToClient !== undefined) set.visibleToClient = input.visibleToClient;
    if (input.labels !== undefined) set.labels = input.labels;
    if (input.items !== undefined) set.checklist = checklistOf(input.items);
    if (input.recurrence !== undefined) set.recurrence = input.recurrence;
    if (statusChange) {
      await lockBoard(tx, task.projectId);
      set.status = input.status;
      set.clientRequest = false;
      set.position = await endOfColumn(tx, task.projectId, input.status!);
    }
    // The status condition makes two concurrent "done" one status change: the second sees no row.
    const changed = await tx
      .update(tasks)
      .set(set)
      .where(and(eq(tasks.id, id), statusChange ? ne(tasks.status, input.status!) : undefined))
      .returning({ id: tasks.id });
    let milestoneReady: TaskResponse['milestoneReady'] = null;
    if (statusChange && changed.length) {
      milestoneReady = await afterStatusChange(tx, {
        taskId: id,
        projectId: task.projectId,
        from: task.status,
        to: input.status!,
        settings,
      });
    }
    let notifications: StoredNotifications = [];
    if (input.assigneeIds) {
      const added = await setAssignees(tx, id, input.assigneeIds);
      notifications = await notifyAssigned(
        tx,
        actor,
        {
          id,
          title: input.title ?? task.title,
          projectId: task.projectId,
          projectTitle: project.title,
        },
        added,
      );
    }
    await audit(
      tx,
      ctx,
      'task.updated',
      { type: 'task', id },
      { projectId: task.projectId, taskTitle: input.title ?? task.title, fields: Object.keys(input) },
    );
    const value = await answer(tx, actor, id, milestoneReady);
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'updated',
      clientSees: task.visibleToClient || value.task.visibleToClient,
      notifications,
    });
    return { value, effects: fx };
  });
}

/**
 * `POST /tasks/{id}/move` (staff): to column `status` before `beforeId` / after `afterId` / at
 * the end, in one write under the project's board lock (decision 164). Accepts a client request.
 */
export async function moveTask({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof MoveTaskRequestSchema>>): Promise<Written<TaskResponse>> {
  const { task, project } = await loadForWrite(db, actor, id, 'update');
  const settings = await settingsOf(db, task.projectId);
  return db.transaction(async (tx) => {
    await lockBoard(tx, task.projectId);
    // Re-read under the lock: a concurrent move may have changed the column.
    const [current] = await tx.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, id)).limit(1);
    if (!current) throw notFound('Tarea no encontrada');
    const position = await placeCard(tx, {
      projectId: task.projectId,
      status: input.status,
      moving: id,
      beforeId: input.beforeId,
      afterId: input.afterId,
    });
    await tx
      .update(tasks)
      .set({ status: input.status, position, clientRequest: false, updatedAt: new Date() })
      .where(eq(tasks.id, id));
    const milestoneReady = await afterStatusChange(tx, {
      taskId: id,
      projectId: task.projectId,
      from: current.status,
      to: input.status,
      settings,
    });
    await audit(
      tx,
      ctx,
      'task.moved',
      { type: 'task', id },
      { projectId: task.projectId, taskTitle: task.title, from: current.status, to: input.status },
    );
    const value = await answer(tx, actor, id, milestoneReady);
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'moved',
      clientSees: task.visibleToClient,
    });
    return { value, effects: fx };
  });
}

/** `PUT /tasks/{id}/checklist/{subId}` (staff): ticks or unticks one checklist item (404 when missing). */
export async function toggleChecklistItem({
  db,
  actor,
  ctx,
  id,
  subId,
  input,
}: WriteArgs<Input<typeof ToggleChecklistItemRequestSchema>> & { subId: string }): Promise<
  Written<TaskResponse>
> {
  const { task, project } = await loadForWrite(db, actor, id, 'update');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ checklist: tasks.checklist })
      .from(tasks)
      .where(eq(tasks.id, id))
      .for('update');
    const items = row?.checklist ?? [];
    if (!items.some((i) => i.id === subId)) throw notFound('Elemento no encontrado');
    await tx
      .update(tasks)
      .set({
        checklist: items.map((i) => (i.id === subId ? { ...i, done: input.done } : i)),
        updatedAt: new Date(),
      })
      .where(eq(tasks.id, id));
    await audit(
      tx,
      ctx,
      'task.updated',
      { type: 'task', id },
      { projectId: task.projectId, taskTitle: task.title, fields: ['items'] },
    );
    const value = await answer(tx, actor, id, null);
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'updated',
      clientSees: task.visibleToClient,
    });
    return { value, effects: fx };
  });
}

/**
 * `DELETE /tasks/{id}` (staff): the task, its comments, assignees, timers and files go; time
 * entries its timers wrote stay on the project (billing keeps them), unlinked.
 */
export async function deleteTask({
  db,
  actor,
  ctx,
  id,
}: Omit<WriteArgs<unknown>, 'input'>): Promise<Written<void>> {
  const { task, project } = await loadForWrite(db, actor, id, 'delete');
  const settings = await settingsOf(db, task.projectId);
  return db.transaction(async (tx) => {
    await tx.delete(files).where(and(eq(files.ownerType, TASK_FILE_OWNER), eq(files.ownerId, id)));
    const gone = await tx.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
    if (!gone.length) throw notFound('Tarea no encontrada');
    if (settings.progressFromTasks) await followProgress(tx, task.projectId);
    await audit(
      tx,
      ctx,
      'task.deleted',
      { type: 'task', id },
      { projectId: task.projectId, taskTitle: task.title },
    );
    const fx = await taskChanged(tx, {
      project,
      taskId: id,
      kind: 'deleted',
      clientSees: task.visibleToClient,
    });
    return { value: undefined, effects: fx };
  });
}

/* ──────────────────────────── settings ──────────────────────────── */

/** `GET /projects/{id}/task-settings`: anyone who sees the project (404 otherwise). */
export async function getTaskSettings({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  await loadVisible(db, actor, id);
  return settingsOf(db, id);
}

/**
 * `PUT /projects/{id}/task-settings` (admins): saves the subset sent. Turning
 * `progressFromTasks` on sets the project's progress from its tasks at once.
 */
export async function updateTaskSettings({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof UpdateProjectTaskSettingsRequestSchema>>): Promise<Written<ProjectTaskSettings>> {
  const project = await loadVisible(db, actor, id);
  if (!taskPolicy.can(actor.role, 'manageSettings')) {
    throw forbidden('Solo un administrador cambia la configuración de tareas.');
  }
  return db.transaction(async (tx) => {
    const next = { ...(await settingsOf(tx, id)), ...input };
    await tx
      .insert(projectTaskSettings)
      .values({ projectId: id, ...next })
      .onConflictDoUpdate({ target: projectTaskSettings.projectId, set: { ...next, updatedAt: new Date() } });
    if (next.progressFromTasks) await followProgress(tx, id);
    await audit(tx, ctx, 'task.settings.updated', { type: 'project', id }, { projectId: id, ...input });
    const fx = await taskChanged(tx, { project, taskId: id, kind: 'updated', clientSees: true });
    return { value: next, effects: fx };
  });
}

/* ──────────────────────────── dashboard and calendar ──────────────────────────── */

/**
 * `GET /dashboard/my-tasks`: the caller's open tasks due today and overdue (oldest due first,
 * `limit` each) with their totals.
 */
export async function myTasksDashboard({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: { limit: number };
}): Promise<{ overdue: Task[]; today: Task[]; overdueTotal: number; todayTotal: number }> {
  const today = todayInAgency();
  const internal = taskPolicy.can(actor.role, 'readInternal');
  const overdueQueue = queueOf(actor, actor.id, { due: 'overdue' });
  const todayQueue = queueOf(actor, actor.id, { due: 'today' });
  if (!overdueQueue || !todayQueue) return { overdue: [], today: [], overdueTotal: 0, todayTotal: 0 };
  const rowsOf = (queue: NonNullable<typeof overdueQueue>) =>
    selectTasks(db, actor)
      .innerJoin(queue.table, queue.join)
      .where(queue.where)
      .orderBy(...queue.order)
      .limit(input.limit);
  // Both totals in one count over the caller's queue (open, due up to today), no task row read.
  const queue = alias(taskAssignees, 'queue');
  const scope = staffTaskScope(actor, sql`"queue"."project_id"`);
  // Both lists and both totals at once; on PostgreSQL they run side by side on the pool.
  const [overdue, dueToday, [totals]] = await Promise.all([
    rowsOf(overdueQueue),
    rowsOf(todayQueue),
    db
      .select({
        overdue: sql<number>`(count(*) filter (where ${queue.dueDate} < ${today}))::int`.mapWith(Number),
        today: sql<number>`(count(*) filter (where ${queue.dueDate} = ${today}))::int`.mapWith(Number),
      })
      .from(queue)
      .where(
        and(eq(queue.userId, actor.id), eq(queue.open, true), lte(queue.dueDate, today), scope ?? undefined),
      ),
  ]);
  return {
    overdue: overdue.map((r) => toTask(r, internal)),
    today: dueToday.map((r) => toTask(r, internal)),
    overdueTotal: totals?.overdue ?? 0,
    todayTotal: totals?.today ?? 0,
  };
}

/** Largest calendar window of the task layer, in days. */
const CALENDAR_TASK_WINDOW_DAYS = 62;

/**
 * `GET /calendar/tasks`: due dates of open tasks `actor` may see within the window (default the
 * current month; at most 62 days, 400 otherwise), earliest first, at most `max`.
 */
export async function calendarTasks({
  db,
  actor,
  input,
  max,
}: {
  db: Db;
  actor: Actor;
  input: { start_date?: string; end_date?: string; projectId?: string; mine?: 'true' | 'false' };
  max: number;
}) {
  const today = todayInAgency();
  const start = input.start_date ?? `${today.slice(0, 8)}01`;
  const end = input.end_date ?? addDays(addMonth(`${today.slice(0, 8)}01`), -1);
  if (end < start) {
    throw badRequest('La fecha de fin debe ser posterior a la de inicio', [
      { field: 'end_date', message: 'La fecha de fin debe ser posterior a la de inicio' },
    ]);
  }
  if (end > addDays(start, CALENDAR_TASK_WINDOW_DAYS)) {
    throw badRequest(`El rango máximo es de ${CALENDAR_TASK_WINDOW_DAYS} días`, [
      { field: 'end_date', message: `El rango máximo es de ${CALENDAR_TASK_WINDOW_DAYS} días` },
    ]);
  }
  const assignedToMe = sql<boolean>`exists (select 1 from ${taskAssignees} as ta where ta.task_id = "tasks"."id" and ta.user_id = ${actor.id})`;
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      status: tasks.status,
      priority: tasks.priority,
      projectId: tasks.projectId,
      projectTitle: projects.title,
      assignedToMe,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        visibleTasks(actor),
        ne(tasks.status, 'done'),
        gte(tasks.dueDate, start),
        sql`${tasks.dueDate} <= ${end}`,
        input.projectId ? eq(tasks.projectId, input.projectId) : undefined,
        input.mine === 'true' ? assignedToMe : undefined,
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(max + 1);
  return {
    tasks: rows.slice(0, max).map((r) => ({
      _id: r.id,
      title: r.title,
      dueDate: r.dueDate!,
      status: r.status,
      priority: r.priority,
      project: { _id: r.projectId, title: r.projectTitle },
      assignedToMe: Boolean(r.assignedToMe),
    })),
    truncated: rows.length > max,
  };
}

/** Staff on the team of the task's project (for timers). */
export async function onTaskTeam({ db, userId, taskId }: { db: Db | Tx; userId: string; taskId: string }) {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), taskOnTeam(userId)))
    .limit(1);
  return Boolean(row);
}
