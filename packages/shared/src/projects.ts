import { z } from 'zod';
import { PRIORITY_COLORS, PRIORITY_LABELS, type Priority, PrioritySchema } from './priorities.js';
import type { Role } from './roles.js';
import { isCalendarDate } from './text.js';

/* ──────────────────────────── enums, labels, colours (spec doc 2 §4) ──────────────────────────── */

/** Project statuses in the order the spec lists them (doc 2 §4). */
export const PROJECT_STATUSES = [
  'requested',
  'approved',
  'in_progress',
  'in_review',
  'completed',
  'on_hold',
  'cancelled',
] as const;
export const ProjectStatusSchema = z.enum(PROJECT_STATUSES, { error: 'Estado de proyecto inválido' });
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

/** Spanish labels of the project statuses. */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  requested: 'Solicitado',
  approved: 'Aprobado',
  in_progress: 'En progreso',
  in_review: 'En revisión',
  completed: 'Completado',
  on_hold: 'En pausa',
  cancelled: 'Cancelado',
};

/** Badge colours of the project statuses (spec doc 2 §4). */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  requested: 'gray',
  approved: 'cyan',
  in_progress: 'blue',
  in_review: 'orange',
  completed: 'green',
  on_hold: 'yellow',
  cancelled: 'red',
};

/**
 * Statuses that count as "active" for the dashboard card and the navigation badge:
 * approved, being built or in review (decision record 031).
 */
export const ACTIVE_PROJECT_STATUSES = [
  'approved',
  'in_progress',
  'in_review',
] as const satisfies readonly ProjectStatus[];

/** Final statuses: only an admin may move a project out of them ("reopen"). */
export const FINAL_PROJECT_STATUSES = ['completed', 'cancelled'] as const satisfies readonly ProjectStatus[];

export const PROJECT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const satisfies readonly Priority[];
export const ProjectPrioritySchema = PrioritySchema;
export type ProjectPriority = Priority;
export const PROJECT_PRIORITY_LABELS = PRIORITY_LABELS;
export const PROJECT_PRIORITY_COLORS = PRIORITY_COLORS;

export const PROJECT_CATEGORIES = [
  'webapp',
  'maintenance',
  'support',
  'ecommerce',
  'landing',
  'custom',
] as const;
export const ProjectCategorySchema = z.enum(PROJECT_CATEGORIES, { error: 'Categoría inválida' });
export type ProjectCategory = z.infer<typeof ProjectCategorySchema>;
export const PROJECT_CATEGORY_LABELS: Record<ProjectCategory, string> = {
  webapp: 'Aplicación web',
  maintenance: 'Mantenimiento',
  support: 'Soporte',
  ecommerce: 'E-commerce',
  landing: 'Landing page',
  custom: 'Personalizado',
};
export const PROJECT_CATEGORY_COLORS: Record<ProjectCategory, string> = {
  webapp: 'indigo',
  maintenance: 'teal',
  support: 'grape',
  ecommerce: 'pink',
  landing: 'lime',
  custom: 'dark',
};

export const MILESTONE_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export const MilestoneStatusSchema = z.enum(MILESTONE_STATUSES, { error: 'Estado de hito inválido' });
export type MilestoneStatus = z.infer<typeof MilestoneStatusSchema>;
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  pending: 'Pendiente',
  in_progress: 'En progreso',
  completed: 'Completado',
};
export const MILESTONE_STATUS_COLORS: Record<MilestoneStatus, string> = {
  pending: 'gray',
  in_progress: 'blue',
  completed: 'green',
};

/* ──────────────────────────── status transitions (decision record 030) ──────────────────────────── */

/**
 * Allowed project status moves for staff. The spec leaves transitions open (doc 2 §4
 * "Allowed transitions: not shown"); this table is the product's rule (decision record 030).
 * Final statuses (completed, cancelled) have no moves here: see {@link PROJECT_REOPEN_TRANSITIONS}.
 */
export const PROJECT_STATUS_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  requested: ['approved', 'on_hold', 'cancelled'],
  approved: ['in_progress', 'on_hold', 'cancelled'],
  in_progress: ['in_review', 'completed', 'on_hold', 'cancelled'],
  in_review: ['in_progress', 'completed', 'on_hold', 'cancelled'],
  on_hold: ['approved', 'in_progress', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Moves out of a final status, allowed to admins only ("reopen"). */
export const PROJECT_REOPEN_TRANSITIONS: Record<'completed' | 'cancelled', readonly ProjectStatus[]> = {
  completed: ['in_progress', 'in_review'],
  cancelled: ['requested', 'on_hold', 'in_progress'],
};

/**
 * Statuses `role` may move a project to from `from` (the current status itself excluded).
 * Clients never change status; employees follow {@link PROJECT_STATUS_TRANSITIONS};
 * admins additionally reopen final statuses.
 */
export function allowedProjectTransitions(from: ProjectStatus, role: Role): ProjectStatus[] {
  if (role === 'client') return [];
  const base = [...PROJECT_STATUS_TRANSITIONS[from]];
  if (role === 'admin' && (from === 'completed' || from === 'cancelled')) {
    base.push(...PROJECT_REOPEN_TRANSITIONS[from]);
  }
  return base;
}

/** True when `role` may move a project from `from` to `to` (same status = no move = true). */
export function canTransitionProject(from: ProjectStatus, to: ProjectStatus, role: Role): boolean {
  return from === to || allowedProjectTransitions(from, role).includes(to);
}

/* ──────────────────────────── shared field schemas ──────────────────────────── */

/** Empty query values ('' from a cleared filter) count as absent (spec doc 2 §7 "empty params omitted"). */
/** `''` and `null` become `undefined` (optional query-string fields). */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional `true`/`false` query-string flag (empty → absent), parsed to a boolean; `message` on anything else. */
export const booleanQuery = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: message })
      .transform((v) => v === 'true')
      .optional(),
  );

/** Calendar date `YYYY-MM-DD` (no time zone: a day in the agency's calendar). */
export const DateOnlySchema = z
  .string({ error: 'Fecha inválida' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)')
  .refine(isCalendarDate, 'Fecha inválida');

/** Money in major units (decimal, ≥ 0, at most 2 decimals, below 10^11). */
export const MoneyAmountSchema = z
  .number({ error: 'Monto inválido' })
  .min(0, 'El monto no puede ser negativo')
  .max(99_999_999_999, 'El monto es demasiado grande')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Máximo dos decimales');

/** Project hours per time entry: at least 0.5 in steps of 0.5, at most 24 (spec doc 2 §5). */
export const ProjectHoursSchema = z
  .number({ error: 'Las horas son requeridas' })
  .min(0.5, 'Mínimo 0.5 horas')
  .max(24, 'Máximo 24 horas por registro')
  .refine((v) => Number.isInteger(v * 2), 'Las horas van en pasos de 0.5');

/* ──────────────────────────── response shapes ──────────────────────────── */

/** The client of a project as cards and the detail show it (spec doc 2 §3). */
export const ProjectClientSchema = z.object({
  _id: z.uuid(),
  companyName: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type ProjectClient = z.infer<typeof ProjectClientSchema>;

/** A team member: the user plus their role on the project ("Líder", "Desarrollador" …). */
export const ProjectMemberSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  /** Role on this project. */
  role: z.string(),
  /** Portal role of the user. */
  userRole: z.enum(['admin', 'employee', 'client']),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

/**
 * A project as the list and dashboard show it. Money in major units (`approvedBudget` null
 * = no budget, 'Sin presupuesto'); dates `YYYY-MM-DD` or null ('Sin fecha'). `approvedBudget`
 * and `spent` are absent for a client when the admin turned `budgetVisibleToClient` off (decision
 * 145); staff always receive them.
 */
export const ProjectSummarySchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  client: ProjectClientSchema,
  status: ProjectStatusSchema,
  priority: ProjectPrioritySchema,
  category: ProjectCategorySchema,
  progressPercentage: z.number().int().min(0).max(100),
  startDate: z.string().nullable(),
  estimatedEndDate: z.string().nullable(),
  actualEndDate: z.string().nullable(),
  approvedBudget: z.number().nullable().optional(),
  spent: z.number().optional(),
  /** Whether the client sees the budget and spent (default true; admin's switch, decision 145). */
  budgetVisibleToClient: z.boolean(),
  teamCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const MilestoneSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string().nullable(),
  status: MilestoneStatusSchema,
  completedAt: z.string().nullable(),
  order: z.number().int(),
});
export type Milestone = z.infer<typeof MilestoneSchema>;

/** A note/comment. Internal notes are staff-only and never reach a client (decision record 032). */
export const ProjectNoteSchema = z.object({
  _id: z.uuid(),
  content: z.string(),
  isInternal: z.boolean(),
  author: z.object({
    _id: z.uuid().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(['admin', 'employee', 'client']).nullable(),
  }),
  createdAt: z.string(),
  /** ISO date-time of the author's last edit; null when never edited (shown as "(editado)"). */
  editedAt: z.string().nullable(),
});
export type ProjectNote = z.infer<typeof ProjectNoteSchema>;

/** A meeting: `date` ISO date-time, `duration` in minutes, attendees are users. */
export const ProjectMeetingSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  date: z.string(),
  duration: z.number().int(),
  attendees: z.array(z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() })),
  notes: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectMeeting = z.infer<typeof ProjectMeetingSchema>;

/** A file attached to the project; bytes at `GET /projects/{id}/files/{fileId}`. */
export const ProjectFileSchema = z.object({
  _id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;

/**
 * A time entry: `hours` decimal in steps of 0.5, `date` `YYYY-MM-DD`. `invoice` = the invoice
 * it was billed on ("Facturada", decision 115); staff only, null for clients and unbilled time.
 */
export const TimeEntrySchema = z.object({
  _id: z.uuid(),
  user: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  hours: z.number(),
  description: z.string(),
  date: z.string(),
  billable: z.boolean(),
  createdAt: z.string(),
  invoice: z.object({ _id: z.uuid(), invoiceNumber: z.string() }).nullable().optional(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

/**
 * Time summary of the whole time log (SQL aggregates, whatever its length): decimal hours,
 * `entries` = number of time entries, `byMember` = members who logged time in the order of their
 * latest entry. Clients get billable time only and no cost (decision record 032);
 * `internalCost` (major units, hours × company hourly rate) is staff-only.
 */
export const TimeSummarySchema = z.object({
  totalHours: z.number(),
  billableHours: z.number(),
  entries: z.number().int(),
  /**
   * Staff only: the time's cost to the agency by the one rule of {@link timeCostCents} (each
   * person's cost rate), the same figure as the Finanzas tab; `unratedHours` are hours of people
   * without a cost rate, not in it (decision 163).
   */
  internalCost: z.number().optional(),
  unratedHours: z.number().optional(),
  byMember: z.array(
    z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string(), hours: z.number() }),
  ),
});
export type TimeSummary = z.infer<typeof TimeSummarySchema>;

/**
 * A project with what the detail screen's header and first tabs show (spec doc 2 §2 "Project
 * detail"). Notes, files, meetings and the time log are not in it: the tabs page through
 * `GET /projects/{id}/notes|files|meetings|time-entries` (issue 14); the detail carries their
 * counts (`notesTotal`: the notes the caller may see, clients never count internal ones;
 * `filesTotal`) and `timeSummary` (whose `entries` counts the time log).
 */
export const ProjectDetailSchema = ProjectSummarySchema.extend({
  team: z.array(ProjectMemberSchema),
  milestones: z.array(MilestoneSchema),
  notesTotal: z.number().int(),
  filesTotal: z.number().int(),
  timeSummary: TimeSummarySchema,
  /** Statuses the caller may move this project to (from the transition table). */
  allowedTransitions: z.array(ProjectStatusSchema),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
