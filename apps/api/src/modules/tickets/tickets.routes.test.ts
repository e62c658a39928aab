import type { Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import {
  emailOutbox,
  files,
  notifications,
  projects,
  ticketEvents,
  ticketMessages,
  tickets,
  ticketTimeLogs,
  users,
} from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
let client2: Session;

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client, client2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
});

const as = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  injectAs(app, s.token, { method, url: `/api${url}`, payload: payload as never });

async function newTicket(s: Session, extra: Record<string, unknown> = {}) {
  const res = await as(s, 'POST', '/tickets', {
    title: 'La página de contacto no envía',
    description: 'El formulario de contacto se queda cargando y nunca confirma el envío.',
    type: 'bug',
    priority: 'high',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.ticket as { _id: string; status: string; client: { _id: string } | null };
}

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

describe('assign, time logs, watchers, edit, delete', () => {
  it('assigns to staff only, by staff only', async () => {
    const t = await newTicket(client);
    const [emp] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const [cli] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
    expect((await as(client, 'PUT', `/tickets/${t._id}/assign`, { assignedTo: emp!.id })).statusCode).toBe(
      403,
    );
    expect((await as(admin, 'PUT', `/tickets/${t._id}/assign`, { assignedTo: cli!.id })).statusCode).toBe(
      400,
    );
    const ok = await as(admin, 'PUT', `/tickets/${t._id}/assign`, { assignedTo: emp!.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.ticket.assignedTo).toMatchObject({ _id: emp!.id, firstName: 'Carlos' });
    expect(ok.json().data.ticket.watchers.map((w: { _id: string }) => w._id)).toContain(emp!.id);
    const notes = await app.db.select().from(notifications).where(eq(notifications.userId, emp!.id));
    expect(notes.some((n) => n.title.includes('asignado'))).toBe(true);
  });

  it('logs time in quarter hours (staff only) and sums it', async () => {
    const t = await newTicket(client);
    const log = (s: Session, body: unknown) => as(s, 'POST', `/tickets/${t._id}/time-logs`, body);
    expect((await log(client, { hours: 1, workType: 'coding', description: 'x' })).statusCode).toBe(403);
    expect((await log(employee, { hours: 0.3, workType: 'coding', description: 'x' })).statusCode).toBe(400);
    expect((await log(employee, { hours: 25, workType: 'coding', description: 'x' })).statusCode).toBe(400);
    expect((await log(employee, { hours: 1, workType: 'coding', description: '' })).statusCode).toBe(400);
    await log(employee, { hours: 1.25, workType: 'coding', description: 'Corrección del formulario' });
    const res = await log(admin, { hours: 0.5, workType: 'testing', description: 'Pruebas' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.ticket.actualTimeSpent).toBe(1.75);
    const rows = await app.db.select().from(ticketTimeLogs).where(eq(ticketTimeLogs.ticketId, t._id));
    expect(rows.map((r) => Number(r.hours)).sort()).toEqual([0.5, 1.25]);
  });

  it('lets a client edit title of its own open ticket but not staff fields', async () => {
    const t = await newTicket(client);
    const ok = await as(client, 'PUT', `/tickets/${t._id}`, { title: 'Formulario de contacto roto' });
    expect(ok.statusCode).toBe(200);
    expect((await as(client, 'PUT', `/tickets/${t._id}`, { severity: 'critical' })).statusCode).toBe(403);
    const staff = await as(employee, 'PUT', `/tickets/${t._id}`, {
      severity: 'critical',
      estimatedResolutionTime: 3,
    });
    expect(staff.json().data.ticket).toMatchObject({ severity: 'critical', estimatedResolutionTime: 3 });
  });

  it('links related tickets both ways', async () => {
    const a = await newTicket(client);
    const b = await newTicket(client);
    const res = await as(admin, 'PUT', `/tickets/${a._id}`, { relatedTicketIds: [b._id] });
    expect(res.json().data.ticket.relatedTickets.map((r: { _id: string }) => r._id)).toEqual([b._id]);
    const other = (await as(client, 'GET', `/tickets/${b._id}`)).json().data.ticket;
    expect(other.relatedTickets.map((r: { _id: string }) => r._id)).toEqual([a._id]);
  });

  it('watches and unwatches', async () => {
    const t = await newTicket(client2);
    const [emp] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const w = await as(employee, 'POST', `/tickets/${t._id}/watchers`, {});
    expect(w.json().data.ticket.watchers.map((x: { _id: string }) => x._id)).toContain(emp!.id);
    const u = await as(employee, 'DELETE', `/tickets/${t._id}/watchers/${emp!.id}`);
    expect(u.json().data.ticket.watchers.map((x: { _id: string }) => x._id)).not.toContain(emp!.id);
  });

  it('deletes for admins only', async () => {
    const t = await newTicket(client);
    expect((await as(employee, 'DELETE', `/tickets/${t._id}`)).statusCode).toBe(403);
    expect((await as(client, 'DELETE', `/tickets/${t._id}`)).statusCode).toBe(403);
    expect((await as(admin, 'DELETE', `/tickets/${t._id}`)).statusCode).toBe(200);
    expect(await app.db.select().from(tickets).where(eq(tickets.id, t._id))).toEqual([]);
  });
});

describe('attachments', () => {
  it('limits each user to 60 uploads an hour and 200 MB a day (429 in Spanish, nothing stored)', async () => {
    const t = await newTicket(client);
    const boundary = '----quota';
    const upload = () =>
      injectAs(app, client.token, {
        method: 'POST',
        url: `/api/tickets/${t._id}/attachments`,
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nota.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
          Buffer.from('nota'),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const userId = client.user._id;
    const before = await app.db.select().from(files).where(eq(files.uploadedBy, userId));
    // The day's bytes: a 199.99 MB file stored earlier today (size column only).
    await app.db.insert(files).values({
      ownerType: 'ticket',
      ownerId: t._id,
      filename: 'grande.zip',
      contentType: 'application/zip',
      sizeBytes: 200 * 1024 * 1024 - 2,
      sha256: 'x',
      data: Buffer.from('x'),
      uploadedBy: userId,
    });
    const overDay = await upload();
    expect(overDay.statusCode).toBe(429);
    expect(overDay.json().message).toBe(
      'Alcanzaste el límite de 200 MB subidos por día. Intenta de nuevo mañana.',
    );
    await app.db.delete(files).where(eq(files.filename, 'grande.zip'));
    for (let i = before.length; i < 60; i++) expect((await upload()).statusCode).toBe(201);
    const overHour = await upload();
    expect(overHour.statusCode).toBe(429);
    expect(overHour.headers['retry-after']).toBe('600');
    expect(overHour.json().message).toBe(
      'Has subido 60 archivos en la última hora. Intenta de nuevo más tarde.',
    );
    expect(await app.db.select().from(files).where(eq(files.uploadedBy, userId))).toHaveLength(60);
    // Give the hour back for the other tests of this file.
    await app.db.delete(files).where(and(eq(files.uploadedBy, userId), eq(files.ownerId, t._id)));
  });

  it('stores a sniffed file, refuses unknown types, and keeps it from other clients', async () => {
    const t = await newTicket(client);
    const boundary = '----test';
    const body = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const upload = (s: Session, name: string, content: Buffer) =>
      injectAs(app, s.token, {
        method: 'POST',
        url: `/api/tickets/${t._id}/attachments`,
        payload: body(name, content),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const ok = await upload(client, 'pasos.txt', Buffer.from('Paso 1: abrir la página'));
    expect(ok.statusCode, ok.body).toBe(201);
    const att = ok.json().data.attachment;
    expect(att).toMatchObject({ filename: 'pasos.txt', contentType: 'text/plain' });
    const bad = await upload(client, 'virus.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]));
    expect(bad.statusCode).toBe(415);
    const get = await injectAs(app, client.token, { method: 'GET', url: att.url });
    expect(get.statusCode).toBe(200);
    expect(get.body).toBe('Paso 1: abrir la página');
    expect((await injectAs(app, client2.token, { method: 'GET', url: att.url })).statusCode).toBe(404);
    const msg = await as(client, 'POST', `/tickets/${t._id}/messages`, {
      content: 'Adjunto los pasos',
      attachments: [att._id],
    });
    expect(msg.json().data.ticket.messages[0].attachments[0]._id).toBe(att._id);
    expect(msg.json().data.ticket.attachmentsTotal).toBe(1);
    const listed = (await as(client, 'GET', `/tickets/${t._id}/attachments`)).json().data;
    expect(listed).toEqual({ attachments: [att], pagination: { page: 1, limit: 20, total: 1 } });
    expect((await as(client2, 'GET', `/tickets/${t._id}/attachments`)).statusCode).toBe(404);
  });
});

describe('GET /api/tickets/stats and nav badge', () => {
  it('counts what the caller may see', async () => {
    const all = (await as(admin, 'GET', '/tickets/stats')).json().data;
    const mine = (await as(client, 'GET', '/tickets/stats')).json().data;
    expect(all.total).toBeGreaterThan(mine.total);
    expect(all.total).toBe(
      all.open + all.inProgress + all.pendingClient + all.resolved + all.closed + all.cancelled,
    );
    const badges = (await as(client, 'GET', '/nav/badges')).json().data;
    expect(badges.tickets).toBe(mine.open + mine.inProgress + mine.pendingClient);
    // The average resolution time comes from the same scan as the counts.
    const resolvedRows = (await app.db.select().from(tickets)).filter((t) => t.resolvedAt);
    expect(resolvedRows.length).toBeGreaterThan(0);
    const hours =
      resolvedRows.reduce((a, t) => a + (t.resolvedAt!.getTime() - t.createdAt.getTime()), 0) /
      resolvedRows.length /
      3_600_000;
    expect(all.averageResolutionHours).toBe(Math.round(hours * 10) / 10);
  });
});

describe('permissions (decision 070)', () => {
  it('a client whose tickets.write was removed by an admin gets 403 creating, still lists', async () => {
    await withoutPermission(app, admin.token, DEMO.client, 'tickets.write', async () => {
      const res = await as(client, 'POST', '/tickets', {
        title: 'Cliente sin permiso',
        description: 'No debería crearse este ticket.',
      });
      expect(res.statusCode).toBe(403);
      expect((await as(client, 'GET', '/tickets')).statusCode).toBe(200);
      const rows = await app.db.select().from(tickets).where(eq(tickets.title, 'Cliente sin permiso'));
      expect(rows).toHaveLength(0);
    });
  });
});

describe('staff open a ticket for any client (Nuevo Ticket client picker, decision 072)', () => {
  it('employee picks a client and one of its projects; a project of another client is refused', async () => {
    const cid = client2.user.clientId!;
    const [theirs] = await app.db.select().from(projects).where(eq(projects.clientId, cid)).limit(1);
    const [notTheirs] = await app.db
      .select()
      .from(projects)
      .where(eq(projects.clientId, client.user.clientId!))
      .limit(1);
    const listed = await as(employee, 'GET', `/clients/${cid}/projects`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.projects.map((p: { _id: string }) => p._id)).toContain(theirs!.id);
    const bad = await as(employee, 'POST', '/tickets', {
      title: 'Error en el formulario de contacto',
      description: 'El formulario no envía los mensajes.',
      clientId: cid,
      projectId: notTheirs!.id,
    });
    expect(bad.statusCode).toBe(400);
    const res = await as(employee, 'POST', '/tickets', {
      title: 'Error en el formulario de contacto',
      description: 'El formulario no envía los mensajes.',
      clientId: cid,
      projectId: theirs!.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().data.ticket;
    expect(t.client._id).toBe(cid);
    const [row] = await app.db.select().from(tickets).where(eq(tickets.id, t._id));
    expect(row).toMatchObject({ clientId: cid, projectId: theirs!.id, reportedBy: employee.user._id });
    const seen = (await as(client2, 'GET', '/tickets')).json().data.tickets as Array<{ _id: string }>;
    expect(seen.some((x) => x._id === t._id)).toBe(true);
    const hidden = (await as(client, 'GET', '/tickets')).json().data.tickets as Array<{ _id: string }>;
    expect(hidden.some((x) => x._id === t._id)).toBe(false);
  });
});
