import { NOTIFICATION_EVENT, type Notification, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startDemoApp, uniqueIp } from '../../../test/helpers.js';
import { individual, publicPosts, quote } from '../../../test/request-factories.js';
import { accessRequests, emailOutbox, notifications, quoteRequests, users } from '../../db/schema/index.js';

// What a public request sets off: admin notifications, realtime pushes, per-IP limits, body size.

let app: FastifyInstance, admin: Session;
const { postQuote, postAccess } = publicPosts(() => app);

beforeAll(async () => {
  ({ app, admin } = await startDemoApp());
});

describe('public requests: admin notifications, realtime, limits', () => {
  /** Every `app.realtime.toUser` call made while `fn` runs (the real emit still happens). */
  async function pushesDuring(fn: () => Promise<{ statusCode: number; body: string }>) {
    const spy = vi.spyOn(app.realtime, 'toUser');
    try {
      const res = await fn();
      expect(res.statusCode, res.body).toBe(201);
      return spy.mock.calls.map(([userId, event, payload]) => ({
        userId,
        event,
        payload: payload as Notification,
      }));
    } finally {
      spy.mockRestore();
    }
  }

  it('pushes the new quote and access request to every active admin, and to no one else', async () => {
    // A second active admin and an inactive one, next to the seeded admin, employees and clients.
    await app.db.insert(users).values([
      {
        firstName: 'Segunda',
        lastName: 'Admin',
        email: 'admin2.solicitudes@demo.do',
        passwordHash: 'x',
        role: 'admin',
      },
      {
        firstName: 'Admin',
        lastName: 'Inactiva',
        email: 'admin.inactiva.solicitudes@demo.do',
        passwordHash: 'x',
        role: 'admin',
        status: 'inactive',
      },
    ]);
    const everyone = await app.db
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users);
    const activeAdmins = everyone
      .filter((u) => u.role === 'admin' && u.status === 'active')
      .map((u) => u.id)
      .sort();
    expect(activeAdmins).toHaveLength(2);
    expect(activeAdmins).toContain(admin.user._id);
    expect(everyone.some((u) => u.role !== 'admin')).toBe(true);

    const cases = [
      {
        send: () => postQuote(quote({ email: 'tiemporeal@ejemplo.do' })),
        title: 'Nueva cotización: Sitios Web Profesionales',
      },
      {
        send: () =>
          postAccess(
            individual({ primaryEmail: 'tiemporeal@ejemplo.do', firstName: 'Tiempo', lastName: 'Real' }),
          ),
        title: 'Nueva solicitud de acceso: Tiempo Real',
      },
    ];
    for (const { send, title } of cases) {
      const pushes = await pushesDuring(send);
      const notes = pushes.filter((p) => p.event === NOTIFICATION_EVENT);
      // Only admins were pushed anything at all; each active admin got exactly one notification.
      expect(pushes.map((p) => p.userId).every((id) => activeAdmins.includes(id))).toBe(true);
      expect(notes.map((p) => p.userId).sort()).toEqual(activeAdmins);
      for (const { userId, payload } of notes) {
        expect(payload).toMatchObject({ title, topic: 'system', readAt: null });
        // The pushed notification is the row stored for that admin.
        const [row] = await app.db.select().from(notifications).where(eq(notifications.id, payload._id));
        expect(row).toMatchObject({ userId, title });
      }
    }
  });

  it('an access request stores a notification and queues an email for the admin', async () => {
    const res = await postAccess(
      individual({
        primaryEmail: 'aviso.acceso@ejemplo.do',
        firstName: 'Aviso',
        lastName: 'Acceso',
        estimatedBudget: '3000-5000',
      }),
    );
    expect(res.statusCode).toBe(201);
    const [request] = await app.db
      .select()
      .from(accessRequests)
      .where(eq(accessRequests.email, 'aviso.acceso@ejemplo.do'));
    const title = 'Nueva solicitud de acceso: Aviso Acceso';
    const notes = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user._id), eq(notifications.title, title)));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      topic: 'system',
      link: `/clients/requests?kind=access&id=${request!.id}`,
    });
    expect(notes[0]?.message).toContain('Persona Física: Aviso Acceso');
    const mails = await app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, DEMO.admin), eq(emailOutbox.subject, title)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.status).toBe('queued');
    expect(mails[0]?.text).toContain('Email: aviso.acceso@ejemplo.do');
    expect(mails[0]?.text).toContain('Teléfono: +1 (809) 555-7788');
    expect(mails[0]?.text).toContain('Proyecto: Quiero una tienda en línea');
  });

  it('limits access requests to 10 per IP (429 in Spanish, not stored); another IP is still accepted', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const res = await postAccess(individual({ primaryEmail: `limite${i}@ejemplo.do` }), ip);
      expect(res.statusCode).toBe(201);
    }
    const blocked = await postAccess(individual({ primaryEmail: 'limite.extra@ejemplo.do' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.');
    const stored = () =>
      app.db.select().from(accessRequests).where(eq(accessRequests.email, 'limite.extra@ejemplo.do'));
    expect(await stored()).toHaveLength(0);
    const other = await postAccess(individual({ primaryEmail: 'limite.extra@ejemplo.do' }), uniqueIp());
    expect(other.statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('a quote IP over its limit does not block another IP', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await postQuote(quote({ email: `cupo${i}@ejemplo.do` }), ip)).statusCode).toBe(201);
    const blocked = await postQuote(quote({ email: 'cupo.extra@ejemplo.do' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.');
    const stored = () =>
      app.db.select().from(quoteRequests).where(eq(quoteRequests.email, 'cupo.extra@ejemplo.do'));
    expect(await stored()).toHaveLength(0);
    const other = await postQuote(quote({ email: 'cupo.extra@ejemplo.do' }), uniqueIp());
    expect(other.statusCode).toBe(201);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses an access-request JSON body above 64 KB with 413 and stores nothing', async () => {
    const res = await postAccess(
      individual({ primaryEmail: 'enorme@ejemplo.do', projectDescription: 'x'.repeat(70 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La solicitud es demasiado grande');
    expect(
      await app.db.select().from(accessRequests).where(eq(accessRequests.email, 'enorme@ejemplo.do')),
    ).toHaveLength(0);
  });
});
