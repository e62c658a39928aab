import { z } from 'zod';
import { blankAsUndefined } from './fields.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { PRIORITY_COLORS, PRIORITY_LABELS, PrioritySchema } from './priorities.js';
import { DateOnlySchema, TimeEntrySchema } from './projects.js';

/*
 * Project tasks (issue 45, decision record 164): a board per project, "Mis tareas", checklists,
 * comments with mentions, files, recurrence, and timers that become time entries of the project.
 * Dates are `YYYY-MM-DD` (a day in the agency's calendar), instants ISO 8601, durations minutes.
 */

/* ──────────────────────────── statuses, labels, colours ──────────────────────────── */

/** The board's four columns, in board order. */
export const TASK_STATUSES = ['todo', 'in_progress', 'in_review', 'done'] as const;
export const TaskStatusSchema = z.enum(TASK_STATUSES, { error: 'Estado de tarea inválido' });
export type TaskStatus = z.infer<typeof TaskStatusSchema>;

/** Spanish labels of the task statuses (the board's column titles). */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'Por hacer',
  in_progress: 'En progreso',
  in_review: 'En revisión',
  done: 'Hecho',
};

/** Mantine colours of the task statuses. */
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  todo: 'gray',
  in_progress: 'blue',
  in_review: 'orange',
  done: 'green',
};

/**
 * Title of the extra column clients add to when the project allows it (`clientRequestsEnabled`).
 * A client request is a task with `clientRequest: true` and status `todo`; moving it anywhere on
 * the board (staff) accepts it and clears the flag (decision 164).
 */
export const CLIENT_REQUESTS_COLUMN_LABEL = 'Solicitudes del cliente';
/** Board column keys: the client requests column first, then the four statuses. */
export const TASK_BOARD_COLUMNS = ['client_requests', ...TASK_STATUSES] as const;
export type TaskBoardColumn = (typeof TASK_BOARD_COLUMNS)[number];
export const TASK_BOARD_COLUMN_LABELS: Record<TaskBoardColumn, string> = {
  client_requests: CLIENT_REQUESTS_COLUMN_LABEL,
  ...TASK_STATUS_LABELS,
};
/** The column a task shows in. */
export function taskBoardColumn(task: { status: TaskStatus; clientRequest: boolean }): TaskBoardColumn {
  return task.clientRequest ? 'client_requests' : task.status;
}

/** Task priority: the one the tickets use (urgent, high, medium, low; labels and colours shared). */
export const TaskPrioritySchema = PrioritySchema;
export const TASK_PRIORITY_LABELS = PRIORITY_LABELS;
export const TASK_PRIORITY_COLORS = PRIORITY_COLORS;

/** Recurrence: none, or the next task due a week / a month after this one's due date, created once when done. */
export const TASK_RECURRENCES = ['none', 'weekly', 'monthly'] as const;
export const TaskRecurrenceSchema = z.enum(TASK_RECURRENCES, { error: 'Recurrencia inválida' });
export type TaskRecurrence = z.infer<typeof TaskRecurrenceSchema>;
export const TASK_RECURRENCE_LABELS: Record<TaskRecurrence, string> = {
  none: 'No se repite',
  weekly: 'Semanal',
  monthly: 'Mensual',
};

/** `due` filter of `GET /tasks`: overdue (due before today, not done), due today, due within 7 days from today. */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week'] as const;
export const TaskDueFilterSchema = z.enum(TASK_DUE_FILTERS, { error: 'Filtro de vencimiento inválido' });
export type TaskDueFilter = z.infer<typeof TaskDueFilterSchema>;
export const TASK_DUE_FILTER_LABELS: Record<TaskDueFilter, string> = {
  overdue: 'Vencidas',
  today: 'Para hoy',
  week: 'Esta semana',
};
/** Groups of "Mis tareas" (computed on the web from `dueDate`). */
export const MY_TASK_GROUP_LABELS = {
  overdue: 'Vencidas',
  today: 'Hoy',
  week: 'Esta semana',
  later: 'Más adelante',
} as const;

/** Limits of a task. */
export const TASK_LIMITS = {
  titleMax: 200,
  descriptionMax: 20_000,
  checklistMax: 100,
  checklistTextMax: 300,
  labelsMax: 10,
  labelMax: 40,
  assigneesMax: 10,
  commentMax: 5000,
  /** Estimate in minutes: at most 1000 hours. */
  estimateMaxMinutes: 60_000,
} as const;

/**
 * A task description as stored and shown: Markdown without raw HTML (tags removed) and without
 * script links (`javascript:`, `vbscript:`, `data:` targets become `#`). The server applies it on
 * every write; the web renders Markdown with raw HTML off.
 */
export function sanitizeTaskMarkdown(markdown: string): string {
  return markdown
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\]\(\s*(?:javascript|vbscript|data):[^)]*\)/gi, '](#)')
    .trim();
}

/* ──────────────────────────── response shapes ──────────────────────────── */

/** A person on a task (assignee, comment author). */
export const TaskPersonSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type TaskPerson = z.infer<typeof TaskPersonSchema>;

/** One checklist item. `_id` is kept across edits (send it back to keep the item). */
export const TaskChecklistItemSchema = z.object({
  _id: z.uuid(),
  text: z.string(),
  done: z.boolean(),
});
export type TaskChecklistItem = z.infer<typeof TaskChecklistItemSchema>;

/**
 * A task as boards, lists and "Mis tareas" show it. `position` orders the task inside its column
 * (ascending; fractional, decision 164). `estimateMinutes` and `loggedMinutes` are staff only:
 * absent in a client's answer, like every internal field (decision 164).
 * `checklist` counts items; `commentsCount` counts the comments the caller may see.
 */
export const TaskSchema = z.object({
  _id: z.uuid(),
  project: z.object({ _id: z.uuid(), title: z.string() }),
  title: z.string(),
  status: TaskStatusSchema,
  position: z.number(),
  priority: TaskPrioritySchema,
  assignees: z.array(TaskPersonSchema),
  dueDate: z.string().nullable(),
  startDate: z.string().nullable(),
  estimateMinutes: z.number().int().nullable().optional(),
  milestone: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  visibleToClient: z.boolean(),
  /** True while the task is a client's request not yet accepted on the board ("Solicitudes del cliente"). */
  clientRequest: z.boolean(),
  labels: z.array(z.string()),
  recurrence: TaskRecurrenceSchema,
  checklist: z.object({ done: z.number().int(), total: z.number().int() }),
  commentsCount: z.number().int(),
  filesCount: z.number().int(),
  loggedMinutes: z.number().int().optional(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof TaskSchema>;

/** A task comment. Internal comments are staff only and never reach a client. */
export const TaskCommentSchema = z.object({
  _id: z.uuid(),
  content: z.string(),
  isInternal: z.boolean(),
  author: TaskPersonSchema.extend({ role: z.enum(['admin', 'employee', 'client']).nullable() }).nullable(),
  /** Users mentioned with `@` (ids resolved on the server). */
  mentions: z.array(z.uuid()),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof TaskCommentSchema>;

/** A file on a task; bytes at `GET /tasks/{id}/files/{fileId}` (upload rules as project files). */
export const TaskFileSchema = z.object({
  _id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TaskFile = z.infer<typeof TaskFileSchema>;

/**
 * The detail (drawer): the task plus description (Markdown, sanitised on the server), checklist
 * items, the comments the caller may see (oldest first), files, and, for staff, the time entries
 * logged on it (newest first; `loggedMinutes` is their sum). `canEdit` / `canComment` say what the
 * caller may do. `recurrenceNextId` is the task this one created when it was done (or null).
 */
export const TaskDetailSchema = TaskSchema.extend({
  description: z.string(),
  items: z.array(TaskChecklistItemSchema),
  comments: z.array(TaskCommentSchema),
  files: z.array(TaskFileSchema),
  timeEntries: z.array(TimeEntrySchema).optional(),
  recurrenceNextId: z.uuid().nullable(),
  createdBy: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  canEdit: z.boolean(),
  canComment: z.boolean(),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

/**
 * Set on a write answer when the write made every task of a milestone done while the milestone
 * is not completed: the web offers to complete it (`PUT /projects/{id}/milestones/{mid}`).
 */
export const MilestoneReadySchema = z.object({ _id: z.uuid(), title: z.string() }).nullable();

/**
 * Task settings of a project (`GET/PUT /projects/{id}/task-settings`; admins write):
 * `progressFromTasks` — the project's progress follows its tasks (done ÷ all, client requests not
 * counted); `clientRequestsEnabled` — the project's clients may add to "Solicitudes del cliente";
 * `timerBillable` — whether time entries written by task timers are billable (default true).
 */
export const ProjectTaskSettingsSchema = z.object({
  progressFromTasks: z.boolean(),
  clientRequestsEnabled: z.boolean(),
  timerBillable: z.boolean(),
});
export type ProjectTaskSettings = z.infer<typeof ProjectTaskSettingsSchema>;
export const DEFAULT_PROJECT_TASK_SETTINGS: ProjectTaskSettings = {
  progressFromTasks: false,
  clientRequestsEnabled: false,
  timerBillable: true,
};
/** `PUT /projects/{id}/task-settings` body: any subset. */
export const UpdateProjectTaskSettingsRequestSchema = z
  .object({
    progressFromTasks: z.boolean({ error: 'Valor inválido' }),
    clientRequestsEnabled: z.boolean({ error: 'Valor inválido' }),
    timerBillable: z.boolean({ error: 'Valor inválido' }),
  })
  .partial();
export type UpdateProjectTaskSettingsRequest = z.input<typeof UpdateProjectTaskSettingsRequestSchema>;
export const ProjectTaskSettingsResponseSchema = z.object({ settings: ProjectTaskSettingsSchema });

/* ──────────────────────────── queries ──────────────────────────── */

/** Page size of a project board: one page carries the first 300-task board whole. */
export const TASK_BOARD_PAGE_SIZE = 300;
/** Largest board page. */
export const TASK_BOARD_PAGE_SIZE_MAX = 500;

const taskFilterFields = {
  status: z.preprocess(blankAsUndefined, TaskStatusSchema.optional()),
  /** A user id or `me` (the caller). */
  assigneeId: z.preprocess(
    blankAsUndefined,
    z
      .union([z.literal('me'), z.uuid({ error: 'Responsable inválido' })], { error: 'Responsable inválido' })
      .optional(),
  ),
  due: z.preprocess(blankAsUndefined, TaskDueFilterSchema.optional()),
  /** Searches title (and labels). */
  q: z.preprocess(blankAsUndefined, z.string().trim().max(200, 'Máximo 200 caracteres').optional()),
  milestoneId: z.preprocess(blankAsUndefined, z.uuid({ error: 'Hito inválido' }).optional()),
  /** `open=true` leaves out done tasks ("Mis tareas" sends it). */
  open: z.preprocess(
    blankAsUndefined,
    z
      .enum(['true', 'false'], { error: 'Valor inválido' })
      .transform((v) => v === 'true')
      .optional(),
  ),
};

/**
 * `GET /tasks` (across the caller's projects, paged like the other lists: page/limit 20, max 100).
 * Order: due date ascending (no date last), then project, position, id. `due=overdue|today|week`
 * leaves out done tasks. Clients get their visible tasks only.
 */
export const ListTasksQuerySchema = z.object({
  ...taskFilterFields,
  projectId: z.preprocess(blankAsUndefined, z.uuid({ error: 'Proyecto inválido' }).optional()),
  ...pageQueryFields(),
});
export type ListTasksQuery = z.input<typeof ListTasksQuerySchema>;
export const ListTasksResponseSchema = pageResponseSchema('tasks', TaskSchema);
export type ListTasksResponse = z.infer<typeof ListTasksResponseSchema>;

/**
 * `GET /projects/{id}/tasks` (the board and list view): board order (column order, then
 * `position`, then id), `limit` default 300, max 500. The answer adds the project's task settings,
 * the count per board column (of the filtered tasks) and what the caller may do.
 */
export const ListProjectTasksQuerySchema = z.object({
  ...taskFilterFields,
  page: pageQueryFields().page,
  limit: z.coerce
    .number({ error: 'El límite debe ser un número' })
    .int('El límite debe ser un número entero')
    .min(1, 'El límite mínimo es 1')
    .max(TASK_BOARD_PAGE_SIZE_MAX, `El límite máximo es ${TASK_BOARD_PAGE_SIZE_MAX}`)
    .default(TASK_BOARD_PAGE_SIZE),
});
export type ListProjectTasksQuery = z.input<typeof ListProjectTasksQuerySchema>;
export const ListProjectTasksResponseSchema = pageResponseSchema('tasks', TaskSchema).extend({
  settings: ProjectTaskSettingsSchema,
  columns: z.array(z.object({ key: z.enum(TASK_BOARD_COLUMNS), total: z.number().int() })),
  permissions: z.object({
    /** Staff on the project (admin, team employee). */
    canCreate: z.boolean(),
    canMove: z.boolean(),
    /** A client of the project when `clientRequestsEnabled`. */
    canRequest: z.boolean(),
  }),
});
export type ListProjectTasksResponse = z.infer<typeof ListProjectTasksResponseSchema>;

/* ──────────────────────────── writes ──────────────────────────── */

const titleField = z
  .string({ error: 'El título es requerido' })
  .trim()
  .min(1, 'El título es requerido')
  .max(TASK_LIMITS.titleMax, `Máximo ${TASK_LIMITS.titleMax} caracteres`);
const descriptionField = z
  .string({ error: 'Descripción inválida' })
  .trim()
  .max(TASK_LIMITS.descriptionMax, `Máximo ${TASK_LIMITS.descriptionMax} caracteres`);
/** A checklist item in a write: `_id` keeps an existing item, absent creates one. */
export const TaskChecklistItemInputSchema = z.object({
  _id: z.uuid({ error: 'Elemento inválido' }).optional(),
  text: z
    .string({ error: 'El texto es requerido' })
    .trim()
    .min(1, 'El texto del elemento es requerido')
    .max(TASK_LIMITS.checklistTextMax, `Máximo ${TASK_LIMITS.checklistTextMax} caracteres`),
  done: z.boolean().default(false),
});
const taskFields = {
  title: titleField,
  description: descriptionField,
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  assigneeIds: z
    .array(z.uuid({ error: 'Responsable inválido' }))
    .max(TASK_LIMITS.assigneesMax, `Máximo ${TASK_LIMITS.assigneesMax} responsables`)
    .refine((a) => new Set(a).size === a.length, 'Un responsable aparece dos veces'),
  dueDate: DateOnlySchema.nullable(),
  startDate: DateOnlySchema.nullable(),
  estimateMinutes: z
    .number({ error: 'Estimado inválido' })
    .int('El estimado va en minutos enteros')
    .min(0, 'El estimado no puede ser negativo')
    .max(TASK_LIMITS.estimateMaxMinutes, 'El estimado es demasiado grande')
    .nullable(),
  milestoneId: z.uuid({ error: 'Hito inválido' }).nullable(),
  visibleToClient: z.boolean({ error: 'Valor inválido' }),
  labels: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'Etiqueta vacía')
        .max(TASK_LIMITS.labelMax, `Máximo ${TASK_LIMITS.labelMax} caracteres`),
    )
    .max(TASK_LIMITS.labelsMax, `Máximo ${TASK_LIMITS.labelsMax} etiquetas`),
  items: z
    .array(TaskChecklistItemInputSchema)
    .max(TASK_LIMITS.checklistMax, `Máximo ${TASK_LIMITS.checklistMax} elementos`),
  recurrence: TaskRecurrenceSchema,
};
const START_BEFORE_DUE = {
  message: 'La fecha de inicio no puede ser posterior a la de entrega',
  path: ['startDate'],
};
const startBeforeDue = (v: { startDate?: string | null; dueDate?: string | null }) =>
  !v.startDate || !v.dueDate || v.startDate <= v.dueDate;
const RECURRENCE_NEEDS_DUE = { message: 'Una tarea recurrente necesita fecha de entrega', path: ['dueDate'] };

/**
 * `POST /projects/{id}/tasks` (staff on the project): the task goes at the end of its column.
 * A client (when the project allows requests) sends only `title` and `description`: the task is
 * created as a request (`clientRequest`, visible to the client, status `todo`); other fields are
 * ignored for clients. Assignees must be staff on the project's team (or admins).
 */
export const CreateTaskRequestSchema = z
  .object({
    title: taskFields.title,
    description: taskFields.description.default(''),
    status: taskFields.status.default('todo'),
    priority: taskFields.priority.default('medium'),
    assigneeIds: taskFields.assigneeIds.default([]),
    dueDate: taskFields.dueDate.default(null),
    startDate: taskFields.startDate.default(null),
    estimateMinutes: taskFields.estimateMinutes.default(null),
    milestoneId: taskFields.milestoneId.default(null),
    visibleToClient: taskFields.visibleToClient.default(false),
    labels: taskFields.labels.default([]),
    items: taskFields.items.default([]),
    recurrence: taskFields.recurrence.default('none'),
  })
  .refine(startBeforeDue, START_BEFORE_DUE)
  .refine((v) => v.recurrence === 'none' || !!v.dueDate, RECURRENCE_NEEDS_DUE);
export type CreateTaskRequest = z.input<typeof CreateTaskRequestSchema>;

/**
 * `PUT /tasks/{id}` (staff on the project): any subset. `items` replaces the checklist (items
 * keep their `_id`). A status change here puts the task at the end of the new column (use
 * `/move` to place it). Setting `status: 'done'` on a recurring task creates the next one once.
 */
export const UpdateTaskRequestSchema = z
  .object({
    title: taskFields.title,
    description: taskFields.description,
    status: taskFields.status,
    priority: taskFields.priority,
    assigneeIds: taskFields.assigneeIds,
    dueDate: taskFields.dueDate,
    startDate: taskFields.startDate,
    estimateMinutes: taskFields.estimateMinutes,
    milestoneId: taskFields.milestoneId,
    visibleToClient: taskFields.visibleToClient,
    labels: taskFields.labels,
    items: taskFields.items,
    recurrence: taskFields.recurrence,
  })
  .partial()
  .refine(startBeforeDue, START_BEFORE_DUE);
export type UpdateTaskRequest = z.input<typeof UpdateTaskRequestSchema>;

/**
 * `POST /tasks/{id}/move` (staff on the project): to column `status`, just before the card
 * `beforeId` (the card that will follow it) or just after `afterId` (the card that will precede
 * it); neither = end of the column. The neighbour must be in that column of the same project
 * (400 otherwise). One write; concurrent moves are serialised per project (decision 164).
 */
export const MoveTaskRequestSchema = z
  .object({
    status: TaskStatusSchema,
    beforeId: z.uuid({ error: 'Tarea inválida' }).optional(),
    afterId: z.uuid({ error: 'Tarea inválida' }).optional(),
  })
  .refine((v) => !(v.beforeId && v.afterId), {
    message: 'Indica solo una tarea vecina (antes o después)',
    path: ['beforeId'],
  });
export type MoveTaskRequest = z.input<typeof MoveTaskRequestSchema>;

/**
 * `PUT /tasks/{id}/checklist/{itemId}` body: tick or untick one item (staff; quicker than a full
 * `PUT /tasks/{id}` from the drawer).
 */
export const ToggleChecklistItemRequestSchema = z.object({ done: z.boolean({ error: 'Valor inválido' }) });

/** Answer of task writes (create, update, move, checklist): the task and the milestone offer. */
export const TaskResponseSchema = z.object({ task: TaskDetailSchema, milestoneReady: MilestoneReadySchema });
export type TaskResponse = z.infer<typeof TaskResponseSchema>;
/** `GET /tasks/{id}` answer. */
export const GetTaskResponseSchema = z.object({ task: TaskDetailSchema });

/**
 * `POST /tasks/{id}/comments`. Mentions are written `@[Nombre Apellido](userId)` in `content`
 * (the web's mention picker inserts them); the server keeps the ids of people who may see the task
 * and notifies them. `isInternal` (staff only) hides the comment from clients; clients' comments
 * are never internal.
 */
export const CreateTaskCommentRequestSchema = z.object({
  content: z
    .string({ error: 'El comentario es requerido' })
    .trim()
    .min(1, 'El comentario es requerido')
    .max(TASK_LIMITS.commentMax, `Máximo ${TASK_LIMITS.commentMax} caracteres`),
  isInternal: z.boolean().default(false),
});
export type CreateTaskCommentRequest = z.input<typeof CreateTaskCommentRequestSchema>;
export const TaskCommentResponseSchema = z.object({ comment: TaskCommentSchema });
/** Mention syntax inside comment content: `@[label](uuid)`. */
export const TASK_MENTION_PATTERN = /@\[([^\]]{1,100})\]\(([0-9a-f-]{36})\)/gi;
/** Builds the mention token the web inserts for a person. */
export function taskMentionToken(person: { _id: string; firstName: string; lastName: string }): string {
  return `@[${`${person.firstName} ${person.lastName}`.trim().replace(/[[\]]/g, '')}](${person._id})`;
}

/** `POST /tasks/{id}/files` (multipart, field `file`) answer. */
export const TaskFileResponseSchema = z.object({ file: TaskFileSchema });

export const TaskParamsSchema = z.object({ id: z.uuid({ message: 'Identificador inválido' }) });
export const TaskSubParamsSchema = z.object({
  id: z.uuid({ message: 'Identificador inválido' }),
  subId: z.uuid({ message: 'Identificador inválido' }),
});

/* ──────────────────────────── timers ──────────────────────────── */

/** A timer running longer than this must be confirmed (or its end corrected) before it is saved. */
export const TIMER_CONFIRM_AFTER_HOURS = 12;
/** Error code of the 409 a long timer answers (`POST /timer/stop`, or a start that would stop it). */
export const TIMER_CONFIRMATION_REQUIRED = 'TIMER_CONFIRMATION_REQUIRED' as const;
/** Spanish message of that 409. */
export const TIMER_CONFIRMATION_MESSAGE =
  'El temporizador lleva más de 12 horas en marcha. Confirma el tiempo o corrige la hora de fin antes de guardarlo.';

/** The caller's running timer: the task, its project, and when it started (ISO instant). */
export const RunningTimerSchema = z.object({
  task: z.object({ _id: z.uuid(), title: z.string() }),
  project: z.object({ _id: z.uuid(), title: z.string() }),
  startedAt: z.string(),
  /** True once it has run more than {@link TIMER_CONFIRM_AFTER_HOURS} hours: stopping asks first. */
  needsConfirmation: z.boolean(),
});
export type RunningTimer = z.infer<typeof RunningTimerSchema>;

/** `GET /timer` answer: the caller's running timer or null (kept on the server). */
export const GetTimerResponseSchema = z.object({ timer: RunningTimerSchema.nullable() });
export type GetTimerResponse = z.infer<typeof GetTimerResponseSchema>;

/**
 * `POST /timer/stop` body (and the optional body of `POST /tasks/{id}/timer/start`, which stops a
 * running timer first). Under 12 h nothing is needed. Past 12 h the answer is a 409 with code
 * {@link TIMER_CONFIRMATION_REQUIRED} unless `confirmLong: true` (save as it is, at most 24 h) or
 * `endedAt` (the corrected end, after the start and not in the future) is sent. `discard: true`
 * stops without writing time.
 */
export const StopTimerRequestSchema = z.object({
  confirmLong: z.boolean().optional(),
  endedAt: z.iso.datetime({ offset: true, error: 'Hora de fin inválida' }).optional(),
  discard: z.boolean().optional(),
});
export type StopTimerRequest = z.input<typeof StopTimerRequestSchema>;
export const StartTimerRequestSchema = StopTimerRequestSchema;
export type StartTimerRequest = z.input<typeof StartTimerRequestSchema>;

/**
 * What stopping wrote: the time entry on the task's project (hours rounded to the nearest half
 * hour, at least 0.5, at most 24; description "Tarea: <title>"; billable by the project's
 * `timerBillable`), or null when discarded or shorter than a minute. `minutes` = measured time.
 */
export const StoppedTimerSchema = z.object({
  task: z.object({ _id: z.uuid(), title: z.string() }),
  project: z.object({ _id: z.uuid(), title: z.string() }),
  startedAt: z.string(),
  endedAt: z.string(),
  minutes: z.number().int(),
  timeEntry: TimeEntrySchema.nullable(),
});
export type StoppedTimer = z.infer<typeof StoppedTimerSchema>;
/** `POST /timer/stop` answer (`stopped` null when no timer was running). */
export const StopTimerResponseSchema = z.object({ stopped: StoppedTimerSchema.nullable() });
/** `POST /tasks/{id}/timer/start` answer: the new timer and the one it stopped, if any. */
export const StartTimerResponseSchema = z.object({
  timer: RunningTimerSchema,
  stopped: StoppedTimerSchema.nullable(),
});
export type StartTimerResponse = z.infer<typeof StartTimerResponseSchema>;

/* ──────────────────────────── realtime ──────────────────────────── */

/**
 * Sent to everyone who may see the project's board (team, admins, and the client when the task is
 * visible to it) after a task is created, edited, moved, commented or deleted. Boards invalidate
 * `['tasks', projectId]`, the drawer `['task', taskId]`.
 */
export const TASKS_CHANGED_EVENT = 'tasks:changed';
export const TasksChangedPayloadSchema = z.object({
  projectId: z.uuid(),
  taskId: z.uuid(),
  kind: z.enum(['created', 'updated', 'moved', 'deleted', 'commented', 'files']),
});
export type TasksChangedPayload = z.infer<typeof TasksChangedPayloadSchema>;
/** Sent to the user's own sockets when their timer starts or stops (other tabs and devices). */
export const TIMER_CHANGED_EVENT = 'timer:changed';
export const TimerChangedPayloadSchema = GetTimerResponseSchema;
export type TimerChangedPayload = z.infer<typeof TimerChangedPayloadSchema>;

/* ──────────────────────────── dashboard and calendar ──────────────────────────── */

/**
 * `GET /dashboard/my-tasks` (admin, employee): the caller's open tasks due today and overdue
 * (oldest due first, at most `limit`, default 5), with totals.
 */
export const MyTasksDashboardQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Límite inválido' })
    .int()
    .min(1, 'Mínimo 1')
    .max(50, 'Máximo 50')
    .default(5),
});
export const MyTasksDashboardResponseSchema = z.object({
  overdue: z.array(TaskSchema),
  today: z.array(TaskSchema),
  overdueTotal: z.number().int(),
  todayTotal: z.number().int(),
});
export type MyTasksDashboard = z.infer<typeof MyTasksDashboardResponseSchema>;

/**
 * `GET /calendar/tasks` — the calendar's "Tareas" layer (the web can switch it off): due dates of
 * open tasks the caller may see within [start_date, end_date] (`YYYY-MM-DD`, at most 62 days;
 * default the current month). `mine=true` keeps tasks assigned to the caller.
 */
export const CalendarTasksQuerySchema = z.object({
  start_date: z.preprocess(blankAsUndefined, DateOnlySchema.optional()),
  end_date: z.preprocess(blankAsUndefined, DateOnlySchema.optional()),
  projectId: z.preprocess(blankAsUndefined, z.uuid({ error: 'Proyecto inválido' }).optional()),
  mine: z.preprocess(blankAsUndefined, z.enum(['true', 'false'], { error: 'Valor inválido' }).optional()),
});
export type CalendarTasksQuery = z.input<typeof CalendarTasksQuerySchema>;
export const CalendarTaskSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  dueDate: z.string(),
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  project: z.object({ _id: z.uuid(), title: z.string() }),
  assignedToMe: z.boolean(),
});
export type CalendarTask = z.infer<typeof CalendarTaskSchema>;
/** At most this many tasks in one calendar answer (the earliest due first). */
export const CALENDAR_TASKS_MAX = 500;
export const CalendarTasksResponseSchema = z.object({
  tasks: z.array(CalendarTaskSchema),
  truncated: z.boolean(),
});
/** Hex colour of the task layer on FullCalendar (dark enough for white text). */
export const CALENDAR_TASK_HEX = '#0b7285';
/** Label of the calendar's task layer switch. */
export const CALENDAR_TASK_LAYER_LABEL = 'Tareas';
