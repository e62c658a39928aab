import { z } from 'zod';
import { blankAsUndefined, nullableText } from './fields.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { RoleSchema } from './roles.js';
import { isoDateSchema } from './text.js';
import {
  TICKET_HOURS,
  TICKET_TIMELINE_TYPES,
  TicketPrioritySchema,
  TicketSeveritySchema,
  TicketStatusSchema,
  TicketTypeSchema,
  WorkTypeSchema,
} from './ticket-enums.js';

/*
 * Request and response schemas of the tickets API (spec doc 2 §3, §7). The vocabulary (statuses,
 * types, transitions…) is in ticket-enums.ts; both are exported from the package index.
 */

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
  /** Sender of a message received by e-mail from a client contact without a portal user (author null). */
  authorEmail: z.string().nullable(),
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
  /** A client contact without a portal user who opened it by e-mail (`reportedBy` null; decision 168). */
  reporterEmail: z.string().nullable(),
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
  status: z.preprocess(blankAsUndefined, TicketStatusSchema.optional()),
  priority: z.preprocess(blankAsUndefined, TicketPrioritySchema.optional()),
  type: z.preprocess(blankAsUndefined, TicketTypeSchema.optional()),
  projectId: z.preprocess(blankAsUndefined, z.uuid().optional()),
  clientId: z.preprocess(blankAsUndefined, z.uuid().optional()),
  assignedTo: z.preprocess(blankAsUndefined, z.union([z.uuid(), z.literal('me')]).optional()),
  ...pageQueryFields(),
});
export type ListTicketsQuery = z.input<typeof ListTicketsQuerySchema>;

/**
 * `GET /tickets` answer: one page, newest first (`created_at desc, id desc`, decision 088), and
 * `pagination.total` = tickets matching the filters that the caller may see.
 */
export const ListTicketsResponseSchema = pageResponseSchema('tickets', TicketSchema);
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
export const ListTicketMessagesResponseSchema = pageResponseSchema('messages', TicketMessageSchema);
export type ListTicketMessagesResponse = z.infer<typeof ListTicketMessagesResponseSchema>;

/** `GET /tickets/{id}/attachments|timeline|time-logs` query: `page`/`limit` (default 20, max 100). */
export const TicketSubListQuerySchema = z.object({ ...pageQueryFields() });
export type TicketSubListQuery = z.input<typeof TicketSubListQuerySchema>;

/**
 * `GET /tickets/{id}/attachments` → `data`: the ticket's files, newest first (`created_at desc,
 * id desc`); clients never get a file attached only to an internal note.
 */
export const ListTicketAttachmentsResponseSchema = pageResponseSchema('attachments', TicketAttachmentSchema);
export type ListTicketAttachmentsResponse = z.infer<typeof ListTicketAttachmentsResponseSchema>;

/** `GET /tickets/{id}/timeline` → `data`: activity, newest first; clients never get internal entries. */
export const ListTicketTimelineResponseSchema = pageResponseSchema('timeline', TicketTimelineEntrySchema);
export type ListTicketTimelineResponse = z.infer<typeof ListTicketTimelineResponseSchema>;

/** `GET /tickets/{id}/time-logs` → `data` (staff only; clients 403): latest date first. */
export const ListTicketTimeLogsResponseSchema = pageResponseSchema('timeLogs', TicketTimeLogSchema);
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
  category: nullableText(100),
  projectId: z.uuid({ error: 'Proyecto inválido' }).nullish(),
  clientId: z.uuid({ error: 'Cliente inválido' }).nullish(),
  environment: nullableText(200),
  browserInfo: nullableText(300),
  steps: nullableText(5000),
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
    category: nullableText(100),
    projectId: z.uuid({ error: 'Proyecto inválido' }).nullable(),
    environment: nullableText(200),
    browserInfo: nullableText(300),
    steps: nullableText(5000),
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
