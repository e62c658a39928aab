import type { Client, Option, Pagination } from '@agencia/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertClientRows, insertCommunicationRows } from '../../../test/client-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { insertProjectRows } from '../../../test/project-factories.js';
import { clients, projects, tickets, users } from '../../db/schema/index.js';

// The list contract of issue 14 (decision 088) for GET /clients, the client detail sub-lists and
// the pickers GET /clients/options and GET /users/options (decision 100). PGlite in `npm test`,
// PostgreSQL when TEST_DATABASE_URL is set (helpers.ts picks the database).

let app: FastifyInstance;
const tokens = { admin: '', employee: '', client: '' };
let cafe = '';
let batch: string[] = [];
let projectBatch: string[] = [];
let comms: string[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const [a, e, c] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
  ]);
  tokens.admin = a.token;
  tokens.employee = e.token;
  tokens.client = c.token;
  cafe = c.user.clientId!;
  batch = await insertClientRows(app.db, 33, { prefix: 'Paginado' });
  projectBatch = await insertProjectRows(app.db, cafe, 25, { prefix: 'Sub Café', spreadMs: 60_000 });
  comms = await insertCommunicationRows(app.db, cafe, 23);
});

async function get<T>(token: string, url: string) {
  const res = await injectAs(app, token, { method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data as T & { pagination: Pagination };
}

async function count(
  table: typeof clients | typeof projects | typeof tickets,
  where: ReturnType<typeof and>,
) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(table)
    .where(where);
  return row!.n;
}

/** Every page of `url` (which already has a `?`) at `limit`, concatenated; checks each page's size. */
async function walk<K extends string>(token: string, url: string, key: K, limit: number) {
  const first = await get<Record<K, Array<{ _id: string }>>>(token, `${url}&limit=${limit}`);
  const total = first.pagination.total;
  const rows = [...first[key]];
  for (let p = 2; p <= Math.ceil(total / limit); p++) {
    const next = await get<Record<K, Array<{ _id: string }>>>(token, `${url}&limit=${limit}&page=${p}`);
    expect(next.pagination).toEqual({ page: p, limit, total });
    rows.push(...next[key]);
  }
  expect(rows.length).toBe(total);
  expect(new Set(rows.map((r) => r._id)).size).toBe(total);
  return { rows, total };
}

describe('GET /clients pagination (issue 14)', () => {
  it('20 by default with the total of non-archived clients; limit 1 and 100 fine, 101 and page 0 answer 400', async () => {
    const first = await get<{ clients: Client[] }>(tokens.admin, '/api/clients');
    expect(first.pagination).toEqual({
      page: 1,
      limit: 20,
      total: await count(clients, isNull(clients.archivedAt)),
    });
    expect(first.clients).toHaveLength(20);
    expect((await get<{ clients: Client[] }>(tokens.admin, '/api/clients?limit=1')).clients).toHaveLength(1);
    expect((await get<{ clients: Client[] }>(tokens.admin, '/api/clients?limit=100')).clients.length).toBe(
      Math.min(100, first.pagination.total),
    );
    for (const [query, message] of [
      ['limit=101', 'El límite máximo es 100'],
      ['page=0', 'La página mínima es 1'],
    ]) {
      const res = await injectAs(app, tokens.admin, { method: 'GET', url: `/api/clients?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('pages are stable (created_at desc, id desc): the 33 clients created at one instant come once each, by id', async () => {
    const { rows, total } = await walk(tokens.admin, '/api/clients?search=Paginado', 'clients', 8);
    expect(total).toBe(33);
    expect(rows.map((r) => r._id)).toEqual([...batch].sort().reverse());
  });

  it('filters narrow the total; employees read the list; a client gets 403', async () => {
    const companies = await get<{ clients: Client[] }>(
      tokens.employee,
      '/api/clients?clientType=company&limit=5',
    );
    expect(companies.pagination.total).toBe(
      await count(clients, and(isNull(clients.archivedAt), eq(clients.clientType, 'company'))),
    );
    expect(companies.clients.every((c) => c.clientType === 'company')).toBe(true);
    for (const url of [
      '/api/clients?page=2',
      '/api/clients/options',
      `/api/clients/${cafe}/projects?page=2`,
    ]) {
      expect((await injectAs(app, tokens.client, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});

describe('client detail sub-lists (issue 14)', () => {
  it('projects: newest first, every project of the client once, total from the database', async () => {
    const { rows, total } = await walk(tokens.admin, `/api/clients/${cafe}/projects?`, 'projects', 10);
    expect(total).toBe(await count(projects, and(eq(projects.clientId, cafe), isNull(projects.deletedAt))));
    for (const id of projectBatch) expect(rows.map((r) => r._id)).toContain(id);
  });

  it('communications: latest date first, ties on id, 23 inserted plus the seeded ones', async () => {
    const { rows } = await walk(tokens.admin, `/api/clients/${cafe}/communications?`, 'communications', 7);
    const sameDay = rows.filter((r) => comms.includes(r._id)).map((r) => r._id);
    expect(sameDay).toEqual([...comms].sort().reverse());
  });

  it('tickets: paged with the total of the client’s tickets; limit 101 → 400; unknown client → 404', async () => {
    const { total } = await walk(tokens.employee, `/api/clients/${cafe}/tickets?`, 'tickets', 1);
    expect(total).toBe(await count(tickets, eq(tickets.clientId, cafe)));
    const bad = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: `/api/clients/${cafe}/tickets?limit=101`,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: '/api/clients/00000000-0000-4000-8000-000000000000/communications',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('pickers: GET /clients/options and GET /users/options (decision 100)', () => {
  it('clients: search on company, A–Z, labelled "Empresa (Nombre Apellido)"; id answers one, even archived', async () => {
    const found = await get<{ options: Option[] }>(
      tokens.employee,
      '/api/clients/options?search=paginado&limit=3',
    );
    expect(found.options.map((o) => o.label)).toEqual([
      'Paginado 001 SRL (Contacto 001)',
      'Paginado 002 SRL (Contacto 002)',
      'Paginado 003 SRL (Contacto 003)',
    ]);
    await app.db.update(clients).set({ archivedAt: new Date() }).where(eq(clients.id, batch[0]!));
    const again = await get<{ options: Option[] }>(
      tokens.employee,
      '/api/clients/options?search=paginado&limit=1',
    );
    expect(again.options[0]!.label).toBe('Paginado 002 SRL (Contacto 002)');
    const byId = await get<{ options: Option[] }>(tokens.admin, `/api/clients/options?id=${batch[0]}`);
    expect(byId.options.map((o) => o.value)).toEqual([batch[0]]);
    const res = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/clients/options?limit=51' });
    expect(res.statusCode).toBe(400);
  });

  it('users: staff by default (active only); client users to admins only; clients get 403', async () => {
    const staff = await get<{ options: Option[] }>(tokens.employee, '/api/users/options?limit=50');
    const staffIds = staff.options.map((o) => o.value);
    const roles = await app.db.select({ id: users.id, role: users.role, status: users.status }).from(users);
    const expected = roles.filter((u) => u.role !== 'client' && u.status === 'active').map((u) => u.id);
    expect(staffIds.sort()).toEqual(expected.sort().slice(0, 50));
    expect(
      (await injectAs(app, tokens.employee, { method: 'GET', url: '/api/users/options?role=client' }))
        .statusCode,
    ).toBe(403);
    const clientUsers = await get<{ options: Option[] }>(
      tokens.admin,
      '/api/users/options?role=client&search=cliente',
    );
    expect(clientUsers.options.some((o) => o.description === DEMO.client)).toBe(true);
    expect(
      (await injectAs(app, tokens.client, { method: 'GET', url: '/api/users/options' })).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, tokens.admin, { method: 'GET', url: '/api/users/options?role=jefe' })).statusCode,
    ).toBe(400);
  });
});
