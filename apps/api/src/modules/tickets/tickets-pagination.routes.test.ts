import type { Session } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { expectPageBounds, getPage, walkPages } from '../../../test/page-contract.js';
import {
  files,
  ticketEvents,
  ticketMessages,
  tickets,
  ticketTimeLogs,
  users,
} from '../../db/schema/index.js';

// Pagination contract of GET /tickets, GET /tickets/{id}/messages and the ticket's attachments,
// timeline and time log (issue 14, decisions 088, 102).

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;
let clientId: string;
let client2Id: string;
let longTicketId: string;

const STATUSES = ['open', 'in_progress', 'resolved'] as const;
const PRIORITIES = ['high', 'low'] as const;

type Row = {
  _id: string;
  createdAt: string;
  status: string;
  priority: string;
  client: { _id: string } | null;
  isInternal?: boolean;
};

/** Newest first, `id` descending among equal instants: the order every page must follow. */
const isNewestFirst = (rows: Row[]) =>
  rows.every((r, i) => {
    const prev = rows[i - 1];
    if (!prev) return true;
    return prev.createdAt > r.createdAt || (prev.createdAt === r.createdAt && prev._id > r._id);
  });

const countTickets = async (where?: ReturnType<typeof and>) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(tickets)
      .where(where)
  )[0]!.n;

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
  client2Id = c2!.clientId!;
  // 41 tickets for one client and 26 for the other; groups of 5 share one instant, so only the
  // `id` tie-breaker keeps pages apart.
  const base = Date.parse('2030-01-01T12:00:00Z');
  const rows = Array.from({ length: 67 }, (_, i) => ({
    title: `Ticket de paginación ${i + 1}`,
    description: 'Un ticket creado para probar la paginación de la lista.',
    type: 'support' as const,
    status: STATUSES[i % STATUSES.length]!,
    priority: PRIORITIES[i % PRIORITIES.length]!,
    clientId: i < 41 ? clientId : client2Id,
    createdAt: new Date(base - Math.floor(i / 5) * 60_000),
  }));
  await app.db.insert(tickets).values(rows);
  // A ticket with a long conversation: 45 messages, every third an internal note, pairs sharing
  // one instant.
  const [long] = await app.db
    .insert(tickets)
    .values({
      title: 'Conversación larga',
      description: 'Un ticket con muchos mensajes para probar la paginación.',
      type: 'question',
      clientId,
      createdAt: new Date(base - 3_600_000),
    })
    .returning();
  longTicketId = long!.id;
  const [adminRow] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
  await app.db.insert(ticketMessages).values(
    Array.from({ length: 45 }, (_, i) => ({
      ticketId: longTicketId,
      authorId: i % 3 === 2 ? adminRow!.id : c1!.id,
      content: `Mensaje ${i + 1}`,
      isInternal: i % 3 === 2,
      createdAt: new Date(base - 3_000_000 + Math.floor(i / 2) * 1000),
    })),
  );
});

describe('GET /api/tickets pagination', () => {
  it('serves page 1 of 20 by default, limit 1 and 100, and answers 400 in Spanish past the bounds', async () => {
    await expectPageBounds(app, admin.token, '/tickets', 'tickets');
    await expectPageBounds(app, client.token, '/tickets', 'tickets');
    const huge = await injectAs(app, admin.token, { method: 'GET', url: '/api/tickets?page=100001' });
    expect(huge.statusCode).toBe(400);
    // The old 'limit=200' of the whole-list days is now out of bounds.
    expect(
      (await injectAs(app, admin.token, { method: 'GET', url: '/api/tickets?limit=200' })).statusCode,
    ).toBe(400);
  });

  it('walks every ticket once, newest first, with the total of the table (staff)', async () => {
    for (const s of [admin, employee]) {
      const { items, total } = await walkPages<Row>(app, s.token, '/tickets', 'tickets', 7);
      expect(total).toBe(await countTickets());
      expect(isNewestFirst(items)).toBe(true);
    }
  });

  it('gives each client only its own tickets on every page', async () => {
    for (const [s, id] of [
      [client, clientId],
      [client2, client2Id],
    ] as const) {
      const { items, total } = await walkPages<Row>(app, s.token, '/tickets', 'tickets', 9);
      expect(total).toBe(await countTickets(and(eq(tickets.clientId, id))));
      expect(total).toBeGreaterThan(9);
      expect(items.every((t) => t.client?._id === id)).toBe(true);
      expect(isNewestFirst(items)).toBe(true);
    }
    // A client asking for the other client's tickets by filter still sees only its own (none).
    const other = await getPage<Row>(app, client.token, `/tickets?clientId=${client2Id}`, 'tickets');
    expect(other.items).toEqual([]);
    expect(other.pagination.total).toBe(0);
  });

  it('keeps the filters on every page and counts only the matches', async () => {
    const { items, total } = await walkPages<Row>(
      app,
      admin.token,
      '/tickets?status=open&priority=high',
      'tickets',
      4,
    );
    expect(total).toBe(await countTickets(and(eq(tickets.status, 'open'), eq(tickets.priority, 'high'))));
    expect(total).toBeGreaterThan(4);
    expect(items.every((t) => t.status === 'open' && t.priority === 'high')).toBe(true);
    const search = await walkPages<Row>(app, client2.token, '/tickets?search=paginaci%C3%B3n', 'tickets', 10);
    expect(search.total).toBe(26);
  });

  it('answers an empty page past the end with the total', async () => {
    const page = await getPage(app, client2.token, '/tickets?page=50', 'tickets');
    expect(page.items).toEqual([]);
    expect(page.pagination).toEqual({
      page: 50,
      limit: 20,
      total: await countTickets(eq(tickets.clientId, client2Id)),
    });
  });
});

describe('GET /api/tickets/{id}/messages pagination', () => {
  const url = () => `/tickets/${longTicketId}/messages`;

  it('serves page 1 of 20 by default and answers 400 in Spanish past the bounds', async () => {
    await expectPageBounds(app, admin.token, url(), 'messages');
    await expectPageBounds(app, client.token, url(), 'messages');
  });

  it('walks the whole conversation once, newest first; staff see internal notes', async () => {
    const { items, total } = await walkPages<Row>(app, employee.token, url(), 'messages', 8);
    expect(total).toBe(45);
    expect(items.filter((m) => m.isInternal)).toHaveLength(15);
    expect(isNewestFirst(items)).toBe(true);
    expect((items[0] as unknown as { content: string }).content).toBe('Mensaje 45');
  });

  it('never gives a client an internal note on any page, and counts only what it sees', async () => {
    const { items, total } = await walkPages<Row>(app, client.token, url(), 'messages', 8);
    expect(total).toBe(30);
    expect(items.some((m) => m.isInternal)).toBe(false);
    expect(isNewestFirst(items)).toBe(true);
  });

  it('answers 404 to another client, as the ticket itself does', async () => {
    const res = await injectAs(app, client2.token, { method: 'GET', url: `/api${url()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ticket no encontrado');
  });

  it('the detail carries the newest 20 messages (oldest first) and the total the caller may see', async () => {
    for (const [s, total] of [
      [admin, 45],
      [client, 30],
    ] as const) {
      const detail = (
        await injectAs(app, s.token, { method: 'GET', url: `/api/tickets/${longTicketId}` })
      ).json().data.ticket;
      expect(detail.messagesTotal).toBe(total);
      const newest = await getPage<Row>(app, s.token, url(), 'messages');
      expect(detail.messages.map((m: Row) => m._id)).toEqual(newest.items.map((m) => m._id).reverse());
    }
  });
});

describe('GET /api/tickets/{id}/timeline, time-logs and attachments pagination', () => {
  const url = (part: string) => `/tickets/${longTicketId}/${part}`;
  let hiddenFiles: string[] = [];

  beforeAll(async () => {
    const [adminRow] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    const base = Date.parse('2030-02-01T12:00:00Z');
    // 33 timeline entries, every third internal, pairs sharing one instant.
    await app.db.insert(ticketEvents).values(
      Array.from({ length: 33 }, (_, i) => ({
        ticketId: longTicketId,
        actorId: adminRow!.id,
        type: 'comment' as const,
        description: `Evento ${i + 1}`,
        isInternal: i % 3 === 2,
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    await app.db.insert(ticketTimeLogs).values(
      Array.from({ length: 23 }, (_, i) => ({
        ticketId: longTicketId,
        userId: adminRow!.id,
        hours: 0.5,
        workType: 'coding' as const,
        description: `Registro ${i + 1}`,
        date: `2030-01-${String((i % 28) + 1).padStart(2, '0')}`,
      })),
    );
    // 12 files; 4 of them attached to an internal note, which a client never sees.
    const inserted = await app.db
      .insert(files)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          ownerType: 'ticket',
          ownerId: longTicketId,
          filename: `archivo-${i + 1}.txt`,
          contentType: 'text/plain',
          sizeBytes: 4,
          sha256: 'x',
          data: Buffer.from('hola'),
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        })),
      )
      .returning({ id: files.id });
    hiddenFiles = inserted.slice(0, 4).map((f) => f.id);
    const [internal] = await app.db
      .select()
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, longTicketId), eq(ticketMessages.isInternal, true)))
      .limit(1);
    await app.db
      .update(ticketMessages)
      .set({ attachmentIds: hiddenFiles })
      .where(eq(ticketMessages.id, internal!.id));
  });

  it('serve page 1 of 20 by default and answer 400 in Spanish past the bounds', async () => {
    await expectPageBounds(app, admin.token, url('timeline'), 'timeline');
    await expectPageBounds(app, client.token, url('timeline'), 'timeline');
    await expectPageBounds(app, admin.token, url('time-logs'), 'timeLogs');
    await expectPageBounds(app, admin.token, url('attachments'), 'attachments');
    await expectPageBounds(app, client.token, url('attachments'), 'attachments');
  });

  it('timeline: staff walk every entry once, newest first; a client never gets an internal one', async () => {
    const all = await walkPages<Row>(app, admin.token, url('timeline'), 'timeline', 7);
    const stored = await app.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, longTicketId));
    expect(all.total).toBe(stored.length);
    expect(isNewestFirst(all.items)).toBe(true);
    const mine = await walkPages<Row & { description: string }>(
      app,
      client.token,
      url('timeline'),
      'timeline',
      7,
    );
    expect(mine.total).toBe(stored.filter((e) => !e.isInternal).length);
    const internal = new Set(stored.filter((e) => e.isInternal).map((e) => e.id));
    expect(mine.items.some((e) => internal.has(e._id))).toBe(false);
    const detail = (
      await injectAs(app, client.token, { method: 'GET', url: `/api/tickets/${longTicketId}` })
    ).json().data.ticket;
    expect(detail.timelineTotal).toBe(mine.total);
  });

  it('time logs: staff walk all 23, latest date first; a client gets 403', async () => {
    const logs = await walkPages<Row & { date: string }>(
      app,
      employee.token,
      url('time-logs'),
      'timeLogs',
      6,
    );
    expect(logs.total).toBe(23);
    expect(logs.items.every((l, i) => i === 0 || logs.items[i - 1]!.date >= l.date)).toBe(true);
    const res = await injectAs(app, client.token, { method: 'GET', url: `/api${url('time-logs')}` });
    expect(res.statusCode).toBe(403);
  });

  it('attachments: staff walk all 12 newest first; the client the 8 not attached to an internal note', async () => {
    const all = await walkPages<Row>(app, admin.token, url('attachments'), 'attachments', 5);
    expect(all.total).toBe(12);
    expect(isNewestFirst(all.items)).toBe(true);
    const mine = await walkPages<Row>(app, client.token, url('attachments'), 'attachments', 5);
    expect(mine.total).toBe(8);
    expect(mine.items.some((f) => hiddenFiles.includes(f._id))).toBe(false);
    const detail = (
      await injectAs(app, client.token, { method: 'GET', url: `/api/tickets/${longTicketId}` })
    ).json().data.ticket;
    expect(detail.attachmentsTotal).toBe(8);
  });

  it('answer 404 to another client, as the ticket itself does', async () => {
    for (const part of ['timeline', 'attachments']) {
      const res = await injectAs(app, client2.token, { method: 'GET', url: `/api${url(part)}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Ticket no encontrado');
    }
  });
});
