import type { Session } from '@agencia/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login } from '../../../test/helpers.js';
import { expectPageBounds, walkPages } from '../../../test/page-contract.js';
import { notifications, users } from '../../db/schema/index.js';

// Pagination contract of GET /notifications, the bell's feed (issue 14, decision 102).

let app: FastifyInstance;
let admin: Session;
let client: Session;
let clientUserId: string;
let adminUserId: string;

type Row = { _id: string; title: string; createdAt: string; readAt: string | null };

const newestFirst = (rows: Row[]) =>
  rows.every((r, i) => {
    const prev = rows[i - 1];
    return !prev || prev.createdAt > r.createdAt || (prev.createdAt === r.createdAt && prev._id > r._id);
  });

const count = async (userId: string, unreadOnly = false) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), unreadOnly ? isNull(notifications.readAt) : undefined))
  )[0]!.n;

beforeAll(async () => {
  app = await createTestApp();
  [admin, client] = await Promise.all([login(app, DEMO.admin), login(app, DEMO.client)]);
  const [c] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
  const [a] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
  clientUserId = c!.id;
  adminUserId = a!.id;
  // 47 for the client (every third read, groups of 3 share an instant), 23 for the admin.
  const base = Date.parse('2030-05-01T10:00:00Z');
  await app.db.insert(notifications).values([
    ...Array.from({ length: 47 }, (_, i) => ({
      userId: clientUserId,
      topic: 'system',
      title: `Cliente ${i + 1}`,
      message: 'Aviso para el cliente',
      readAt: i % 3 === 0 ? new Date(base) : null,
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    })),
    ...Array.from({ length: 23 }, (_, i) => ({
      userId: adminUserId,
      topic: 'system',
      title: `Admin ${i + 1}`,
      message: 'Aviso para el administrador',
      createdAt: new Date(base + i * 1000),
    })),
  ]);
});

describe('GET /api/notifications pagination', () => {
  it('serves page 1 of 20 by default, limit 1 and 100, and answers 400 in Spanish past the bounds', async () => {
    await expectPageBounds(app, client.token, '/notifications', 'notifications');
    await expectPageBounds(app, admin.token, '/notifications?unread=true', 'notifications');
  });

  it('walks only the caller’s own notifications, each once, newest first', async () => {
    const mine = await walkPages<Row>(app, client.token, '/notifications', 'notifications', 6);
    expect(mine.total).toBe(await count(clientUserId));
    expect(mine.total).toBeGreaterThanOrEqual(47);
    expect(mine.items.some((n) => n.title.startsWith('Admin'))).toBe(false);
    // The newest instant holds 'Cliente 46' and 'Cliente 47'; their order is the id tie-breaker's.
    expect(['Cliente 46', 'Cliente 47']).toContain(mine.items[0]!.title);
    expect(newestFirst(mine.items)).toBe(true);
    const theirs = await walkPages<Row>(app, admin.token, '/notifications', 'notifications', 6);
    expect(theirs.total).toBe(await count(adminUserId));
    expect(theirs.items.some((n) => n.title.startsWith('Cliente'))).toBe(false);
  });

  it('pages the unread ones only with unread=true and keeps the unread count on every page', async () => {
    const unread = await walkPages<Row>(app, client.token, '/notifications?unread=true', 'notifications', 5);
    expect(unread.total).toBe(await count(clientUserId, true));
    expect(unread.items.every((n) => n.readAt === null)).toBe(true);
    expect(newestFirst(unread.items)).toBe(true);
    const res = await app.inject({
      method: 'GET',
      url: '/api/notifications?page=3&limit=5',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(res.json().data.unreadCount).toBe(unread.total);
  });

  it('answers 400 to an unknown unread value', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/notifications?unread=si',
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('El filtro de no leídas debe ser true o false');
  });
});
