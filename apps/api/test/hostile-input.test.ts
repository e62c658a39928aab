import type { Session } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoicePayload } from './billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';

/** Issue 13's list of inputs that answered 500: each now a 400 with the field and a Spanish message. */
let app: FastifyInstance;
let admin: Session;
let client: Session;

beforeAll(async () => {
  app = await createTestApp();
  [admin, client] = await Promise.all([login(app, DEMO.admin), login(app, DEMO.client)]);
});

const UNSAFE = 'El texto contiene caracteres no permitidos';

describe('hostile input answers 400, never 500', () => {
  it('NUL in a public form, without signing in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/quote-requests',
      payload: {
        serviceId: 'sitios-web',
        name: 'Ana\u0000',
        email: 'ana@example.do',
        phone: '809-555-1234',
        budget: '1000-3000',
        timeline: '3-4 semanas',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: UNSAFE, errors: [{ field: 'name', message: UNSAFE }] });
  });

  it('NUL (%00) in a query parameter, as a client', async () => {
    const res = await injectAs(app, client.token, { method: 'GET', url: '/api/tickets?search=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'search', message: UNSAFE }]);
  });

  it('unpaired surrogates in text', async () => {
    const prefs = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/auth/preferences',
      payload: JSON.stringify({ themeVariant: '\ud800' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(prefs.statusCode).toBe(400);
    expect(prefs.json().errors).toEqual([{ field: 'themeVariant', message: UNSAFE }]);
    const user = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: JSON.stringify({
        firstName: 'x\udc00',
        lastName: 'Pérez',
        email: 'x@example.do',
        password: 'Segura123',
        role: 'employee',
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(user.statusCode).toBe(400);
    expect(user.json().errors[0].field).toBe('firstName');
  });

  it('impossible dates that match the shape, and year 0', async () => {
    for (const issueDate of ['2026-02-30', '0000-01-01']) {
      const res = await injectAs(app, admin.token, {
        method: 'POST',
        url: '/api/invoices',
        payload: invoicePayload(client.user.clientId!, { issueDate, dueDate: '2026-12-31' }),
      });
      expect(res.statusCode, issueDate).toBe(400);
      expect(res.json().message).toBe('Fecha inválida (AAAA-MM-DD)');
    }
    const project = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/projects',
      payload: { title: 'Fechas', clientId: client.user.clientId, startDate: '2026-02-30' },
    });
    expect(project.statusCode).toBe(400);
    const calendar = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/calendar?start_date=0000-01-01T00:00:00Z&end_date=2026-12-31',
    });
    expect(calendar.statusCode).toBe(400);
  });

  it('an unknown time zone', async () => {
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const events = await injectAs(app, admin.token, {
      method: 'GET',
      url: `/api/calendar?start_date=${from}&end_date=${to}`,
    });
    const id = events.json().data.events[0]._id as string;
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/calendar/${id}`,
      payload: { timezone: 'Not/AZone' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Zona horaria inválida');
  });

  it('a number past the integer column in a search is just text', async () => {
    const res = await injectAs(app, admin.token, { method: 'GET', url: '/api/tickets?search=2147483648' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tickets).toEqual([]);
  });
});
