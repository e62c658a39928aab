import type { Session } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../../../test/fake-push-service.js';
import { DEMO, freshDatabase, injectAs, login, TEST_VAPID_KEYS, testConfig } from '../../../test/helpers.js';
import { ticketCalls } from '../../../test/ticket-factories.js';
import { buildApp } from '../../app.js';
import { auditLog, pushOutbox, pushSubscriptions, users } from '../../db/schema/index.js';
import { notify } from '../../lib/notify.js';

/*
 * Web Push end to end on the API side (decision 169): subscriptions through the routes, the
 * notifications the product creates queued in the outbox of their transaction, and the sender
 * delivering them to a local push service that checks the VAPID JWT and decrypts the payload
 * (RFC 8292, RFC 8291) as a browser would.
 */

let app: FastifyInstance;
let push: FakePushService;
let admin: Session;
let client: Session;
let client2: Session;
let clientUserId: string;
const tickets = ticketCalls(() => app);

const as = (s: Session, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: unknown) =>
  injectAs(app, s.token, { method, url: `/api${url}`, payload: payload as never });

beforeAll(async () => {
  push = await startFakePushService();
  app = await buildApp({
    config: testConfig(),
    database: await freshDatabase(),
    closeDatabase: true,
    logger: false,
    push: { agent: push.agent, backoffBaseSeconds: 0.05, maxAttempts: 3, timeoutMs: 5000 },
  });
  await app.ready();
  [admin, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.client));
  clientUserId = u!.id;
});

afterAll(async () => {
  await app.close();
  await push.close();
});

beforeEach(async () => {
  await app.db.delete(pushSubscriptions);
  push.received.length = 0;
});

/** Sends everything due now (the sender's pass, as its timer would). */
async function flush() {
  return app.pushSender.pass();
}

describe('push routes', () => {
  it('answers the VAPID public key to a signed-in user only', async () => {
    const res = await as(client, 'GET', '/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publicKey).toBe(TEST_VAPID_KEYS.publicKey);
    expect((await app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(401);
  });

  it('stores a device per endpoint, audited, and lists it for its owner only', async () => {
    const device = push.device();
    const first = await as(client, 'POST', '/push/subscriptions', device.subscription);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe('Este dispositivo recibirá notificaciones');
    // The same browser again (e.g. after a reload): one row, 200.
    expect((await as(client, 'POST', '/push/subscriptions', device.subscription)).statusCode).toBe(200);
    const rows = await app.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: clientUserId, endpoint: device.subscription.endpoint });
    expect((await as(client, 'GET', '/push/subscriptions')).json().data.devices).toEqual([
      { endpointOrigin: push.origin, createdAt: expect.any(String) },
    ]);
    expect((await as(client2, 'GET', '/push/subscriptions')).json().data.devices).toEqual([]);
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'profile.push_subscribed'));
    expect(entries.some((e) => e.targetId === rows[0]!.id)).toBe(true);
  });

  it('refuses malformed subscriptions with a Spanish 400', async () => {
    const good = push.device().subscription;
    for (const body of [
      {},
      { ...good, endpoint: 'ftp://push.example/x' },
      { ...good, endpoint: `https://push.example/${'x'.repeat(1100)}` },
      { ...good, keys: { p256dh: 'corta', auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'a'.repeat(40) } },
      { endpoint: good.endpoint },
    ]) {
      const res = await as(client, 'POST', '/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(/[áéíóúñ]|inválid|requerid|válida|larga|Faltan/);
    }
    expect(await app.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('lets a user delete only their own device (another user’s endpoint is a 404)', async () => {
    const device = push.device();
    await as(client, 'POST', '/push/subscriptions', device.subscription);
    const other = await as(client2, 'DELETE', '/push/subscriptions', {
      endpoint: device.subscription.endpoint,
    });
    expect(other.statusCode).toBe(404);
    expect(await app.db.select().from(pushSubscriptions)).toHaveLength(1);
    const own = await as(client, 'DELETE', '/push/subscriptions', { endpoint: device.subscription.endpoint });
    expect(own.statusCode).toBe(200);
    expect(await app.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(
      (await as(client, 'DELETE', '/push/subscriptions', { endpoint: device.subscription.endpoint }))
        .statusCode,
    ).toBe(404);
  });

  it('demands an https endpoint when the portal runs on https', async () => {
    const https = await buildApp({
      config: testConfig({ publicUrl: 'https://portal.example.do', secureCookies: true }),
      database: await freshDatabase(),
      closeDatabase: true,
      logger: false,
    });
    try {
      const session = await login(https, DEMO.client);
      const body = { ...push.device().subscription, endpoint: 'http://127.0.0.1:9/push/abc' };
      const res = await injectAs(https, session.token, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La dirección del servicio de notificaciones debe usar https');
    } finally {
      await https.close();
    }
  });
});

describe('push delivery', () => {
  it('queues a ticket reply for the client’s devices in the request, then delivers it signed and encrypted', async () => {
    const phone = push.device();
    const laptop = push.device();
    await as(client, 'POST', '/push/subscriptions', phone.subscription);
    await as(client, 'POST', '/push/subscriptions', laptop.subscription);
    const ticket = await tickets.newTicket(client);
    const reply = await as(admin, 'POST', `/tickets/${ticket._id}/messages`, {
      content: 'Ya lo estamos revisando.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    // The request only queued the messages: nothing reached the push service yet.
    expect(push.received).toHaveLength(0);
    expect(await app.db.select().from(pushOutbox)).toHaveLength(2);

    expect(await flush()).toEqual({ sent: 2, gone: 0, retried: 0, failed: 0 });
    expect(push.received.map((r) => r.error)).toEqual([null, null]);
    expect(push.received.map((r) => r.path).sort()).toEqual(
      [phone, laptop].map((d) => new URL(d.subscription.endpoint).pathname).sort(),
    );
    for (const r of push.received) {
      expect(r.status).toBe(201);
      expect(r.vapidKey).toBe(TEST_VAPID_KEYS.publicKey);
      expect(r.jwt).toMatchObject({ aud: push.origin, sub: 'mailto:no-reply@agenciadigital.do' });
      expect(Number(r.ttl)).toBe(86400);
      expect(r.payload).toMatchObject({
        title: expect.stringMatching(/^Nueva respuesta en TK-\d+$/),
        body: expect.stringContaining('Ya lo estamos revisando.'),
        url: `/tickets/${ticket._id}`,
        topic: 'ticketComments',
      });
    }
    expect(await app.db.select().from(pushOutbox)).toHaveLength(0);
    const [row] = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint));
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it('respects the per-topic preferences: a topic switched off is neither stored nor pushed', async () => {
    await as(client, 'POST', '/push/subscriptions', push.device().subscription);
    const off = await as(client, 'PUT', '/auth/preferences', { topics: { ticketComments: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      await notify(app, {
        userIds: [clientUserId],
        topic: 'ticketComments',
        title: 'Comentario',
        message: 'x',
      });
      await notify(app, {
        userIds: [clientUserId],
        topic: 'paymentsReceived',
        title: 'Pago recibido',
        message: 'RD$ 1,000.00',
        link: '/billing/abc',
      });
      await flush();
      expect(push.received.map((r) => (r.payload as { title: string }).title)).toEqual(['Pago recibido']);
      expect(push.received[0]!.payload).toMatchObject({ url: '/billing/abc', topic: 'paymentsReceived' });
    } finally {
      await as(client, 'PUT', '/auth/preferences', { topics: { ticketComments: true } });
    }
  });

  it('links a notification without an in-app path to the dashboard', async () => {
    await as(client, 'POST', '/push/subscriptions', push.device().subscription);
    await notify(app, { userIds: [clientUserId], topic: 'system', title: 'Aviso', message: 'Sin enlace' });
    await notify(app, {
      userIds: [clientUserId],
      topic: 'system',
      title: 'Externo',
      message: 'x',
      link: 'https://evil.example/',
    });
    await flush();
    expect(push.received.map((r) => (r.payload as { url: string }).url)).toEqual([
      '/dashboard',
      '/dashboard',
    ]);
  });

  it('deletes a subscription the push service reports gone (410) or unknown (404), with its pending messages', async () => {
    const gone = push.device('gone');
    const missing = push.device('missing');
    const alive = push.device();
    for (const d of [gone, missing, alive]) await as(client, 'POST', '/push/subscriptions', d.subscription);
    await notify(app, { userIds: [clientUserId], topic: 'system', title: 'Uno', message: '1' });
    await notify(app, { userIds: [clientUserId], topic: 'system', title: 'Dos', message: '2' });
    const result = await flush();
    expect(result).toMatchObject({ sent: 2, gone: 2 });
    const left = await app.db.select().from(pushSubscriptions);
    expect(left.map((r) => r.endpoint)).toEqual([alive.subscription.endpoint]);
    expect(await app.db.select().from(pushOutbox)).toHaveLength(0);
    // The gone devices were asked once each: their second message went with them.
    expect(push.received.filter((r) => r.path.startsWith('/gone/'))).toHaveLength(1);
    expect(push.received.filter((r) => r.path.startsWith('/missing/'))).toHaveLength(1);
  });

  it('retries other failures with backoff, then marks the message failed', async () => {
    const flaky = push.device('fail');
    await as(client, 'POST', '/push/subscriptions', flaky.subscription);
    await notify(app, { userIds: [clientUserId], topic: 'system', title: 'Reintento', message: 'x' });
    expect(await flush()).toMatchObject({ retried: 1 });
    let [row] = await app.db.select().from(pushOutbox);
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: expect.stringMatching(/^HTTP 500/),
    });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await flush();
    }
    [row] = await app.db.select().from(pushOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(push.received).toHaveLength(3);
    expect(await app.db.select().from(pushSubscriptions)).toHaveLength(1);
  });

  it('sends a test notification to the caller’s devices only (409 without any)', async () => {
    const none = await as(client2, 'POST', '/push/test');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No tienes dispositivos con notificaciones activadas');
    await as(client, 'POST', '/push/subscriptions', push.device().subscription);
    const res = await as(client, 'POST', '/push/test');
    expect(res.json().data).toEqual({ devices: 1 });
    await flush();
    expect(push.received).toHaveLength(1);
    expect(push.received[0]!.payload).toMatchObject({
      title: 'Notificación de prueba',
      url: '/profile?tab=notifications',
    });
  });

  it('moves a device to the user who signs in on it, dropping what was queued for the previous one', async () => {
    const device = push.device();
    await as(client, 'POST', '/push/subscriptions', device.subscription);
    await notify(app, { userIds: [clientUserId], topic: 'system', title: 'Para el primero', message: 'x' });
    await as(client2, 'POST', '/push/subscriptions', device.subscription);
    expect(await app.db.select().from(pushOutbox)).toHaveLength(0);
    await flush();
    expect(push.received).toHaveLength(0);
    expect((await as(client, 'GET', '/push/subscriptions')).json().data.devices).toEqual([]);
  });
});
