import type { Session } from '@agencia/shared';
import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, login } from '../../test/helpers.js';
import { getPage } from '../../test/page-contract.js';
import { projects, tickets, users } from '../db/schema/index.js';
import { estimateRows } from './paging.js';

// Capped totals of the large lists (decision 113): the cap is set to 5 here, so the demo data
// (more than 5 projects and tickets) proves it without inserting 10,000 rows.
const CAP = 5;

let app: FastifyInstance;
let admin: Session;
let client: Session;
let clientId: string;

const count = async (table: typeof projects | typeof tickets, where?: ReturnType<typeof and>) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(table)
      .where(where)
  )[0]!.n;

beforeAll(async () => {
  app = await createTestApp({ listTotalCap: CAP });
  [admin, client] = await Promise.all([login(app, DEMO.admin), login(app, DEMO.client)]);
  const [c] = await app.db.select().from(users).where(eq(users.email, DEMO.client));
  clientId = c!.clientId!;
  // Enough tickets for one client to pass the cap on its own list.
  await app.db.insert(tickets).values(
    Array.from({ length: CAP + 3 }, (_, i) => ({
      title: `Ticket del tope ${i + 1}`,
      description: 'Un ticket para probar el total con tope.',
      type: 'support' as const,
      status: 'open' as const,
      clientId,
    })),
  );
});

describe('pagination.total is capped on the large lists (decision 113)', () => {
  it('projects: past the cap the total is the cap and totalCapped is true; pages past it are served', async () => {
    const all = await count(projects, isNull(projects.deletedAt));
    expect(all).toBeGreaterThan(CAP);
    const page = await getPage(app, admin.token, '/projects?limit=3', 'projects');
    expect(page.pagination).toEqual({ page: 1, limit: 3, total: CAP, totalCapped: true });
    expect(page.items).toHaveLength(3);
    // A page that holds every row needs no count: its total is exact.
    const whole = await getPage(app, admin.token, '/projects?limit=100', 'projects');
    expect(whole.pagination).toEqual({ page: 1, limit: 100, total: all });
    // A page past the cap is served: the cap bounds the count, not the rows one may read.
    const deep = await getPage(app, admin.token, '/projects?limit=1&page=7', 'projects');
    expect(deep.items).toHaveLength(1);
    expect(deep.pagination).toEqual({ page: 7, limit: 1, total: CAP, totalCapped: true });
  });

  it('a filter matching no more than the cap answers the exact total and no totalCapped', async () => {
    const completed = await count(
      projects,
      and(isNull(projects.deletedAt), eq(projects.status, 'completed')),
    );
    expect(completed).toBeLessThanOrEqual(CAP);
    const page = await getPage(app, admin.token, '/projects?status=completed', 'projects');
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: completed });
    expect(page.pagination).not.toHaveProperty('totalCapped');
  });

  it('tickets: capped for the admin and for a client on its own tickets', async () => {
    const adminPage = await getPage(app, admin.token, '/tickets?limit=2', 'tickets');
    expect(adminPage.pagination).toEqual({ page: 1, limit: 2, total: CAP, totalCapped: true });
    expect(adminPage.items).toHaveLength(2);
    const own = await count(tickets, eq(tickets.clientId, clientId));
    expect(own).toBeGreaterThan(CAP);
    const clientPage = await getPage<{ client: { _id: string } }>(
      app,
      client.token,
      '/tickets?limit=4',
      'tickets',
    );
    expect(clientPage.pagination).toEqual({ page: 1, limit: 4, total: CAP, totalCapped: true });
    expect(clientPage.items).toHaveLength(4);
    expect(clientPage.items.every((t) => t.client._id === clientId)).toBe(true);
  });

  it('the last, short page counts nothing: its total is exact even past the cap', async () => {
    const all = await count(projects, isNull(projects.deletedAt));
    const limit = 4;
    const last = Math.ceil(all / limit);
    const page = await getPage(app, admin.token, `/projects?limit=${limit}&page=${last}`, 'projects');
    expect(page.items.length).toBe(all - (last - 1) * limit);
    if (page.items.length < limit) expect(page.pagination).toEqual({ page: last, limit, total: all });
  });
});

describe('a ticket search asks the planner before counting (decision 122)', () => {
  it('a common word estimated above the cap answers the cap; a rare word is counted exactly', async () => {
    // 40 tickets with the same title: the statistics' common values make the estimate ~40.
    await app.db.insert(tickets).values(
      Array.from({ length: 40 }, () => ({
        title: 'Consulta de factura',
        description: 'Pregunta sobre el cobro del mes.',
        type: 'question' as const,
        clientId,
      })),
    );
    await app.db.insert(tickets).values(
      ['Palabrarara uno', 'Palabrarara dos'].map((title) => ({
        title,
        description: 'Otro asunto.',
        type: 'question' as const,
        clientId,
      })),
    );
    await app.db.execute(sql`analyze tickets`);
    const common = or(ilike(tickets.title, '%factura%'), ilike(tickets.description, '%factura%'));
    expect(await estimateRows(app.db, tickets, common)).toBeGreaterThan(CAP);
    expect(await count(tickets, common)).toBeGreaterThan(CAP);
    const page = await getPage(app, admin.token, '/tickets?search=factura&limit=2', 'tickets');
    expect(page.pagination).toEqual({ page: 1, limit: 2, total: CAP, totalCapped: true });
    expect(page.items).toHaveLength(2);
    // Rare: the estimate stays under the cap, so the capped count runs and is exact.
    const rare = or(ilike(tickets.title, '%palabrarara%'), ilike(tickets.description, '%palabrarara%'));
    expect(await estimateRows(app.db, tickets, rare)).toBeLessThanOrEqual(CAP);
    const exact = await getPage(app, admin.token, '/tickets?search=palabrarara&limit=1', 'tickets');
    expect(exact.pagination).toEqual({ page: 1, limit: 1, total: 2 });
  });
});
