import {
  ACTIVE_PROJECT_STATUSES,
  allowedProjectTransitions,
  type DashboardStats,
  type NavBadges,
  PROJECT_STATUSES,
  type ProjectStats,
  type ProjectStatus,
  TICKET_ACTIVE_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES_NEEDING_RESOLUTION,
  TICKET_TRANSITIONS,
  TICKET_TYPES,
  type TicketStats,
  type TicketStatus,
} from '@agencia/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  projectCounts,
  projectMembers,
  projects,
  ticketCounts,
  tickets,
} from '../src/db/schema/index.js';
import { todayInAgency } from '../src/modules/projects/projects.queries.js';
import { createTestApp, DEMO, injectAs, login } from './helpers.js';
import { generator, SEED } from './seeded-random.js';

/**
 * Stat counters (decision 122) against the base tables, property style: random writes through
 * the API (tickets created, edited, moved through statuses, deleted; projects created, edited,
 * moved to another client, soft-deleted) and through plain SQL (multi-row updates that move
 * tickets between clients or resolve them, `generate_series` inserts, deletes, a rolled-back
 * transaction). After every batch, each stats endpoint answers, for admin, employee and both
 * demo clients, exactly what a `count(*) … group by` over `tickets` / `projects` says (so do the
 * clients list's project counts), and the counter rows equal that `group by` key by key. Seeded
 * generator: a failure names its seed.
 */

type Role = 'admin' | 'employee' | 'client' | 'client2';
interface Who {
  token: string;
  role: 'admin' | 'employee' | 'client';
  userId: string;
  clientId: string | null;
}

const BATCHES = 6;
const OPS_PER_BATCH = 10;

let app: FastifyInstance;
const who = {} as Record<Role, Who>;
let clientIds: string[] = [];

beforeAll(async () => {
  app = await createTestApp();
  const emails: Record<Role, string> = {
    admin: DEMO.admin,
    employee: DEMO.employee,
    client: DEMO.client,
    client2: DEMO.client2,
  };
  for (const [role, email] of Object.entries(emails) as Array<[Role, string]>) {
    const s = await login(app, email);
    who[role] = { token: s.token, role: s.user.role, userId: s.user._id, clientId: s.user.clientId ?? null };
  }
  clientIds = (await app.db.select({ id: clients.id }).from(clients).where(isNull(clients.archivedAt))).map(
    (c) => c.id,
  );
  expect(clientIds).toContain(who.client.clientId);
  expect(clientIds).toContain(who.client2.clientId);
});

const api = async (w: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await injectAs(app, w.token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
};

/* ───────────────────────── the oracle: the base tables ───────────────────────── */

async function expectedTicketStats(w: Who): Promise<TicketStats> {
  const scope = w.role === 'client' ? eq(tickets.clientId, w.clientId ?? '') : undefined;
  const rows = await app.db
    .select({
      status: tickets.status,
      priority: tickets.priority,
      type: tickets.type,
      seconds: sql<number | null>`extract(epoch from (${tickets.resolvedAt} - ${tickets.createdAt}))::float8`,
    })
    .from(tickets)
    .where(scope);
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  const resolved = rows.filter((r) => r.seconds !== null);
  const hours = resolved.reduce((a, r) => a + Number(r.seconds), 0) / 3600;
  const byStatus = (s: TicketStatus) => count((r) => r.status === s);
  return {
    total: rows.length,
    open: byStatus('open'),
    inProgress: byStatus('in_progress'),
    pendingClient: byStatus('pending_client'),
    resolved: byStatus('resolved'),
    closed: byStatus('closed'),
    cancelled: byStatus('cancelled'),
    byPriority: Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, count((r) => r.priority === p)])),
    byType: Object.fromEntries(TICKET_TYPES.map((t) => [t, count((r) => r.type === t)])),
    averageResolutionHours: resolved.length ? Math.round((hours / resolved.length) * 10) / 10 : null,
  } as TicketStats;
}

/** The live projects `w` may see: all (admin), its team's (employee), its client's (client). */
async function visibleProjectRows(w: Who) {
  const scope =
    w.role === 'admin'
      ? undefined
      : w.role === 'employee'
        ? inArray(
            projects.id,
            app.db
              .select({ id: projectMembers.projectId })
              .from(projectMembers)
              .where(eq(projectMembers.userId, w.userId)),
          )
        : eq(projects.clientId, w.clientId ?? '');
  return app.db
    .select({
      status: projects.status,
      budget: projects.approvedBudgetCents,
      spent: projects.spentCents,
      progress: projects.progressPercentage,
      end: projects.estimatedEndDate,
    })
    .from(projects)
    .where(and(isNull(projects.deletedAt), scope));
}

async function expectedProjectStats(w: Who): Promise<ProjectStats> {
  const rows = await visibleProjectRows(w);
  const today = todayInAgency();
  const byStatus = Object.fromEntries(
    PROJECT_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]),
  ) as Record<ProjectStatus, number>;
  const progress = rows.reduce((a, r) => a + r.progress, 0);
  return {
    total: rows.length,
    active: rows.filter((r) => (ACTIVE_PROJECT_STATUSES as readonly string[]).includes(r.status)).length,
    completed: byStatus.completed,
    overdue: rows.filter(
      (r) => r.end !== null && r.end < today && !['completed', 'cancelled'].includes(r.status),
    ).length,
    byStatus,
    totalBudget: rows.reduce((a, r) => a + (r.budget ?? 0), 0) / 100,
    totalSpent: rows.reduce((a, r) => a + r.spent, 0) / 100,
    avgProgress: rows.length ? Math.round(progress / rows.length) : 0,
  };
}

/** Every stats endpoint of every role equals the oracle; the counters equal the `group by`s. */
async function expectStatsMatch(context: string) {
  for (const role of ['admin', 'employee', 'client', 'client2'] as const) {
    const w = who[role];
    const at = `${context}, ${role}`;
    const ticketStats = await expectedTicketStats(w);
    const projectStats = await expectedProjectStats(w);
    expect(await api(w, 'GET', '/tickets/stats'), at).toEqual(ticketStats);
    expect((await api(w, 'GET', '/projects/stats')).stats, at).toEqual(projectStats);
    const dashboard = (await api(w, 'GET', '/dashboard/stats')) as DashboardStats;
    const visible = await visibleProjectRows(w);
    expect(dashboard.projects, at).toEqual({
      totalProjects: projectStats.total,
      activeProjects: projectStats.active,
      totalBudget: projectStats.totalBudget,
      avgProgress: projectStats.avgProgress,
    });
    expect(visible.length, at).toBe(projectStats.total);
    const activeTickets = TICKET_ACTIVE_STATUSES.reduce(
      (a, s) =>
        a +
        (s === 'open'
          ? ticketStats.open
          : s === 'in_progress'
            ? ticketStats.inProgress
            : ticketStats.pendingClient),
      0,
    );
    expect(dashboard.tickets, at).toEqual({ totalTickets: ticketStats.total, openTickets: activeTickets });
    expect((await api(w, 'GET', '/nav/badges')) as NavBadges, at).toEqual({
      projects: projectStats.active,
      tickets: activeTickets,
    });
    const progress = await api(w, 'GET', '/dashboard/project-progress');
    expect(progress.byStatus, at).toEqual(
      PROJECT_STATUSES.map((status) => ({ status, count: projectStats.byStatus[status] })),
    );
  }
  // The clients list's project counts per client (admin), from the same counters.
  const live = await app.db
    .select({ clientId: projects.clientId, status: projects.status })
    .from(projects)
    .where(isNull(projects.deletedAt));
  const listed = (await api(who.admin, 'GET', '/clients?limit=100')).clients as Array<{
    _id: string;
    totalProjects: number;
    activeProjects: number;
    completedProjects: number;
  }>;
  expect(listed.length, context).toBe(clientIds.length);
  for (const c of listed) {
    const own = live.filter((p) => p.clientId === c._id);
    expect([c.totalProjects, c.activeProjects, c.completedProjects], `${context}, client ${c._id}`).toEqual([
      own.length,
      own.filter((p) => (ACTIVE_PROJECT_STATUSES as readonly string[]).includes(p.status)).length,
      own.filter((p) => p.status === 'completed').length,
    ]);
  }
  // The counter rows themselves, key by key (zero rows left behind are allowed).
  const counted = await app.db
    .select({
      clientId: ticketCounts.clientId,
      status: ticketCounts.status,
      priority: ticketCounts.priority,
      type: ticketCounts.type,
      n: ticketCounts.n,
      resolvedN: ticketCounts.resolvedN,
      seconds: sql<string>`${ticketCounts.resolvedSeconds}::numeric(20,3)::text`,
    })
    .from(ticketCounts)
    .where(
      sql`${ticketCounts.n} <> 0 or ${ticketCounts.resolvedN} <> 0 or ${ticketCounts.resolvedSeconds} <> 0`,
    );
  const grouped = await app.db
    .select({
      clientId: tickets.clientId,
      status: tickets.status,
      priority: tickets.priority,
      type: tickets.type,
      n: sql<number>`count(*)`.mapWith(Number),
      resolvedN: sql<number>`count(${tickets.resolvedAt})`.mapWith(Number),
      seconds: sql<string>`coalesce(sum(extract(epoch from (${tickets.resolvedAt} - ${tickets.createdAt}))), 0)::numeric(20,3)::text`,
    })
    .from(tickets)
    .groupBy(tickets.clientId, tickets.status, tickets.priority, tickets.type);
  const key = (r: { clientId: string | null; status: string; priority?: string; type?: string }) =>
    `${r.clientId}/${r.status}/${r.priority ?? ''}/${r.type ?? ''}`;
  const sorted = <T extends Parameters<typeof key>[0]>(rows: T[]) =>
    [...rows].sort((x, y) => key(x).localeCompare(key(y)));
  expect(sorted(counted), `${context}: ticket_counts`).toEqual(sorted(grouped));
  const projectCounted = await app.db
    .select({
      clientId: projectCounts.clientId,
      status: projectCounts.status,
      n: projectCounts.n,
      budget: projectCounts.budgetCents,
      spent: projectCounts.spentCents,
      progress: projectCounts.progressSum,
    })
    .from(projectCounts)
    .where(
      sql`${projectCounts.n} <> 0 or ${projectCounts.budgetCents} <> 0 or ${projectCounts.spentCents} <> 0 or ${projectCounts.progressSum} <> 0`,
    );
  const projectGrouped = await app.db
    .select({
      clientId: projects.clientId,
      status: projects.status,
      n: sql<number>`count(*)`.mapWith(Number),
      budget: sql<number>`coalesce(sum(${projects.approvedBudgetCents}), 0)`.mapWith(Number),
      spent: sql<number>`coalesce(sum(${projects.spentCents}), 0)`.mapWith(Number),
      progress: sql<number>`coalesce(sum(${projects.progressPercentage}), 0)`.mapWith(Number),
    })
    .from(projects)
    .where(isNull(projects.deletedAt))
    .groupBy(projects.clientId, projects.status);
  expect(sorted(projectCounted), `${context}: project_counts`).toEqual(sorted(projectGrouped));
}

/* ───────────────────────── the random writes ───────────────────────── */

describe('stat counters (decision 122)', () => {
  it('every stats endpoint equals a group by over the base tables after random writes, for every role', async () => {
    const g = generator(SEED);
    const ticketIds = async (where?: SQL) =>
      (
        await app.db
          .select({ id: tickets.id, status: tickets.status, clientId: tickets.clientId })
          .from(tickets)
          .where(where)
      ).sort((a, b) => a.id.localeCompare(b.id));
    const projectRows = async () =>
      (
        await app.db
          .select({ id: projects.id, status: projects.status, clientId: projects.clientId })
          .from(projects)
          .where(isNull(projects.deletedAt))
      ).sort((a, b) => a.id.localeCompare(b.id));
    const someIds = async (k: number) => {
      const all = await ticketIds();
      return Array.from({ length: Math.min(k, all.length) }, () => g.pick(all).id);
    };
    const date = () => (g.next() < 0.3 ? null : `20${25 + g.int(3)}-0${1 + g.int(9)}-1${g.int(10)}`);
    let title = 0;
    const ops: Array<[string, () => Promise<void>]> = [
      [
        'staff creates a ticket',
        async () => {
          await api(g.pick([who.admin, who.employee]), 'POST', '/tickets', {
            title: `Ticket de prueba ${++title}`,
            description: 'Descripción de prueba del ticket',
            type: g.pick(TICKET_TYPES),
            priority: g.pick(TICKET_PRIORITIES),
            ...(g.next() < 0.15 ? {} : { clientId: g.pick(clientIds) }),
          });
        },
      ],
      [
        'a client creates a ticket',
        async () => {
          await api(g.pick([who.client, who.client2]), 'POST', '/tickets', {
            title: `Ticket de cliente ${++title}`,
            description: 'El cliente describe el problema',
            type: g.pick(TICKET_TYPES),
            priority: g.pick(TICKET_PRIORITIES),
          });
        },
      ],
      [
        'staff edits priority and type',
        async () => {
          const all = await ticketIds();
          if (!all.length) return;
          const t = g.pick(all);
          await api(who.admin, 'PUT', `/tickets/${t.id}`, {
            priority: g.pick(TICKET_PRIORITIES),
            ...(g.next() < 0.5 ? { type: g.pick(TICKET_TYPES) } : {}),
          });
        },
      ],
      [
        'a client edits the priority of its open ticket',
        async () => {
          const w = g.pick([who.client, who.client2]);
          const open = await ticketIds(
            and(eq(tickets.clientId, w.clientId ?? ''), eq(tickets.status, 'open')),
          );
          if (open.length)
            await api(w, 'PUT', `/tickets/${g.pick(open).id}`, { priority: g.pick(TICKET_PRIORITIES) });
        },
      ],
      [
        'staff moves a ticket to another status',
        async () => {
          const all = await ticketIds();
          if (!all.length) return;
          const t = g.pick(all);
          const to = g.pick(TICKET_TRANSITIONS[t.status]);
          await api(who.employee, 'PUT', `/tickets/${t.id}/status`, {
            status: to,
            ...(TICKET_STATUSES_NEEDING_RESOLUTION.includes(to)
              ? { resolution: 'Resuelto en la prueba' }
              : {}),
          });
        },
      ],
      [
        'admin deletes a ticket',
        async () => {
          const all = await ticketIds();
          if (all.length) await api(who.admin, 'DELETE', `/tickets/${g.pick(all).id}`);
        },
      ],
      [
        'admin creates a project',
        async () => {
          await api(who.admin, 'POST', '/projects', {
            title: `Proyecto de prueba ${++title}`,
            clientId: g.pick(clientIds),
            status: g.pick(PROJECT_STATUSES),
            progressPercentage: g.int(101),
            approvedBudget: g.next() < 0.3 ? null : g.int(100_000) + g.int(100) / 100,
            spent: g.int(5_000),
            estimatedEndDate: date(),
            team: g.next() < 0.5 ? [{ userId: who.employee.userId, role: 'Desarrollador' }] : [],
          });
        },
      ],
      [
        'admin edits a project (status, client, money, progress, end date)',
        async () => {
          const all = await projectRows();
          if (!all.length) return;
          const p = g.pick(all);
          const to = allowedProjectTransitions(p.status, 'admin');
          await api(who.admin, 'PUT', `/projects/${p.id}`, {
            ...(to.length && g.next() < 0.6 ? { status: g.pick(to) } : {}),
            ...(g.next() < 0.4 ? { clientId: g.pick(clientIds) } : {}),
            ...(g.next() < 0.5 ? { approvedBudget: g.next() < 0.2 ? null : g.int(50_000) } : {}),
            ...(g.next() < 0.5 ? { spent: g.int(3_000) } : {}),
            ...(g.next() < 0.5 ? { progressPercentage: g.int(101) } : {}),
            ...(g.next() < 0.3 ? { estimatedEndDate: date(), startDate: null } : {}),
          });
        },
      ],
      [
        'the employee moves a project of its team',
        async () => {
          const team = await app.db
            .select({ id: projects.id, status: projects.status })
            .from(projects)
            .innerJoin(projectMembers, eq(projectMembers.projectId, projects.id))
            .where(
              and(
                eq(projectMembers.userId, who.employee.userId),
                isNull(projects.deletedAt),
                // A closed project is the admin's to reopen (409 for employees).
                sql`${projects.status} not in ('completed', 'cancelled')`,
              ),
            )
            .orderBy(projects.id);
          if (!team.length) return;
          const p = g.pick(team);
          const to = allowedProjectTransitions(p.status, 'employee');
          await api(who.employee, 'PUT', `/projects/${p.id}`, {
            progressPercentage: g.int(101),
            ...(to.length ? { status: g.pick(to) } : {}),
          });
        },
      ],
      [
        'admin deletes a project (soft)',
        async () => {
          const all = await projectRows();
          if (all.length) await api(who.admin, 'DELETE', `/projects/${g.pick(all).id}`);
        },
      ],
      [
        'SQL: one statement moves several tickets to other clients (or none)',
        async () => {
          const ids = await someIds(1 + g.int(6));
          const target = g.next() < 0.2 ? null : g.pick(clientIds);
          await app.db.update(tickets).set({ clientId: target }).where(inArray(tickets.id, ids));
        },
      ],
      [
        'SQL: one statement resolves several tickets with resolution times of hours',
        async () => {
          const ids = await someIds(1 + g.int(5));
          await app.db
            .update(tickets)
            .set({
              status: 'resolved',
              resolvedAt: sql`${tickets.createdAt} + make_interval(mins => ${1 + g.int(5000)})`,
            })
            .where(inArray(tickets.id, ids));
        },
      ],
      [
        'SQL: generate_series inserts tickets of one client',
        async () => {
          const client = g.pick(clientIds);
          await app.db.execute(sql`
            insert into tickets (title, description, type, status, priority, client_id, resolved_at, created_at)
            select 'Carga ' || g, 'Insertado por SQL',
                   (array['bug','feature_request','support','maintenance','improvement','question'])[1 + g % 6],
                   (array['open','in_progress','pending_client','resolved','closed','cancelled'])[1 + (g + ${g.int(6)}) % 6],
                   (array['urgent','high','medium','low'])[1 + g % 4],
                   ${client}::uuid,
                   case when g % 3 = 0 then now() - make_interval(hours => g) end,
                   now() - make_interval(hours => 2 * g)
              from generate_series(1, ${2 + g.int(8)}) g`);
        },
      ],
      [
        'SQL: one statement deletes several tickets',
        async () => {
          await app.db.delete(tickets).where(inArray(tickets.id, await someIds(1 + g.int(3))));
        },
      ],
      [
        'SQL: soft-delete and restore projects in one statement',
        async () => {
          const some = (await app.db.select({ id: projects.id }).from(projects).orderBy(projects.id)).filter(
            () => g.next() < 0.1,
          );
          await app.db
            .update(projects)
            .set({ deletedAt: sql`case when ${projects.deletedAt} is null then now() end` })
            .where(
              inArray(
                projects.id,
                some.map((p) => p.id),
              ),
            );
        },
      ],
      [
        'SQL: a rolled-back transaction leaves no trace',
        async () => {
          await expect(
            app.db.transaction(async (tx) => {
              await tx.update(tickets).set({ status: 'closed', clientId: g.pick(clientIds) });
              await tx.update(projects).set({ status: 'completed', spentCents: 1 });
              throw new Error('rollback');
            }),
          ).rejects.toThrow('rollback');
        },
      ],
    ];
    await expectStatsMatch(`seed ${SEED}, before any write`);
    // The demo data has four tickets: a dozen more so that deletes and moves keep finding some.
    for (let i = 0; i < 12; i++) await ops[i % 2]![1]();
    await expectStatsMatch(`seed ${SEED}, after 12 tickets created`);
    for (let batch = 1; batch <= BATCHES; batch++) {
      const done: string[] = [];
      for (let i = 0; i < OPS_PER_BATCH; i++) {
        const [name, op] = g.pick(ops);
        done.push(name);
        await op();
      }
      await expectStatsMatch(`seed ${SEED}, batch ${batch} (${done.join('; ')})`);
    }
  });

  it('TRUNCATE empties the counters of the truncated tables', async () => {
    await app.db.execute(sql`truncate tickets cascade`);
    await expectStatsMatch('after truncate tickets');
    expect((await api(who.admin, 'GET', '/tickets/stats')).total).toBe(0);
    expect((await api(who.admin, 'GET', '/projects/stats')).stats.total).toBeGreaterThan(0);
    await app.db.execute(sql`truncate projects cascade`);
    await expectStatsMatch('after truncate projects');
    expect((await api(who.admin, 'GET', '/projects/stats')).stats.total).toBe(0);
  });
});
