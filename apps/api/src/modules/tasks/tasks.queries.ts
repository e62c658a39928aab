import { DEFAULT_PROJECT_TASK_SETTINGS, type ProjectTaskSettings, type TaskStatus } from '@agencia/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  files,
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
import { notFound } from '../../lib/errors.js';
import { taskPolicy, visibleTasks } from './tasks.policy.js';

/*
 * Reads of the tasks module: the task row as lists and boards select it (one statement, counts as
 * correlated sub-selects on indexed columns), the visibility check that answers 404, and the
 * project's task settings.
 */

/** Files of task `id` live in the shared `files` table under this owner type. */
export const TASK_FILE_OWNER = 'task';

/** The assignees of the row's task as a JSON array of people (name order). */
const assigneesJson = sql<
  Array<{ _id: string; firstName: string; lastName: string; avatar: string | null }>
>`coalesce((
  select json_agg(json_build_object('_id', au.id, 'firstName', au.first_name, 'lastName', au.last_name, 'avatar', au.avatar) order by au.first_name, au.last_name, au.id)
  from ${taskAssignees} as ta join ${users} as au on au.id = ta.user_id
  where ta.task_id = "tasks"."id"), '[]'::json)`;

/**
 * Columns of a task row for `actor`: staff counts every comment and gets the minutes logged on
 * the task; a client counts public comments and gets no time (internal, decision 164).
 */
export function taskColumns(internal: boolean) {
  const comments = internal
    ? sql<number>`(select count(*)::int from ${taskComments} as tc where tc.task_id = "tasks"."id")`
    : sql<number>`(select count(*)::int from ${taskComments} as tc where tc.task_id = "tasks"."id" and not tc.is_internal)`;
  return {
    id: tasks.id,
    projectId: tasks.projectId,
    projectTitle: projects.title,
    title: tasks.title,
    status: tasks.status,
    position: tasks.position,
    priority: tasks.priority,
    dueDate: tasks.dueDate,
    startDate: tasks.startDate,
    estimateMinutes: tasks.estimateMinutes,
    milestoneId: tasks.milestoneId,
    milestoneTitle: projectMilestones.title,
    visibleToClient: tasks.visibleToClient,
    clientRequest: tasks.clientRequest,
    labels: tasks.labels,
    recurrence: tasks.recurrence,
    completedAt: tasks.completedAt,
    createdAt: tasks.createdAt,
    updatedAt: tasks.updatedAt,
    assignees: assigneesJson,
    checklistTotal: sql<number>`jsonb_array_length("tasks"."checklist")`.mapWith(Number),
    checklistDone:
      sql<number>`(select count(*)::int from jsonb_array_elements("tasks"."checklist") as item where (item->>'done')::boolean)`.mapWith(
        Number,
      ),
    commentsCount: comments.mapWith(Number),
    filesCount:
      sql<number>`(select count(*)::int from ${files} as tf where tf.owner_type = ${TASK_FILE_OWNER} and tf.owner_id = "tasks"."id")`.mapWith(
        Number,
      ),
    loggedMinutes: internal
      ? sql<number>`(select coalesce(sum(pte.minutes), 0)::int from ${taskTimeEntries} as tte join ${projectTimeEntries} as pte on pte.id = tte.time_entry_id where tte.task_id = "tasks"."id")`.mapWith(
          Number,
        )
      : sql<null>`null`,
  };
}

/** The select of task rows for `actor` (from tasks, its project and milestone), to add where/order to. */
export function selectTasks(db: Db | Tx, actor: Pick<Actor, 'role'>) {
  return db
    .select(taskColumns(taskPolicy.can(actor.role, 'readInternal')))
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(projectMilestones, eq(projectMilestones.id, tasks.milestoneId));
}

/**
 * {@link selectTasks} with `total` (a capped count, `cappedCountSql`) selected beside each row:
 * a page and its total in one statement (decision 148).
 */
export function selectTasksWithTotal(db: Db | Tx, actor: Pick<Actor, 'role'>, total: SQL<number>) {
  return db
    .select({ ...taskColumns(taskPolicy.can(actor.role, 'readInternal')), total })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(projectMilestones, eq(projectMilestones.id, tasks.milestoneId));
}

/** A task row as {@link selectTasks} answers it. */
export type TaskRow = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

/** The bare task row `id` if `actor` may see it; 404 'Tarea no encontrada' otherwise. */
export async function loadVisibleTask(db: Db | Tx, actor: Actor, id: string) {
  const [row] = await db
    .select({ task: tasks, project: projects })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.id, id), visibleTasks(actor)))
    .limit(1);
  if (!row) throw notFound('Tarea no encontrada');
  return row;
}

/** One task row (list shape) by id, without a visibility check (the caller made it). */
export async function taskRowById(db: Db | Tx, actor: Pick<Actor, 'role'>, id: string): Promise<TaskRow> {
  const [row] = await selectTasks(db, actor).where(eq(tasks.id, id)).limit(1);
  if (!row) throw notFound('Tarea no encontrada');
  return row;
}

/** The project's task settings (defaults when never saved). */
export async function settingsOf(db: Db | Tx, projectId: string): Promise<ProjectTaskSettings> {
  const [row] = await db
    .select({
      progressFromTasks: projectTaskSettings.progressFromTasks,
      clientRequestsEnabled: projectTaskSettings.clientRequestsEnabled,
      timerBillable: projectTaskSettings.timerBillable,
    })
    .from(projectTaskSettings)
    .where(eq(projectTaskSettings.projectId, projectId))
    .limit(1);
  return row ?? { ...DEFAULT_PROJECT_TASK_SETTINGS };
}

/** SQL of one status column of a project (client requests included: they sit in `todo`). */
export function columnOf(projectId: string, status: TaskStatus): SQL {
  return and(eq(tasks.projectId, projectId), eq(tasks.status, status)) as SQL;
}
