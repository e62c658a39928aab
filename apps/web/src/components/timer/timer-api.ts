import {
  GetTimerResponseSchema,
  type RunningTimer,
  type StartTimerRequest,
  StartTimerResponseSchema,
  type StopTimerRequest,
  StopTimerResponseSchema,
  TIMER_CONFIRMATION_REQUIRED,
} from '@agencia/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { apiClient, type SuccessEnvelope } from '../../lib/api-client';

/** Query key of the caller's running timer (the header, cards and drawers share it). */
export const TIMER_QUERY_KEY = ['timer'] as const;

/** `GET /timer`: the caller's running timer or null, kept on the server (survives reloads and devices). */
export async function getTimer(): Promise<RunningTimer | null> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>('/timer');
  return GetTimerResponseSchema.parse(response.data.data).timer;
}

export const timerQuery = queryOptions({ queryKey: TIMER_QUERY_KEY, queryFn: getTimer, staleTime: 60_000 });

/** The caller's running timer (null when none); `enabled` false for clients, who have none. */
export function useRunningTimer(enabled = true) {
  return useQuery({ ...timerQuery, enabled });
}

/** True when the error is the 409 of a timer past 12 hours that must be confirmed first. */
export function isTimerConfirmationError(error: unknown): boolean {
  if (!(error instanceof AxiosError)) return false;
  const body = error.response?.data as { code?: string } | undefined;
  return error.response?.status === 409 && body?.code === TIMER_CONFIRMATION_REQUIRED;
}

/** After a timer write: the timer, and the lists that show time (projects, tasks, dashboard). */
function useAfterTimerWrite() {
  const queryClient = useQueryClient();
  return (timer: RunningTimer | null, wroteTime: boolean) => {
    queryClient.setQueryData(TIMER_QUERY_KEY, timer);
    if (!wroteTime) return;
    for (const queryKey of [['projects'], ['tasks'], ['task'], ['dashboard']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

/** `POST /tasks/{id}/timer/start` (stops a running timer first; a 409 asks to confirm a long one). */
export function useStartTimer() {
  const after = useAfterTimerWrite();
  return useMutation({
    mutationFn: async ({ taskId, body }: { taskId: string; body?: StartTimerRequest }) => {
      const response = await apiClient.post<SuccessEnvelope<unknown>>(
        `/tasks/${taskId}/timer/start`,
        body ?? {},
      );
      return StartTimerResponseSchema.parse(response.data.data);
    },
    onSuccess: (data) => after(data.timer, data.stopped?.timeEntry != null),
  });
}

/** `POST /timer/stop`: writes the time entry on the task's project (or nothing when discarded). */
export function useStopTimer() {
  const after = useAfterTimerWrite();
  return useMutation({
    mutationFn: async (body: StopTimerRequest = {}) => {
      const response = await apiClient.post<SuccessEnvelope<unknown>>('/timer/stop', body);
      return StopTimerResponseSchema.parse(response.data.data).stopped;
    },
    onSuccess: (stopped) => after(null, stopped?.timeEntry != null),
  });
}

/** Elapsed time `H:MM:SS` between an ISO instant and `now` (ms). */
export function formatElapsed(startedAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Spoken form of the elapsed time ("1 h 5 min"), for labels. */
export function spokenElapsed(startedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
