import type { ReminderSettings, ScheduledJob } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

const jobsKey = ['jobs'] as const;
const remindersKey = ['settings', 'reminders'] as const;

/** `GET /jobs` (admin): scheduled jobs with last/next run and failures. */
export const useJobs = () =>
  useQuery({
    queryKey: jobsKey,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ jobs: ScheduledJob[] }>>('/jobs'))).jobs,
    refetchInterval: 30_000,
  });

/** `POST /jobs/{name}/run` (admin): runs a job now. */
export function useRunJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ job: ScheduledJob }>>(`/jobs/${name}/run`))).job,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: jobsKey });
      qc.invalidateQueries({ queryKey: ['invoices'] });
      qc.invalidateQueries({ queryKey: ['recurring-invoices'] });
    },
    retry: false,
  });
}

/** `GET /reminders/settings` (admin): automatic reminder offsets. */
export const useReminderSettings = () =>
  useQuery({
    queryKey: remindersKey,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ reminders: ReminderSettings }>>('/reminders/settings')))
        .reminders,
  });

/** `PUT /reminders/settings` (admin). */
export function useUpdateReminderSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReminderSettings) =>
      (
        await unwrap(
          apiClient.put<SuccessEnvelope<{ reminders: ReminderSettings }>>('/reminders/settings', input),
        )
      ).reminders,
    onSuccess: (data) => qc.setQueryData(remindersKey, data),
    retry: false,
  });
}
