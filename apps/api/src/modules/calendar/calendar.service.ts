import {
  type AttendeeStatus,
  BUSINESS_TIME_ZONE,
  CALENDAR_EVENTS,
  type CalendarEvent,
  type CalendarStats,
  type CreateEventRequestSchema,
  EVENT_END_BEFORE_START,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
  formatDateTime,
  type ListEventPageQuerySchema,
  type ListEventPageResponse,
  type ListEventsQuerySchema,
  type UpdateAttendanceRequestSchema,
  type UpdateEventRequestSchema,
} from '@agencia/shared';
import { and, asc, eq, gt, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { calendarEvents, eventAttendees, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type Effects, effects, type StoredNotifications, type Written } from '../../lib/effects.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { pagedSelect } from '../../lib/paging.js';
import type { ActorCall, ActorInput, ResourceCall, ResourceInput } from '../../lib/service-args.js';
import { type EventRow, toEvents } from './calendar.mappers.js';
import { calendarPolicy, canEditEvent, eventScope } from './calendar.policy.js';
import { checkAttendees, checkLinks } from './calendar.rules.js';

const NOT_FOUND = 'Evento no encontrado';

async function findEventFor(db: Db | Tx, actor: Actor, id: string): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eventScope(actor)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

function monthRange(now = new Date()): [Date, Date] {
  return [new Date(now.getFullYear(), now.getMonth(), 1), new Date(now.getFullYear(), now.getMonth() + 1, 1)];
}

const parseBound = (v: string, end: boolean) => {
  // A bare date (YYYY-MM-DD) as end bound includes that whole day.
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const d = new Date(`${v}T00:00:00.000Z`);
    return end ? new Date(d.getTime() + 86_400_000) : d;
  }
  return new Date(v);
};

/** Conditions of the type, project and search filters shared by `GET /calendar` and its list. */
function filterConditions(input: { type?: EventType; projectId?: string; search?: string }): SQL[] {
  const conds: SQL[] = [];
  if (input.type) conds.push(eq(calendarEvents.type, input.type));
  if (input.projectId) conds.push(eq(calendarEvents.projectId, input.projectId));
  if (input.search) {
    const term = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(calendarEvents.title, term),
      ilike(calendarEvents.description, term),
      ilike(calendarEvents.location, term),
    );
    if (match) conds.push(match);
  }
  return conds;
}

/** `GET /calendar`: events overlapping [start_date, end_date) (default the current month), by start. */
export async function listEvents({
  db,
  actor,
  input,
}: ActorInput<z.output<typeof ListEventsQuerySchema>>): Promise<CalendarEvent[]> {
  let [start, end] = monthRange();
  if (input.start_date) start = parseBound(input.start_date, false);
  if (input.end_date) end = parseBound(input.end_date, true);
  if (end <= start)
    throw badRequest('El rango de fechas no es válido', [
      { field: 'end_date', message: EVENT_END_BEFORE_START },
    ]);
  const conds: Array<SQL | undefined> = [
    eventScope(actor),
    lt(calendarEvents.startDate, end),
    gt(calendarEvents.endDate, start),
  ];
  conds.push(...filterConditions(input));
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(...conds))
    .orderBy(asc(calendarEvents.startDate))
    .limit(1000);
  return toEvents(db, actor, rows);
}

/**
 * `GET /calendar/list`: one page of the events the actor may see (decision 044 scope), in date
 * order with `id` as tie-breaker (stable across pages). Dates are optional bounds: events
 * ending after `start_date` and starting before `end_date` (a bare end date includes its day);
 * 400 when the end is not after the start.
 */
export async function listEventPage({
  db,
  actor,
  input,
}: ActorInput<z.output<typeof ListEventPageQuerySchema>>): Promise<ListEventPageResponse> {
  const start = input.start_date ? parseBound(input.start_date, false) : undefined;
  const end = input.end_date ? parseBound(input.end_date, true) : undefined;
  if (start && end && end <= start)
    throw badRequest('El rango de fechas no es válido', [
      { field: 'end_date', message: EVENT_END_BEFORE_START },
    ]);
  const conds: Array<SQL | undefined> = [
    eventScope(actor),
    end ? lt(calendarEvents.startDate, end) : undefined,
    start ? gt(calendarEvents.endDate, start) : undefined,
    ...filterConditions(input),
  ];
  const cond = and(...conds);
  const { rows, pagination } = await pagedSelect(db, input, {
    table: calendarEvents,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(calendarEvents)
        .where(cond)
        .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id))
        .limit(limit)
        .offset(offset),
  });
  return { events: await toEvents(db, actor, rows), pagination };
}

/** `GET /calendar/upcoming`: the next `limit` events not yet ended. */
export async function upcomingEvents({
  db,
  actor,
  limit,
}: {
  db: Db;
  actor: Actor;
  limit: number;
}): Promise<CalendarEvent[]> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eventScope(actor), gte(calendarEvents.endDate, new Date())))
    .orderBy(asc(calendarEvents.startDate))
    .limit(limit);
  return toEvents(db, actor, rows);
}

/** `GET /calendar/{id}`: one event the caller may see (404 otherwise). */
export async function getEvent({ db, actor, id }: ResourceCall): Promise<CalendarEvent> {
  const row = await findEventFor(db, actor, id);
  const [event] = await toEvents(db, actor, [row]);
  return event!;
}

/**
 * `GET /calendar/stats`: today (in the agency's zone, America/Santo_Domingo), this week (Monday–Sunday),
 * meetings, deadlines, upcoming and per type, over the events the caller may see.
 */
export async function calendarStats({ db, actor }: ActorCall): Promise<CalendarStats> {
  const tz = BUSINESS_TIME_ZONE;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`count(*) filter (where (${calendarEvents.startDate} at time zone ${tz})::date <= (now() at time zone ${tz})::date and (${calendarEvents.endDate} at time zone ${tz})::date >= (now() at time zone ${tz})::date)::int`,
      thisWeek: sql<number>`count(*) filter (where date_trunc('week', ${calendarEvents.startDate} at time zone ${tz}) = date_trunc('week', now() at time zone ${tz}))::int`,
      meetings: sql<number>`count(*) filter (where ${calendarEvents.type} = 'meeting')::int`,
      deadlines: sql<number>`count(*) filter (where ${calendarEvents.type} = 'deadline')::int`,
      upcoming: sql<number>`count(*) filter (where ${calendarEvents.startDate} >= now())::int`,
    })
    .from(calendarEvents)
    .where(eventScope(actor));
  const types = await db
    .select({ type: calendarEvents.type, n: sql<number>`count(*)::int` })
    .from(calendarEvents)
    .where(eventScope(actor))
    .groupBy(calendarEvents.type);
  return {
    total: row?.total ?? 0,
    today: row?.today ?? 0,
    thisWeek: row?.thisWeek ?? 0,
    meetings: row?.meetings ?? 0,
    deadlines: row?.deadlines ?? 0,
    upcoming: row?.upcoming ?? 0,
    byType: Object.fromEntries(
      EVENT_TYPES.map((t) => [t, types.find((x) => x.type === t)?.n ?? 0]),
    ) as CalendarStats['byType'],
  };
}

const fullName = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`.trim();
/** "15 mar 2026, 3:00 p. m." in the event's zone (shared date module, decision 123). */
const fmt = (d: Date, tz: string) => formatDateTime(d, { timeZone: tz });

/** Who sees an event besides staff: its attendees, its client's users and its organizer (ids, each once). */
async function audienceOf(db: Db | Tx, row: EventRow): Promise<string[]> {
  const att = await db
    .select({ id: eventAttendees.userId })
    .from(eventAttendees)
    .where(eq(eventAttendees.eventId, row.id));
  const clientUsers = row.clientId
    ? await db.select({ id: users.id }).from(users).where(eq(users.clientId, row.clientId))
    : [];
  return [
    ...new Set(
      [...att.map((a) => a.id), ...clientUsers.map((u) => u.id), row.organizerId].filter(
        (v): v is string => !!v,
      ),
    ),
  ];
}

/**
 * Effects of an event write (decision 120): the stored notifications, then `calendar:changed
 * {eventId}` to the event's audience and to every role that sees all events (staff).
 */
export function eventChanged({
  eventId,
  audience,
  notifications,
}: {
  eventId: string;
  audience: string[];
  notifications: StoredNotifications;
}): Effects {
  return effects({
    notifications,
    messages: [
      {
        event: CALENDAR_EVENTS.changed,
        payload: { eventId },
        userIds: audience,
        roles: calendarPolicy.roles('readAll'),
      },
    ],
  });
}

/** `POST /calendar`: the caller organises; attendees (user ids) start `pending` and are notified. */
export async function createEvent({
  db,
  actor,
  input,
}: ActorInput<z.output<typeof CreateEventRequestSchema>>): Promise<Written<CalendarEvent>> {
  return db.transaction(async (tx) => {
    const clientId = await checkLinks(tx, actor, input.projectId, input.clientId);
    const attendees = await checkAttendees(tx, actor, input.attendees, actor.id);
    const [row] = await tx
      .insert(calendarEvents)
      .values({
        title: input.title,
        description: input.description,
        type: input.type,
        priority: input.priority,
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        isAllDay: input.isAllDay,
        location: input.location,
        meetingLink: input.meetingLink,
        timezone: input.timezone,
        organizerId: actor.id,
        projectId: input.projectId ?? null,
        clientId,
      })
      .returning();
    if (attendees.length)
      await tx.insert(eventAttendees).values(attendees.map((userId) => ({ eventId: row!.id, userId })));
    const created = await createNotifications(tx, {
      userIds: attendees,
      exceptUserId: actor.id,
      topic: input.type === 'deadline' ? 'deadlines' : 'system',
      title: `Invitación: ${row!.title}`,
      message: `${fullName(actor)} te invitó a "${row!.title}" (${EVENT_TYPE_LABELS[row!.type]}) el ${fmt(row!.startDate, row!.timezone)}.`,
      link: `/calendar/${row!.id}`,
    });
    const [event] = await toEvents(tx, actor, [row!]);
    return {
      value: event!,
      effects: eventChanged({
        eventId: row!.id,
        audience: await audienceOf(tx, row!),
        notifications: created,
      }),
    };
  });
}

/**
 * `PUT /calendar/{id}` (organizer or admin, else 403). Checks end after start against the
 * stored values; `attendees` replaces the list keeping the answers of those who stay.
 * A date change resets nobody's answer but notifies every attendee.
 */
export async function updateEvent({
  db,
  actor,
  id,
  input,
}: ResourceInput<z.output<typeof UpdateEventRequestSchema>>): Promise<Written<CalendarEvent>> {
  return db.transaction(async (tx) => {
    const row = await findEventFor(tx, actor, id);
    if (!canEditEvent(actor, row))
      throw forbidden('Solo el organizador o un administrador puede editar este evento.');
    const start = input.startDate ? new Date(input.startDate) : row.startDate;
    const end = input.endDate ? new Date(input.endDate) : row.endDate;
    const allDay = input.isAllDay ?? row.isAllDay;
    if (allDay ? end < start : end <= start)
      throw badRequest(EVENT_END_BEFORE_START, [{ field: 'endDate', message: EVENT_END_BEFORE_START }]);
    const { attendees, startDate: _s, endDate: _e, clientId: _c, projectId, ...fields } = input;
    const patch: Partial<typeof calendarEvents.$inferInsert> = {
      ...fields,
      startDate: start,
      endDate: end,
      updatedAt: new Date(),
    };
    if (projectId !== undefined || input.clientId !== undefined) {
      patch.projectId = projectId ?? null;
      patch.clientId = await checkLinks(tx, actor, projectId, input.clientId ?? row.clientId);
    }
    const [updated] = await tx.update(calendarEvents).set(patch).where(eq(calendarEvents.id, id)).returning();
    let newcomers: string[] = [];
    if (attendees) {
      const wanted = await checkAttendees(tx, actor, attendees, row.organizerId ?? actor.id);
      const current = (
        await tx
          .select({ id: eventAttendees.userId })
          .from(eventAttendees)
          .where(eq(eventAttendees.eventId, id))
      ).map((a) => a.id);
      const removed = current.filter((c) => !wanted.includes(c));
      newcomers = wanted.filter((w) => !current.includes(w));
      if (removed.length)
        await tx
          .delete(eventAttendees)
          .where(and(eq(eventAttendees.eventId, id), inArray(eventAttendees.userId, removed)));
      if (newcomers.length)
        await tx.insert(eventAttendees).values(newcomers.map((userId) => ({ eventId: id, userId })));
    }
    const all = (
      await tx
        .select({ id: eventAttendees.userId })
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, id))
    ).map((a) => a.id);
    const link = `/calendar/${id}`;
    const created = [
      ...(await createNotifications(tx, {
        userIds: newcomers,
        exceptUserId: actor.id,
        topic: 'system',
        title: `Invitación: ${updated!.title}`,
        message: `${fullName(actor)} te invitó a "${updated!.title}" el ${fmt(updated!.startDate, updated!.timezone)}.`,
        link,
      })),
      ...(await createNotifications(tx, {
        userIds: all.filter((a) => !newcomers.includes(a)),
        exceptUserId: actor.id,
        topic: 'system',
        title: `Evento actualizado: ${updated!.title}`,
        message: `${fullName(actor)} actualizó "${updated!.title}": ${fmt(updated!.startDate, updated!.timezone)}.`,
        link,
        email: input.startDate !== undefined || input.endDate !== undefined,
      })),
    ];
    const [event] = await toEvents(tx, actor, [updated!]);
    return {
      value: event!,
      effects: eventChanged({
        eventId: id,
        audience: await audienceOf(tx, updated!),
        notifications: created,
      }),
    };
  });
}

/** `PUT /calendar/{id}/attendance`: the caller's own answer (403 when not invited). Tells the organizer. */
export async function setAttendance({
  db,
  actor,
  id,
  input,
}: ResourceInput<z.output<typeof UpdateAttendanceRequestSchema>>): Promise<Written<CalendarEvent>> {
  const { status } = input;
  return db.transaction(async (tx) => {
    const row = await findEventFor(tx, actor, id);
    const updated = await tx
      .update(eventAttendees)
      .set({ status, respondedAt: new Date() })
      .where(and(eq(eventAttendees.eventId, id), eq(eventAttendees.userId, actor.id)))
      .returning();
    if (updated.length === 0) throw forbidden('No estás invitado a este evento.');
    const labels: Record<AttendeeStatus, string> = {
      accepted: 'aceptó',
      declined: 'rechazó',
      tentative: 'respondió tentativamente a',
      pending: 'dejó pendiente',
    };
    const created = row.organizerId
      ? await createNotifications(tx, {
          userIds: [row.organizerId],
          exceptUserId: actor.id,
          topic: 'system',
          title: `Respuesta a ${row.title}`,
          message: `${fullName(actor)} ${labels[status]} "${row.title}".`,
          link: `/calendar/${id}`,
          email: false,
        })
      : [];
    const [event] = await toEvents(tx, actor, [row]);
    return {
      value: event!,
      effects: eventChanged({ eventId: id, audience: await audienceOf(tx, row), notifications: created }),
    };
  });
}

/** `DELETE /calendar/{id}` (organizer or admin). Attendees are told it was cancelled. */
export async function deleteEvent({ db, actor, id }: ResourceCall): Promise<Written<void>> {
  return db.transaction(async (tx) => {
    const row = await findEventFor(tx, actor, id);
    if (!canEditEvent(actor, row))
      throw forbidden('Solo el organizador o un administrador puede eliminar este evento.');
    const audience = await audienceOf(tx, row);
    const att = (
      await tx
        .select({ id: eventAttendees.userId })
        .from(eventAttendees)
        .where(eq(eventAttendees.eventId, id))
    ).map((a) => a.id);
    const created = await createNotifications(tx, {
      userIds: att,
      exceptUserId: actor.id,
      topic: 'system',
      title: `Evento cancelado: ${row.title}`,
      message: `${fullName(actor)} canceló "${row.title}" del ${fmt(row.startDate, row.timezone)}.`,
      link: '/calendar',
    });
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, id));
    return { value: undefined, effects: eventChanged({ eventId: id, audience, notifications: created }) };
  });
}

/** People who can be invited: active staff, plus (for staff) client users, (for clients) their colleagues. */
export async function listInvitees({ db, actor }: ActorCall) {
  const cond = !calendarPolicy.can(actor.role, 'inviteAnyClient')
    ? or(
        inArray(users.role, ['admin', 'employee']),
        actor.clientId ? eq(users.clientId, actor.clientId) : undefined,
      )
    : undefined;
  return db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.status, 'active'), cond))
    .orderBy(asc(users.firstName));
}
