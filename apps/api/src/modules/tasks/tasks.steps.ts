import type { ProjectTaskSettings, TaskResponse, TaskStatus } from '@agencia/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  projectMembers,
  projectMilestones,
  projects,
  taskAssignees,
  tasks,
  users,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { StoredNotifications } from '../../lib/effects.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { taskDetailIn } from './task-reads.service.js';
import { addDays, addMonth } from './tasks.dates.js';
import { endOfColumn } from './tasks.positions.js';

/*
 * The steps task writes share: dates of a recurring task, the checks of assignees, milestone
 * and project, the assignment notices, what follows a status change. Split from tasks.service.ts.
 */

/** The next due date of a recurring task. */
export function nextDueDate(date: string, recurrence: 'weekly' | 'monthly'): string {
  return recurrence === 'weekly' ? addDays(date, 7) : addMonth(date);
}

/**
 * Assignees must be active staff who may work on the project: admins, or employees on its team.
 * 400 on `assigneeIds` otherwise.
 */
export async function checkAssignees(db: Db | Tx, projectId: string, ids: string[]): Promise<void> {
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
export async function checkMilestone(db: Db | Tx, projectId: string, milestoneId: string | null | undefined) {
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
export function assertOpenForRequests(project: { status: string }) {
  if (project.status === 'completed' || project.status === 'cancelled') {
    throw forbidden('El proyecto está cerrado: no admite nuevas solicitudes.');
  }
}

/** Checklist items of a write with ids kept (or new ones). */
export function checklistOf(items: Array<{ _id?: string; text: string; done: boolean }>) {
  return items.map((i) => ({ id: i._id ?? crypto.randomUUID(), text: i.text, done: i.done }));
}

/** Replaces the task's assignees; answers the ids that are new. */
export async function setAssignees(tx: Tx, taskId: string, ids: string[]): Promise<string[]> {
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
export async function notifyAssigned(
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
export async function afterStatusChange(
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
export async function followProgress(tx: Tx, projectId: string): Promise<void> {
  await tx.execute(sql`
    update ${projects} set progress_percentage = coalesce((
      select round(100.0 * count(*) filter (where status = 'done') / nullif(count(*), 0))::int
      from ${tasks} where project_id = ${projectId} and not client_request), 0), updated_at = now()
    where "projects"."id" = ${projectId}`);
}

/** Inserts the next task of recurring `task` (due a week or a month later) unless it exists. */
export async function spawnNext(tx: Tx, task: typeof tasks.$inferSelect): Promise<void> {
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
export async function answer(
  tx: Tx,
  actor: Actor,
  id: string,
  milestoneReady: TaskResponse['milestoneReady'],
) {
  return { task: await taskDetailIn({ db: tx, actor, id }), milestoneReady };
}
