import type { MY_TASK_GROUP_LABELS, Task } from '@agencia/shared';

/** The groups of "Mis tareas", in screen order. */
export type MyTaskGroup = keyof typeof MY_TASK_GROUP_LABELS;
export const MY_TASK_GROUPS: MyTaskGroup[] = ['overdue', 'today', 'week', 'later'];

/** Adds `days` to a `YYYY-MM-DD` day (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Splits the caller's open tasks into overdue (due before `today`), today, this week (the next
 * six days: due within 7 days from today, as `GET /tasks?due=week` counts them) and later (later
 * or without a due date). `today` is the agency's business day (`YYYY-MM-DD`). Done tasks are
 * left out; each group keeps the given order (the API's: due date first).
 */
export function groupMyTasks(tasks: readonly Task[], today: string): Record<MyTaskGroup, Task[]> {
  const weekEnd = addDays(today, 6);
  const groups: Record<MyTaskGroup, Task[]> = { overdue: [], today: [], week: [], later: [] };
  for (const task of tasks) {
    if (task.status === 'done') continue;
    const due = task.dueDate;
    if (!due) groups.later.push(task);
    else if (due < today) groups.overdue.push(task);
    else if (due === today) groups.today.push(task);
    else if (due <= weekEnd) groups.week.push(task);
    else groups.later.push(task);
  }
  return groups;
}

/** True when an open task's due day is before `today`. */
export function isOverdue(task: Pick<Task, 'dueDate' | 'status'>, today: string): boolean {
  return !!task.dueDate && task.status !== 'done' && task.dueDate < today;
}
