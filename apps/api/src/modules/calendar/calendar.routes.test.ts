import type { Session } from '@agencia/shared';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import {
  auditLog,
  calendarEvents,
  calendarFeedTokens,
  eventAttendees,
  notifications,
  users,
} from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  for (const [k, email] of Object.entries(DEMO)) {
    const [u] = await app.db.select().from(users).where(eq(users.email, email));
    ids[k] = u!.id;
  }
});

const as = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(app, s.token, { method, url: `/api${url}`, payload: payload as never });

const inDays = (d: number, h = 10) => {
  const x = new Date();
  x.setUTCDate(x.getUTCDate() + d);
  x.setUTCHours(h, 0, 0, 0);
  return x.toISOString();
};

async function newEvent(s: Session, extra: Record<string, unknown> = {}) {
  const res = await as(s, 'POST', '/calendar', {
    title: 'Kickoff del rediseño',
    type: 'meeting',
    priority: 'high',
    startDate: inDays(2, 14),
    endDate: inDays(2, 15),
    attendees: [ids.client],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.event;
}

describe('POST /api/calendar', () => {
  it('creates an event organised by the caller with pending attendees, and notifies them', async () => {
    const e = await newEvent(admin, { meetingLink: 'https://meet.jit.si/kickoff' });
    expect(e.organizer._id).toBe(ids.admin);
    expect(e.attendees).toEqual([
      expect.objectContaining({ status: 'pending', user: expect.objectContaining({ _id: ids.client }) }),
    ]);
    expect(e.timezone).toBe('America/Santo_Domingo');
    const rows = await app.db.select().from(eventAttendees).where(eq(eventAttendees.eventId, e._id));
    expect(rows).toHaveLength(1);
    const notes = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ids.client!), eq(notifications.link, `/calendar/${e._id}`)));
    expect(notes[0]?.title).toBe('Invitación: Kickoff del rediseño');
  });

  it('rejects an end before the start (400, Spanish message)', async () => {
    const res = await as(admin, 'POST', '/calendar', {
      title: 'Al revés',
      type: 'call',
      priority: 'low',
      startDate: inDays(1, 15),
      endDate: inDays(1, 14),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'endDate', message: 'La fecha de fin debe ser posterior a la fecha de inicio' },
    ]);
  });

  it('requires title, type, priority and dates', async () => {
    const res = await as(admin, 'POST', '/calendar', {});
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'type', 'priority', 'startDate', 'endDate']));
  });

  it('refuses event creation to clients, who lack calendar.write (decision 061)', async () => {
    const res = await as(client, 'POST', '/calendar', {
      title: 'Consulta',
      type: 'call',
      priority: 'low',
      startDate: inDays(1, 15),
      endDate: inDays(1, 16),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/calendar', () => {
  it('lists events overlapping the range; clients only see theirs', async () => {
    const e = await newEvent(admin);
    const start = inDays(-1, 0);
    const end = inDays(10, 0);
    const q = `/calendar?start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}&view=month`;
    const staff = (await as(employee, 'GET', q)).json().data.events as Array<{ _id: string }>;
    const mine = (await as(client, 'GET', q)).json().data.events as Array<{ _id: string }>;
    const theirs = (await as(client2, 'GET', q)).json().data.events as Array<{ _id: string }>;
    expect(staff.map((x) => x._id)).toContain(e._id);
    expect(mine.map((x) => x._id)).toContain(e._id);
    expect(theirs.map((x) => x._id)).not.toContain(e._id);
    expect(mine.length).toBeLessThan(staff.length);
    const outside = (
      await as(admin, 'GET', `/calendar?start_date=${inDays(40, 0)}&end_date=${inDays(41, 0)}`)
    ).json().data.events;
    expect(outside).toEqual([]);
    const meetings = (await as(admin, 'GET', `${q}&type=deadline`)).json().data.events as Array<{
      type: string;
    }>;
    expect(meetings.every((x) => x.type === 'deadline')).toBe(true);
  });

  it('answers 404 for an event a client may not see', async () => {
    const e = await newEvent(admin, { attendees: [] });
    expect((await as(client2, 'GET', `/calendar/${e._id}`)).statusCode).toBe(404);
    expect((await as(employee, 'GET', `/calendar/${e._id}`)).statusCode).toBe(200);
  });

  it('gives upcoming (5 by default) and stats', async () => {
    const up = (await as(admin, 'GET', '/calendar/upcoming')).json().data.events;
    expect(up.length).toBeLessThanOrEqual(5);
    expect(up.length).toBeGreaterThan(0);
    const stats = (await as(admin, 'GET', '/calendar/stats')).json().data;
    expect(stats.total).toBeGreaterThan(0);
    expect(stats.meetings).toBe(stats.byType.meeting);
  });
});

describe('PUT /api/calendar/:id and attendance', () => {
  it('lets only the organizer or an admin edit; moving checks end after start', async () => {
    const e = await newEvent(employee, { attendees: [ids.client] });
    expect((await as(client, 'PUT', `/calendar/${e._id}`, { title: 'x' })).statusCode).toBe(403);
    const moved = await as(admin, 'PUT', `/calendar/${e._id}`, {
      startDate: inDays(3, 14),
      endDate: inDays(3, 16),
    });
    expect(moved.statusCode).toBe(200);
    const [row] = await app.db.select().from(calendarEvents).where(eq(calendarEvents.id, e._id));
    expect(row!.startDate.toISOString()).toBe(inDays(3, 14));
    const bad = await as(employee, 'PUT', `/calendar/${e._id}`, { endDate: inDays(3, 13) });
    expect(bad.statusCode).toBe(400);
  });

  it('records the caller’s own attendance and refuses non-attendees', async () => {
    const e = await newEvent(admin, { attendees: [ids.client] });
    const ok = await as(client, 'PUT', `/calendar/${e._id}/attendance`, { status: 'accepted' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.event.myStatus).toBe('accepted');
    const [row] = await app.db
      .select()
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, e._id), eq(eventAttendees.userId, ids.client!)));
    expect(row!.status).toBe('accepted');
    expect(
      (await as(employee, 'PUT', `/calendar/${e._id}/attendance`, { status: 'accepted' })).statusCode,
    ).toBe(403);
    expect((await as(client, 'PUT', `/calendar/${e._id}/attendance`, { status: 'maybe' })).statusCode).toBe(
      400,
    );
  });

  it('deletes for organizer/admin only', async () => {
    const e = await newEvent(employee);
    expect((await as(client, 'DELETE', `/calendar/${e._id}`)).statusCode).toBe(403);
    expect((await as(admin, 'DELETE', `/calendar/${e._id}`)).statusCode).toBe(200);
    expect(await app.db.select().from(calendarEvents).where(eq(calendarEvents.id, e._id))).toEqual([]);
  });
});

describe('iCalendar feed', () => {
  it('creates a private .ics URL that serves the user’s events, and revokes it', async () => {
    const e = await newEvent(admin, { title: 'Evento en el feed', attendees: [ids.client] });
    // A forged Host header does not reach the link: it is built from PUBLIC_URL (issue 13).
    const created = await injectAs(app, client.token, {
      method: 'POST',
      url: '/api/calendar/feed',
      headers: { host: 'evil.example.com' },
    });
    expect(created.statusCode).toBe(200);
    const url = new URL(created.json().data.url);
    expect(url.origin).toBe('http://localhost:3000');
    const feed = await app.inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('Evento en el feed');
    expect(feed.body).toContain(`${e._id}@agenciadigital.do`);
    const [stored] = await app.db
      .select()
      .from(calendarFeedTokens)
      .where(eq(calendarFeedTokens.userId, ids.client!));
    expect(url.pathname).not.toContain(stored!.tokenHash);
    expect((await as(client, 'GET', '/calendar/feed')).json().data).toMatchObject({
      active: true,
      url: null,
    });
    await as(client, 'DELETE', '/calendar/feed');
    expect((await app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    // Both steps audited by the feed service (decision 149).
    const audited = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, ids.client!), like(auditLog.action, 'calendar.feed.%')))
      .orderBy(auditLog.createdAt);
    expect(audited.map((a) => a.action)).toEqual(['calendar.feed.created', 'calendar.feed.revoked']);
  });
});

describe('permissions (decision 070)', () => {
  it('an employee whose calendar.write was removed by an admin gets 403 creating, still reads', async () => {
    await newEvent(employee, { title: 'Con permiso' });
    await withoutPermission(app, admin.token, DEMO.employee, 'calendar.write', async () => {
      const res = await as(employee, 'POST', '/calendar', {
        title: 'Sin permiso',
        type: 'meeting',
        priority: 'low',
        startDate: inDays(3, 14),
        endDate: inDays(3, 15),
      });
      expect(res.statusCode).toBe(403);
      expect((await as(employee, 'GET', '/calendar/upcoming')).statusCode).toBe(200);
      const rows = await app.db.select().from(calendarEvents).where(eq(calendarEvents.title, 'Sin permiso'));
      expect(rows).toHaveLength(0);
    });
  });
});
