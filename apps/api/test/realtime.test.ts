import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';

let app: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

function open(token: string): Socket {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

describe('socket.io', () => {
  it('accepts a valid access token and delivers events sent to that user', async () => {
    const session = await login(app, DEMO.client);
    const socket = open(session.token);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received = new Promise((resolve) => socket.on('hello', resolve));
    app.realtime.toUser(session.user._id, 'hello', { n: 1 });
    await expect(received).resolves.toEqual({ n: 1 });
  });

  it('refuses a bad token and a token whose session was logged out', async () => {
    const bad = open('not-a-token');
    await expect(new Promise((_, reject) => bad.on('connect_error', reject))).rejects.toThrow('unauthorized');
    const session = await login(app, DEMO.client2);
    await injectAs(app, session.token, { method: 'POST', url: '/api/auth/logout', payload: {} });
    const revoked = open(session.token);
    await expect(new Promise((_, reject) => revoked.on('connect_error', reject))).rejects.toThrow(
      'unauthorized',
    );
  });

  it('does not deliver one user’s events to another user', async () => {
    const a = await login(app, DEMO.admin);
    const b = await login(app, DEMO.employee);
    const sa = open(a.token);
    const sb = open(b.token);
    await Promise.all([sa, sb].map((s) => new Promise<void>((r) => s.on('connect', () => r()))));
    let leaked = false;
    sb.on('private', () => {
      leaked = true;
    });
    const got = new Promise((resolve) => sa.on('private', resolve));
    const marker = new Promise((resolve) => sb.on('marker', resolve));
    app.realtime.toUser(a.user._id, 'private', { secret: true });
    // Sent to B after A's event: events on one connection arrive in order, so once the marker is
    // here a leaked 'private' would have arrived before it (no sleep, issue 15).
    app.realtime.toUser(b.user._id, 'marker', { n: 1 });
    await got;
    await marker;
    expect(leaked).toBe(false);
  });
});
