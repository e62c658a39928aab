import { businessToday, type Lead, type LeadStage } from '@agencia/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, injectAs, startDemoApp } from '../../../test/helpers.js';
import { individual, publicPosts, quote } from '../../../test/request-factories.js';
import type { Tx } from '../../db/client.js';
import {
  auditLog,
  clientCommunications,
  clients,
  leadEvents,
  leads,
  notifications,
  users,
} from '../../db/schema/index.js';
import { createLeadFromRequest } from './leads.service.js';

let app: FastifyInstance;
let admin: { token: string; user: { _id: string } };
let employee: { token: string; user: { _id: string } };
let client: { token: string };
let stages: LeadStage[];
const { postQuote, postAccess } = publicPosts(() => app);

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, token, { method, url, ...(payload ? { payload } : {}) });
const stage = (name: string) => stages.find((s) => s.name === name)!;

async function newLead(overrides: Record<string, unknown> = {}): Promise<Lead> {
  const res = await as(admin.token, 'POST', '/api/leads', {
    title: 'Tienda en línea',
    contactName: 'Rosa Almonte',
    email: `rosa.${Math.random().toString(36).slice(2, 8)}@ejemplo.do`,
    phone: '809-555-0101',
    source: 'whatsapp',
    estimatedValue: 45000.5,
    currency: 'DOP',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.lead;
}

async function column(stageId: string): Promise<Array<{ id: string; position: number }>> {
  return app.db
    .select({ id: leads.id, position: leads.position })
    .from(leads)
    .where(eq(leads.stageId, stageId))
    .orderBy(leads.position, leads.id);
}

/** A new empty open stage (the demo seed puts leads in the default ones). */
async function freshStage(name: string): Promise<string> {
  const res = await as(admin.token, 'POST', '/api/lead-stages', { name, position: 1 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.stage._id;
}

/** Grants (or, with `null`, resets to the role default) the employee's permissions through the API. */
async function setEmployeePermissions(permissions: string[] | null) {
  const res = await as(admin.token, 'PUT', `/api/users/${employee.user._id}`, { permissions });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  stages = (await as(admin.token, 'GET', '/api/lead-stages')).json().data.stages;
});

describe('stages', () => {
  it('starts with the six default stages in order, won and lost as kinds', () => {
    expect(stages.map((s) => [s.name, s.kind])).toEqual([
      ['Nuevo', 'open'],
      ['Contactado', 'open'],
      ['Propuesta enviada', 'open'],
      ['Negociación', 'open'],
      ['Ganado', 'won'],
      ['Perdido', 'lost'],
    ]);
  });

  it('lets the admin add, rename, reorder and delete an empty stage; keeps one of each kind', async () => {
    const created = await as(admin.token, 'POST', '/api/lead-stages', { name: 'Calificado', position: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.stage._id;
    let list: LeadStage[] = (await as(admin.token, 'GET', '/api/lead-stages')).json().data.stages;
    expect(list.map((s) => s.name).slice(0, 3)).toEqual(['Nuevo', 'Calificado', 'Contactado']);
    const renamed = await as(admin.token, 'PUT', `/api/lead-stages/${id}`, {
      name: 'Calificado ✓',
      position: 3,
    });
    expect(renamed.json().data.stage).toMatchObject({ name: 'Calificado ✓', position: 3 });
    const noWon = await as(admin.token, 'PUT', `/api/lead-stages/${stage('Ganado')._id}`, { kind: 'open' });
    expect(noWon.statusCode).toBe(409);
    expect(noWon.json().message).toBe('El tablero necesita al menos una etapa de ganado');
    expect((await as(admin.token, 'DELETE', `/api/lead-stages/${id}`)).statusCode).toBe(200);
    list = (await as(admin.token, 'GET', '/api/lead-stages')).json().data.stages;
    expect(list.map((s) => s.name)).toEqual(stages.map((s) => s.name));
    expect(list.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses to delete a stage with leads (409)', async () => {
    await newLead();
    const res = await as(admin.token, 'DELETE', `/api/lead-stages/${stage('Nuevo')._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/tiene prospectos/);
  });

  it("counts each stage's leads (the stage editor says what a deletion would do with them)", async () => {
    await newLead();
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(leads)
      .where(eq(leads.stageId, stage('Nuevo')._id));
    const n = row!.n;
    expect(n).toBeGreaterThan(0);
    const list: LeadStage[] = (await as(admin.token, 'GET', '/api/lead-stages')).json().data.stages;
    expect(list.find((s) => s.name === 'Nuevo')?.leadCount).toBe(n);
    const empty = await as(admin.token, 'POST', '/api/lead-stages', { name: 'Sin prospectos' });
    const after: LeadStage[] = (await as(admin.token, 'GET', '/api/lead-stages')).json().data.stages;
    expect(after.find((s) => s._id === empty.json().data.stage._id)?.leadCount).toBe(0);
    expect(
      (await as(admin.token, 'DELETE', `/api/lead-stages/${empty.json().data.stage._id}`)).statusCode,
    ).toBe(200);
  });
});

describe('who may reach leads', () => {
  it('answers 403 to clients on every route, even the reads', async () => {
    const lead = await newLead();
    for (const [method, url, body] of [
      ['GET', '/api/leads'],
      ['GET', `/api/leads/${lead._id}`],
      ['GET', '/api/lead-stages'],
      ['POST', '/api/leads', { title: 'x', contactName: 'y' }],
      ['POST', `/api/leads/${lead._id}/move`, { stageId: stage('Contactado')._id }],
      ['POST', `/api/leads/${lead._id}/convert`, {}],
      ['POST', '/api/lead-stages', { name: 'x' }],
    ] as const) {
      const res = await as(client.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('No tienes permisos para realizar esta acción.');
    }
  });

  it('answers 403 to an employee without the permission (not a default), and lets one with it work', async () => {
    const lead = await newLead();
    expect((await as(employee.token, 'GET', '/api/leads')).statusCode).toBe(403);
    expect(
      (await as(employee.token, 'POST', '/api/leads', { title: 'a', contactName: 'b' })).statusCode,
    ).toBe(403);
    await setEmployeePermissions(['projects.read', 'leads.read']);
    try {
      expect((await as(employee.token, 'GET', '/api/leads')).statusCode).toBe(200);
      const move = await as(employee.token, 'POST', `/api/leads/${lead._id}/move`, {
        stageId: stage('Contactado')._id,
      });
      expect(move.statusCode).toBe(403);
      await setEmployeePermissions(['projects.read', 'leads.read', 'leads.write']);
      const moved = await as(employee.token, 'POST', `/api/leads/${lead._id}/move`, {
        stageId: stage('Contactado')._id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // Conversion creates a client (admin only, as POST /clients) and stages are the admin's.
      expect((await as(employee.token, 'POST', `/api/leads/${lead._id}/convert`, {})).statusCode).toBe(403);
      expect((await as(employee.token, 'POST', '/api/lead-stages', { name: 'Otra' })).statusCode).toBe(403);
      // With leads.write the employee may own leads.
      const owned = await as(admin.token, 'PUT', `/api/leads/${lead._id}`, { ownerId: employee.user._id });
      expect(owned.json().data.lead.owner._id).toBe(employee.user._id);
    } finally {
      await setEmployeePermissions(null);
    }
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.moved'), eq(auditLog.targetId, lead._id)));
    expect(entry?.actorId).toBe(employee.user._id);
    expect(entry?.metadata).toMatchObject({ fromStage: 'Nuevo', toStage: 'Contactado' });
  });

  it('refuses an owner who may not own leads (400, Spanish)', async () => {
    const res = await as(admin.token, 'POST', '/api/leads', {
      title: 'Sitio',
      contactName: 'Luis',
      ownerId: employee.user._id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'ownerId',
        message: 'El responsable debe ser un administrador o un empleado con acceso a prospectos',
      },
    ]);
  });
});

describe('bad input answers 400 in Spanish', () => {
  it('on create, move, activities and the list filters', async () => {
    const empty = await as(admin.token, 'POST', '/api/leads', {});
    expect(empty.statusCode).toBe(400);
    const fields = empty.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['title', 'El título es requerido'],
        ['contactName', 'El nombre del contacto es requerido'],
      ]),
    );
    const bad = await as(admin.token, 'POST', '/api/leads', {
      title: 'x',
      contactName: 'y',
      email: 'no-es-correo',
      currency: 'EUR',
      estimatedValue: -5,
      expectedCloseDate: '2026-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['currency', 'email', 'estimatedValue', 'expectedCloseDate'].sort());
    expect(JSON.stringify(bad.json().errors)).toContain('Moneda inválida (DOP o USD)');
    const lead = await newLead();
    const move = await as(admin.token, 'POST', `/api/leads/${lead._id}/move`, { stageId: 'nada' });
    expect(move.statusCode).toBe(400);
    expect(move.json().errors[0]).toEqual({ field: 'stageId', message: 'Etapa inválida' });
    const lost = await as(admin.token, 'POST', `/api/leads/${lead._id}/move`, {
      stageId: stage('Perdido')._id,
    });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().message).toBe('Indica el motivo por el que se perdió el prospecto');
    const elsewhere = await newLead();
    const ref = await as(admin.token, 'POST', `/api/leads/${lead._id}/move`, {
      stageId: stage('Negociación')._id,
      beforeId: elsewhere._id,
    });
    expect(ref.statusCode).toBe(400);
    expect(ref.json().message).toBe('El prospecto de referencia no está en esa etapa');
    const activity = await as(admin.token, 'POST', `/api/leads/${lead._id}/activities`, {
      type: 'fax',
      body: '',
    });
    expect(activity.statusCode).toBe(400);
    expect(activity.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Tipo de actividad inválido', 'La descripción es requerida']),
    );
    const list = await as(admin.token, 'GET', '/api/leads?source=carta&page=0');
    expect(list.statusCode).toBe(400);
    expect(list.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Origen inválido', 'La página mínima es 1']),
    );
    expect(
      (await as(admin.token, 'GET', '/api/leads/00000000-0000-4000-8000-000000000000')).json().message,
    ).toBe('Prospecto no encontrado');
  });
});

describe('the board', () => {
  it('lists in board order with filters and per-stage totals per currency', async () => {
    const tag = `Filtro${Date.now()}`;
    await newLead({ title: `${tag} uno`, estimatedValue: 1000, currency: 'USD' });
    await newLead({ title: `${tag} dos`, estimatedValue: 2500.25, currency: 'DOP', source: 'referral' });
    const res = await as(admin.token, 'GET', `/api/leads?q=${tag}&stage=${stage('Nuevo')._id}`);
    const data = res.json().data;
    expect(data.leads.map((l: Lead) => l.title)).toEqual([`${tag} uno`, `${tag} dos`]);
    expect(data.pagination).toEqual({ page: 1, limit: 20, total: 2 });
    expect(data.totals).toEqual([
      {
        stageId: stage('Nuevo')._id,
        count: 2,
        values: [
          { currency: 'DOP', amount: 2500.25 },
          { currency: 'USD', amount: 1000 },
        ],
      },
    ]);
    const referral = await as(admin.token, 'GET', `/api/leads?q=${tag}&source=referral`);
    expect(referral.json().data.leads.map((l: Lead) => l.title)).toEqual([`${tag} dos`]);
    const mine = await as(admin.token, 'GET', `/api/leads?q=${tag}&owner=me`);
    expect(mine.json().data.pagination.total).toBe(2);
  });

  it('places a card above beforeId, below afterId, or at the end', async () => {
    const target = await freshStage('Orden');
    const [a, b, c] = [await newLead(), await newLead(), await newLead()];
    await as(admin.token, 'POST', `/api/leads/${a._id}/move`, { stageId: target });
    await as(admin.token, 'POST', `/api/leads/${b._id}/move`, { stageId: target, beforeId: a._id });
    await as(admin.token, 'POST', `/api/leads/${c._id}/move`, { stageId: target, afterId: b._id });
    expect((await column(target)).map((r) => r.id)).toEqual([b._id, c._id, a._id]);
    // Within the column: to the top.
    await as(admin.token, 'POST', `/api/leads/${a._id}/move`, { stageId: target, beforeId: b._id });
    expect((await column(target)).map((r) => r.id)).toEqual([a._id, b._id, c._id]);
    const detail = (await as(admin.token, 'GET', `/api/leads/${a._id}`)).json().data;
    expect(detail.events.filter((e: { kind: string }) => e.kind === 'stage_changed')).toHaveLength(1);
  });

  it('renumbers a column when repeated moves use up the gap', async () => {
    const target = await freshStage('Renumerar');
    const first = await newLead();
    const last = await newLead();
    await as(admin.token, 'POST', `/api/leads/${first._id}/move`, { stageId: target });
    await as(admin.token, 'POST', `/api/leads/${last._id}/move`, { stageId: target });
    // Each move lands right below `first`: the gap halves every time until it is renumbered.
    for (let i = 0; i < 45; i++) {
      const l = await newLead();
      const res = await as(admin.token, 'POST', `/api/leads/${l._id}/move`, {
        stageId: target,
        afterId: first._id,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await column(target);
    expect(rows).toHaveLength(47);
    expect(rows[0]!.id).toBe(first._id);
    expect(rows.at(-1)!.id).toBe(last._id);
    expect(new Set(rows.map((r) => r.position)).size).toBe(47);
  });

  it('parallel moves never lose or duplicate a card and keep every position distinct', async () => {
    const target = stage('Contactado')._id;
    const anchor = await newLead();
    await as(admin.token, 'POST', `/api/leads/${anchor._id}/move`, { stageId: target });
    const movers = await Promise.all(Array.from({ length: 8 }, () => newLead()));
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    const results = await Promise.all(
      movers.map((l, i) =>
        as(admin.token, 'POST', `/api/leads/${l._id}/move`, {
          stageId: target,
          ...(i % 2 ? { afterId: anchor._id } : { beforeId: anchor._id }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(movers.map(() => 200));
    const rows = await column(target);
    const ids = rows.map((r) => r.id);
    for (const l of [anchor, ...movers]) expect(ids.filter((id) => id === l._id)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    expect(after[0]!.n).toBe(before[0]!.n);
    // One lead sent to two columns at once ends in exactly one of them.
    const torn = await newLead();
    const twice = await Promise.all([
      as(admin.token, 'POST', `/api/leads/${torn._id}/move`, { stageId: target, afterId: anchor._id }),
      as(admin.token, 'POST', `/api/leads/${torn._id}/move`, { stageId: stage('Negociación')._id }),
    ]);
    expect(twice.map((r) => r.statusCode)).toEqual([200, 200]);
    const rowsOfTorn = await app.db.select().from(leads).where(eq(leads.id, torn._id));
    expect(rowsOfTorn).toHaveLength(1);
  });
});

describe('conversion into a client', () => {
  it('creates the client once even when called twice at once, with the lead history', async () => {
    const email = `conv.${Date.now()}@ejemplo.do`;
    const lead = await newLead({ contactName: 'Carmen Julia Peña', email, company: 'Panadería La Espiga' });
    await as(admin.token, 'POST', `/api/leads/${lead._id}/notes`, { body: 'Quiere pedidos en línea' });
    await as(admin.token, 'POST', `/api/leads/${lead._id}/activities`, {
      type: 'call',
      body: 'Llamada inicial',
    });
    const [one, two] = await Promise.all([
      as(admin.token, 'POST', `/api/leads/${lead._id}/convert`, {}),
      as(admin.token, 'POST', `/api/leads/${lead._id}/convert`, {}),
    ]);
    expect([one.statusCode, two.statusCode], one.body + two.body).toEqual([200, 200]);
    const answers = [one.json().data, two.json().data];
    expect(answers[0].clientId).toBe(answers[1].clientId);
    expect(answers.map((a) => a.alreadyConverted).sort()).toEqual([false, true]);
    const rows = await app.db
      .select()
      .from(clients)
      .where(eq(sql`lower(${clients.email})`, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clientType: 'company',
      companyName: 'Panadería La Espiga',
      firstName: 'Carmen',
      lastName: 'Julia Peña',
    });
    expect(rows[0]!.notes).toContain('Quiere pedidos en línea');
    const comms = await app.db
      .select()
      .from(clientCommunications)
      .where(eq(clientCommunications.clientId, rows[0]!.id));
    expect(comms.map((c) => [c.type, c.notes])).toEqual([['call', 'Llamada inicial']]);
    const detail = (await as(admin.token, 'GET', `/api/leads/${lead._id}`)).json().data;
    expect(detail.lead).toMatchObject({ clientId: rows[0]!.id, stage: { name: 'Ganado', kind: 'won' } });
    expect(detail.lead.wonAt).not.toBeNull();
    expect(detail.events.filter((e: { kind: string }) => e.kind === 'converted')).toHaveLength(1);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'client.created'));
    expect(audits.filter((a) => a.targetId === rows[0]!.id)).toHaveLength(1);
  });

  it('applies the client rules: an e-mail is required, and it must be free', async () => {
    const noEmail = await newLead({ email: null });
    const res = await as(admin.token, 'POST', `/api/leads/${noEmail._id}/convert`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^No se puede crear el cliente: /);
    const taken = await newLead({ email: 'info@cafecibao.do' });
    const [existing] = await app.db.select({ email: clients.email }).from(clients).limit(1);
    await as(admin.token, 'PUT', `/api/leads/${taken._id}`, { email: existing!.email });
    const dup = await as(admin.token, 'POST', `/api/leads/${taken._id}/convert`, {});
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un cliente con ese email');
    expect((await as(admin.token, 'GET', `/api/leads/${taken._id}`)).json().data.lead.clientId).toBeNull();
  });
});

describe('leads from the public forms', () => {
  it('a quote request creates its lead once, in Nuevo, with the budget as estimate', async () => {
    const email = `cotiza.${Date.now()}@ejemplo.do`;
    const res = await postQuote(quote({ email, company: 'Colmado Don Pepe' }));
    expect(res.statusCode, res.body).toBe(201);
    const [lead] = await app.db.select().from(leads).where(eq(leads.email, email));
    expect(lead).toMatchObject({
      source: 'quote_request',
      contactName: 'María Rodríguez',
      company: 'Colmado Don Pepe',
      estimatedValueCents: 100000,
      currency: 'USD',
      stageId: stage('Nuevo')._id,
    });
    expect(lead!.quoteRequestId).not.toBeNull();
    const again = await app.db.transaction((tx) =>
      createLeadFromRequest({
        tx: tx as Tx,
        ctx: { actorId: null },
        kind: 'quote',
        requestId: lead!.quoteRequestId!,
        title: 'Otra vez',
        contactName: 'x',
        email,
        phone: '809',
        company: null,
        description: null,
        budget: null,
      }),
    );
    expect(again).toBeNull();
    expect(await app.db.select().from(leads).where(eq(leads.email, email))).toHaveLength(1);
    const [created] = await app.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(created).toMatchObject({ kind: 'created', meta: { source: 'quote_request' } });
  });

  it('an access request creates its lead once', async () => {
    const email = `acceso.${Date.now()}@ejemplo.do`;
    const res = await postAccess(individual({ primaryEmail: email }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await app.db.select().from(leads).where(eq(leads.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'access_request',
      contactName: 'Pedro Santos',
      estimatedValueCents: 300000,
      currency: 'USD',
    });
    expect(rows[0]!.accessRequestId).not.toBeNull();
  });
});

describe('follow-ups become reminders', () => {
  it('notifies the owner once when the follow-up day comes', async () => {
    const lead = await newLead({ title: `Seguimiento ${Date.now()}` });
    const today = businessToday();
    await as(admin.token, 'POST', `/api/leads/${lead._id}/activities`, {
      type: 'meeting',
      body: 'Presentar propuesta',
      followUpDate: today,
    });
    const later = await as(admin.token, 'POST', `/api/leads/${lead._id}/activities`, {
      type: 'email',
      body: 'Enviar contrato',
      followUpDate: '2999-01-01',
    });
    expect(later.json().data.event.followUpDate).toBe('2999-01-01');
    expect((await as(admin.token, 'GET', `/api/leads/${lead._id}`)).json().data.lead.nextFollowUp).toBe(
      today,
    );
    const mine = () =>
      app.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, admin.user._id),
            eq(notifications.title, `Seguimiento pendiente: ${lead.title}`),
          ),
        );
    expect(await mine()).toHaveLength(0);
    const run = await as(admin.token, 'POST', '/api/jobs/lead-follow-ups/run');
    expect(run.statusCode, run.body).toBe(200);
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ link: `/leads/${lead._id}`, topic: 'deadlines' });
    expect(sent[0]!.message).toContain('Presentar propuesta');
    await app.jobs.runNow('lead-follow-ups');
    expect(await mine()).toHaveLength(1);
    expect((await as(admin.token, 'GET', `/api/leads/${lead._id}`)).json().data.lead.nextFollowUp).toBe(
      '2999-01-01',
    );
  });
});

describe('Reportes', () => {
  it('counts every stage and the value won in the period, per currency', async () => {
    const before = (await as(admin.token, 'GET', '/api/reports/pipeline?period=1m')).json().data;
    const won = await newLead({ estimatedValue: 1234.56, currency: 'USD' });
    await newLead({ estimatedValue: 100, currency: 'DOP' });
    const move = await as(admin.token, 'POST', `/api/leads/${won._id}/move`, {
      stageId: stage('Ganado')._id,
    });
    expect(move.statusCode).toBe(200);
    const res = await as(admin.token, 'GET', '/api/reports/pipeline?period=1m');
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    const count = (r: typeof after, name: string) =>
      r.stages.find((s: { name: string }) => s.name === name).count as number;
    const usd = (t: { values: Array<{ currency: string; amount: number }> }) =>
      t.values.find((v) => v.currency === 'USD')?.amount ?? 0;
    expect(count(after, 'Nuevo')).toBe(count(before, 'Nuevo') + 1);
    expect(count(after, 'Ganado')).toBe(count(before, 'Ganado') + 1);
    expect(after.won.count).toBe(before.won.count + 1);
    expect(Math.round((usd(after.won) - usd(before.won)) * 100)).toBe(123456);
    const [dbTotal] = await app.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    expect(after.stages.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(dbTotal!.n);
    expect((await as(client.token, 'GET', '/api/reports/pipeline')).statusCode).toBe(403);
    expect((await as(employee.token, 'GET', '/api/reports/pipeline')).statusCode).toBe(403);
    // Marking it lost afterwards takes it out of the won value.
    const lost = await as(admin.token, 'POST', `/api/leads/${won._id}/move`, {
      stageId: stage('Perdido')._id,
      lostReason: 'Eligió otra agencia',
    });
    expect(lost.json().data.lead).toMatchObject({ lostReason: 'Eligió otra agencia', wonAt: null });
    const again = (await as(admin.token, 'GET', '/api/reports/pipeline?period=1m')).json().data;
    expect(again.won.count).toBe(before.won.count);
  });
});

describe('demo users', () => {
  it('the demo employee has no lead permission by default', async () => {
    const [row] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    expect(row?.permissions ?? null).toBeNull();
  });
});
