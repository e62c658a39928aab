import type { Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ageIssuedInvoice, createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { clients, invoiceEvents } from '../../db/schema/index.js';
import { sendScheduledReminders } from './reminders.service.js';

let app: FastifyInstance;
let admin: Session;
let client: Session;
let client2: Session;

/**
 * A sent invoice of `clientId` issued 2026-01-10, due 2026-02-09: sending dates it today (decision
 * 132), so it is then aged to those dates.
 */
async function sentInvoice(clientId: string) {
  const inv = await createInvoiceVia(app, admin.token, invoicePayload(clientId));
  const res = await injectAs(app, admin.token, { method: 'POST', url: `/api/invoices/${inv._id}/send` });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  await ageIssuedInvoice(app, inv._id, { issueDate: '2026-01-10', dueDate: '2026-02-09' });
  return inv._id as string;
}

const reminders = (invoiceId: string) =>
  app.db
    .select()
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.event, 'reminded')));

beforeAll(async () => {
  app = await createTestApp();
  admin = await login(app, DEMO.admin);
  client = await login(app, DEMO.client);
  client2 = await login(app, DEMO.client2);
});

describe('scheduled payment reminders', () => {
  it('no offsets configured: nothing is sent', async () => {
    const id = await sentInvoice(client.user.clientId!);
    expect(await sendScheduledReminders({ db: app.db, today: '2026-02-10' })).toBe(
      'Sin recordatorios configurados',
    );
    expect(await reminders(id)).toHaveLength(0);
  });

  it('admin sets the offsets (validated, sorted); others get 403', async () => {
    const bad = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/reminders/settings',
      payload: { offsets: [1, 1] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Hay días repetidos');
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: '/api/reminders/settings',
      payload: { offsets: [15, -3, 7, 1] },
    });
    expect(res.json().data.reminders.offsets).toEqual([-3, 1, 7, 15]);
    const asClient = await injectAs(app, client.token, { method: 'GET', url: '/api/reminders/settings' });
    expect(asClient.statusCode).toBe(403);
  });

  it('sends each offset once, keeps the 24-hour rule, and stops when paid', async () => {
    const id = await sentInvoice(client.user.clientId!);
    // Due 2026-02-09: the +1 reminder on 2026-02-10.
    expect(await sendScheduledReminders({ db: app.db, today: '2026-02-10' })).toMatch(
      /^\d+ recordatorios? enviados?/,
    );
    const first = await reminders(id);
    expect(first).toHaveLength(1);
    expect(first[0]?.note).toContain('automático, 1 día después del vencimiento');
    // Same day again: nothing twice.
    await sendScheduledReminders({ db: app.db, today: '2026-02-10' });
    expect(await reminders(id)).toHaveLength(1);
    // +7 comes, but the last reminder went out less than 24 h ago (real clock): postponed.
    expect(await sendScheduledReminders({ db: app.db, today: '2026-02-16' })).toMatch(
      /pospuestos por la regla de 24 horas/,
    );
    expect(await reminders(id)).toHaveLength(1);
    // History shows the reminder.
    const detail = await injectAs(app, admin.token, { method: 'GET', url: `/api/invoices/${id}` });
    expect(
      detail.json().data.invoice.history.filter((h: { event: string }) => h.event === 'reminded'),
    ).toHaveLength(1);
    // Paid: no more reminders.
    await injectAs(app, admin.token, { method: 'PUT', url: `/api/invoices/${id}/pay`, payload: {} });
    await app.db
      .delete(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, id), eq(invoiceEvents.event, 'reminded')));
    await sendScheduledReminders({ db: app.db, today: '2026-02-25' });
    expect(await reminders(id)).toHaveLength(0);
  });

  it('a client who opted out gets none', async () => {
    const clientId = client2.user.clientId!;
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${clientId}/reminders`,
      payload: { optOut: true },
    });
    expect(res.json().data.optOut).toBe(true);
    const id = await sentInvoice(clientId);
    await sendScheduledReminders({ db: app.db, today: '2026-02-10' });
    expect(await reminders(id)).toHaveLength(0);
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${clientId}/reminders`,
      payload: { optOut: false },
    });
    await sendScheduledReminders({ db: app.db, today: '2026-02-10' });
    expect(await reminders(id)).toHaveLength(1);
  });
});

describe('the reminder opt-out switches', () => {
  it('the admin reads what was set; the client reads and sets its own (staff 403 there, client 403 on the admin route)', async () => {
    const clientId = client.user.clientId!;
    const get = (token: string, url: string) => injectAs(app, token, { method: 'GET', url });
    expect((await get(admin.token, `/api/clients/${clientId}/reminders`)).json().data).toEqual({
      optOut: false,
    });
    expect((await get(client.token, '/api/reminders/me')).json().data).toEqual({ optOut: false });
    const mine = await injectAs(app, client.token, {
      method: 'PUT',
      url: '/api/reminders/me',
      payload: { optOut: true },
    });
    expect(mine.statusCode).toBe(200);
    expect((await get(admin.token, `/api/clients/${clientId}/reminders`)).json().data).toEqual({
      optOut: true,
    });
    const [row] = await app.db
      .select({ optOut: clients.remindersOptOut })
      .from(clients)
      .where(eq(clients.id, clientId));
    expect(row!.optOut).toBe(true);
    expect((await get(admin.token, '/api/reminders/me')).statusCode).toBe(403);
    expect((await get(client.token, `/api/clients/${clientId}/reminders`)).statusCode).toBe(403);
    const bad = await injectAs(app, client.token, {
      method: 'PUT',
      url: '/api/reminders/me',
      payload: { optOut: 'sí' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Valor inválido');
    await injectAs(app, client.token, {
      method: 'PUT',
      url: '/api/reminders/me',
      payload: { optOut: false },
    });
  });
});
