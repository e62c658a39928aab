import type { Option, Pagination, ProjectSummary } from '@agencia/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import { insertProjectRows } from '../../../test/project-factories.js';
import {
  projectMeetings,
  projectMembers,
  projectNotes,
  projects,
  projectTimeEntries,
} from '../../db/schema/index.js';

// The list contract of issue 14 (decision 088) for GET /projects and the picker GET /projects/options
// (decision 100). Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (helpers.ts).

let app: FastifyInstance;
const tokens = { admin: '', employee: '', client: '', client2: '' };
const ids = { employee: '', cafe: '', other: '' };
/** Projects inserted for the Café client with one shared created_at (ties broken by id). */
let batch: string[] = [];

beforeAll(async () => {
  const { app: started, admin: a, employee: e, client: c, client2: c2 } = await startDemoApp();
  app = started;
  tokens.admin = a.token;
  tokens.employee = e.token;
  tokens.client = c.token;
  tokens.client2 = c2.token;
  ids.employee = e.user._id;
  ids.cafe = c.user.clientId!;
  ids.other = c2.user.clientId!;
  batch = await insertProjectRows(app.db, ids.cafe, 45, { prefix: 'Lote Café' });
  await insertProjectRows(app.db, ids.other, 12, { prefix: 'Lote Otro', spreadMs: 1000 });
});

async function page(token: string, query: string) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { projects: ProjectSummary[]; pagination: Pagination };
}

/** Walks every page of a list and returns the rows in order, checking each page's size. */
async function walk(token: string, query: string, limit: number) {
  const first = await page(token, `${query}&limit=${limit}`);
  const pages = Math.ceil(first.pagination.total / limit);
  const rows = [...first.projects];
  for (let p = 2; p <= pages; p++) {
    const next = await page(token, `${query}&limit=${limit}&page=${p}`);
    expect(next.pagination).toEqual({ page: p, limit, total: first.pagination.total });
    expect(next.projects.length).toBe(p < pages ? limit : first.pagination.total - limit * (pages - 1));
    rows.push(...next.projects);
  }
  return { rows, total: first.pagination.total };
}

async function countWhere(where: ReturnType<typeof and>) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(projects)
    .where(where);
  return row!.n;
}

describe('GET /projects pagination (issue 14)', () => {
  it('answers 20 by default with the total; limit 1 and 100 are accepted, 0, 101 and page 0 answer 400 in Spanish', async () => {
    const all = await page(tokens.admin, '');
    expect(all.pagination).toEqual({
      page: 1,
      limit: 20,
      total: await countWhere(isNull(projects.deletedAt)),
    });
    expect(all.projects).toHaveLength(20);
    expect((await page(tokens.admin, 'limit=1')).projects).toHaveLength(1);
    expect((await page(tokens.admin, 'limit=100')).projects.length).toBe(Math.min(100, all.pagination.total));
    for (const [query, message] of [
      ['limit=101', 'El límite máximo es 100'],
      ['limit=0', 'El límite mínimo es 1'],
      ['page=0', 'La página mínima es 1'],
      ['limit=abc', 'El límite debe ser un número'],
      ['sort=precio', 'Orden inválido'],
    ]) {
      const res = await injectAs(app, tokens.admin, { method: 'GET', url: `/api/projects?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });

  it('a page past the end is empty and keeps the total', async () => {
    const res = await page(tokens.admin, `clientId=${ids.cafe}&limit=50&page=9`);
    expect(res.projects).toEqual([]);
    expect(res.pagination.total).toBeGreaterThanOrEqual(45);
  });

  it('pages are stable (created_at desc, then id desc): no duplicates, nothing skipped, ties on id', async () => {
    const { rows, total } = await walk(tokens.admin, `clientId=${ids.cafe}`, 7);
    expect(total).toBe(await countWhere(and(eq(projects.clientId, ids.cafe), isNull(projects.deletedAt))));
    const seen = rows.map((r) => r._id);
    expect(new Set(seen).size).toBe(total);
    for (const id of batch) expect(seen).toContain(id);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.createdAt >= b.createdAt).toBe(true);
      if (a.createdAt === b.createdAt) expect(a._id > b._id).toBe(true);
    }
  });

  it('sort=title is A–Z with id as tie-breaker and a filter narrows the total', async () => {
    const { rows, total } = await walk(tokens.admin, `clientId=${ids.cafe}&search=Lote%20Caf&sort=title`, 10);
    expect(total).toBe(45);
    expect(rows.map((r) => r.title)).toEqual(
      batch.map((_, i) => `Lote Café ${String(i + 1).padStart(3, '0')}`),
    );
    const status = await page(tokens.admin, `status=in_progress&clientId=${ids.other}&limit=5`);
    expect(status.pagination.total).toBe(
      await countWhere(
        and(eq(projects.clientId, ids.other), eq(projects.status, 'in_progress'), isNull(projects.deletedAt)),
      ),
    );
    expect(status.projects.every((p) => p.status === 'in_progress')).toBe(true);
  });

  it('a client sees only its own projects on every page, and its total counts only them', async () => {
    for (const [token, own] of [
      [tokens.client, ids.cafe],
      [tokens.client2, ids.other],
    ] as const) {
      const { rows, total } = await walk(token, 'sort=recent', 6);
      expect(total).toBe(await countWhere(and(eq(projects.clientId, own), isNull(projects.deletedAt))));
      expect(rows.length).toBe(total);
      expect(rows.every((r) => r.client._id === own)).toBe(true);
      // Asking for another client's projects gives nothing, not someone else's rows.
      const foreign = await page(token, `clientId=${own === ids.cafe ? ids.other : ids.cafe}`);
      expect(foreign.pagination.total).toBe(0);
    }
  });

  it('an employee pages through the projects of their team only', async () => {
    const { rows, total } = await walk(tokens.employee, '', 3);
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .where(and(eq(projectMembers.userId, ids.employee), isNull(projects.deletedAt)));
    expect(total).toBe(row!.n);
    expect(rows.some((r) => batch.includes(r._id))).toBe(false);
  });
});

describe('GET /projects/options (decision 100)', () => {
  async function options(token: string, query: string) {
    const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/options?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.options as Option[];
  }

  it('searches titles, A–Z, at most `limit`; limit 51 answers 400', async () => {
    const found = await options(tokens.admin, 'search=lote%20caf&limit=5');
    expect(found.map((o) => o.label)).toEqual([1, 2, 3, 4, 5].map((n) => `Lote Café 00${n}`));
    expect(found[0]!.description).toBeTruthy();
    const res = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/projects/options?limit=51' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('El límite máximo es 50');
    const bad = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/projects/options?id=x' });
    expect(bad.statusCode).toBe(400);
  });

  it('a client gets only its own projects, even by id', async () => {
    const mine = await options(tokens.client2, 'limit=50');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((o) => batch.includes(o.value))).toBe(false);
    expect(await options(tokens.client2, `id=${batch[0]}`)).toEqual([]);
    expect(await options(tokens.client2, `clientId=${ids.cafe}`)).toEqual([]);
    const byId = await options(tokens.client, `id=${batch[0]}`);
    expect(byId.map((o) => o.value)).toEqual([batch[0]]);
  });

  it('an employee searches their team; with clientId (holding clients.read) every project of that client', async () => {
    const team = await options(tokens.employee, 'search=lote%20caf');
    expect(team).toEqual([]);
    const ofClient = await options(tokens.employee, `clientId=${ids.cafe}&search=lote%20caf&limit=50`);
    expect(ofClient).toHaveLength(45);
  });
});

describe('project sub-lists: notes, time entries, files (issue 14)', () => {
  let projectId = '';
  const notes = { public: [] as string[], internal: [] as string[] };
  beforeAll(async () => {
    projectId = (await insertProjectRows(app.db, ids.cafe, 1, { prefix: 'Con historial' }))[0]!;
    const at = new Date('2024-03-01T10:00:00Z');
    const rows = Array.from({ length: 30 }, (_, i) => ({
      projectId: projectId!,
      authorId: ids.employee,
      content: `Nota ${i + 1}`,
      isInternal: i % 3 === 0,
      createdAt: at,
    }));
    for (const r of await app.db
      .insert(projectNotes)
      .values(rows)
      .returning({ id: projectNotes.id, isInternal: projectNotes.isInternal }))
      (r.isInternal ? notes.internal : notes.public).push(r.id);
    await app.db.insert(projectTimeEntries).values(
      Array.from({ length: 25 }, (_, i) => ({
        projectId: projectId!,
        userId: ids.employee,
        minutes: 60,
        description: `Trabajo ${i + 1}`,
        date: '2024-03-02',
        billable: i % 5 !== 0,
      })),
    );
  });

  async function walkSub(token: string, path: string, key: string, limit: number) {
    const rows: Array<{ _id: string }> = [];
    let total = 0;
    for (let p = 1; p === 1 || rows.length < total; p++) {
      const res = await injectAs(app, token, {
        method: 'GET',
        url: `/api/projects/${projectId}/${path}?limit=${limit}&page=${p}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.pagination).toMatchObject({ page: p, limit });
      total = data.pagination.total;
      rows.push(...data[key]);
      if (data[key].length === 0) break;
    }
    expect(new Set(rows.map((r) => r._id)).size).toBe(rows.length);
    return { rows, total };
  }

  it('notes: staff page through all 30 (ties on id); the client only the 20 public ones, on every page', async () => {
    const staff = await walkSub(tokens.admin, 'notes', 'notes', 7);
    expect(staff.total).toBe(30);
    expect(staff.rows.map((r) => r._id)).toEqual([...notes.public, ...notes.internal].sort().reverse());
    const client = await walkSub(tokens.client, 'notes', 'notes', 7);
    expect(client.total).toBe(20);
    expect(client.rows.map((r) => r._id).sort()).toEqual([...notes.public].sort());
  });

  it('time entries: staff all 25, the client the 20 billable; files answer an empty first page', async () => {
    expect((await walkSub(tokens.admin, 'time-entries', 'timeEntries', 10)).total).toBe(25);
    const billable = await walkSub(tokens.client, 'time-entries', 'timeEntries', 10);
    expect(billable.total).toBe(20);
    expect((billable.rows as unknown as Array<{ billable: boolean }>).every((t) => t.billable)).toBe(true);
    const filesPage = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: `/api/projects/${projectId}/files`,
    });
    expect(filesPage.json().data).toEqual({ files: [], pagination: { page: 1, limit: 20, total: 0 } });
  });

  it('meetings: 20 by default, latest date first with ties on id, the same pages for the client; the detail no longer carries them', async () => {
    const at = (day: number) => new Date(`2024-04-${String(day).padStart(2, '0')}T15:00:00Z`);
    // 23 meetings over 12 dates: most dates hold two meetings, so the order needs the id.
    const inserted = await app.db
      .insert(projectMeetings)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          projectId,
          title: `Reunión ${i + 1}`,
          date: at(1 + Math.floor(i / 2)),
          durationMinutes: 30,
          attendeeIds: [ids.employee],
        })),
      )
      .returning({ id: projectMeetings.id, date: projectMeetings.date });
    const expected = [...inserted]
      .sort((a, b) => b.date.getTime() - a.date.getTime() || (a.id < b.id ? 1 : -1))
      .map((m) => m.id);

    const first = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: `/api/projects/${projectId}/meetings`,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.pagination).toEqual({ page: 1, limit: 20, total: 23 });
    expect(first.json().data.meetings).toHaveLength(20);
    expect(first.json().data.meetings[0]).toMatchObject({
      title: 'Reunión 23',
      date: '2024-04-12T15:00:00.000Z',
      duration: 30,
      attendees: [{ _id: ids.employee }],
    });

    const staff = await walkSub(tokens.admin, 'meetings', 'meetings', 5);
    expect(staff.total).toBe(23);
    expect(staff.rows.map((r) => r._id)).toEqual(expected);
    const client = await walkSub(tokens.client, 'meetings', 'meetings', 5);
    expect(client.rows.map((r) => r._id)).toEqual(expected);

    const past = await injectAs(app, tokens.admin, {
      method: 'GET',
      url: `/api/projects/${projectId}/meetings?limit=20&page=3`,
    });
    expect(past.json().data).toEqual({ meetings: [], pagination: { page: 3, limit: 20, total: 23 } });

    const detail = await injectAs(app, tokens.admin, { method: 'GET', url: `/api/projects/${projectId}` });
    expect(detail.json().data.project).not.toHaveProperty('meetings');
  });

  it('meetings: another client and an employee off the team get 404; limit 0, 101 and page 0 answer 400', async () => {
    for (const token of [tokens.client2, tokens.employee]) {
      const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${projectId}/meetings` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Proyecto no encontrado');
    }
    for (const query of ['limit=0', 'limit=101', 'page=0']) {
      const bad = await injectAs(app, tokens.admin, {
        method: 'GET',
        url: `/api/projects/${projectId}/meetings?${query}`,
      });
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('another client and an employee off the team get 404; limit 101 answers 400', async () => {
    for (const path of ['notes', 'time-entries', 'files']) {
      for (const token of [tokens.client2, tokens.employee]) {
        const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${projectId}/${path}` });
        expect(res.statusCode, path).toBe(404);
      }
      const bad = await injectAs(app, tokens.admin, {
        method: 'GET',
        url: `/api/projects/${projectId}/${path}?limit=101`,
      });
      expect(bad.statusCode).toBe(400);
    }
  });
});
