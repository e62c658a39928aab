import { z } from 'zod';
import { PRIORITY_COLORS, PRIORITY_LABELS, type Priority, PrioritySchema } from './priorities.js';
import type { Role } from './roles.js';

/*
 * Ticket vocabulary: statuses, priorities, types, severities, work types, the status transition
 * tables and the ticket number format. The request/response schemas live in tickets.ts.
 */

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
export function canTransitionTicket(role: Role, from: TicketStatus, to: TicketStatus) {
  const table = role === 'client' ? CLIENT_TICKET_TRANSITIONS : TICKET_TRANSITIONS;
  return table[from].includes(to);
}

/** Formats the sequential ticket number: 7 → "TK-0007". */
export function formatTicketNumber(n: number): string {
  return `TK-${String(n).padStart(4, '0')}`;
}

/** Ticket time-log hours (spec doc 2 §5): 0.25 to 24 in steps of 0.25. */
export const TICKET_HOURS = { min: 0.25, max: 24, step: 0.25 } as const;

/** Socket.io events of the tickets module (payload `{ ticketId }`). */
export const TICKET_EVENTS = { created: 'ticket:created', updated: 'ticket:updated' } as const;
