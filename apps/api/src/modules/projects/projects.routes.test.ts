import type { ProjectDetail, ProjectSummary } from '@agencia/shared';
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login, withoutPermission } from '../../../test/helpers.js';
import {
  activities,
  files,
  notifications,
  projectMembers,
  projectMilestones,
  projectNotes,
  projects,
  projectTimeEntries,
  users,
} from '../../db/schema/index.js';

let app: FastifyInstance;
const tokens = { admin: '', employee: '', client: '', client2: '' };
const ids = { admin: '', employee: '', client: '', client2: '', clientRecord: '', client2Record: '' };

const TXT = Buffer.from('Acta de reunión\nTodo en orden.\n', 'utf8');

function multipart(filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----agenciaTestBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function list(token: string, query = '') {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.projects as ProjectSummary[];
}

async function detail(token: string, id: string) {
  const res = await injectAs(app, token, { method: 'GET', url: `/api/projects/${id}` });
  return { res, project: res.statusCode === 200 ? (res.json().data.project as ProjectDetail) : null };
}

/** A project of a given client the employee is NOT on (for scoping tests). */
async function projectOf(clientId: string, opts: { withEmployee?: boolean } = {}) {
  const rows = await app.db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    // Open projects only (a closed one refuses employees' edits), in a fixed order: the row order
    // of an unordered select follows whichever index the planner picks.
    .where(and(eq(projects.clientId, clientId), notInArray(projects.status, ['completed', 'cancelled'])))
    .orderBy(asc(projects.title));
  for (const r of rows) {
    const [m] = await app.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, r.id), eq(projectMembers.userId, ids.employee)));
    if (Boolean(m) === Boolean(opts.withEmployee)) return r;
  }
  throw new Error('no such seeded project');
}

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
  ids.admin = a.user._id;
  ids.employee = e.user._id;
  ids.client = c.user._id;
  ids.client2 = c2.user._id;
  ids.clientRecord = c.user.clientId!;
  ids.client2Record = c2.user.clientId!;
});

describe('GET /projects', () => {
  it('401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(401);
  });

  it('admin sees every non-deleted project (≥ 12 seeded, every status and category)', async () => {
    const all = await list(tokens.admin);
    const [row] = await app.db.select({ n: projects.id }).from(projects);
    expect(row).toBeDefined();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((p) => p.status)).size).toBe(7);
    expect(new Set(all.map((p) => p.category)).size).toBe(6);
    const sample = all.find((p) => p.approvedBudget !== null)!;
    expect(typeof sample.approvedBudget).toBe('number');
    expect(sample.client.firstName).toBeTruthy();
  });

  it('employee sees only projects they are on the team of', async () => {
    const mine = await list(tokens.employee);
    const memberships = await app.db
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(eq(projectMembers.userId, ids.employee));
    expect(mine.map((p) => p._id).sort()).toEqual(memberships.map((m) => m.projectId).sort());
    expect(mine.length).toBeGreaterThan(0);
  });

  it('client sees only its own client record projects', async () => {
    const mine = await list(tokens.client);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.client._id === ids.clientRecord)).toBe(true);
    const other = await list(tokens.client2);
    expect(other.every((p) => p.client._id === ids.client2Record)).toBe(true);
    expect(other.some((p) => mine.some((m) => m._id === p._id))).toBe(false);
  });

  it('filters by status, category, priority and searches title, description and client name', async () => {
    const inProgress = await list(tokens.admin, '?status=in_progress');
    expect(inProgress.length).toBeGreaterThan(0);
    expect(inProgress.every((p) => p.status === 'in_progress')).toBe(true);
    const landing = await list(tokens.admin, '?category=landing&priority=');
    expect(landing.every((p) => p.category === 'landing')).toBe(true);
    const urgent = await list(tokens.admin, '?priority=urgent');
    expect(urgent.every((p) => p.priority === 'urgent')).toBe(true);
    const byClient = await list(tokens.admin, `?search=${encodeURIComponent('quisqueya')}`);
    expect(byClient.length).toBeGreaterThan(0);
    expect(byClient.every((p) => p.client.companyName?.includes('Quisqueya'))).toBe(true);
    const byDesc = await list(tokens.admin, `?search=${encodeURIComponent('pasarela de pago')}`);
    expect(byDesc.map((p) => p.title)).toEqual(['Tienda en línea Café Cibao']);
    const none = await list(tokens.admin, '?search=%25%25nada-que-ver');
    expect(none).toEqual([]);
  });

  it('400 in Spanish for an unknown status', async () => {
    const res = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/projects?status=bogus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Estado de proyecto inválido');
  });
});

describe('GET /projects/{id}', () => {
  it('client reading another client’s project gets 404; employee off the team gets 404', async () => {
    const other = await projectOf(ids.client2Record);
    expect((await detail(tokens.client, other.id)).res.statusCode).toBe(404);
    const offTeam = await projectOf(ids.client2Record, { withEmployee: false });
    expect((await detail(tokens.employee, offTeam.id)).res.statusCode).toBe(404);
    expect((await detail(tokens.admin, other.id)).res.statusCode).toBe(200);
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    expect((await detail(tokens.admin, 'nope')).res.statusCode).toBe(400);
    expect((await detail(tokens.admin, '00000000-0000-4000-8000-000000000000')).res.statusCode).toBe(404);
  });

  it('staff get internal notes, non-billable time and internal cost; clients never', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const staff = (await detail(tokens.employee, p.id)).project!;
    expect(staff.notes.some((n) => n.isInternal)).toBe(true);
    expect(staff.timeEntries.some((t) => !t.billable)).toBe(true);
    expect(staff.timeSummary.internalCost).toBeGreaterThan(0);
    expect(staff.team.length).toBeGreaterThan(0);
    expect(staff.milestones.length).toBeGreaterThan(0);
    expect(staff.files.length).toBeGreaterThan(0);

    const { res, project } = await detail(tokens.client, p.id);
    expect(res.statusCode).toBe(200);
    expect(project!.notes.length).toBeGreaterThan(0);
    expect(project!.notes.every((n) => !n.isInternal)).toBe(true);
    expect(project!.timeEntries.every((t) => t.billable)).toBe(true);
    expect(project!.timeSummary.internalCost).toBeUndefined();
    const internalTexts = (
      await app.db.select().from(projectNotes).where(eq(projectNotes.projectId, p.id))
    ).filter((n) => n.isInternal);
    for (const n of internalTexts) expect(res.body).not.toContain(n.content);
    expect(project!.allowedTransitions).toEqual([]);
  });
});

describe('POST /projects (admin only)', () => {
  const body = () => ({
    title: 'Portal de pedidos mayoristas',
    description: 'Pedidos B2B',
    clientId: ids.clientRecord,
    status: 'approved',
    priority: 'high',
    category: 'webapp',
    startDate: '2026-01-10',
    estimatedEndDate: '2026-04-30',
    approvedBudget: 250000.5,
    team: [{ userId: ids.employee, role: 'Líder' }],
  });

  it('403 for employee and client', async () => {
    for (const t of [tokens.employee, tokens.client]) {
      const res = await injectAs(app, t, { method: 'POST', url: '/api/projects', payload: body() });
      expect(res.statusCode).toBe(403);
    }
  });

  it('400 with field errors for bad input', async () => {
    const res = await injectAs(app, tokens.admin, {
      method: 'POST',
      url: '/api/projects',
      payload: { ...body(), title: '', estimatedEndDate: '2025-01-01', approvedBudget: -5 },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'approvedBudget']));
    const bad = await injectAs(app, tokens.admin, {
      method: 'POST',
      url: '/api/projects',
      payload: { ...body(), estimatedEndDate: '2025-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La fecha estimada de fin no puede ser anterior a la de inicio');
    const client = await injectAs(app, tokens.admin, {
      method: 'POST',
      url: '/api/projects',
      payload: { ...body(), team: [{ userId: ids.client, role: 'Líder' }] },
    });
    expect(client.statusCode).toBe(400);
  });

  it('creates the project with team, stores centavos, writes activity and notifies the member', async () => {
    const res = await injectAs(app, tokens.admin, { method: 'POST', url: '/api/projects', payload: body() });
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json().data.project as ProjectDetail;
    expect(project).toMatchObject({
      title: 'Portal de pedidos mayoristas',
      approvedBudget: 250000.5,
      teamCount: 1,
    });
    const [row] = await app.db.select().from(projects).where(eq(projects.id, project._id));
    expect(row!.approvedBudgetCents).toBe(25_000_050);
    expect(row!.createdBy).toBe(ids.admin);
    const acts = await app.db.select().from(activities).where(eq(activities.entityId, project._id));
    expect(acts.map((a) => a.type)).toContain('project.created');
    const notes = await app.db.select().from(notifications).where(eq(notifications.userId, ids.employee));
    expect(notes.some((n) => n.topic === 'projectAssigned' && n.link === `/projects/${project._id}`)).toBe(
      true,
    );
    // the employee now sees it, the client of the record too
    expect((await list(tokens.employee)).some((p) => p._id === project._id)).toBe(true);
    expect((await list(tokens.client)).some((p) => p._id === project._id)).toBe(true);
    expect((await list(tokens.client2)).some((p) => p._id === project._id)).toBe(false);
  });
});

describe('PUT /projects/{id}: roles and status transitions', () => {
  it('employee on the team may change status/progress but not budget; client 403; other client 404', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const [before] = await app.db.select().from(projects).where(eq(projects.id, p.id));
    const budget = await injectAs(app, tokens.employee, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: { approvedBudget: 1 },
    });
    expect(budget.statusCode).toBe(403);
    const progress = await injectAs(app, tokens.employee, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: { progressPercentage: 77 },
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const [after] = await app.db.select().from(projects).where(eq(projects.id, p.id));
    expect(after!.progressPercentage).toBe(77);
    expect(after!.approvedBudgetCents).toBe(before!.approvedBudgetCents);
    const client = await injectAs(app, tokens.client, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: { progressPercentage: 10 },
    });
    expect(client.statusCode).toBe(403);
    const other = await injectAs(app, tokens.client2, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: { progressPercentage: 10 },
    });
    expect(other.statusCode).toBe(404);
  });

  it('completing sets progress 100 and actualEndDate; completed is final for employees; admin reopens', async () => {
    const [inReview] = await app.db
      .select()
      .from(projects)
      .where(and(eq(projects.status, 'in_review'), eq(projects.clientId, ids.clientRecord)));
    // make the employee a member for this test
    await app.db
      .insert(projectMembers)
      .values({ projectId: inReview!.id, userId: ids.employee, role: 'Desarrollador' })
      .onConflictDoNothing();
    const done = await injectAs(app, tokens.employee, {
      method: 'PUT',
      url: `/api/projects/${inReview!.id}`,
      payload: { status: 'completed' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await app.db.select().from(projects).where(eq(projects.id, inReview!.id));
    expect(row).toMatchObject({ status: 'completed', progressPercentage: 100 });
    expect(row!.actualEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const acts = await app.db
      .select()
      .from(activities)
      .where(and(eq(activities.projectId, inReview!.id), eq(activities.type, 'project.status_changed')));
    expect(acts).toHaveLength(1);
    const clientNotes = await app.db.select().from(notifications).where(eq(notifications.userId, ids.client));
    expect(clientNotes.some((n) => n.topic === 'projectStatus')).toBe(true);

    const reopenByEmployee = await injectAs(app, tokens.employee, {
      method: 'PUT',
      url: `/api/projects/${inReview!.id}`,
      payload: { status: 'in_progress' },
    });
    expect(reopenByEmployee.statusCode).toBe(409);
    const reopen = await injectAs(app, tokens.admin, {
      method: 'PUT',
      url: `/api/projects/${inReview!.id}`,
      payload: { status: 'in_progress' },
    });
    expect(reopen.statusCode).toBe(200);
    const [reopened] = await app.db.select().from(projects).where(eq(projects.id, inReview!.id));
    expect(reopened).toMatchObject({ status: 'in_progress', actualEndDate: null });
  });

  it('409 for a transition outside the table (requested → completed)', async () => {
    const [req] = await app.db.select().from(projects).where(eq(projects.status, 'requested'));
    const res = await injectAs(app, tokens.admin, {
      method: 'PUT',
      url: `/api/projects/${req!.id}`,
      payload: { status: 'completed' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('No se puede cambiar el estado');
  });

  it('admin replaces the team', async () => {
    const p = await projectOf(ids.client2Record, { withEmployee: false });
    const res = await injectAs(app, tokens.admin, {
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      payload: { team: [{ userId: ids.employee, role: 'QA' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const members = await app.db.select().from(projectMembers).where(eq(projectMembers.projectId, p.id));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[ids.employee, 'QA']]);
  });
});

describe('milestones, notes, meetings, time, files', () => {
  it('staff add and complete milestones; clients cannot', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const denied = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/milestones`,
      payload: { title: 'X' },
    });
    expect(denied.statusCode).toBe(403);
    const res = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/milestones`,
      payload: { title: 'Pruebas de carga', dueDate: '2026-12-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().data.milestone;
    expect(m).toMatchObject({ title: 'Pruebas de carga', status: 'pending', completedAt: null });
    const done = await injectAs(app, tokens.employee, {
      method: 'PUT',
      url: `/api/projects/${p.id}/milestones/${m._id}`,
      payload: { status: 'completed' },
    });
    expect(done.statusCode).toBe(200);
    const [row] = await app.db.select().from(projectMilestones).where(eq(projectMilestones.id, m._id));
    expect(row!.status).toBe('completed');
    expect(row!.completedAt).toBeInstanceOf(Date);
    const acts = await app.db.select().from(activities).where(eq(activities.entityId, m._id));
    expect(acts.map((a) => a.type).sort()).toEqual(['milestone.completed', 'milestone.created']);
    const [wrongProject] = await app.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.clientId, ids.client2Record));
    const mismatch = await injectAs(app, tokens.admin, {
      method: 'PUT',
      url: `/api/projects/${wrongProject!.id}/milestones/${m._id}`,
      payload: { status: 'pending' },
    });
    expect(mismatch.statusCode).toBe(404);
  });

  it('client comments publicly; internal flag is refused for clients; staff internal notes stay hidden', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const internal = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/notes`,
      payload: { content: 'secreto', isInternal: true },
    });
    expect(internal.statusCode).toBe(403);
    const ok = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/notes`,
      payload: { content: '¿Podemos ver el avance el martes?' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.note).toMatchObject({ isInternal: false, author: { role: 'client' } });
    const staffNote = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/notes`,
      payload: { content: 'Margen ajustado, no prometer el martes', isInternal: true },
    });
    expect(staffNote.statusCode).toBe(201);
    const { res } = await detail(tokens.client, p.id);
    expect(res.body).toContain('¿Podemos ver el avance el martes?');
    expect(res.body).not.toContain('Margen ajustado');
    const other = await injectAs(app, tokens.client2, {
      method: 'POST',
      url: `/api/projects/${p.id}/notes`,
      payload: { content: 'hola' },
    });
    expect(other.statusCode).toBe(404);
    const empty = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/notes`,
      payload: { content: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('El comentario es requerido');
  });

  it('time entries: 0.5 steps, team members only, employees for themselves', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const bad = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/time-entries`,
      payload: { hours: 0.75, description: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Las horas van en pasos de 0.5');
    const tooSmall = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/time-entries`,
      payload: { hours: 0, description: 'x' },
    });
    expect(tooSmall.json().message).toBe('Mínimo 0.5 horas');
    const forAdmin = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/time-entries`,
      payload: { hours: 1, description: 'x', userId: ids.admin },
    });
    expect(forAdmin.statusCode).toBe(403);
    const ok = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/time-entries`,
      payload: { hours: 2.5, description: 'Integración de pagos', billable: true },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const entry = ok.json().data.timeEntry;
    expect(entry).toMatchObject({ hours: 2.5, user: { _id: ids.employee } });
    const [row] = await app.db.select().from(projectTimeEntries).where(eq(projectTimeEntries.id, entry._id));
    expect(row!.minutes).toBe(150);
    const client = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/time-entries`,
      payload: { hours: 1, description: 'x' },
    });
    expect(client.statusCode).toBe(403);
    // admin for a non-member → 400
    const [sofia] = await app.db.select().from(users).where(eq(users.email, 'sofia.batista@demo.do'));
    const members = await app.db.select().from(projectMembers).where(eq(projectMembers.projectId, p.id));
    if (!members.some((m) => m.userId === sofia!.id)) {
      const nonMember = await injectAs(app, tokens.admin, {
        method: 'POST',
        url: `/api/projects/${p.id}/time-entries`,
        payload: { hours: 1, description: 'x', userId: sofia!.id },
      });
      expect(nonMember.statusCode).toBe(400);
    }
  });

  it('meetings: staff schedule with team attendees', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const res = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/meetings`,
      payload: {
        title: 'Demo del sprint',
        date: '2026-12-02T15:00:00-04:00',
        duration: 30,
        attendees: [ids.employee, ids.client],
        link: 'https://meet.google.com/xyz',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.meeting.attendees).toHaveLength(2);
    const outsider = await injectAs(app, tokens.employee, {
      method: 'POST',
      url: `/api/projects/${p.id}/meetings`,
      payload: { title: 'X', date: '2026-12-02T15:00:00Z', attendees: [ids.client2] },
    });
    expect(outsider.statusCode).toBe(400);
    const client = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/meetings`,
      payload: { title: 'X', date: '2026-12-02T15:00:00Z' },
    });
    expect(client.statusCode).toBe(403);
  });

  it('files: upload (sniffed), download with access check, delete own', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const up = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/files`,
      ...multipart('logo nuevo.txt', TXT),
    });
    expect(up.statusCode, up.body).toBe(201);
    const file = up.json().data.file;
    expect(file).toMatchObject({ filename: 'logo nuevo.txt', contentType: 'text/plain', size: TXT.length });
    const down = await injectAs(app, tokens.employee, {
      method: 'GET',
      url: `/api/projects/${p.id}/files/${file._id}`,
    });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(TXT)).toBe(true);
    expect(down.headers['content-disposition']).toContain('attachment');
    const foreign = await injectAs(app, tokens.client2, {
      method: 'GET',
      url: `/api/projects/${p.id}/files/${file._id}`,
    });
    expect(foreign.statusCode).toBe(404);
    const exe = await injectAs(app, tokens.client, {
      method: 'POST',
      url: `/api/projects/${p.id}/files`,
      ...multipart('x.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0xff, 0xfe])),
    });
    expect(exe.statusCode).toBe(415);
    const delByEmployee = await injectAs(app, tokens.employee, {
      method: 'DELETE',
      url: `/api/projects/${p.id}/files/${file._id}`,
    });
    expect(delByEmployee.statusCode).toBe(403);
    const del = await injectAs(app, tokens.client, {
      method: 'DELETE',
      url: `/api/projects/${p.id}/files/${file._id}`,
    });
    expect(del.statusCode).toBe(200);
    expect(await app.db.select().from(files).where(eq(files.id, file._id))).toHaveLength(0);
  });
});

describe('GET /projects/stats and /projects/options', () => {
  it('stats are scoped per role', async () => {
    const res = await injectAs(app, tokens.admin, { method: 'GET', url: '/api/projects/stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data.stats;
    const all = await list(tokens.admin);
    expect(stats.total).toBe(all.length);
    expect(Object.values(stats.byStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(
      all.length,
    );
    const c = await injectAs(app, tokens.client, { method: 'GET', url: '/api/projects/stats' });
    expect(c.json().data.stats.total).toBe((await list(tokens.client)).length);
  });

  it('options (the picker) list only visible projects: a client its own', async () => {
    const res = await injectAs(app, tokens.client, { method: 'GET', url: '/api/projects/options?limit=50' });
    expect(res.statusCode).toBe(200);
    const own = (await list(tokens.client, '?limit=100')).map((p) => p._id).sort();
    expect(
      res
        .json()
        .data.options.map((o: { value: string }) => o.value)
        .sort(),
    ).toEqual(own);
  });
});

describe('DELETE /projects/{id} and nav badge', () => {
  it('only admin deletes (soft); the project disappears for everyone; badge counts drop', async () => {
    const p = await projectOf(ids.clientRecord, { withEmployee: true });
    const badgeBefore = (await injectAs(app, tokens.client, { method: 'GET', url: '/api/nav/badges' })).json()
      .data.projects;
    expect(
      (await injectAs(app, tokens.employee, { method: 'DELETE', url: `/api/projects/${p.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, tokens.client, { method: 'DELETE', url: `/api/projects/${p.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await injectAs(app, tokens.client2, { method: 'DELETE', url: `/api/projects/${p.id}` })).statusCode,
    ).toBe(404);
    const res = await injectAs(app, tokens.admin, { method: 'DELETE', url: `/api/projects/${p.id}` });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await detail(tokens.admin, p.id)).res.statusCode).toBe(404);
    expect((await list(tokens.client)).some((x) => x._id === p.id)).toBe(false);
    const badgeAfter = (await injectAs(app, tokens.client, { method: 'GET', url: '/api/nav/badges' })).json()
      .data.projects;
    const wasActive = ['approved', 'in_progress', 'in_review'].includes(row!.status);
    expect(badgeAfter).toBe(badgeBefore - (wasActive ? 1 : 0));
  });
});

describe('permissions (decision 070)', () => {
  it('an employee whose projects.write was removed by an admin gets 403 on writes, still reads', async () => {
    // A live in-progress project the employee works on (earlier tests deleted or completed some).
    const [p] = await app.db
      .select({ id: projects.id })
      .from(projects)
      .innerJoin(projectMembers, eq(projectMembers.projectId, projects.id))
      .where(
        and(
          eq(projectMembers.userId, ids.employee),
          eq(projects.status, 'in_progress'),
          isNull(projects.deletedAt),
        ),
      )
      .limit(1);
    if (!p) throw new Error('no in-progress project of the employee');
    const put = (progressPercentage: number) =>
      injectAs(app, tokens.employee, {
        method: 'PUT',
        url: `/api/projects/${p.id}`,
        payload: { progressPercentage },
      });
    expect((await put(41)).statusCode).toBe(200);
    await withoutPermission(app, tokens.admin, DEMO.employee, 'projects.write', async () => {
      expect((await put(42)).statusCode).toBe(403);
      const milestone = await injectAs(app, tokens.employee, {
        method: 'POST',
        url: `/api/projects/${p.id}/milestones`,
        payload: { title: 'Sin permiso', dueDate: '2026-12-01' },
      });
      expect(milestone.statusCode).toBe(403);
      const note = await injectAs(app, tokens.employee, {
        method: 'POST',
        url: `/api/projects/${p.id}/notes`,
        payload: { content: 'Sin permiso' },
      });
      expect(note.statusCode).toBe(403);
      const [row] = await app.db.select().from(projects).where(eq(projects.id, p.id));
      expect(row!.progressPercentage).toBe(41);
      expect((await detail(tokens.employee, p.id)).res.statusCode).toBe(200);
    });
    expect((await put(43)).statusCode).toBe(200);
    const [row] = await app.db.select().from(projects).where(eq(projects.id, p.id));
    expect(row!.progressPercentage).toBe(43);
  });

  it('a client whose projects.read was removed gets 403 on the list and on notes', async () => {
    const p = await projectOf(ids.clientRecord);
    await withoutPermission(app, tokens.admin, DEMO.client, 'projects.read', async () => {
      expect((await injectAs(app, tokens.client, { method: 'GET', url: '/api/projects' })).statusCode).toBe(
        403,
      );
      const note = await injectAs(app, tokens.client, {
        method: 'POST',
        url: `/api/projects/${p.id}/notes`,
        payload: { content: 'Hola' },
      });
      expect(note.statusCode).toBe(403);
    });
    expect((await list(tokens.client)).length).toBeGreaterThan(0);
  });
});
