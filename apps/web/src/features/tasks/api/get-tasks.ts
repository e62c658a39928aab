import {
  CalendarTasksResponseSchema,
  GetProjectResponseSchema,
  GetTaskResponseSchema,
  ListProjectTasksResponseSchema,
  ListTasksResponseSchema,
  MyTasksDashboardResponseSchema,
  ProjectTaskSettingsResponseSchema,
} from '@agencia/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { taskKeys } from './keys';

/** Board and list filters as the URL keeps them ('' = no filter). */
export interface TaskFilters {
  assigneeId: string;
  status: string;
  due: string;
  q: string;
}

function clean(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '' && value !== 'all'));
}

/** The board's query (`GET /projects/{id}/tasks` with the URL's filters): key and fetch. */
export function projectTasksQuery(projectId: string, filters: TaskFilters) {
  const params = clean({ ...filters });
  return {
    queryKey: taskKeys.project(projectId, params),
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>(`/projects/${projectId}/tasks`, {
        params,
      });
      return ListProjectTasksResponseSchema.parse(response.data.data);
    },
  };
}

/** The board's filters as the URL keeps them (`assigneeId`, `status`, `due`, `q`). */
export function taskFiltersFrom(search: URLSearchParams): TaskFilters {
  return {
    assigneeId: search.get('assigneeId') ?? '',
    status: search.get('status') ?? '',
    due: search.get('due') ?? '',
    q: search.get('q') ?? '',
  };
}

/**
 * Starts loading a project's board before its page knows the project: the detail page calls it
 * when it opens on the "Tareas" tab, so the tasks and the project load side by side instead of
 * one after the other (issue 45: first cards in under 1 s).
 */
export function usePrefetchProjectTasks(projectId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  // Only on arrival: later filter changes are the tab's own queries.
  const first = useRef({ enabled, search });
  useEffect(() => {
    if (first.current.enabled && projectId)
      void queryClient.prefetchQuery(projectTasksQuery(projectId, taskFiltersFrom(first.current.search)));
  }, [projectId, queryClient]);
}

/** `GET /projects/{id}/tasks`: the board (up to 300 tasks in board order), settings, counts, permissions. */
export function useProjectTasks(projectId: string, filters: TaskFilters) {
  return useQuery({ ...projectTasksQuery(projectId, filters), placeholderData: keepPreviousData });
}

/** `GET /tasks?assigneeId=me&open=true`: the caller's open tasks ("Mis tareas"), due date first. */
export function useMyTasks() {
  return useQuery({
    queryKey: taskKeys.mine,
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>('/tasks', {
        params: { assigneeId: 'me', open: 'true', limit: 100 },
      });
      return ListTasksResponseSchema.parse(response.data.data);
    },
  });
}

/** `GET /dashboard/my-tasks`: the caller's tasks due today and overdue. */
export function useDashboardTasks() {
  return useQuery({
    queryKey: taskKeys.dashboard,
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>('/dashboard/my-tasks', {
        params: { limit: 5 },
      });
      return MyTasksDashboardResponseSchema.parse(response.data.data);
    },
  });
}

/** `GET /calendar/tasks`: due dates of open tasks between two days (the calendar's "Tareas" layer). */
export function useCalendarTasks(start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.calendar(start, end),
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>('/calendar/tasks', {
        params: { start_date: start, end_date: end },
      });
      return CalendarTasksResponseSchema.parse(response.data.data);
    },
    enabled: enabled && !!start && !!end,
  });
}

/** `GET /tasks/{id}`: the drawer's task. */
export function useTask(taskId: string | null) {
  return useQuery({
    queryKey: taskKeys.detail(taskId ?? ''),
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>(`/tasks/${taskId}`);
      return GetTaskResponseSchema.parse(response.data.data).task;
    },
    enabled: !!taskId,
  });
}

/** The project's team and milestones for the drawer's pickers (`GET /projects/{id}`). */
export function useTaskProjectContext(projectId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.context(projectId ?? ''),
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>(`/projects/${projectId}`);
      const { project } = GetProjectResponseSchema.parse(response.data.data);
      return { team: project.team, milestones: project.milestones };
    },
    enabled: enabled && !!projectId,
    staleTime: 60_000,
  });
}

/** `GET /projects/{id}/task-settings`: the board's settings ("Ajustes del tablero"). */
export function useTaskSettings(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.settings(projectId),
    queryFn: async () => {
      const response = await apiClient.get<SuccessEnvelope<unknown>>(`/projects/${projectId}/task-settings`);
      return ProjectTaskSettingsResponseSchema.parse(response.data.data).settings;
    },
    enabled,
  });
}
