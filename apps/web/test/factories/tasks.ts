import type { RunningTimer, Task, TaskDetail } from '@agencia/shared';

// Test data builders: tasks and timers as the API returns them.

const PROJECT = { _id: '7d1b0a52-9a6e-4d8f-8b51-3c2f6b8e0a01', title: 'Sitio web Colmado Don Pepe' };

/** A task as boards and lists receive it, with overrides. */
export function buildTask(overrides: Partial<Task> = {}): Task {
  return {
    _id: '5a0c1e7f-3b2d-4e8a-9f10-2c4d6e8f0a01',
    project: PROJECT,
    title: 'Diseñar portada',
    status: 'todo',
    position: 1,
    priority: 'medium',
    assignees: [],
    dueDate: null,
    startDate: null,
    estimateMinutes: null,
    milestone: null,
    visibleToClient: false,
    clientRequest: false,
    labels: [],
    recurrence: 'none',
    checklist: { done: 0, total: 0 },
    commentsCount: 0,
    filesCount: 0,
    loggedMinutes: 0,
    completedAt: null,
    createdAt: '2026-03-01T14:00:00.000Z',
    updatedAt: '2026-03-01T14:00:00.000Z',
    ...overrides,
  };
}

/** A task as the drawer receives it (`GET /tasks/{id}`), with overrides. */
export function buildTaskDetail(overrides: Partial<TaskDetail> = {}): TaskDetail {
  return {
    ...buildTask(),
    description: '',
    items: [],
    comments: [],
    files: [],
    timeEntries: [],
    recurrenceNextId: null,
    createdBy: null,
    canEdit: true,
    canComment: true,
    ...overrides,
  };
}

/** A running timer (`GET /timer`), with overrides. */
export function buildTimer(overrides: Partial<RunningTimer> = {}): RunningTimer {
  return {
    task: { _id: '5a0c1e7f-3b2d-4e8a-9f10-2c4d6e8f0a01', title: 'Diseñar portada' },
    project: PROJECT,
    startedAt: new Date(Date.now() - 65 * 60_000).toISOString(),
    needsConfirmation: false,
    ...overrides,
  };
}
