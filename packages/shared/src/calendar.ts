import { z } from 'zod';
import { DEFAULT_TIMEZONE } from './constants.js';
import { blankAsUndefined, nullableText } from './fields.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { PRIORITY_COLORS, PRIORITY_LABELS, type Priority, PrioritySchema } from './priorities.js';
import { isoDateSchema, isoDateTimeSchema, timeZoneSchema } from './text.js';

/** Event types (spec doc 2 §4) with Spanish labels and §9 colours (others gray). */
export const EVENT_TYPES = [
  'meeting',
  'deadline',
  'reminder',
  'call',
  'presentation',
  'review',
  'personal',
  'holiday',
] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES, { error: 'Tipo de evento inválido' });
export type EventType = z.infer<typeof EventTypeSchema>;
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  meeting: 'Reunión',
  deadline: 'Fecha límite',
  reminder: 'Recordatorio',
  call: 'Llamada',
  presentation: 'Presentación',
  review: 'Revisión',
  personal: 'Personal',
  holiday: 'Feriado',
};
/** Mantine colour names (spec doc 2 §9: meeting blue, deadline red, call green, presentation purple, review orange, others gray). */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  meeting: 'blue',
  deadline: 'red',
  reminder: 'gray',
  call: 'green',
  presentation: 'grape',
  review: 'orange',
  personal: 'gray',
  holiday: 'gray',
};
/** Hex colours for FullCalendar (same hues as {@link EVENT_TYPE_COLORS}, dark enough for white text). */
export const EVENT_TYPE_HEX: Record<EventType, string> = {
  meeting: '#1864ab',
  deadline: '#c92a2a',
  reminder: '#5c636a',
  call: '#1e6b34',
  presentation: '#7b2cbf',
  review: '#c2410c',
  personal: '#5c636a',
  holiday: '#5c636a',
};

/** Event priority (spec doc 2 §4; colours §9). */
export const EVENT_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const satisfies readonly Priority[];
export const EventPrioritySchema = PrioritySchema;
export type EventPriority = Priority;
export const EVENT_PRIORITY_LABELS = PRIORITY_LABELS;
export const EVENT_PRIORITY_COLORS = PRIORITY_COLORS;

/** Attendee status (spec doc 2 §4). */
export const ATTENDEE_STATUSES = ['accepted', 'pending', 'declined', 'tentative'] as const;
export const AttendeeStatusSchema = z.enum(ATTENDEE_STATUSES, { error: 'Estado de asistencia inválido' });
export type AttendeeStatus = z.infer<typeof AttendeeStatusSchema>;
export const ATTENDEE_STATUS_LABELS: Record<AttendeeStatus, string> = {
  accepted: 'Aceptado',
  pending: 'Pendiente',
  declined: 'Rechazado',
  tentative: 'Tentativo',
};
export const ATTENDEE_STATUS_COLORS: Record<AttendeeStatus, string> = {
  accepted: 'green',
  pending: 'gray',
  declined: 'red',
  tentative: 'yellow',
};

/** Calendar constants (spec doc 2 §9): default view month, 30-minute slots, 3 events per day cell, 5 upcoming. */
export const CALENDAR = {
  defaultView: 'month',
  slotMinutes: 30,
  dayMaxEvents: 3,
  upcomingLimit: 5,
} as const;

/** Message when the end is not after the start (spec doc 2 §5, wired here). */
export const EVENT_END_BEFORE_START = 'La fecha de fin debe ser posterior a la fecha de inicio';

/** A person as events show them. */
export const EventPersonSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type EventPerson = z.infer<typeof EventPersonSchema>;

/** A calendar event (spec doc 2 §3 "Event"). Dates are ISO 8601 instants. */
export const CalendarEventSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  type: EventTypeSchema,
  priority: EventPrioritySchema,
  startDate: z.string(),
  endDate: z.string(),
  isAllDay: z.boolean(),
  location: z.string().nullable(),
  meetingLink: z.string().nullable(),
  timezone: z.string(),
  organizer: EventPersonSchema.nullable(),
  attendees: z.array(z.object({ user: EventPersonSchema, status: AttendeeStatusSchema })),
  project: z.object({ _id: z.uuid(), title: z.string() }).nullable(),
  client: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  /** The caller's own attendance, or null when the caller is not an attendee. */
  myStatus: AttendeeStatusSchema.nullable(),
  /** True when the caller may edit or delete (organizer or admin). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;

/**
 * `GET /calendar` query (spec doc 2 §7): events overlapping [start_date, end_date]. Without
 * dates the current month. `view` is accepted for the spec's contract and does not filter.
 */
export const ListEventsQuerySchema = z.object({
  start_date: z.preprocess(blankAsUndefined, isoDateTimeSchema().or(isoDateSchema()).optional()),
  end_date: z.preprocess(blankAsUndefined, isoDateTimeSchema().or(isoDateSchema()).optional()),
  view: z.preprocess(blankAsUndefined, z.enum(['month', 'week', 'day', 'list']).optional()),
  type: z.preprocess(blankAsUndefined, EventTypeSchema.optional()),
  projectId: z.preprocess(blankAsUndefined, z.uuid().optional()),
  search: z.string().trim().max(200).optional(),
});
export type ListEventsQuery = z.input<typeof ListEventsQuerySchema>;

/** `GET /calendar` and `GET /calendar/upcoming` answer. */
export const ListEventsResponseSchema = z.object({ events: z.array(CalendarEventSchema) });

/**
 * `GET /calendar/list` query (the "Lista de eventos" tab, decision 103): the filters of
 * `GET /calendar` without `view`, both dates optional (`start_date` alone: events not ended
 * before it; none: every event), plus `page`/`limit` (default 20, max 100).
 */
export const ListEventPageQuerySchema = z.object({
  start_date: ListEventsQuerySchema.shape.start_date,
  end_date: ListEventsQuerySchema.shape.end_date,
  type: ListEventsQuerySchema.shape.type,
  projectId: ListEventsQuerySchema.shape.projectId,
  search: ListEventsQuerySchema.shape.search,
  ...pageQueryFields(),
});
export type ListEventPageQuery = z.input<typeof ListEventPageQuerySchema>;

/**
 * `GET /calendar/list` answer: one page in date order (`start_date asc, id asc`) of the events
 * the caller may see; `pagination.total` counts every match.
 */
export const ListEventPageResponseSchema = pageResponseSchema('events', CalendarEventSchema);
export type ListEventPageResponse = z.infer<typeof ListEventPageResponseSchema>;
/** `GET /calendar/{id}` and write answers. */
export const GetEventResponseSchema = z.object({ event: CalendarEventSchema });

/** `GET /calendar/upcoming` query: `limit` defaults to 5 (spec doc 2 §9). */
export const UpcomingEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(CALENDAR.upcomingLimit),
});

const eventFields = z.object({
  title: z
    .string({ error: 'El título es requerido' })
    .trim()
    .min(1, 'El título es requerido')
    .max(200, 'El título no puede superar 200 caracteres'),
  description: nullableText(5000),
  type: EventTypeSchema,
  priority: EventPrioritySchema,
  startDate: isoDateTimeSchema('La fecha de inicio es requerida'),
  endDate: isoDateTimeSchema('La fecha de fin es requerida'),
  isAllDay: z.boolean().default(false),
  location: nullableText(300),
  meetingLink: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'El enlace debe empezar por http:// o https://')
    .nullish()
    .transform((v) => (v ? v : null)),
  timezone: timeZoneSchema.default(DEFAULT_TIMEZONE),
  /** User ids of the attendees (the organizer is the caller and need not be listed). */
  attendees: z.array(z.uuid()).max(100).default([]),
  projectId: z.uuid({ error: 'Proyecto inválido' }).nullish(),
  clientId: z.uuid({ error: 'Cliente inválido' }).nullish(),
});

function endAfterStart(v: { startDate?: string; endDate?: string; isAllDay?: boolean }) {
  if (!v.startDate || !v.endDate) return true;
  const start = Date.parse(v.startDate);
  const end = Date.parse(v.endDate);
  return v.isAllDay ? end >= start : end > start;
}

/**
 * `POST /calendar` body (spec doc 2 §5 "Create event": title, start, end, type, priority
 * required). End must be after start (all-day events: not before). 400 otherwise.
 */
export const CreateEventRequestSchema = eventFields.refine(endAfterStart, {
  message: EVENT_END_BEFORE_START,
  path: ['endDate'],
});
export type CreateEventRequest = z.input<typeof CreateEventRequestSchema>;

/**
 * `PUT /calendar/{id}` body: any subset (drag-and-drop sends only the dates). The server
 * checks end after start against the stored values too. `attendees` replaces the list,
 * keeping the answers of people who stay.
 */
export const UpdateEventRequestSchema = eventFields
  .partial()
  .extend({ isAllDay: z.boolean().optional(), timezone: timeZoneSchema.optional() })
  .refine(endAfterStart, { message: EVENT_END_BEFORE_START, path: ['endDate'] });
export type UpdateEventRequest = z.input<typeof UpdateEventRequestSchema>;

/** `PUT /calendar/{id}/attendance` body: the caller's own answer. */
export const UpdateAttendanceRequestSchema = z.object({ status: AttendeeStatusSchema });

/** `GET /calendar/stats` answer: counts over the events the caller may see. */
export const CalendarStatsSchema = z.object({
  total: z.number().int(),
  today: z.number().int(),
  thisWeek: z.number().int(),
  meetings: z.number().int(),
  deadlines: z.number().int(),
  upcoming: z.number().int(),
  byType: z.record(EventTypeSchema, z.number().int()),
});
export type CalendarStats = z.infer<typeof CalendarStatsSchema>;

/** Someone who can be invited (`GET /calendar/invitees`). */
export const InviteeSchema = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'employee', 'client']),
});
export type Invitee = z.infer<typeof InviteeSchema>;

/**
 * iCalendar feed status (`GET /calendar/feed`). The secret URL is returned only when it is
 * created (`POST /calendar/feed`); the server keeps only its hash.
 */
export const CalendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** Socket.io events of the calendar module (payload `{ eventId }`). */
export const CALENDAR_EVENTS = { changed: 'calendar:changed' } as const;
