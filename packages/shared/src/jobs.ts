import { z } from 'zod';

/**
 * Scheduled jobs (issue 16, decision 110): one runner, one row per job in `scheduled_jobs`,
 * one row per job and period in `job_runs`.
 */
export const JOB_RUN_STATUSES = ['running', 'ok', 'error'] as const;
export const JOB_RUN_STATUS_LABELS: Record<(typeof JOB_RUN_STATUSES)[number], string> = {
  running: 'En ejecución',
  ok: 'Correcta',
  error: 'Con error',
};

/** A job as `GET /jobs` answers it (admin). Times are ISO 8601. */
export const ScheduledJobSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  /** Spanish description of when it runs, e.g. "Cada día a las 07:00". */
  schedule: z.string(),
  lastRunAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastStatus: z.enum(JOB_RUN_STATUSES).nullable(),
  lastError: z.string().nullable(),
  /** Spanish one-line outcome of the last run ("2 facturas creadas"). */
  lastSummary: z.string().nullable(),
  /** Consecutive failed runs (0 after a success). */
  failures: z.number().int(),
  nextRunAt: z.string(),
  running: z.boolean(),
});
export type ScheduledJob = z.infer<typeof ScheduledJobSchema>;

export const ListJobsResponseSchema = z.object({ jobs: z.array(ScheduledJobSchema) });
export const JobNameParamsSchema = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z-]{0,63}$/, 'Tarea no encontrada')
    .describe('Job name, e.g. recurring-invoices'),
});
export const RunJobResponseSchema = z.object({ job: ScheduledJobSchema });

/**
 * Company reminder schedule (issue 16, decision 111): days from the due date (negative =
 * before), each sent at most once per invoice; empty = no automatic reminders.
 */
export const ReminderSettingsSchema = z.object({
  offsets: z
    .array(
      z.number().int('Días inválidos').min(-60, 'Mínimo 60 días antes').max(365, 'Máximo 365 días después'),
    )
    .max(10, 'Máximo 10 recordatorios')
    .refine((a) => new Set(a).size === a.length, 'Hay días repetidos'),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;
export const ReminderSettingsResponseSchema = z.object({ reminders: ReminderSettingsSchema });

/**
 * `PUT /clients/{id}/reminders` (admin) and `PUT /reminders/me` (the client itself) body: the
 * client's opt-out of automatic reminders (`true` = no automatic reminders).
 */
export const ClientRemindersRequestSchema = z.object({ optOut: z.boolean({ error: 'Valor inválido' }) });
/** `GET|PUT /clients/{id}/reminders` and `GET|PUT /reminders/me` → `data`. */
export const ClientRemindersResponseSchema = z.object({ optOut: z.boolean() });
