import { cedulaCheckDigit, rncCheckDigit, type Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import {
  activities,
  auditLog,
  clientCommunications,
  clients,
  projects,
  tickets as ticketsTable,
  users,
} from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: Session;
let employee: Session;
let client: Session;
const RNC = `10182375${rncCheckDigit('10182375')}`;
const CEDULA = `4020000001${cedulaCheckDigit('4020000001')}`;

beforeAll(async () => {
  app = await createTestApp();
  [admin, employee, client] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
  ]);
});

describe('clients API', () => {
  it('lists with filters and computed totals; employee reads; client gets 403 on every route', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/clients?clientType=company&status=active',
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.clients;
    expect(list.length).toBeGreaterThan(0);
    expect(
      list.every(
        (c: { clientType: string; status: string }) => c.clientType === 'company' && c.status === 'active',
      ),
    ).toBe(true);
    // The project counts (one scan per client) match the stored projects.
    const stored = await app.db.select().from(projects);
    for (const c of list as Array<{
      _id: string;
      totalProjects: number;
      activeProjects: number;
      completedProjects: number;
    }>) {
      const own = stored.filter((p) => p.clientId === c._id && !p.deletedAt);
      expect(c.totalProjects).toBe(own.length);
      expect(c.activeProjects).toBe(
        own.filter((p) => ['approved', 'in_progress', 'in_review'].includes(p.status)).length,
      );
      expect(c.completedProjects).toBe(own.filter((p) => p.status === 'completed').length);
    }
    expect(list.some((c: { totalProjects: number }) => c.totalProjects > 0)).toBe(true);
    expect(list[0].address).toHaveProperty('city');
    const emp = await injectAs(app, employee.token, { method: 'GET', url: '/api/clients' });
    expect(emp.statusCode).toBe(200);
    const empWrite = await injectAs(app, employee.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {},
    });
    expect(empWrite.statusCode).toBe(403);
    for (const url of [
      '/api/clients',
      '/api/clients/stats',
      `/api/clients/${client.user.clientId}`,
      `/api/clients/${client.user.clientId}/invoices`,
    ]) {
      const r = await injectAs(app, client.token, { method: 'GET', url });
      expect(r.statusCode, url).toBe(403);
    }
  });

  it('creates with a valid RNC (digits stored) and rejects a wrong check digit', async () => {
    const bad = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        firstName: 'Rosa',
        email: 'rosa@x.do',
        clientType: 'company',
        companyName: 'X',
        companyRUC: `${RNC.slice(0, 8)}${(Number(RNC[8]) + 1) % 10}`,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('RNC o cédula inválido (revisa el dígito verificador)');
    const ok = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        firstName: 'Rosa',
        lastName: 'Almonte',
        email: 'rosa@almonte.do',
        clientType: 'company',
        companyName: 'Almonte & Asociados',
        companyRUC: `${RNC[0]}-${RNC.slice(1, 3)}-${RNC.slice(3, 8)}-${RNC[8]}`,
        address: { city: 'Santiago', state: 'Santiago' },
      },
    });
    expect(ok.statusCode).toBe(200);
    const created = ok.json().data.client;
    expect(created).toMatchObject({ companyRUC: RNC, totalProjects: 0, totalRevenue: 0, status: 'active' });
    expect(created.lastActivity).not.toBeNull();
    const [row] = await app.db.select().from(clients).where(eq(clients.id, created._id));
    expect(row!.companyRnc).toBe(RNC);
    const upd = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${created._id}`,
      payload: { notes: 'VIP', companyRUC: CEDULA, status: 'prospect' },
    });
    expect(upd.json().data.client).toMatchObject({ notes: 'VIP', companyRUC: CEDULA, status: 'prospect' });

    // Issue 27: the agency's own RNC (from Configuración, written with or without dashes) is no
    // client's, on create or on update; nothing is stored.
    const agencyRnc: string = (
      await injectAs(app, admin.token, { method: 'GET', url: '/api/settings' })
    ).json().data.settings.taxId;
    const dashed = `${agencyRnc[0]}-${agencyRnc.slice(1, 3)}-${agencyRnc.slice(3, 8)}-${agencyRnc[8]}`;
    const own = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        firstName: 'Yo',
        email: 'yo@agencia.do',
        clientType: 'company',
        companyName: 'Yo Mismo SRL',
        companyRUC: dashed,
      },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(
      'Ese es el RNC de la agencia: un cliente no puede tener el RNC de quien factura.',
    );
    expect(await app.db.select().from(clients).where(eq(clients.email, 'yo@agencia.do'))).toHaveLength(0);
    const ownUpdate = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${created._id}`,
      payload: { companyRUC: agencyRnc },
    });
    expect(ownUpdate.statusCode).toBe(400);
    const [kept] = await app.db.select().from(clients).where(eq(clients.id, created._id));
    expect(kept!.companyRnc).toBe(CEDULA);
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/clients/${created._id}` });
    expect(del.statusCode).toBe(200);
    expect(await app.db.select().from(clients).where(eq(clients.id, created._id))).toHaveLength(0);
  });

  it('refuses to delete a client with invoices (409) and archives it instead; revenue comes from payments', async () => {
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        firstName: 'Juan',
        lastName: 'Pérez',
        email: 'juan@perez.do',
        clientType: 'individual',
        companyRUC: CEDULA,
      },
    });
    const id = res.json().data.client._id;
    const inv = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(id, { asDraft: false, dueDate: '2099-12-31' }),
    );
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${inv._id}/pay`,
      payload: { amount: 1000 },
    });
    const detail = await injectAs(app, admin.token, { method: 'GET', url: `/api/clients/${id}` });
    expect(detail.json().data.client.totalRevenue).toBe(1000);
    const del = await injectAs(app, admin.token, { method: 'DELETE', url: `/api/clients/${id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('No se puede eliminar un cliente con facturas. Archívalo en su lugar.');
    const arch = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { archived: true },
    });
    expect(arch.json().data.client.archivedAt).not.toBeNull();
    const list = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/clients?search=juan@perez.do',
    });
    expect(list.json().data.clients).toHaveLength(0);
    const archived = await injectAs(app, admin.token, { method: 'GET', url: '/api/clients?archived=true' });
    expect(archived.json().data.clients.map((c: { _id: string }) => c._id)).toContain(id);
    const invs = await injectAs(app, admin.token, { method: 'GET', url: `/api/clients/${id}/invoices` });
    expect(invs.json().data.invoices).toHaveLength(1);
  });

  it('stats, projects, tickets and the communication log', async () => {
    const stats = await injectAs(app, admin.token, { method: 'GET', url: '/api/clients/stats' });
    const inv = await injectAs(app, admin.token, { method: 'GET', url: '/api/invoices/stats' });
    expect(stats.json().data).toMatchObject({
      total: expect.any(Number),
      active: expect.any(Number),
      companies: expect.any(Number),
      totalRevenue: inv.json().data.totalRevenue,
    });
    const id = client.user.clientId!;
    const projects = await injectAs(app, admin.token, { method: 'GET', url: `/api/clients/${id}/projects` });
    expect(projects.statusCode).toBe(200);
    const tickets = await injectAs(app, admin.token, { method: 'GET', url: `/api/clients/${id}/tickets` });
    expect(tickets.statusCode).toBe(200);
    const own = await app.db
      .select({ id: ticketsTable.id })
      .from(ticketsTable)
      .where(eq(ticketsTable.clientId, id));
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(
      tickets
        .json()
        .data.tickets.map((t: { _id: string }) => t._id)
        .sort(),
    ).toEqual(own.map((t) => t.id).sort());
    const comm = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/clients/${id}/communications`,
      payload: {
        type: 'call',
        subject: 'Seguimiento',
        date: '2026-06-01T14:00:00-04:00',
        direction: 'outgoing',
        duration: 15,
      },
    });
    expect(comm.statusCode).toBe(200);
    const list = await injectAs(app, employee.token, {
      method: 'GET',
      url: `/api/clients/${id}/communications`,
    });
    expect(list.json().data.communications[0]).toMatchObject({
      type: 'call',
      subject: 'Seguimiento',
      duration: 15,
      createdBy: 'Laura Céspedes',
    });
    const [row] = await app.db
      .select()
      .from(clientCommunications)
      .where(eq(clientCommunications.clientId, id));
    expect(row!.durationMinutes).toBe(15);
    const feed = await app.db.select().from(activities).where(eq(activities.clientId, id));
    expect(feed.length).toBeGreaterThan(0);
    const missing = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/clients/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('permissions (decision 070)', () => {
  it('an employee whose clients.read / invoices.read was removed gets 403; admin writes stay', async () => {
    const cid = client.user.clientId!;
    const get = (url: string) => injectAs(app, employee.token, { method: 'GET', url });
    expect((await get('/api/clients')).statusCode).toBe(200);
    expect((await get(`/api/clients/${cid}/invoices`)).statusCode).toBe(200);
    await withoutPermission(app, admin.token, DEMO.employee, 'clients.read', async () => {
      expect((await get('/api/clients')).statusCode).toBe(403);
      expect((await get(`/api/clients/${cid}`)).statusCode).toBe(403);
    });
    await withoutPermission(app, admin.token, DEMO.employee, 'invoices.read', async () => {
      expect((await get(`/api/clients/${cid}`)).statusCode).toBe(200);
      expect((await get(`/api/clients/${cid}/invoices`)).statusCode).toBe(403);
    });
    expect((await get('/api/clients')).statusCode).toBe(200);
  });

  it('clients.write cannot be granted to an employee (outside the role ceiling): 400, writes stay 403', async () => {
    const [emp] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    const res = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/users/${emp!.id}`,
      payload: { permissions: ['clients.read', 'clients.write'] },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await app.db.select().from(users).where(eq(users.id, emp!.id));
    expect(row!.permissions).toBeNull();
    const write = await injectAs(app, employee.token, { method: 'POST', url: '/api/clients', payload: {} });
    expect(write.statusCode).toBe(403);
  });

  it('a bounce mark (decision 168): staff see it, a client never; clearing it or a new e-mail removes it, audited', async () => {
    const created = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/clients',
      payload: {
        clientType: 'individual',
        firstName: 'Rebote',
        lastName: 'Prueba',
        email: 'rebote@cliente.do',
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.client._id as string;
    expect(created.json().data.client.emailFailingAt).toBeNull();
    const at = new Date('2025-03-04T15:00:00Z');
    await app.db
      .update(clients)
      .set({ emailFailingAt: at, emailFailingReason: '5.1.1 usuario desconocido' })
      .where(eq(clients.id, id));

    const seen = await injectAs(app, employee.token, { method: 'GET', url: `/api/clients/${id}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.client).toMatchObject({
      emailFailingAt: at.toISOString(),
      emailFailingReason: '5.1.1 usuario desconocido',
    });
    const listed = await injectAs(app, admin.token, {
      method: 'GET',
      url: '/api/clients?search=rebote%40cliente',
    });
    expect(listed.json().data.clients[0]).toMatchObject({ _id: id, emailFailingAt: at.toISOString() });
    // The contract is staff only: a client's session gets no client record at all.
    const asClient = await injectAs(app, client.token, { method: 'GET', url: `/api/clients/${id}` });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.body).not.toContain('5.1.1');
    // Employees read; only `clients.write` clears.
    const byEmployee = await injectAs(app, employee.token, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { clearEmailFailing: true },
    });
    expect(byEmployee.statusCode).toBe(403);
    const bad = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { clearEmailFailing: false },
    });
    expect(bad.statusCode).toBe(400);

    // Editing something else keeps the mark.
    const other = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { phone: '809-555-0101', email: 'REBOTE@cliente.do' },
    });
    expect(other.json().data.client.emailFailingAt).toBe(at.toISOString());

    const cleared = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { clearEmailFailing: true },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.client).toMatchObject({ emailFailingAt: null, emailFailingReason: null });
    const [row] = await app.db.select().from(clients).where(eq(clients.id, id));
    expect(row!.emailFailingAt).toBeNull();
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.email_failing_cleared'), eq(auditLog.targetId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorId).toBe(admin.user._id);
    expect(entries[0]!.metadata).toMatchObject({
      email: 'rebote@cliente.do',
      reason: '5.1.1 usuario desconocido',
      why: 'cleared',
    });

    // Bounced again, then the address is corrected: the new address starts clean.
    await app.db
      .update(clients)
      .set({ emailFailingAt: at, emailFailingReason: '5.2.2 buzón lleno' })
      .where(eq(clients.id, id));
    const changed = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/clients/${id}`,
      payload: { email: 'rebote.nuevo@cliente.do' },
    });
    expect(changed.json().data.client).toMatchObject({
      email: 'rebote.nuevo@cliente.do',
      emailFailingAt: null,
      emailFailingReason: null,
    });
    const after = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.email_failing_cleared'), eq(auditLog.targetId, id)));
    expect(after.map((e) => e.metadata?.why).sort()).toEqual(['cleared', 'email_changed']);
  });
});
