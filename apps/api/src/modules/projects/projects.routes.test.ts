import type { ProjectDetail } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/helpers.js';
import {
  activities,
  files,
  notifications,
  projectMembers,
  projectNotes,
  projects,
  projectTimeEntries,
} from '../../db/schema/index.js';

import { app, detail, ids, list, projectOf, tokens, useProjectsApp } from './projects.test-kit.js';

useProjectsApp();

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
    const noteRows = await app.db.select().from(projectNotes).where(eq(projectNotes.projectId, p.id));
    const timeRows = await app.db
      .select()
      .from(projectTimeEntries)
      .where(eq(projectTimeEntries.projectId, p.id));
    const fileRows = await app.db
      .select()
      .from(files)
      .where(and(eq(files.ownerType, 'project'), eq(files.ownerId, p.id)));
    expect(noteRows.some((n) => n.isInternal) && timeRows.some((t) => !t.billable)).toBe(true);
    const hours = (rows: typeof timeRows) => rows.reduce((s, t) => s + t.minutes, 0) / 60;
    const billable = timeRows.filter((t) => t.billable);

    const staff = (await detail(tokens.employee, p.id)).project!;
    // Counts and sums come from SQL; the lists themselves are paged by their own endpoints.
    expect(staff.notesTotal).toBe(noteRows.length);
    expect(staff.filesTotal).toBe(fileRows.length);
    expect(staff.filesTotal).toBeGreaterThan(0);
    expect(staff.timeSummary).toMatchObject({
      totalHours: hours(timeRows),
      billableHours: hours(billable),
      entries: timeRows.length,
    });
    expect(staff.timeSummary.byMember.reduce((s, m) => s + m.hours, 0)).toBe(hours(timeRows));
    // Staff get the cost by each person's rate and the hours of those without one (decision 163).
    expect(staff.timeSummary.internalCost).toEqual(expect.any(Number));
    expect(staff.timeSummary.unratedHours).toEqual(expect.any(Number));
    expect(staff.team.length).toBeGreaterThan(0);
    expect(staff.milestones.length).toBeGreaterThan(0);
    expect(staff).not.toHaveProperty('notes');
    expect(staff).not.toHaveProperty('timeEntries');
    expect(staff).not.toHaveProperty('files');

    const { res, project } = await detail(tokens.client, p.id);
    expect(res.statusCode).toBe(200);
    expect(project!.notesTotal).toBe(noteRows.filter((n) => !n.isInternal).length);
    expect(project!.notesTotal).toBeGreaterThan(0);
    expect(project!.timeSummary).toMatchObject({
      totalHours: hours(billable),
      billableHours: hours(billable),
      entries: billable.length,
    });
    expect(project!.timeSummary.internalCost).toBeUndefined();
    expect(project!.timeSummary.unratedHours).toBeUndefined();
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
