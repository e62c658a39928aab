import type { Session } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { expectPageBounds, getPage, walkPages } from '../../../test/page-contract.js';
import { ticketMessages, tickets, users } from '../../db/schema/index.js';

// Pagination contract of GET /tickets and GET /tickets/{id}/messages (issue 14, decisions 088, 102).

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
