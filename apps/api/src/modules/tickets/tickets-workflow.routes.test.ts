import type { Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, injectAs, startDemoApp, withoutPermission } from '../../../test/helpers.js';
import { ticketCalls } from '../../../test/ticket-factories.js';
import {
  auditLog,
  files,
  notifications,
  projects,
  tickets,
  ticketTimeLogs,
  users,
} from '../../db/schema/index.js';

// Tickets: assignment, time logs, watchers, edit, delete, attachments, stats, permissions and staff-opened tickets.

let app: FastifyInstance, admin: Session, employee: Session, client: Session, client2: Session;
const { as, newTicket } = ticketCalls(() => app);

beforeAll(async () => {
  ({ app, admin, employee, client, client2 } = await startDemoApp());
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
    // Audited by the services (decision 149): who opened it, who deleted it and its title.
    const entries = await app.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, t._id)));
    const [clientUser] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
    const [adminUser] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'ticket.created', actorId: clientUser!.id, metadata: null },
        {
          action: 'ticket.deleted',
          actorId: adminUser!.id,
          metadata: { title: 'La página de contacto no envía' },
        },
      ]),
    );
    expect(entries).toHaveLength(2);
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
