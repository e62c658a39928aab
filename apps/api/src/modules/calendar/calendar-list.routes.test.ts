import type { Session } from '@agencia/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { expectPageBounds, getPage, walkPages } from '../../../test/page-contract.js';
import { calendarEvents, eventAttendees, users } from '../../db/schema/index.js';

// Pagination contract of GET /calendar/list, the "Lista de eventos" tab (issue 14, decision 103).

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let clientId: string;
let client2UserId: string;

type Row = { _id: string; title: string; startDate: string; type: string };

/** Date order, `id` ascending among equal starts. */
const inDateOrder = (rows: Row[]) =>
  rows.every((r, i) => {
    const prev = rows[i - 1];
    return !prev || prev.startDate < r.startDate || (prev.startDate === r.startDate && prev._id < r._id);
  });

const SEARCH = '/calendar/list?search=Paginable';

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  const [c1] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
  const [c2] = await app.db.select().from(users).where(eq(users.email, DEMO.client2));
  clientId = c1!.clientId!;
  client2UserId = c2!.id;
  // 36 events: 15 of the first client's record, 9 the second client attends, 12 staff only;
  // groups of 4 start at the same instant.
  const base = Date.parse('2031-03-01T14:00:00Z');
  const rows = await app.db
    .insert(calendarEvents)
    .values(
      Array.from({ length: 36 }, (_, i) => {
        const start = new Date(base + Math.floor(i / 4) * 3_600_000);
        return {
          title: `Paginable ${i + 1}`,
          type: i % 2 ? ('call' as const) : ('meeting' as const),
          startDate: start,
          endDate: new Date(start.getTime() + 1_800_000),
          clientId: i < 15 ? clientId : null,
        };
      }),
    )
    .returning();
  await app.db
    .insert(eventAttendees)
    .values(rows.slice(15, 24).map((e) => ({ eventId: e.id, userId: client2UserId })));
});

describe('GET /api/calendar/list pagination', () => {
  it('serves page 1 of 20 by default, limit 1 and 100, and answers 400 in Spanish past the bounds', async () => {
    await expectPageBounds(app, admin.token, '/calendar/list', 'events');
    await expectPageBounds(app, client.token, '/calendar/list', 'events');
  });

  it('walks every event once in date order; the total is the whole table for staff', async () => {
    const [{ n }] = (await app.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(calendarEvents)) as [{ n: number }];
    for (const s of [admin, employee]) {
      const all = await walkPages<Row>(app, s.token, '/calendar/list', 'events', 11);
      expect(all.total).toBe(n);
      expect(inDateOrder(all.items)).toBe(true);
      const mine = await walkPages<Row>(app, s.token, SEARCH, 'events', 7);
      expect(mine.total).toBe(36);
      expect(inDateOrder(mine.items)).toBe(true);
    }
  });

  it('gives each client only the events it may see, on every page', async () => {
    const first = await walkPages<Row>(app, client.token, SEARCH, 'events', 4);
    expect(first.total).toBe(15);
    expect(first.items.map((e) => Number(e.title.split(' ')[1])).every((k) => k <= 15)).toBe(true);
    const second = await walkPages<Row>(app, client2.token, SEARCH, 'events', 4);
    expect(second.total).toBe(9);
    expect(second.items.map((e) => Number(e.title.split(' ')[1])).every((k) => k >= 16 && k <= 24)).toBe(
      true,
    );
  });

  it('keeps type and date filters on every page', async () => {
    const calls = await walkPages<Row>(app, admin.token, `${SEARCH}&type=call`, 'events', 5);
    expect(calls.total).toBe(18);
    expect(calls.items.every((e) => e.type === 'call')).toBe(true);
    // Events still running after 16:00 on day one: the first two groups (14:00, 15:00) are over.
    const later = await getPage<Row>(
      app,
      admin.token,
      `${SEARCH}&start_date=2031-03-01T16:00:00.000Z`,
      'events',
    );
    expect(later.pagination.total).toBe(28);
    const bad = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/calendar/list?start_date=2031-03-02&end_date=2031-03-01T00:00:00.000Z',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El rango de fechas no es válido');
  });
});
