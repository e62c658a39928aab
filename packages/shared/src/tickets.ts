import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { PRIORITY_COLORS, PRIORITY_LABELS, type Priority, PrioritySchema } from './priorities.js';
import { RoleSchema } from './roles.js';
import { isoDateSchema } from './text.js';

/** Ticket status (spec doc 2 §4), with Spanish labels and Mantine colours. */
export const TICKET_STATUSES = [
  'open',
  'in_progress',
  'pending_client',
  'resolved',
  'closed',
  'cancelled',
] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES, { error: 'Estado inválido' });
export type TicketStatus = z.infer<typeof TicketStatusSchema>;
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Abierto',
  in_progress: 'En Progreso',
  pending_client: 'Esperando Cliente',
  resolved: 'Resuelto',
  closed: 'Cerrado',
  cancelled: 'Cancelado',
};
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  in_progress: 'yellow',
  pending_client: 'grape',
  resolved: 'green',
  closed: 'gray',
  cancelled: 'red',
};
/** Statuses that still need work (nav badge, "open" counters of the dashboard). */
export const TICKET_ACTIVE_STATUSES: readonly TicketStatus[] = ['open', 'in_progress', 'pending_client'];

/** Ticket priority (spec doc 2 §4); colours per §9 (urgent red, high orange, medium blue, low gray). */
export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const satisfies readonly Priority[];
export const TicketPrioritySchema = PrioritySchema;
export type TicketPriority = Priority;
export const TICKET_PRIORITY_LABELS = PRIORITY_LABELS;
export const TICKET_PRIORITY_COLORS = PRIORITY_COLORS;

/** Ticket type (spec doc 2 §4). */
export const TICKET_TYPES = [
  'bug',
  'feature_request',
  'support',
  'maintenance',
  'improvement',
  'question',
] as const;
export const TicketTypeSchema = z.enum(TICKET_TYPES, { error: 'Tipo inválido' });
export type TicketType = z.infer<typeof TicketTypeSchema>;
export const TICKET_TYPE_LABELS: Record<TicketType, string> = {
  bug: 'Error',
  feature_request: 'Nueva Funcionalidad',
  support: 'Soporte',
  maintenance: 'Mantenimiento',
  improvement: 'Mejora',
  question: 'Consulta',
};

/** Ticket severity (static sample of spec doc 2 §3). */
export const TICKET_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const TicketSeveritySchema = z.enum(TICKET_SEVERITIES, { error: 'Severidad inválida' });
export type TicketSeverity = z.infer<typeof TicketSeveritySchema>;
export const TICKET_SEVERITY_LABELS: Record<TicketSeverity, string> = {
  critical: 'Crítica',
  high: 'Alta',
  medium: 'Media',
  low: 'Baja',
};
export const TICKET_SEVERITY_COLORS: Record<TicketSeverity, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'gray',
};

/** Work types of a time log (spec doc 2 §5 "Time logging hints"). */
export const WORK_TYPES = [
  'investigation',
  'coding',
  'testing',
  'debugging',
  'documentation',
  'communication',
  'review',
  'deployment',
] as const;
export const WorkTypeSchema = z.enum(WORK_TYPES, { error: 'Tipo de trabajo inválido' });
export type WorkType = z.infer<typeof WorkTypeSchema>;
export const WORK_TYPE_LABELS: Record<WorkType, string> = {
  investigation: 'Investigación',
  coding: 'Desarrollo',
  testing: 'Pruebas',
  debugging: 'Depuración',
  documentation: 'Documentación',
  communication: 'Comunicación',
  review: 'Revisión',
  deployment: 'Despliegue',
};

/** Timeline entry types (spec doc 2 §3 static sample). */
export const TICKET_TIMELINE_TYPES = [
  'created',
  'comment',
  'status_change',
  'time_logged',
  'assigned',
] as const;
export type TicketTimelineType = (typeof TICKET_TIMELINE_TYPES)[number];

/**
 * Allowed status transitions for staff (admin, employee). Moving to `resolved` or `closed`
 * needs a resolution (given in the request or already on the ticket). Source: issue 5
 * (the spec leaves transitions "not shown"); decision record 041.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ['in_progress', 'pending_client', 'resolved', 'closed', 'cancelled'],
  in_progress: ['open', 'pending_client', 'resolved', 'closed', 'cancelled'],
  pending_client: ['open', 'in_progress', 'resolved', 'closed', 'cancelled'],
  resolved: ['open', 'in_progress', 'closed'],
  closed: ['open'],
  cancelled: ['open'],
};
/**
 * What a client may do with the status of its own ticket: reopen a resolved one, or cancel
 * one nobody has resolved yet. (A client's reply on `pending_client` moves it back to
 * `open` automatically, see `POST /tickets/{id}/messages`.)
 */
export const CLIENT_TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  open: ['cancelled'],
  in_progress: [],
  pending_client: ['cancelled'],
  resolved: ['open'],
  closed: [],
  cancelled: [],
};
/** Statuses that require a resolution text. */
export const TICKET_STATUSES_NEEDING_RESOLUTION: readonly TicketStatus[] = ['resolved', 'closed'];

/** True when `role` may move a ticket from `from` to `to` (ignores the resolution rule). */
export function canTransitionTicket(role: z.infer<typeof RoleSchema>, from: TicketStatus, to: TicketStatus) {
  const table = role === 'client' ? CLIENT_TICKET_TRANSITIONS : TICKET_TRANSITIONS;
  return table[from].includes(to);
}

/** Formats the sequential ticket number: 7 → "TK-0007". */
export function formatTicketNumber(n: number): string {
  return `TK-${String(n).padStart(4, '0')}`;
}

/** Ticket time-log hours (spec doc 2 §5): 0.25 to 24 in steps of 0.25. */
export const TICKET_HOURS = { min: 0.25, max: 24, step: 0.25 } as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A person as tickets show them. */
export const TicketPersonSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  avatar: z.string().nullable(),
});
export type TicketPerson = z.infer<typeof TicketPersonSchema>;

/** A stored attachment (file metadata; bytes at `url`). */
export const TicketAttachmentSchema = z.object({
  _id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int().describe('Bytes'),
  url: z.string(),
  createdAt: z.string(),
});
export type TicketAttachment = z.infer<typeof TicketAttachmentSchema>;

/** A message in the ticket conversation. Internal messages are never sent to clients. */
export const TicketMessageSchema = z.object({
  _id: z.uuid(),
  author: TicketPersonSchema.nullable(),
  content: z.string(),
  isInternal: z.boolean(),
  attachments: z.array(TicketAttachmentSchema),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

/** A time log (staff only). `hours` in decimal hours. */
export const TicketTimeLogSchema = z.object({
  _id: z.uuid(),
  user: TicketPersonSchema.nullable(),
  hours: z.number(),
  workType: WorkTypeSchema,
  description: z.string(),
  date: z.string().describe('ISO date (YYYY-MM-DD)'),
  createdAt: z.string(),
});
export type TicketTimeLog = z.infer<typeof TicketTimeLogSchema>;

/** One entry of the ticket timeline. `description` is a Spanish one-liner. */
export const TicketTimelineEntrySchema = z.object({
  _id: z.uuid(),
  type: z.enum(TICKET_TIMELINE_TYPES),
  actor: TicketPersonSchema.nullable(),
  description: z.string(),
  createdAt: z.string(),
});
export type TicketTimelineEntry = z.infer<typeof TicketTimelineEntrySchema>;

/** A ticket in lists (spec doc 2 §3 "Ticket"). Hours are decimal hours. */
export const TicketSchema = z.object({
  _id: z.uuid(),
  ticketNumber: z.string(),
  title: z.string(),
  description: z.string(),
  type: TicketTypeSchema,
  status: TicketStatusSchema,
  priority: TicketPrioritySchema,
  severity: TicketSeveritySchema,
  category: z.string().nullable(),
  client: z
    .object({
      _id: z.uuid(),
      companyName: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
    })
    .nullable(),
  project: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  reportedBy: TicketPersonSchema.nullable(),
  assignedTo: TicketPersonSchema.nullable(),
  reportedDate: z.string(),
  estimatedResolutionTime: z.number().nullable().describe('Hours'),
  actualTimeSpent: z.number().describe('Hours, sum of the time logs'),
  messageCount: z.number().int(),
  resolution: z.string().nullable(),
  preventionMeasures: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof TicketSchema>;

/**
 * A ticket with what the detail page shows first: the newest messages and counts of the
 * attachments, timeline and time log, which the page reads 20 at a time from their endpoints.
 */
export const TicketDetailSchema = TicketSchema.extend({
  environment: z.string().nullable(),
  browserInfo: z.string().nullable(),
  steps: z.string().nullable(),
  tags: z.array(z.string()),
  watchers: z.array(TicketPersonSchema),
  /** The newest {@link TICKET_DETAIL_MESSAGES} messages the caller may see, oldest first. */
  messages: z.array(TicketMessageSchema),
  /** All messages the caller may see (internal notes count for staff only). */
  messagesTotal: z.number().int(),
  /**
   * Counts of the ticket's paged parts (issue 14): files the caller may see (clients: not those
   * of internal notes), timeline entries (clients: not internal ones) and time logs (staff; 0
   * for clients). The rows come from `GET /tickets/{id}/attachments|timeline|time-logs`.
   */
  attachmentsTotal: z.number().int(),
  timelineTotal: z.number().int(),
  timeLogsTotal: z.number().int(),
  relatedTickets: z.array(
    z.object({ _id: z.uuid(), ticketNumber: z.string(), title: z.string(), status: TicketStatusSchema }),
  ),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

/** `GET /tickets` query (spec doc 2 §7). Empty strings count as absent. */
export const ListTicketsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), TicketStatusSchema.optional()),
  priority: z.preprocess((v) => (v === '' ? undefined : v), TicketPrioritySchema.optional()),
  type: z.preprocess((v) => (v === '' ? undefined : v), TicketTypeSchema.optional()),
  projectId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional()),
  clientId: z.preprocess((v) => (v === '' ? undefined : v), z.uuid().optional()),
  assignedTo: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.uuid(), z.literal('me')]).optional(),
  ),
  ...pageQueryFields(),
});
export type ListTicketsQuery = z.input<typeof ListTicketsQuerySchema>;

/**
 * `GET /tickets` answer: one page, newest first (`created_at desc, id desc`, decision 088), and
 * `pagination.total` = tickets matching the filters that the caller may see.
 */
export const ListTicketsResponseSchema = z.object({
  tickets: z.array(TicketSchema),
  pagination: PaginationSchema,
});
export type ListTicketsResponse = z.infer<typeof ListTicketsResponseSchema>;

/**
 * Messages the ticket detail carries: the newest {@link TICKET_DETAIL_MESSAGES}; older ones come
 * page by page from `GET /tickets/{id}/messages` ("Ver mensajes anteriores", decision 102).
 */
export const TICKET_DETAIL_MESSAGES = 20;

/** `GET /tickets/{id}/messages` query: `page` 1 = the newest messages (default 20 a page, max 100). */
export const ListTicketMessagesQuerySchema = z.object({ ...pageQueryFields(TICKET_DETAIL_MESSAGES) });
export type ListTicketMessagesQuery = z.input<typeof ListTicketMessagesQuerySchema>;

/**
 * `GET /tickets/{id}/messages` answer: one page of the conversation, newest first
 * (`created_at desc, id desc`); clients never get internal notes, and `total` counts only what
 * the caller may see.
 */
export const ListTicketMessagesResponseSchema = z.object({
  messages: z.array(TicketMessageSchema),
  pagination: PaginationSchema,
});
export type ListTicketMessagesResponse = z.infer<typeof ListTicketMessagesResponseSchema>;

/** `GET /tickets/{id}/attachments|timeline|time-logs` query: `page`/`limit` (default 20, max 100). */
export const TicketSubListQuerySchema = z.object({ ...pageQueryFields() });
export type TicketSubListQuery = z.input<typeof TicketSubListQuerySchema>;

/**
 * `GET /tickets/{id}/attachments` → `data`: the ticket's files, newest first (`created_at desc,
 * id desc`); clients never get a file attached only to an internal note.
 */
export const ListTicketAttachmentsResponseSchema = z.object({
  attachments: z.array(TicketAttachmentSchema),
  pagination: PaginationSchema,
});
export type ListTicketAttachmentsResponse = z.infer<typeof ListTicketAttachmentsResponseSchema>;

/** `GET /tickets/{id}/timeline` → `data`: activity, newest first; clients never get internal entries. */
export const ListTicketTimelineResponseSchema = z.object({
  timeline: z.array(TicketTimelineEntrySchema),
  pagination: PaginationSchema,
});
export type ListTicketTimelineResponse = z.infer<typeof ListTicketTimelineResponseSchema>;

/** `GET /tickets/{id}/time-logs` → `data` (staff only; clients 403): latest date first. */
export const ListTicketTimeLogsResponseSchema = z.object({
  timeLogs: z.array(TicketTimeLogSchema),
  pagination: PaginationSchema,
});
export type ListTicketTimeLogsResponse = z.infer<typeof ListTicketTimeLogsResponseSchema>;

/** `GET /tickets/{id}` and write answers. */
export const GetTicketResponseSchema = z.object({ ticket: TicketDetailSchema });

const titleSchema = z
  .string({ error: 'El título es requerido' })
  .trim()
  .min(1, { error: 'El título es requerido', abort: true })
  .min(5, 'El título debe tener al menos 5 caracteres')
  .max(200, 'El título no puede superar 200 caracteres');
const descriptionSchema = z
  .string({ error: 'La descripción es requerida' })
  .trim()
  .min(1, { error: 'La descripción es requerida', abort: true })
  .min(10, 'La descripción debe tener al menos 10 caracteres')
  .max(10_000, 'La descripción no puede superar 10000 caracteres');
const hoursEstimate = z
  .number({ error: 'Horas inválidas' })
  .min(0, 'Las horas no pueden ser negativas')
  .max(10_000, 'Demasiadas horas')
  .nullish();

/**
 * `POST /tickets` body. A client's ticket always belongs to its own client record (the
 * server sets it from the session); staff choose `clientId` or get it from `projectId`.
 * Attachments are uploaded afterwards to `POST /tickets/{id}/attachments`.
 */
export const CreateTicketRequestSchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  type: TicketTypeSchema.default('support'),
  priority: TicketPrioritySchema.default('medium'),
  severity: TicketSeveritySchema.default('medium'),
  category: optionalText(100),
  projectId: z.uuid({ error: 'Proyecto inválido' }).nullish(),
  clientId: z.uuid({ error: 'Cliente inválido' }).nullish(),
  environment: optionalText(200),
  browserInfo: optionalText(300),
  steps: optionalText(5000),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  estimatedResolutionTime: hoursEstimate,
});
export type CreateTicketRequest = z.input<typeof CreateTicketRequestSchema>;

/**
 * `PUT /tickets/{id}` body: any subset of the editable fields. Clients may change title,
 * description, priority and attachments of their own tickets while they are open; the rest
 * is staff only (403). `relatedTicketIds` replaces the related-ticket links.
 */
export const UpdateTicketRequestSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    type: TicketTypeSchema,
    priority: TicketPrioritySchema,
    severity: TicketSeveritySchema,
    category: optionalText(100),
    projectId: z.uuid({ error: 'Proyecto inválido' }).nullable(),
    environment: optionalText(200),
    browserInfo: optionalText(300),
    steps: optionalText(5000),
    tags: z.array(z.string().trim().min(1).max(40)).max(20),
    estimatedResolutionTime: hoursEstimate,
    relatedTicketIds: z.array(z.uuid()).max(20),
  })
  .partial();
export type UpdateTicketRequest = z.input<typeof UpdateTicketRequestSchema>;

/** `POST /tickets/{id}/messages` body (spec doc 2 §7). `attachments`: ids of files uploaded to the ticket. */
export const CreateTicketMessageRequestSchema = z.object({
  content: z
    .string({ error: 'El comentario es requerido' })
    .trim()
    .min(1, 'El comentario es requerido')
    .max(5000, 'El comentario no puede superar 5000 caracteres'),
  isInternal: z.boolean().default(false),
  attachments: z.array(z.uuid()).max(5).default([]),
});
export type CreateTicketMessageRequest = z.input<typeof CreateTicketMessageRequestSchema>;

/** `PUT /tickets/{id}/assign` body; null unassigns. The assignee must be active staff. */
export const AssignTicketRequestSchema = z.object({
  assignedTo: z.uuid({ error: 'Selecciona un responsable' }).nullable(),
});

const resolutionSchema = z
  .string()
  .trim()
  .max(5000, 'La resolución no puede superar 5000 caracteres')
  .nullish()
  .transform((v) => (v ? v : null));

/** `PUT /tickets/{id}/status` body. `resolution` is required for resolved/closed unless the ticket has one. */
export const ChangeTicketStatusRequestSchema = z.object({
  status: TicketStatusSchema,
  resolution: resolutionSchema,
  preventionMeasures: resolutionSchema,
});
export type ChangeTicketStatusRequest = z.input<typeof ChangeTicketStatusRequestSchema>;

/** `PUT /tickets/{id}/close` body (spec doc 2 §7). */
export const CloseTicketRequestSchema = z.object({
  resolution: z
    .string({ error: 'La resolución es requerida' })
    .trim()
    .min(1, 'La resolución es requerida')
    .max(5000, 'La resolución no puede superar 5000 caracteres'),
  preventionMeasures: resolutionSchema,
});
export type CloseTicketRequest = z.input<typeof CloseTicketRequestSchema>;

/** `POST /tickets/{id}/time-logs` body (spec doc 2 §5): hours 0.25–24 step 0.25, description required. */
export const CreateTicketTimeLogRequestSchema = z.object({
  hours: z
    .number({ error: 'Las horas son requeridas' })
    .min(TICKET_HOURS.min, 'Mínimo 0.25 horas')
    .max(TICKET_HOURS.max, 'Máximo 24 horas')
    .refine((h) => Number.isInteger(h / TICKET_HOURS.step), 'Usa incrementos de 0.25 horas'),
  workType: WorkTypeSchema,
  description: z
    .string({ error: 'La descripción es requerida' })
    .trim()
    .min(1, 'La descripción es requerida')
    .max(2000, 'La descripción no puede superar 2000 caracteres'),
  date: isoDateSchema('Fecha inválida').optional(),
});
export type CreateTicketTimeLogRequest = z.input<typeof CreateTicketTimeLogRequestSchema>;

/** `POST /tickets/{id}/watchers` body; without `userId` the caller watches the ticket. */
export const AddTicketWatcherRequestSchema = z.object({ userId: z.uuid().optional() });

/** `GET /tickets/stats` answer: counts over the tickets the caller may see. */
export const TicketStatsSchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  inProgress: z.number().int(),
  pendingClient: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
  cancelled: z.number().int(),
  byPriority: z.record(TicketPrioritySchema, z.number().int()),
  byType: z.record(TicketTypeSchema, z.number().int()),
  averageResolutionHours: z.number().nullable(),
});
export type TicketStats = z.infer<typeof TicketStatsSchema>;

/** A staff member who can be assigned (`GET /tickets/assignees`). */
export const TicketAssigneeSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
});

/** Socket.io events of the tickets module (payload `{ ticketId }`). */
export const TICKET_EVENTS = { created: 'ticket:created', updated: 'ticket:updated' } as const;
