import {
  type ListProjectTasksQuerySchema,
  type ListProjectTasksResponse,
  type ListTasksQuerySchema,
  TASK_BOARD_COLUMNS,
  type Task,
  type TaskDetail,
  type TaskStatus,
} from '@agencia/shared';
import { and, asc, desc, eq, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  files,
  projects,
  projectTimeEntries,
  taskAssignees,
  taskComments,
  tasks,
  taskTimeEntries,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import { toTimeEntry } from '../projects/projects.mappers.js';
import { loadVisible, todayInAgency } from '../projects/projects.queries.js';
import { addDays, addMonth } from './tasks.dates.js';
import { toTask, toTaskComment, toTaskFile } from './tasks.mappers.js';
import { staffTaskScope, taskPolicy, visibleTasks } from './tasks.policy.js';
import {
  loadVisibleTask,
  selectTasks,
  selectTasksWithTotal,
  settingsOf,
  TASK_FILE_OWNER,
  type TaskRow,
  taskRowById,
} from './tasks.queries.js';

/*
 * The task reads (decisions 165, 178): the lists and their totals, a project's board, a task's
 * detail, the dashboard's "Mis tareas" and the calendar's tasks. Split from tasks.service.ts
 * (decision 152's size rule).
 */

type Input<T extends z.ZodType> = z.output<T>;

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
