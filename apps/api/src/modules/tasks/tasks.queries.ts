import {
  DEFAULT_PROJECT_TASK_SETTINGS,
  type ProjectTaskSettings,
  type TaskStatus,
} from '@agencia/shared';
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
const assigneesJson = sql<Array<{ _id: string; firstName: string; lastName: string; avatar: string | null }>>`coalesce((
  select json_agg(json_build_object('_id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'avatar', ${users.avatar}) order by ${users.firstName}, ${users.lastName}, ${users.id})
  from ${taskAssignees} join ${users} on ${users.id} = ${taskAssignees.userId}
  where ${taskAssignees.taskId} = ${tasks.id}), '[]'::json)`;

/**
 * Columns of a task row for `actor`: staff counts every comment and gets the minutes logged on
 * the task; a client counts public comments and gets no time (internal, decision 164).
 */
export function taskColumns(internal: boolean) {
  const comments = internal
    ? sql<number>`(select count(*)::int from ${taskComments} where ${taskComments.taskId} = ${tasks.id})`
    : sql<number>`(select count(*)::int from ${taskComments} where ${taskComments.taskId} = ${tasks.id} and not ${taskComments.isInternal})`;
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
    checklistTotal: sql<number>`jsonb_array_length(${tasks.checklist})`.mapWith(Number),
    checklistDone:
      sql<number>`(select count(*)::int from jsonb_array_elements(${tasks.checklist}) as item where (item->>'done')::boolean)`.mapWith(
        Number,
      ),
    commentsCount: comments.mapWith(Number),
    filesCount:
      sql<number>`(select count(*)::int from ${files} where ${files.ownerType} = ${TASK_FILE_OWNER} and ${files.ownerId} = ${tasks.id})`.mapWith(
        Number,
      ),
    loggedMinutes: internal
      ? sql<number>`(select coalesce(sum(${projectTimeEntries.minutes}), 0)::int from ${taskTimeEntries} join ${projectTimeEntries} on ${projectTimeEntries.id} = ${taskTimeEntries.timeEntryId} where ${taskTimeEntries.taskId} = ${tasks.id})`.mapWith(
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
