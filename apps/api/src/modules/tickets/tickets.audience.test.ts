import type { Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { ticketEffects } from './tickets.audience.js';

let app: FastifyInstance;
let client: Session;
let client2: Session;
let ticket: { _id: string; client: { _id: string } };

beforeAll(async () => {
  app = await createTestApp();
  [client, client2] = await Promise.all([login(app, DEMO.client), login(app, DEMO.client2)]);
  const res = await injectAs(app, client.token, {
    method: 'POST',
    url: '/api/tickets',
    payload: {
      title: 'El logo se ve borroso',
      description: 'En la cabecera del sitio el logo aparece pixelado en pantallas grandes.',
      type: 'bug',
      priority: 'low',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  ticket = res.json().data.ticket;
});

describe('ticketEffects (decision 120)', () => {
  it('tells the support roles and the portal users of the ticket’s client, not another client’s', async () => {
    const fx = await ticketEffects(app.db, {
      ticketId: ticket._id,
      clientId: ticket.client._id,
      visibleToClient: true,
    });
    expect(fx.notifications).toEqual([]);
    expect(fx.messages.map((m) => [m.event, m.payload, m.roles])).toEqual([
      ['ticket:updated', { ticketId: ticket._id }, ['admin', 'employee']],
      ['nav:badges', undefined, ['admin', 'employee']],
    ]);
    for (const m of fx.messages) {
      const ids = [...(m.userIds ?? [])];
      expect(ids).toContain(client.user._id);
      expect(ids).not.toContain(client2.user._id);
    }
  });

  it('keeps a staff-only change (internal note, time log) from the client’s users', async () => {
    const fx = await ticketEffects(app.db, {
      ticketId: ticket._id,
      clientId: ticket.client._id,
      visibleToClient: false,
      event: 'ticket:created',
    });
    expect(fx.messages.map((m) => m.event)).toEqual(['ticket:created', 'nav:badges']);
    for (const m of fx.messages) {
      expect([...(m.userIds ?? [])]).toEqual([]);
      expect(m.roles).toEqual(['admin', 'employee']);
    }
  });
});
