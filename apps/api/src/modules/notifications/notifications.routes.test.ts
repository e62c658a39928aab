import type { Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { notifications, users } from '../../db/schema/index.js';
import { notify } from '../../lib/notify.js';

let app: FastifyInstance;
let admin: Session;
let client: Session;
let clientId: string;

beforeAll(async () => {
  app = await createTestApp();
  [admin, client] = await Promise.all([login(app, DEMO.admin), login(app, DEMO.client)]);
  const [u] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
  clientId = u!.id;
  for (const n of [1, 2, 3])
    await notify(app, { userIds: [clientId], topic: 'system', title: `Aviso ${n}`, message: `Mensaje ${n}` });
});

const as = (s: Session, method: 'GET' | 'PUT', url: string) =>
  injectAs(app, s.token, { method, url: `/api${url}` });

describe('notifications API', () => {
  it('lists only the caller’s notifications, newest first, with the unread count', async () => {
    const res = (await as(client, 'GET', '/notifications')).json().data;
    expect(res.notifications.map((n: { title: string }) => n.title).slice(0, 3)).toEqual([
      'Aviso 3',
      'Aviso 2',
      'Aviso 1',
    ]);
    expect(res.unreadCount).toBe(res.notifications.length);
    const adminList = (await as(admin, 'GET', '/notifications')).json().data.notifications;
    expect(adminList.some((n: { title: string }) => n.title.startsWith('Aviso'))).toBe(false);
  });

  it('marks one read (own only) and then all', async () => {
    const list = (await as(client, 'GET', '/notifications')).json().data.notifications;
    const first = list[0]._id;
    expect((await as(admin, 'PUT', `/notifications/${first}/read`)).statusCode).toBe(404);
    const one = await as(client, 'PUT', `/notifications/${first}/read`);
    expect(one.json().data.notification.readAt).not.toBeNull();
    const before = (await as(client, 'GET', '/notifications/unread-count')).json().data.unreadCount;
    expect(before).toBe(list.length - 1);
    await as(client, 'PUT', '/notifications/read-all');
    expect((await as(client, 'GET', '/notifications/unread-count')).json().data.unreadCount).toBe(0);
    const rows = await app.db.select().from(notifications).where(eq(notifications.userId, clientId));
    expect(rows.every((r) => r.readAt !== null)).toBe(true);
  });

  it('skips users whose preferences turn the topic off', async () => {
    await app.db
      .update(users)
      .set({ notificationPrefs: { topics: { ticketComments: false } } })
      .where(eq(users.id, clientId));
    const sent = await notify(app, {
      userIds: [clientId],
      topic: 'ticketComments',
      title: 'Off',
      message: 'x',
    });
    expect(sent).toBe(0);
    await app.db.update(users).set({ notificationPrefs: null }).where(eq(users.id, clientId));
  });

  it('shows the email outbox to admins only', async () => {
    expect((await as(client, 'GET', '/notifications/outbox')).statusCode).toBe(403);
    const res = await as(admin, 'GET', '/notifications/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emails.some((e: { to: string }) => e.to === DEMO.client)).toBe(true);
  });
});
