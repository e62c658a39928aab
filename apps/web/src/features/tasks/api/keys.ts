/**
 * Query keys of the tasks feature. Everything under `['tasks']` (boards, "Mis tareas", the
 * dashboard card, the calendar layer) and `['task', id]` (the drawer) is refreshed by the live
 * `tasks:changed` event (`components/realtime/live-invalidation.tsx`).
 */
export const taskKeys = {
  all: ['tasks'] as const,
  project: (projectId: string, filters: Record<string, string>) => ['tasks', projectId, filters] as const,
  projectAll: (projectId: string) => ['tasks', projectId] as const,
  mine: ['tasks', 'mine'] as const,
  dashboard: ['tasks', 'dashboard'] as const,
  calendar: (start: string, end: string) => ['tasks', 'calendar', start, end] as const,
  context: (projectId: string) => ['tasks', 'context', projectId] as const,
  settings: (projectId: string) => ['tasks', 'settings', projectId] as const,
  detail: (taskId: string) => ['task', taskId] as const,
};
