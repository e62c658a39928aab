import type { Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoApp } from '../../../test/helpers.js';
import { ticketCalls } from '../../../test/ticket-factories.js';
import {
  emailOutbox,
  notifications,
  ticketEvents,
  ticketMessages,
  tickets,
  users,
} from '../../db/schema/index.js';

// Tickets: list, create, detail, conversation and status transitions.

let app: FastifyInstance, admin: Session, employee: Session, client: Session, client2: Session;
const { as, newTicket } = ticketCalls(() => app);

beforeAll(async () => {
  ({ app, admin, employee, client, client2 } = await startDemoApp());
});

describe('GET /api/tickets', () => {
  it('requires a session (401)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tickets' });
    expect(res.statusCode).toBe(401);
  });

  it('gives staff every ticket and a client only its own company’s', async () => {
    const all = (await as(admin, 'GET', '/tickets')).json().data.tickets as Array<{
      client: { _id: string };
    }>;
    const emp = (await as(employee, 'GET', '/tickets')).json().data.tickets;
    const mine = (await as(client, 'GET', '/tickets')).json().data.tickets as Array<{
      client: { _id: string };
    }>;
    const theirs = (await as(client2, 'GET', '/tickets')).json().data.tickets as Array<{
      client: { _id: string };
    }>;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(emp.length).toBe(all.length);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(mine.length + theirs.length).toBe(all.length);
    const [u] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
    expect(mine.every((t) => t.client._id === u!.clientId)).toBe(true);
    expect(theirs.every((t) => t.client._id !== u!.clientId)).toBe(true);
  });

  it('filters by status, priority, type and search', async () => {
    const byStatus = (await as(admin, 'GET', '/tickets?status=resolved')).json().data.tickets;
    expect(byStatus.length).toBeGreaterThan(0);
    expect(byStatus.every((t: { status: string }) => t.status === 'resolved')).toBe(true);
    const search = (await as(admin, 'GET', `/tickets?search=${encodeURIComponent('cupón')}`)).json().data
      .tickets;
    expect(search.map((t: { title: string }) => t.title)).toEqual([
      'El carrito no aplica el cupón de descuento',
    ]);
    const none = (await as(admin, 'GET', '/tickets?type=question&priority=urgent')).json().data.tickets;
    expect(none).toEqual([]);
    const empty = await as(admin, 'GET', '/tickets?status=&priority=&type=');
    expect(empty.statusCode).toBe(200);
    const bad = await as(admin, 'GET', '/tickets?status=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/tickets', () => {
  it('creates a client ticket for the client’s own record whatever clientId it sends', async () => {
    const [other] = await app.db.select().from(users).where(eq(users.email, DEMO.client2));
    const [me] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
    const t = await newTicket(client, { clientId: other!.clientId });
    expect(t.client?._id).toBe(me!.clientId);
    expect(t.status).toBe('open');
    const [row] = await app.db.select().from(tickets).where(eq(tickets.id, t._id));
    expect(row).toMatchObject({
      clientId: me!.clientId,
      reportedBy: me!.id,
      status: 'open',
      priority: 'high',
    });
    // Staff are notified (stored + emailed) of a client's new ticket.
    const [adminRow] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    const notes = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminRow!.id), eq(notifications.link, `/tickets/${t._id}`)));
    expect(notes).toHaveLength(1);
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, DEMO.admin));
    expect(mails.some((m) => m.subject.startsWith('Nuevo ticket'))).toBe(true);
    const events = await app.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, t._id));
    expect(events.map((e) => e.type)).toEqual(['created']);
  });

  it('refuses creation to a user whose tickets.write permission was removed', async () => {
    const [emp] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    await app.db
      .update(users)
      .set({ permissions: ['tickets.read'] })
      .where(eq(users.id, emp!.id));
    try {
      const res = await as(employee, 'POST', '/tickets', {
        title: 'Sin permiso',
        description: 'No debería crearse.',
      });
      expect(res.statusCode).toBe(403);
      expect((await as(employee, 'GET', '/tickets')).statusCode).toBe(200);
    } finally {
      await app.db.update(users).set({ permissions: null }).where(eq(users.id, emp!.id));
    }
  });

  it('rejects bad input with Spanish field errors (400)', async () => {
    const res = await as(client, 'POST', '/tickets', { title: '', description: 'corta', type: 'x' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    const fields = body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'description', 'type']));
    expect(body.errors.find((e: { field: string }) => e.field === 'title').message).toBe(
      'El título es requerido',
    );
  });
});

describe('GET /api/tickets/:id', () => {
  it('hides internal messages, internal timeline entries and time logs from clients', async () => {
    const [seeded] = await app.db
      .select()
      .from(tickets)
      .where(eq(tickets.title, 'El carrito no aplica el cupón de descuento'));
    const staffView = (await as(admin, 'GET', `/tickets/${seeded!.id}`)).json().data.ticket;
    const clientView = (await as(client, 'GET', `/tickets/${seeded!.id}`)).json().data.ticket;
    expect(staffView.messages.some((m: { isInternal: boolean }) => m.isInternal)).toBe(true);
    expect(staffView.timeLogsTotal).toBe(1);
    expect(staffView.actualTimeSpent).toBe(1.5);
    const staffLogs = (await as(admin, 'GET', `/tickets/${seeded!.id}/time-logs`)).json().data;
    expect(staffLogs.timeLogs).toHaveLength(1);
    expect(staffLogs.timeLogs[0].hours).toBe(1.5);
    expect(clientView.messages.length).toBeGreaterThan(0);
    expect(clientView.messages.some((m: { isInternal: boolean }) => m.isInternal)).toBe(false);
    expect(JSON.stringify(clientView)).not.toContain('Nota interna');
    expect(clientView.timeLogsTotal).toBe(0);
    const clientLogs = await as(client, 'GET', `/tickets/${seeded!.id}/time-logs`);
    expect(clientLogs.statusCode).toBe(403);
    const staffTimeline = (await as(admin, 'GET', `/tickets/${seeded!.id}/timeline`)).json().data;
    expect(staffTimeline.timeline.some((e: { type: string }) => e.type === 'time_logged')).toBe(true);
    expect(staffView.timelineTotal).toBe(staffTimeline.pagination.total);
    const timeline = (await as(client, 'GET', `/tickets/${seeded!.id}/timeline`)).json().data;
    expect(timeline.timeline.length).toBeGreaterThan(0);
    expect(timeline.timeline.some((e: { type: string }) => e.type === 'time_logged')).toBe(false);
    expect(clientView.timelineTotal).toBe(timeline.pagination.total);
    expect(clientView.timelineTotal).toBeLessThan(staffView.timelineTotal);
  });

  it('answers 404 to another client and 400 to a malformed id', async () => {
    const t = await newTicket(client);
    expect((await as(client2, 'GET', `/tickets/${t._id}`)).statusCode).toBe(404);
    expect((await as(client2, 'PUT', `/tickets/${t._id}`, { title: 'Intento de cambio' })).statusCode).toBe(
      404,
    );
    expect((await as(client2, 'POST', `/tickets/${t._id}/messages`, { content: 'hola' })).statusCode).toBe(
      404,
    );
    expect((await as(client, 'GET', '/tickets/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('messages', () => {
  it('lets staff post internal notes that the client never receives, and refuses internal notes from clients', async () => {
    const t = await newTicket(client);
    const internal = await as(employee, 'POST', `/tickets/${t._id}/messages`, {
      content: 'Revisar los logs del servidor SMTP',
      isInternal: true,
    });
    expect(internal.statusCode).toBe(201);
    const forbidden = await as(client, 'POST', `/tickets/${t._id}/messages`, {
      content: 'secreto',
      isInternal: true,
    });
    expect(forbidden.statusCode).toBe(403);
    const clientView = (await as(client, 'GET', `/tickets/${t._id}`)).json().data.ticket;
    expect(clientView.messages).toEqual([]);
    const [me] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
    const clientNotes = await app.db.select().from(notifications).where(eq(notifications.userId, me!.id));
    expect(clientNotes.some((n) => n.message.includes('SMTP'))).toBe(false);
  });

  it('moves a pending_client ticket back to open when the client replies, and notifies the client of a staff reply', async () => {
    const t = await newTicket(client);
    const pause = await as(admin, 'PUT', `/tickets/${t._id}/status`, { status: 'pending_client' });
    expect(pause.json().data.ticket.status).toBe('pending_client');
    const reply = await as(admin, 'POST', `/tickets/${t._id}/messages`, { content: '¿Qué navegador usa?' });
    expect(reply.statusCode).toBe(201);
    const [me] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
    const notes = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me!.id), eq(notifications.link, `/tickets/${t._id}`)));
    expect(notes.some((n) => n.message.includes('¿Qué navegador usa?'))).toBe(true);
    const answer = await as(client, 'POST', `/tickets/${t._id}/messages`, { content: 'Chrome en Windows' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.ticket.status).toBe('open');
    const [row] = await app.db.select().from(tickets).where(eq(tickets.id, t._id));
    expect(row!.status).toBe('open');
    const msgs = await app.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, t._id));
    expect(msgs.map((m) => m.content)).toEqual(
      expect.arrayContaining(['¿Qué navegador usa?', 'Chrome en Windows']),
    );
  });

  it('rejects an empty comment (400)', async () => {
    const t = await newTicket(client);
    expect((await as(client, 'POST', `/tickets/${t._id}/messages`, { content: '   ' })).statusCode).toBe(400);
  });
});

describe('status transitions', () => {
  it('requires a resolution to resolve or close', async () => {
    const t = await newTicket(client);
    const noRes = await as(employee, 'PUT', `/tickets/${t._id}/status`, { status: 'resolved' });
    expect(noRes.statusCode).toBe(400);
    expect(noRes.json().errors[0]).toEqual({ field: 'resolution', message: 'La resolución es requerida' });
    const ok = await as(employee, 'PUT', `/tickets/${t._id}/status`, {
      status: 'resolved',
      resolution: 'Se corrigió la configuración SMTP.',
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await app.db.select().from(tickets).where(eq(tickets.id, t._id));
    expect(row!.status).toBe('resolved');
    expect(row!.resolvedAt).toBeInstanceOf(Date);
  });

  it('lets a client reopen a resolved ticket but not resolve or close one', async () => {
    const t = await newTicket(client);
    expect((await as(client, 'PUT', `/tickets/${t._id}/status`, { status: 'in_progress' })).statusCode).toBe(
      403,
    );
    await as(admin, 'PUT', `/tickets/${t._id}/status`, { status: 'resolved', resolution: 'Listo' });
    const reopen = await as(client, 'PUT', `/tickets/${t._id}/status`, { status: 'open' });
    expect(reopen.statusCode).toBe(200);
    expect(reopen.json().data.ticket.status).toBe('open');
    const close = await as(client, 'PUT', `/tickets/${t._id}/close`, { resolution: 'x' });
    expect(close.statusCode).toBe(403);
  });

  it('refuses a transition the table does not allow (closed → resolved)', async () => {
    const t = await newTicket(client);
    const closed = await as(admin, 'PUT', `/tickets/${t._id}/close`, {
      resolution: 'Duplicado de otro ticket',
      preventionMeasures: 'Buscar antes de abrir',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.ticket).toMatchObject({
      status: 'closed',
      resolution: 'Duplicado de otro ticket',
      preventionMeasures: 'Buscar antes de abrir',
    });
    const bad = await as(admin, 'PUT', `/tickets/${t._id}/status`, { status: 'resolved', resolution: 'x' });
    expect(bad.statusCode).toBe(400);
    const [row] = await app.db.select().from(tickets).where(eq(tickets.id, t._id));
    expect(row!.status).toBe('closed');
  });
});
