import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, auditLog, quoteRequests, users } from '../src/db/schema/index.js';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';

// Pagination contract (decision 088, issue 14) of the admin lists: GET /users, /requests, /audit.
// Rows are inserted with one shared created_at, so only the `id` tie-breaker keeps pages apart.

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;

const SAME_INSTANT = new Date('2020-01-01T12:00:00Z');

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  client = (await login(app, DEMO.client)).token;

  await app.db.insert(users).values(
    Array.from({ length: 43 }, (_, i) => ({
      email: `paginado${i}@ejemplo.do`,
      passwordHash: 'x',
      firstName: 'Paginado',
      lastName: 'Igual',
      role: 'employee' as const,
      status: 'active' as const,
      department: 'General',
    })),
  );
  await app.db.insert(auditLog).values(
    Array.from({ length: 47 }, (_, i) => ({
      action: 'scale.test',
      targetType: 'thing',
      targetId: String(i),
      createdAt: SAME_INSTANT,
    })),
  );
  await app.db.insert(quoteRequests).values(
    Array.from({ length: 25 }, (_, i) => ({
      serviceId: 'web',
      serviceTitle: 'Sitio web',
      name: `Cotización ${i}`,
      email: `cotizacion${i}@ejemplo.do`,
      phone: '809-555-0100',
      budget: '1000',
      timeline: '1 mes',
      description: 'Prueba de paginación',
      createdAt: SAME_INSTANT,
      updatedAt: SAME_INSTANT,
    })),
  );
  await app.db.insert(accessRequests).values(
    Array.from({ length: 22 }, (_, i) => ({
      clientType: 'individual' as const,
      name: `Acceso ${i}`,
      email: `acceso${i}@ejemplo.do`,
      phone: '809-555-0101',
      data: {},
      createdAt: SAME_INSTANT,
      updatedAt: SAME_INSTANT,
    })),
  );
});

type Page = { items: { _id: string }[]; pagination: { page: number; limit: number; total: number } };

async function getPage(url: string, key: string, token = admin): Promise<Page> {
  const res = await injectAs(app, token, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  const data = res.json().data;
  return { items: data[key], pagination: data.pagination };
}

/** Walks every page of `base` with `limit`; returns the ids in order and the totals seen. */
async function walk(base: string, key: string, limit: number) {
  const sep = base.includes('?') ? '&' : '?';
  const first = await getPage(`${base}${sep}limit=${limit}`, key);
  const pages = Math.ceil(first.pagination.total / limit);
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= pages; page++) {
    const p = await getPage(`${base}${sep}limit=${limit}&page=${page}`, key);
    expect(p.pagination).toEqual(expect.objectContaining({ page, limit }));
    expect(p.items.length).toBe(page < pages ? limit : first.pagination.total - limit * (pages - 1));
    totals.add(p.pagination.total);
    ids.push(...p.items.map((i) => i._id));
  }
  return { ids, total: first.pagination.total, totals };
}

const LISTS = [
  { url: '/api/users', key: 'users', filtered: '/api/users?search=paginado', filteredTotal: 43 },
  { url: '/api/audit', key: 'entries', filtered: '/api/audit?action=scale.test', filteredTotal: 47 },
  { url: '/api/requests', key: 'requests', filtered: '/api/requests?search=ejemplo.do', filteredTotal: 47 },
] as const;

describe.each(LISTS)('pagination contract of $url', ({ url, key, filtered, filteredTotal }) => {
  it('serves 20 rows by default and at most 100, with page, limit and total', async () => {
    const first = await getPage(url, key);
    expect(first.pagination.page).toBe(1);
    expect(first.pagination.limit).toBe(20);
    expect(first.items.length).toBe(20);
    expect(first.pagination.total).toBeGreaterThanOrEqual(filteredTotal);
    const max = await getPage(`${url}?limit=100`, key);
    expect(max.items.length).toBe(Math.min(100, max.pagination.total));
  });

  it('pages through a filtered list in a stable order: every row once, the same total on every page', async () => {
    const { ids, total, totals } = await walk(filtered, key, 7);
    expect(total).toBe(filteredTotal);
    expect([...totals]).toEqual([filteredTotal]);
    expect(ids.length).toBe(filteredTotal);
    expect(new Set(ids).size).toBe(filteredTotal);
    // The same walk again gives the same order (no random tie-breaking).
    expect((await walk(filtered, key, 7)).ids).toEqual(ids);
  });

  it('answers an empty page past the end', async () => {
    const res = await getPage(`${filtered}&page=999&limit=100`, key);
    expect(res.items).toEqual([]);
    expect(res.pagination.total).toBe(filteredTotal);
  });

  it.each([
    ['limit=101', 'El límite máximo es 100'],
    ['limit=0', 'El límite mínimo es 1'],
    ['limit=abc', 'El límite debe ser un número'],
    ['page=0', 'La página mínima es 1'],
    ['page=1.5', 'La página debe ser un número entero'],
    ['page=100001', 'La página máxima es 100000'],
  ])('answers 400 in Spanish to %s', async (query, message) => {
    const res = await injectAs(app, admin, { method: 'GET', url: `${url}?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('is refused to employees and clients (403) and without a session (401)', async () => {
    for (const token of [employee, client]) {
      expect((await injectAs(app, token, { method: 'GET', url: `${url}?page=2` })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('order of the admin lists', () => {
  it('sorts users by name, audit and requests newest first', async () => {
    const usersPage = await getPage('/api/users?limit=100', 'users');
    const names = (usersPage.items as unknown as { firstName: string; lastName: string }[]).map(
      (u) => `${u.firstName} ${u.lastName}`,
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const [url, key] of [
      ['/api/audit?limit=100', 'entries'],
      ['/api/requests?limit=100', 'requests'],
    ] as const) {
      const page = await getPage(url, key);
      const dates = (page.items as unknown as { createdAt: string }[]).map((i) => i.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
    }
  });

  it('keeps the quote-only and access-only request lists stable across pages', async () => {
    for (const [kind, n] of [
      ['quote', 25],
      ['access', 22],
    ] as const) {
      const { ids, total } = await walk(`/api/requests?kind=${kind}&search=ejemplo.do`, 'requests', 6);
      expect(total).toBe(n);
      expect(new Set(ids).size).toBe(n);
    }
  });
});
