import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

/**
 * Issue 2's demo contract: each of the two demo client companies owns at least two projects,
 * two tickets, two calendar events its user attends and two invoices (one unpaid), and sees
 * only its own — so isolation between clients can be seen in the UI and tested.
 */
describe.each([
  ['cliente@demo.do', DEMO.client],
  ['cliente2@demo.do', DEMO.client2],
])('demo data for %s', (_label, email) => {
  it('has ≥ 2 projects, tickets, attended events and invoices (one unpaid), all its own', async () => {
    const s = await login(app, email);
    const clientId = s.user.clientId;
    expect(clientId).toEqual(expect.any(String));
    const get = async (url: string) => {
      const res = await injectAs(app, s.token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      return res.json().data;
    };

    const { projects } = await get('/api/projects');
    expect(projects.length).toBeGreaterThanOrEqual(2);

    const { tickets } = await get('/api/tickets');
    expect(tickets.length).toBeGreaterThanOrEqual(2);

    const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const { events } = await get(`/api/calendar?start_date=${from}&end_date=${to}`);
    const attended = events.filter((e: { attendees: Array<{ user: { email: string } }> }) =>
      e.attendees.some((a) => a.user.email === email),
    );
    expect(attended.length).toBeGreaterThanOrEqual(2);

    const { invoices } = await get('/api/invoices?limit=100');
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    expect(invoices.every((i: { client: { _id: string } }) => i.client._id === clientId)).toBe(true);
    expect(invoices.some((i: { status: string }) => ['sent', 'pending', 'overdue'].includes(i.status))).toBe(
      true,
    );
  });
});
