import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import {
  DateOnlySchema,
  emptyToUndefined,
  MilestoneSchema,
  MilestoneStatusSchema,
  MoneyAmountSchema,
  ProjectCategorySchema,
  type ProjectClient,
  ProjectDetailSchema,
  ProjectFileSchema,
  ProjectHoursSchema,
  ProjectMeetingSchema,
  ProjectNoteSchema,
  ProjectPrioritySchema,
  ProjectStatusSchema,
  ProjectSummarySchema,
  TimeEntrySchema,
} from './projects.js';
import { isoDateTimeSchema } from './text.js';

/*
 * Request bodies and query strings of the projects API (spec doc 2 §4, §7 "Projects"): list
 * filters and sorts, create/update, milestones, meetings, notes, time entries. The enums and
 * response shapes they use are in projects.ts.
 */

/* ──────────────────────────── requests ──────────────────────────── */

/**
 * Orders of the Proyectos screen: `recent` = newest first (`created_at desc`), `updated` = latest
 * activity first, `title` = A–Z, `due` = nearest estimated end date first (no date last). Every
 * order breaks ties on `id`, so a project never shows on two pages (decision 088).
 */
export const PROJECT_SORTS = ['recent', 'updated', 'title', 'due'] as const;
export const ProjectSortSchema = z.enum(PROJECT_SORTS, { error: 'Orden inválido' });
export type ProjectSort = z.infer<typeof ProjectSortSchema>;
/** Spanish labels of {@link PROJECT_SORTS}. */
export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = {
  recent: 'Más recientes',
  updated: 'Actividad reciente',
  title: 'Título (A–Z)',
  due: 'Fecha de entrega',
};

/**
 * `GET /projects` query: `page`/`limit` (default 20, max 100), `sort` (default `recent`) and
 * optional filters; empty strings are ignored.
 */
export const ListProjectsQuerySchema = z.object({
  ...pageQueryFields(),
  sort: z.preprocess(emptyToUndefined, ProjectSortSchema.default('recent')),
  search: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  status: z.preprocess(emptyToUndefined, ProjectStatusSchema.optional()),
  category: z.preprocess(emptyToUndefined, ProjectCategorySchema.optional()),
  priority: z.preprocess(emptyToUndefined, ProjectPrioritySchema.optional()),
  clientId: z.preprocess(emptyToUndefined, z.uuid({ message: 'Cliente inválido' }).optional()),
});
/** What a caller sends (every field optional). */
export type ListProjectsQuery = z.input<typeof ListProjectsQuerySchema>;

/** `GET /projects` → `data`: one page of projects and `pagination {page, limit, total}`. */
export const ListProjectsResponseSchema = z.object({
  projects: z.array(ProjectSummarySchema),
  pagination: PaginationSchema,
});
export type ListProjectsResponse = z.infer<typeof ListProjectsResponseSchema>;

/** `GET /projects/{id}/notes|time-entries|files|meetings` query: `page`/`limit` (default 20, max 100). */
export const ProjectSubListQuerySchema = z.object({ ...pageQueryFields() });
export type ProjectSubListQuery = z.input<typeof ProjectSubListQuerySchema>;
/** `GET /projects/{id}/notes` → `data`: newest first; clients never get internal notes. */
export const ListProjectNotesResponseSchema = z.object({
  notes: z.array(ProjectNoteSchema),
  pagination: PaginationSchema,
});
/** `GET /projects/{id}/time-entries` → `data`: latest date first; clients get billable time only. */
export const ListTimeEntriesResponseSchema = z.object({
  timeEntries: z.array(TimeEntrySchema),
  pagination: PaginationSchema,
});
/** `GET /projects/{id}/files` → `data`: newest first. */
export const ListProjectFilesResponseSchema = z.object({
  files: z.array(ProjectFileSchema),
  pagination: PaginationSchema,
});

/** `GET /projects/{id}/meetings` → `data`: latest date first (ties on id), attendees by name. */
export const ListProjectMeetingsResponseSchema = z.object({
  meetings: z.array(ProjectMeetingSchema),
  pagination: PaginationSchema,
});

/** `GET /projects/{id}` → `data`. */
export const GetProjectResponseSchema = z.object({ project: ProjectDetailSchema });

/** A team assignment in create/update requests. */
export const TeamAssignmentSchema = z.object({
  userId: z.uuid({ message: 'Miembro inválido' }),
  role: z.string().trim().min(1, 'El rol es requerido').max(60, 'Máximo 60 caracteres'),
});

const projectFields = {
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(1, { error: 'El título es requerido', abort: true })
    .min(3, 'El título debe tener al menos 3 caracteres')
    .max(200, 'Máximo 200 caracteres'),
  description: z.string().trim().max(5000, 'Máximo 5000 caracteres'),
  clientId: z.uuid({ message: 'Selecciona un cliente' }),
  status: ProjectStatusSchema,
  priority: ProjectPrioritySchema,
  category: ProjectCategorySchema,
  progressPercentage: z
    .number({ error: 'Progreso inválido' })
    .int('El progreso debe ser un número entero')
    .min(0, 'Mínimo 0')
    .max(100, 'Máximo 100'),
  startDate: DateOnlySchema.nullable(),
  estimatedEndDate: DateOnlySchema.nullable(),
  approvedBudget: MoneyAmountSchema.nullable(),
  spent: MoneyAmountSchema,
  budgetVisibleToClient: z.boolean({ error: 'Valor inválido' }),
  team: z
    .array(TeamAssignmentSchema)
    .max(30, 'Máximo 30 miembros')
    .refine((t) => new Set(t.map((m) => m.userId)).size === t.length, 'Un miembro aparece dos veces'),
};

const endAfterStart = (v: { startDate?: string | null; estimatedEndDate?: string | null }) =>
  !v.startDate || !v.estimatedEndDate || v.estimatedEndDate >= v.startDate;
const END_AFTER_START = {
  message: 'La fecha estimada de fin no puede ser anterior a la de inicio',
  path: ['estimatedEndDate'],
};

/**
 * `POST /projects` (admin). Defaults: status requested, priority medium, category webapp,
 * progress 0, no dates, no budget, spent 0, empty team. `approvedBudget`/`spent` in major units;
 * `budgetVisibleToClient` (default true) lets the client see them (decision 145).
 */
export const CreateProjectRequestSchema = z
  .object({
    title: projectFields.title,
    description: projectFields.description.default(''),
    clientId: projectFields.clientId,
    status: projectFields.status.default('requested'),
    priority: projectFields.priority.default('medium'),
    category: projectFields.category.default('webapp'),
    progressPercentage: projectFields.progressPercentage.default(0),
    startDate: projectFields.startDate.default(null),
    estimatedEndDate: projectFields.estimatedEndDate.default(null),
    approvedBudget: projectFields.approvedBudget.default(null),
    spent: projectFields.spent.default(0),
    budgetVisibleToClient: projectFields.budgetVisibleToClient.default(true),
    team: projectFields.team.default([]),
  })
  .refine(endAfterStart, END_AFTER_START);
export type CreateProjectRequest = z.input<typeof CreateProjectRequestSchema>;

/**
 * `PUT /projects/{id}`: any subset of the fields. Admins may change all; team employees only
 * `status`, `progressPercentage` and `description` (decision record 031). Status moves follow
 * {@link canTransitionProject}.
 */
export const UpdateProjectRequestSchema = z
  .object({
    title: projectFields.title.optional(),
    description: projectFields.description.optional(),
    clientId: projectFields.clientId.optional(),
    status: projectFields.status.optional(),
    priority: projectFields.priority.optional(),
    category: projectFields.category.optional(),
    progressPercentage: projectFields.progressPercentage.optional(),
    startDate: projectFields.startDate.optional(),
    estimatedEndDate: projectFields.estimatedEndDate.optional(),
    approvedBudget: projectFields.approvedBudget.optional(),
    spent: projectFields.spent.optional(),
    budgetVisibleToClient: projectFields.budgetVisibleToClient.optional(),
    team: projectFields.team.optional(),
  })
  .refine(endAfterStart, END_AFTER_START);
export type UpdateProjectRequest = z.input<typeof UpdateProjectRequestSchema>;

/** Fields a team employee may change with `PUT /projects/{id}`. */
export const EMPLOYEE_EDITABLE_PROJECT_FIELDS = ['status', 'progressPercentage', 'description'] as const;

/** `POST /projects` and `PUT /projects/{id}` → `data`. */
export const ProjectResponseSchema = z.object({ project: ProjectDetailSchema });

/** `POST /projects/{id}/milestones` (staff on the project). */
export const CreateMilestoneRequestSchema = z.object({
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(1, 'El título es requerido')
    .max(200, 'Máximo 200 caracteres'),
  description: z.string().trim().max(2000, 'Máximo 2000 caracteres').default(''),
  dueDate: DateOnlySchema.nullable().default(null),
  status: MilestoneStatusSchema.default('pending'),
});
export type CreateMilestoneRequest = z.input<typeof CreateMilestoneRequestSchema>;

/** `PUT /projects/{id}/milestones/{milestoneId}`: any subset; status completed stamps `completedAt`. */
export const UpdateMilestoneRequestSchema = z.object({
  title: CreateMilestoneRequestSchema.shape.title.optional(),
  description: z.string().trim().max(2000, 'Máximo 2000 caracteres').optional(),
  dueDate: DateOnlySchema.nullable().optional(),
  status: MilestoneStatusSchema.optional(),
  order: z.number().int().min(0).max(1000).optional(),
});
export type UpdateMilestoneRequest = z.input<typeof UpdateMilestoneRequestSchema>;
export const MilestoneResponseSchema = z.object({ milestone: MilestoneSchema });
export const MilestoneParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador inválido' }),
  milestoneId: z.uuid({ message: 'Identificador inválido' }),
});

/** `POST /projects/{id}/notes {content, isInternal}` (spec doc 2 §7). Clients may only post public notes. */
export const CreateProjectNoteRequestSchema = z.object({
  content: z
    .string({ error: 'El comentario es requerido' })
    .trim()
    .min(1, 'El comentario es requerido')
    .max(5000, 'Máximo 5000 caracteres'),
  isInternal: z.boolean().default(false),
});
export type CreateProjectNoteRequest = z.input<typeof CreateProjectNoteRequestSchema>;
export const ProjectNoteResponseSchema = z.object({ note: ProjectNoteSchema });

/** True when at least one field of a partial update is present (PATCH bodies). */
const hasSomeField = (v: Record<string, unknown>) => Object.values(v).some((x) => x !== undefined);
const NOTHING_TO_UPDATE = { message: 'Indica al menos un dato para actualizar' };

/**
 * `PATCH /projects/{id}/notes/{noteId}`: the author corrects their note (decision record 036).
 * `content` follows the create rules; `isInternal` may be changed by staff authors only
 * (a client sending `true` gets 403). At least one field.
 */
export const UpdateProjectNoteRequestSchema = z
  .object({
    content: CreateProjectNoteRequestSchema.shape.content.optional(),
    isInternal: z.boolean({ error: 'Valor inválido' }).optional(),
  })
  .refine(hasSomeField, NOTHING_TO_UPDATE);
export type UpdateProjectNoteRequest = z.input<typeof UpdateProjectNoteRequestSchema>;
/** Path of one note: `/projects/{id}/notes/{noteId}`. */
export const ProjectNoteParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador inválido' }),
  noteId: z.uuid({ message: 'Identificador inválido' }),
});

/** `POST /projects/{id}/meetings` (staff): `date` ISO date-time, `duration` minutes 5–600. */
export const CreateMeetingRequestSchema = z.object({
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(1, 'El título es requerido')
    .max(200, 'Máximo 200 caracteres'),
  date: isoDateTimeSchema('Fecha y hora inválidas'),
  duration: z
    .number({ error: 'Duración inválida' })
    .int('Duración inválida')
    .min(5, 'Mínimo 5 minutos')
    .max(600, 'Máximo 600 minutos')
    .default(60),
  attendees: z.array(z.uuid()).max(50).default([]),
  notes: z.string().trim().max(5000, 'Máximo 5000 caracteres').default(''),
  link: z
    .preprocess(emptyToUndefined, z.url({ message: 'Enlace inválido', protocol: /^https?$/ }).optional())
    .transform((v) => v ?? null),
});
export type CreateMeetingRequest = z.input<typeof CreateMeetingRequestSchema>;
export const ProjectMeetingResponseSchema = z.object({ meeting: ProjectMeetingSchema });

/**
 * `PATCH /projects/{id}/meetings/{meetingId}` (staff with `projects.write`): any subset of the
 * create fields with the same rules (`date` ISO date-time, `duration` minutes 5–600, attendees
 * from the project's audience). At least one field.
 */
export const UpdateMeetingRequestSchema = z
  .object({
    title: CreateMeetingRequestSchema.shape.title.optional(),
    date: CreateMeetingRequestSchema.shape.date.optional(),
    duration: CreateMeetingRequestSchema.shape.duration.unwrap().optional(),
    attendees: CreateMeetingRequestSchema.shape.attendees.unwrap().optional(),
    notes: z.string().trim().max(5000, 'Máximo 5000 caracteres').optional(),
    link: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .url({ message: 'Enlace inválido', protocol: /^https?$/ })
        .nullable()
        .optional(),
    ),
  })
  .refine(hasSomeField, NOTHING_TO_UPDATE);
export type UpdateMeetingRequest = z.input<typeof UpdateMeetingRequestSchema>;
/** Path of one meeting: `/projects/{id}/meetings/{meetingId}`. */
export const MeetingParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador inválido' }),
  meetingId: z.uuid({ message: 'Identificador inválido' }),
});

/**
 * `POST /projects/{id}/time-entries` (staff on the team). `userId` defaults to the caller;
 * only admins log time for someone else, who must be on the team. `date` defaults to today.
 */
export const CreateTimeEntryRequestSchema = z.object({
  hours: ProjectHoursSchema,
  description: z
    .string({ error: 'La descripción es requerida' })
    .trim()
    .min(1, 'La descripción es requerida')
    .max(1000, 'Máximo 1000 caracteres'),
  userId: z.preprocess(emptyToUndefined, z.uuid({ message: 'Miembro inválido' }).optional()),
  date: z.preprocess(emptyToUndefined, DateOnlySchema.optional()),
  billable: z.boolean().default(true),
});
export type CreateTimeEntryRequest = z.input<typeof CreateTimeEntryRequestSchema>;
export const TimeEntryResponseSchema = z.object({ timeEntry: TimeEntrySchema });

/**
 * `PATCH /projects/{id}/time-entries/{entryId}`: the member whose time it is, or an admin,
 * corrects `hours` (0.5–24 in steps of 0.5), `date` (`YYYY-MM-DD`, not in the future) or
 * `description`, with the create rules. The member and `billable` stay as logged
 * (decision record 036). At least one field.
 */
export const UpdateTimeEntryRequestSchema = z
  .object({
    hours: ProjectHoursSchema.optional(),
    description: CreateTimeEntryRequestSchema.shape.description.optional(),
    date: DateOnlySchema.optional(),
  })
  .refine(hasSomeField, NOTHING_TO_UPDATE);
export type UpdateTimeEntryRequest = z.input<typeof UpdateTimeEntryRequestSchema>;
/** Path of one time entry: `/projects/{id}/time-entries/{entryId}`. */
export const TimeEntryParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador inválido' }),
  entryId: z.uuid({ message: 'Identificador inválido' }),
});

/** `POST /projects/{id}/files` (multipart, field `file`) → `data`. */
export const ProjectFileResponseSchema = z.object({ file: ProjectFileSchema });
export const ProjectFileParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador inválido' }),
  fileId: z.uuid({ message: 'Identificador inválido' }),
});

/**
 * `GET /projects/stats` → `data`: counts over the projects visible to the caller. Money in major
 * units; a client's `totalBudget`/`totalSpent` sum only the projects whose budget it may see
 * (`budgetVisibleToClient`, decision 145).
 */
export const ProjectStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  byStatus: z.record(ProjectStatusSchema, z.number().int()),
  totalBudget: z.number(),
  totalSpent: z.number(),
  avgProgress: z.number().int(),
});
export type ProjectStats = z.infer<typeof ProjectStatsSchema>;
export const ProjectStatsResponseSchema = z.object({ stats: ProjectStatsSchema });

/** Display name of a project's client: company name, else first and last name. */
export function projectClientName(
  client: Pick<ProjectClient, 'companyName' | 'firstName' | 'lastName'>,
): string {
  return client.companyName?.trim() || `${client.firstName} ${client.lastName}`.trim();
}

/** Realtime event sent to affected users when a project changes (payload `{ projectId }`). */
export const PROJECT_CHANGED_EVENT = 'project:changed';
