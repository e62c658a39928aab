import { type DashboardStats, TICKET_ACTIVE_STATUSES } from '@agencia/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import { activities, clients, projects, tickets } from '../../db/schema/index.js';

let app: FastifyInstance;
const tokens = { admin: '', employee: '', client: '', client2: '' };
let clientRecord = '';

beforeAll(async () => {
  app = await createTestApp();
  const [a, e, c, c2] = await Promise.all([
    login(app, DEMO.admin),
    login(app, DEMO.employee),
    login(app, DEMO.client),
    login(app, DEMO.client2),
  ]);
  tokens.admin = a.token;
  tokens.employee = e.token;
  tokens.client = c.token;
  tokens.client2 = c2.token;
  clientRecord = c.user.clientId!;
});

const get = async (token: string, url: string) => {
  const res = await injectAs(app, token, { method: 'GET', url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /dashboard/stats', () => {
  it('401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });

  it('admin: figures over all projects and the clients block, computed like the database says', async () => {
    const stats = (await get(tokens.admin, '/dashboard/stats')) as DashboardStats;
    const [p] = await app.db
      .select({
        n: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where status in ('approved','in_progress','in_review')))::int`,
        budget: sql<string>`coalesce(sum(approved_budget_cents),0)::text`,
        avg: sql<number>`round(avg(progress_percentage))::int`,
      })
      .from(projects)
      .where(isNull(projects.deletedAt));
    expect(stats.projects).toEqual({
      totalProjects: p!.n,
      activeProjects: p!.active,
      totalBudget: Number(p!.budget) / 100,
      avgProgress: p!.avg,
    });
    // Tickets block from the tickets module (open = open, in progress or waiting on the client).
    const [t] = await app.db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`count(*) filter (where ${tickets.status} in ('open', 'in_progress', 'pending_client'))::int`,
      })
      .from(tickets);
    expect(stats.tickets).toEqual({ totalTickets: t!.total, openTickets: t!.open });
    const [c] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clients)
      .where(isNull(clients.archivedAt));
    expect(stats.clients).toEqual({ total: c!.n, registered: 2 });
  });

  it('client: only its own projects, no clients block', async () => {
    const stats = (await get(tokens.client, '/dashboard/stats')) as DashboardStats;
    expect(stats.clients).toBeUndefined();
    const [own] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(and(eq(projects.clientId, clientRecord), isNull(projects.deletedAt)));
    expect(stats.projects.totalProjects).toBe(own!.n);
  });

  it('employee: no clients block, team projects only', async () => {
    const stats = (await get(tokens.employee, '/dashboard/stats')) as DashboardStats;
    expect(stats.clients).toBeUndefined();
    const list = await get(tokens.employee, '/projects');
    expect(stats.projects.totalProjects).toBe(list.projects.length);
  });

  it("client: ticket figures count only its own client's tickets, open = still needing work", async () => {
    const stats = (await get(tokens.client, '/dashboard/stats')) as DashboardStats;
    const [own] = await app.db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`(count(*) filter (where ${inArray(tickets.status, [...TICKET_ACTIVE_STATUSES])}))::int`,
      })
      .from(tickets)
      .where(eq(tickets.clientId, clientRecord));
    expect(own!.total).toBeGreaterThan(0);
    expect(stats.tickets).toEqual({ totalTickets: own!.total, openTickets: own!.open });
    const admin = (await get(tokens.admin, '/dashboard/stats')) as DashboardStats;
    expect(admin.tickets.totalTickets).toBeGreaterThan(own!.total);
  });

  it("two clients, one after the other (one prepared statement, decision 154): each gets its own client's figures", async () => {
    const [c1, c2] = [
      (await get(tokens.client, '/dashboard/stats')) as DashboardStats,
      (await get(tokens.client2, '/dashboard/stats')) as DashboardStats,
    ];
    const other = (await login(app, DEMO.client2)).user.clientId!;
    for (const [stats, clientId] of [
      [c1, clientRecord],
      [c2, other],
    ] as const) {
      const [p] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(projects)
        .where(and(eq(projects.clientId, clientId), isNull(projects.deletedAt)));
      const [t] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(eq(tickets.clientId, clientId));
      expect(stats.projects.totalProjects).toBe(p!.n);
      expect(stats.tickets.totalTickets).toBe(t!.n);
    }
    expect(other).not.toBe(clientRecord);
    // The demo's two clients differ, so answering one with the other's figures would show.
    expect([c1.projects.totalProjects, c1.tickets.totalTickets]).not.toEqual([
      c2.projects.totalProjects,
      c2.tickets.totalTickets,
    ]);
  });
});

describe('recent lists, progress, resolution, quick actions', () => {
  it('recent-projects: default 5, limit honoured, scoped, newest first', async () => {
    const five = await get(tokens.admin, '/dashboard/recent-projects');
    expect(five.projects).toHaveLength(5);
    const two = await get(tokens.admin, '/dashboard/recent-projects?limit=2');
    expect(two.projects).toHaveLength(2);
    const dates = five.projects.map((p: { updatedAt: string }) => p.updatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const mine = await get(tokens.client, '/dashboard/recent-projects');
    expect(mine.projects.every((p: { client: { _id: string } }) => p.client._id === clientRecord)).toBe(true);
    const bad = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: '/api/dashboard/recent-projects?limit=0',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('recent-tickets: the newest tickets the caller may see, from the tickets module', async () => {
    const all = (await get(tokens.admin, '/dashboard/recent-tickets')).tickets as Array<{
      reportedDate: string;
    }>;
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(5);
    expect([...all].sort((a, b) => b.reportedDate.localeCompare(a.reportedDate))).toEqual(all);
    const mine = (await get(tokens.client, '/dashboard/recent-tickets')).tickets as Array<{
      client: { companyName: string };
    }>;
    expect(mine.every((t) => t.client.companyName === 'Café Cibao SRL')).toBe(true);
  });

  it('project-progress: active projects and a count for each status', async () => {
    const data = await get(tokens.admin, '/dashboard/project-progress');
    expect(data.byStatus).toHaveLength(7);
    expect(
      data.projects.every((p: { status: string }) =>
        ['approved', 'in_progress', 'in_review'].includes(p.status),
      ),
    ).toBe(true);
  });

  it('ticket-resolution: opened and resolved per day for the window', async () => {
    const data = await get(tokens.admin, '/dashboard/ticket-resolution');
    expect(data.days).toBe(30);
    expect(data.series).toHaveLength(30);
    // Demo: four tickets opened in the last days, one resolved.
    expect(data.opened).toBe(data.series.reduce((a: number, d: { opened: number }) => a + d.opened, 0));
    expect(data.opened).toBeGreaterThanOrEqual(4);
    expect(data.resolved).toBeGreaterThanOrEqual(1);
    expect(data.avgResolutionHours).toBeGreaterThan(0);
    const week = await get(tokens.admin, '/dashboard/ticket-resolution?days=7');
    expect(week.series).toHaveLength(7);
  });

  it('quick-actions depend on the role', async () => {
    const admin = await get(tokens.admin, '/dashboard/quick-actions');
    expect(admin.actions.map((a: { id: string }) => a.id)).toContain('new-project');
    const client = await get(tokens.client, '/dashboard/quick-actions');
    expect(client.actions.map((a: { id: string }) => a.id)).not.toContain('new-project');
    expect(client.actions.map((a: { id: string }) => a.id)).toContain('new-ticket');
    expect(client.actions).toContainEqual({ id: 'view-invoices', title: 'Mis Facturas' });
    const employee = await get(tokens.employee, '/dashboard/quick-actions');
    expect(employee.actions.map((a: { id: string }) => a.id)).not.toContain('view-invoices');
  });

  it('quick-actions follow the permissions (decision 070): no invoices.read, no Mis Facturas', async () => {
    await withoutPermission(app, tokens.admin, DEMO.client, 'invoices.read', async () => {
      const client = await get(tokens.client, '/dashboard/quick-actions');
      const ids = client.actions.map((a: { id: string }) => a.id);
      expect(ids).not.toContain('view-invoices');
      expect(ids).toContain('new-ticket');
    });
    const back = await get(tokens.client, '/dashboard/quick-actions');
    expect(back.actions.map((a: { id: string }) => a.id)).toContain('view-invoices');
  });
});

describe('GET /dashboard/activity', () => {
  it('client sees only its own, non-internal entries; admin sees internal ones', async () => {
    // A fresh write shows up in the feed.
    const [p] = await app.db.select().from(projects).where(eq(projects.clientId, clientRecord));
    await injectAs(app, tokens.admin, {
      method: 'POST',
      url: `/api/projects/${p!.id}/notes`,
      payload: { content: 'nota interna de prueba', isInternal: true },
    });
    await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p!.id}/notes`,
      payload: { content: 'comentario público' },
    });
    const admin = await get(tokens.admin, '/dashboard/activity');
    const all = await app.db.select().from(activities);
    expect(admin.activities.length).toBe(
      Math.min(50, all.filter((a) => Date.now() - a.createdAt.getTime() < 7 * 86_400_000).length),
    );
    expect(admin.activities[0].type).toBe('note.added');

    const client = await get(tokens.client, '/dashboard/activity');
    const ids = new Set(client.activities.map((a: { _id: string }) => a._id));
    const rows = all.filter((a) => ids.has(a.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((a) => a.clientId === clientRecord && !a.isInternal)).toBe(true);

    const other = await get(tokens.client2, '/dashboard/activity');
    expect(other.activities.some((a: { _id: string }) => ids.has(a._id))).toBe(false);

    const days = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: '/api/dashboard/activity?days=abc',
    });
    expect(days.statusCode).toBe(400);
  });
});
