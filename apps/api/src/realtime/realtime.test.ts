import { type Notification, SESSION_USER_UPDATED_EVENT, type Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../test/helpers.js';

let app: FastifyInstance;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

function connect(token: string): Promise<Socket> {
  const socket = io(base, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const next = <T>(socket: Socket, event: string, timeoutMs = 5000) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(t);
      resolve(payload);
    });
  });

describe('realtime', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(connect('nope')).rejects.toThrow('unauthorized');
  });

  it('delivers to the admin the ticket a client opens, and to the client the admin’s reply', async () => {
    const [admin, client]: Session[] = await Promise.all([login(app, DEMO.admin), login(app, DEMO.client)]);
    const adminSocket = await connect(admin!.token);
    const clientSocket = await connect(client!.token);

    const created = next<{ ticketId: string }>(adminSocket, 'ticket:created');
    const adminNote = next<Notification>(adminSocket, 'notification');
    const badges = next(adminSocket, 'nav:badges');
    const res = await injectAs(app, client!.token, {
      method: 'POST',
      url: '/api/tickets',
      payload: {
        title: 'No cargan las imágenes',
        description: 'Las fotos de productos salen rotas desde ayer.',
      },
    });
    const ticketId = res.json().data.ticket._id;
    expect((await created).ticketId).toBe(ticketId);
    expect((await adminNote).link).toBe(`/tickets/${ticketId}`);
    await badges;

    const internalSeen: unknown[] = [];
    clientSocket.on('notification', (n) => internalSeen.push(n));
    await injectAs(app, admin!.token, {
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      payload: { content: 'Nota solo para el equipo', isInternal: true },
    });
    const updated = next<{ ticketId: string }>(clientSocket, 'ticket:updated');
    const reply = next<Notification>(clientSocket, 'notification');
    await injectAs(app, admin!.token, {
      method: 'POST',
      url: `/api/tickets/${ticketId}/messages`,
      payload: { content: 'Ya lo estamos revisando' },
    });
    expect((await updated).ticketId).toBe(ticketId);
    expect((await reply).message).toContain('Ya lo estamos revisando');
    expect(JSON.stringify(internalSeen)).not.toContain('Nota solo para el equipo');
  });

  it('tells a user whose role or status an admin changed, moves their socket to the new role and drops it when deactivated', async () => {
    const [admin, employee]: Session[] = await Promise.all([
      login(app, DEMO.admin),
      login(app, DEMO.employee),
    ]);
    const employeeSocket = await connect(employee!.token);
    const userUrl = `/api/users/${employee!.user._id}`;

    // Promoted to admin: the browser is told, and admin broadcasts now reach this socket.
    const told = next(employeeSocket, SESSION_USER_UPDATED_EVENT);
    const promoted = await injectAs(app, admin!.token, {
      method: 'PUT',
      url: userUrl,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    await told;
    // An admin-only broadcast (the `role:admin` room) reaches the promoted user's socket.
    const adminOnly = next<{ n: number }>(employeeSocket, 'test:admins');
    app.realtime.toRoles(['admin'], 'test:admins', { n: 1 });
    expect((await adminOnly).n).toBe(1);

    // Demoted again: told, and admin broadcasts no longer reach the socket.
    const toldAgain = next(employeeSocket, SESSION_USER_UPDATED_EVENT);
    await injectAs(app, admin!.token, { method: 'PUT', url: userUrl, payload: { role: 'employee' } });
    await toldAgain;
    const leaked: unknown[] = [];
    employeeSocket.on('test:admins', (payload) => leaked.push(payload));
    const employeeBroadcast = next<{ n: number }>(employeeSocket, 'test:employees');
    app.realtime.toRoles(['admin'], 'test:admins', { n: 2 });
    app.realtime.toRoles(['employee'], 'test:employees', { n: 3 });
    // Sent after the admin one on the same connection: once it is here, the other would be too.
    expect((await employeeBroadcast).n).toBe(3);
    expect(leaked).toEqual([]);

    // Deactivated: told, then disconnected by the server.
    const dropped = next<string>(employeeSocket, 'disconnect');
    const told3 = next(employeeSocket, SESSION_USER_UPDATED_EVENT);
    const deactivated = await injectAs(app, admin!.token, {
      method: 'PATCH',
      url: `${userUrl}/status`,
      payload: { status: 'inactive' },
    });
    expect(deactivated.statusCode).toBe(200);
    await told3;
    expect(await dropped).toBe('io server disconnect');
  });
});
