import {
  type CreateTaskRequestSchema,
  type MoveTaskRequestSchema,
  type ProjectTaskSettings,
  sanitizeTaskMarkdown,
  type TaskResponse,
  type TaskStatus,
  type ToggleChecklistItemRequestSchema,
  type UpdateProjectTaskSettingsRequestSchema,
  type UpdateTaskRequestSchema,
} from '@agencia/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { files, projectMembers, projectTaskSettings, tasks } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { loadVisible } from '../projects/projects.queries.js';
import { taskChanged } from './tasks.effects.js';
import { taskOnTeam, taskPolicy } from './tasks.policy.js';
import { endOfColumn, lockBoard, placeCard } from './tasks.positions.js';
import { loadVisibleTask, settingsOf, TASK_FILE_OWNER } from './tasks.queries.js';
import {
  afterStatusChange,
  answer,
  assertOpenForRequests,
  checkAssignees,
  checklistOf,
  checkMilestone,
  followProgress,
  notifyAssigned,
  setAssignees,
} from './tasks.steps.js';

type Input<T extends z.ZodType> = z.output<T>;

/** Arguments of a task write: database, caller, audit context, the task or project `id`, the body. */
interface WriteArgs<T> {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  input: T;
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

/** Staff on the team of the task's project (for timers). */
export async function onTaskTeam({ db, userId, taskId }: { db: Db | Tx; userId: string; taskId: string }) {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), taskOnTeam(userId)))
    .limit(1);
  return Boolean(row);
}
