import {
  ErrorCodes,
  type RunningTimer,
  type StartTimerResponse,
  type StopTimerRequestSchema,
  type StoppedTimer,
  TIMER_CHANGED_EVENT,
  TIMER_CONFIRM_AFTER_HOURS,
  TIMER_CONFIRMATION_MESSAGE,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { projects, tasks, taskTimeEntries, taskTimers, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects, mergeEffects, type Written } from '../../lib/effects.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import { addTimeEntry } from '../projects/project-time.service.js';
import { todayInAgency } from '../projects/projects.queries.js';
import { onTaskTeam } from './tasks.service.js';
import { taskPolicy } from './tasks.policy.js';
import { loadVisibleTask, settingsOf } from './tasks.queries.js';

/*
 * Task timers (issue 45, decision 164): one row per person in `task_timers` (primary key = user),
 * so one running timer each, kept on the server across tabs, devices and restarts. Stopping
 * writes a time entry on the task's project through the projects' own `addTimeEntry` (the rules
 * of every time entry: team member, half-hour steps, 0.5–24 h, not in the future), linked to the
 * task; billing, retainers and profitability read it unchanged.
 */

type StopInput = z.output<typeof StopTimerRequestSchema>;

const HOUR_MS = 3_600_000;
/** A timer shorter than this is dropped on stop (a start clicked by mistake). */
const MIN_MS = 60_000;
/** An `endedAt` may be this far in the future (clock skew between browser and server). */
const SKEW_MS = 60_000;

/** Measured minutes → hours of the time entry: nearest half hour, at least 0.5, at most 24. */
export function timerHours(minutes: number): number {
  return Math.min(24, Math.max(0.5, Math.round(minutes / 30) / 2));
}

/** The caller's running timer row with its task and project, or null. */
async function runningOf(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({
      taskId: taskTimers.taskId,
      startedAt: taskTimers.startedAt,
      taskTitle: tasks.title,
      projectId: projects.id,
      projectTitle: projects.title,
    })
    .from(taskTimers)
    .innerJoin(tasks, eq(tasks.id, taskTimers.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(taskTimers.userId, userId))
    .limit(1);
  return row ?? null;
}

type Running = NonNullable<Awaited<ReturnType<typeof runningOf>>>;

/** A running timer row → `RunningTimer` (`needsConfirmation` past 12 h at `now`). */
function toRunning(r: Running, now = new Date()): RunningTimer {
  return {
    task: { _id: r.taskId, title: r.taskTitle },
    project: { _id: r.projectId, title: r.projectTitle },
    startedAt: r.startedAt.toISOString(),
    needsConfirmation: now.getTime() - r.startedAt.getTime() > TIMER_CONFIRM_AFTER_HOURS * HOUR_MS,
  };
}

/** `GET /timer`: the caller's running timer or null. */
export async function getTimer({ db, actor }: { db: Db; actor: Actor }): Promise<RunningTimer | null> {
  const row = await runningOf(db, actor.id);
  return row ? toRunning(row) : null;
}

/** Serialises timer writes of one person until the transaction ends (their user row). */
async function lockPerson(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/**
 * Stops `running` inside `tx`: 409 `TIMER_CONFIRMATION_REQUIRED` past 12 h unless confirmed or
 * corrected; 400 for an `endedAt` before the start or in the future, or over 24 h. Writes the time
 * entry (unless discarded or under a minute) and links it to the task.
 */
async function stopIn(
  tx: Tx,
  args: { actor: Actor; ctx: AuditContext; running: Running; input: StopInput; now: Date },
): Promise<Written<StoppedTimer>> {
  const { actor, ctx, running, input, now } = args;
  const start = running.startedAt;
  let end = now;
  if (input.endedAt) {
    end = new Date(input.endedAt);
    if (end.getTime() <= start.getTime() || end.getTime() > now.getTime() + SKEW_MS) {
      throw badRequest('La hora de fin debe ser posterior al inicio y no estar en el futuro', [
        { field: 'endedAt', message: 'La hora de fin debe ser posterior al inicio y no estar en el futuro' },
      ]);
    }
  } else if (
    !input.confirmLong &&
    !input.discard &&
    now.getTime() - start.getTime() > TIMER_CONFIRM_AFTER_HOURS * HOUR_MS
  ) {
    throw new AppError(409, ErrorCodes.TIMER_CONFIRMATION_REQUIRED, TIMER_CONFIRMATION_MESSAGE);
  }
  const elapsed = end.getTime() - start.getTime();
  const minutes = Math.floor(elapsed / 60_000);
  if (!input.discard && minutes > 24 * 60) {
    throw badRequest('Máximo 24 horas por registro: corrige la hora de fin', [
      { field: 'endedAt', message: 'Máximo 24 horas por registro: corrige la hora de fin' },
    ]);
  }
  await tx.delete(taskTimers).where(eq(taskTimers.userId, actor.id));
  const base = {
    task: { _id: running.taskId, title: running.taskTitle },
    project: { _id: running.projectId, title: running.projectTitle },
    startedAt: start.toISOString(),
    endedAt: end.toISOString(),
    minutes,
  };
  if (input.discard || elapsed < MIN_MS) {
    await audit(
      tx,
      ctx,
      'task.timer.discarded',
      { type: 'task', id: running.taskId },
      { projectId: running.projectId, taskTitle: running.taskTitle, minutes },
    );
    return { value: { ...base, timeEntry: null }, effects: effects() };
  }
  const settings = await settingsOf(tx, running.projectId);
  const written = await addTimeEntry({
    db: tx as unknown as Db,
    actor,
    ctx,
    id: running.projectId,
    input: {
      hours: timerHours(minutes),
      description: `Tarea: ${running.taskTitle}`,
      userId: actor.id,
      date: todayInAgency(start),
      billable: settings.timerBillable,
    },
  });
  await tx.insert(taskTimeEntries).values({ timeEntryId: written.value._id, taskId: running.taskId });
  return { value: { ...base, timeEntry: written.value }, effects: written.effects };
}

/** `timer:changed` to the person's own sockets (other tabs and devices). */
function timerChanged(userId: string, timer: RunningTimer | null): Effects {
  return effects({ messages: [{ event: TIMER_CHANGED_EVENT, payload: { timer }, userIds: [userId] }] });
}

/**
 * `POST /tasks/{id}/timer/start`: staff on the task's project team (403 otherwise; 404 when the
 * task is not visible). A timer already running on another task is stopped first with the body's
 * rules (so a > 12 h one answers 409 until confirmed); on the same task nothing changes.
 */
export async function startTimer({
  db,
  actor,
  ctx,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  id: string;
  input: StopInput;
}): Promise<Written<StartTimerResponse>> {
  await loadVisibleTask(db, actor, id);
  if (!taskPolicy.can(actor.role, 'timer') || !(await onTaskTeam({ db, userId: actor.id, taskId: id }))) {
    throw forbidden('Solo el equipo del proyecto puede medir tiempo en sus tareas.');
  }
  return db.transaction(async (tx) => {
    await lockPerson(tx, actor.id);
    const now = new Date();
    const current = await runningOf(tx, actor.id);
    if (current?.taskId === id) {
      return { value: { timer: toRunning(current, now), stopped: null }, effects: effects() };
    }
    let stopped: Written<StoppedTimer> | null = null;
    if (current) stopped = await stopIn(tx, { actor, ctx, running: current, input, now });
    await tx.insert(taskTimers).values({ userId: actor.id, taskId: id, startedAt: now });
    const timer = toRunning((await runningOf(tx, actor.id))!, now);
    return {
      value: { timer, stopped: stopped?.value ?? null },
      effects: mergeEffects(stopped?.effects ?? effects(), timerChanged(actor.id, timer)),
    };
  });
}

/** `POST /timer/stop`: stops the caller's timer (see {@link stopIn}); `stopped: null` when none ran. */
export async function stopTimer({
  db,
  actor,
  ctx,
  input,
}: {
  db: Db;
  actor: Actor;
  ctx: AuditContext;
  input: StopInput;
}): Promise<Written<{ stopped: StoppedTimer | null }>> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, actor.id);
    const current = await runningOf(tx, actor.id);
    if (!current) return { value: { stopped: null }, effects: effects() };
    const stopped = await stopIn(tx, { actor, ctx, running: current, input, now: new Date() });
    return {
      value: { stopped: stopped.value },
      effects: mergeEffects(stopped.effects, timerChanged(actor.id, null)),
    };
  });
}
