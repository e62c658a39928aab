import {
  CalendarFeedSchema,
  CalendarStatsSchema,
  CreateEventRequestSchema,
  EVENT_TYPE_LABELS,
  GetEventResponseSchema,
  IdParamsSchema,
  InviteeSchema,
  ListEventPageQuerySchema,
  ListEventPageResponseSchema,
  ListEventsQuerySchema,
  ListEventsResponseSchema,
  MessageResponseSchema,
  successEnvelope,
  UpcomingEventsQuerySchema,
  UpdateAttendanceRequestSchema,
  UpdateEventRequestSchema,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import ical, { ICalAttendeeStatus, ICalCalendarMethod } from 'ical-generator';
import { z } from 'zod';
import { publish } from '../../lib/effects.js';
import { notFound } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { calendarPolicy } from './calendar.policy.js';
import {
  calendarStats,
  createEvent,
  deleteEvent,
  getEvent,
  listEventPage,
  listEvents,
  listInvitees,
  setAttendance,
  upcomingEvents,
  updateEvent,
} from './calendar.service.js';
import {
  actorForFeedToken,
  eventsForFeed,
  feedStatus,
  revokeFeedToken,
  rotateFeedToken,
} from './calendar-feed.service.js';

const tags = ['calendar'];
const eventEnvelope = successEnvelope(GetEventResponseSchema);

const ATTENDEE_ICAL: Record<string, ICalAttendeeStatus> = {
  accepted: ICalAttendeeStatus.ACCEPTED,
  declined: ICalAttendeeStatus.DECLINED,
  tentative: ICalAttendeeStatus.TENTATIVE,
  pending: ICalAttendeeStatus.NEEDSACTION,
};

/**
 * Calendar (spec doc 2 §7 "Calendar"), plus invitees and the private iCalendar feed. Writes
 * publish their effects after commit (decision 120): notifications, then `calendar:changed` to
 * staff and the event's audience.
 */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { call, writeCall, guard } = routeKit(app, calendarPolicy);
  // Reads, attendance answers and the personal feed need calendar.read; creating, editing and
  // deleting events need calendar.write (decision 061; clients do not hold it by default).
  const auth = guard('calendar.read');
  const write = guard('calendar.write');

  app.get(
    '/calendar',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Eventos en un rango',
        querystring: ListEventsQuerySchema,
        response: { 200: successEnvelope(ListEventsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { events: await listEvents({ ...call(req), input: req.query }) },
    }),
  );

  app.get(
    '/calendar/list',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Lista de eventos paginada (pestaña "Lista de eventos")',
        querystring: ListEventPageQuerySchema,
        response: { 200: successEnvelope(ListEventPageResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listEventPage({ ...call(req), input: req.query }),
    }),
  );

  app.get(
    '/calendar/upcoming',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Próximos eventos',
        querystring: UpcomingEventsQuerySchema,
        response: { 200: successEnvelope(ListEventsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { events: await upcomingEvents({ ...call(req), limit: req.query.limit }) },
    }),
  );

  app.get(
    '/calendar/stats',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Estadísticas del calendario',
        response: { 200: successEnvelope(CalendarStatsSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await calendarStats(call(req)),
    }),
  );

  app.get(
    '/calendar/invitees',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Personas que se pueden invitar',
        response: { 200: successEnvelope(z.object({ invitees: z.array(InviteeSchema) })) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { invitees: await listInvitees(call(req)) },
    }),
  );

  app.get(
    '/calendar/feed',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Estado del feed iCalendar',
        response: { 200: successEnvelope(CalendarFeedSchema) },
      },
    },
    async (req) => ({ success: true as const, data: await feedStatus(call(req)) }),
  );

  app.post(
    '/calendar/feed',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Generar (o regenerar) el enlace iCalendar',
        response: { 200: successEnvelope(CalendarFeedSchema) },
      },
    },
    async (req) => {
      const { token, createdAt } = await rotateFeedToken(writeCall(req));
      // Built from PUBLIC_URL, never from the request's Host header (issue 13: host injection).
      const base = app.publicUrl;
      return {
        success: true as const,
        data: { active: true, createdAt, url: `${base}/api/calendar/feed/${token}.ics` },
      };
    },
  );

  app.delete(
    '/calendar/feed',
    {
      ...auth,
      schema: { tags, summary: 'Revocar el enlace iCalendar', response: { 200: MessageResponseSchema } },
    },
    async (req) => {
      await revokeFeedToken(writeCall(req));
      return { success: true as const, message: 'Enlace revocado' };
    },
  );

  // Public (token in the URL): calendar apps cannot send a bearer token.
  app.get(
    '/calendar/feed/:token',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Feed iCalendar (.ics) privado',
        params: z.object({ token: z.string().regex(/^[\w-]{43}\.ics$/, 'Enlace inválido') }),
      },
    },
    async (req, reply) => {
      const actor = await actorForFeedToken({ db: app.db, token: req.params.token.replace(/\.ics$/, '') });
      if (!actor) throw notFound('Calendario no encontrado');
      const now = Date.now();
      const events = await eventsForFeed({
        db: app.db,
        actor,
        from: new Date(now - 90 * 86_400_000),
        to: new Date(now + 400 * 86_400_000),
      });
      const cal = ical({
        name: 'Agencia Digital RD',
        prodId: { company: 'Agencia Digital RD', product: 'Portal', language: 'ES' },
        method: ICalCalendarMethod.PUBLISH,
        ttl: 60 * 30,
      });
      for (const e of events) {
        cal.createEvent({
          id: `${e._id}@agenciadigital.do`,
          start: new Date(e.startDate),
          end: new Date(e.endDate),
          allDay: e.isAllDay,
          summary: e.title,
          description: [EVENT_TYPE_LABELS[e.type], e.description, e.meetingLink].filter(Boolean).join('\n\n'),
          location: e.location ?? undefined,
          url: e.meetingLink ?? undefined,
          created: new Date(e.createdAt),
          lastModified: new Date(e.updatedAt),
          organizer: e.organizer
            ? { name: `${e.organizer.firstName} ${e.organizer.lastName}`, email: e.organizer.email }
            : undefined,
          attendees: e.attendees.map((a) => ({
            name: `${a.user.firstName} ${a.user.lastName}`,
            email: a.user.email,
            status: ATTENDEE_ICAL[a.status],
          })),
        });
      }
      reply.header('Content-Type', 'text/calendar; charset=utf-8');
      reply.header('Content-Disposition', 'inline; filename="calendario.ics"');
      return reply.send(cal.toString());
    },
  );

  app.post(
    '/calendar',
    {
      ...write,
      schema: {
        tags,
        summary: 'Crear evento',
        body: CreateEventRequestSchema,
        response: { 201: eventEnvelope },
      },
    },
    async (req, reply) => {
      const { value: event, effects } = await createEvent({
        ...call(req),
        input: req.body,
      });
      publish(app, effects);
      reply.code(201);
      return { success: true as const, data: { event } };
    },
  );

  app.get(
    '/calendar/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Detalle de evento',
        params: IdParamsSchema,
        response: { 200: eventEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { event: await getEvent({ ...call(req), id: req.params.id }) },
    }),
  );

  app.put(
    '/calendar/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Editar evento',
        params: IdParamsSchema,
        body: UpdateEventRequestSchema,
        response: { 200: eventEnvelope },
      },
    },
    async (req) => {
      const { value: event, effects } = await updateEvent({
        ...call(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, effects);
      return { success: true as const, data: { event } };
    },
  );

  app.put(
    '/calendar/:id/attendance',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Responder a una invitación',
        params: IdParamsSchema,
        body: UpdateAttendanceRequestSchema,
        response: { 200: eventEnvelope },
      },
    },
    async (req) => {
      const { value: event, effects } = await setAttendance({
        ...call(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, effects);
      return { success: true as const, data: { event } };
    },
  );

  app.delete(
    '/calendar/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Eliminar evento',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      const { effects } = await deleteEvent({ ...call(req), id: req.params.id });
      publish(app, effects);
      return { success: true as const, message: 'Evento eliminado' };
    },
  );
};

export default calendarRoutes;
