import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO, injectAs, withoutPermission } from '../../../test/helpers.js';
import {
  activities,
  files,
  projectMembers,
  projectMilestones,
  projects,
  projectTimeEntries,
  users,
} from '../../db/schema/index.js';

import {
  app,
  detail,
  ids,
  list,
  multipart,
  projectOf,
  TXT,
  tokens,
  useProjectsApp,
} from './projects.test-kit.js';

useProjectsApp();

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
    const res = await injectAs(app, tokens.client, { method: 'GET', url: `/api/projects/${p.id}/notes` });
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
