import type { ProjectSummary } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { injectAs } from '../../../test/helpers.js';
import { createProjectVia } from '../../../test/project-factories.js';
import { projects } from '../../db/schema/index.js';
import { app, detail, ids, list, projectOf, tokens, useProjectsApp } from './projects.test-kit.js';

/*
 * Decision 145: the admin may hide a project's budget and spent from its client. The API then
 * leaves `approvedBudget` and `spent` out of everything the client reads (list, detail, dashboard
 * lists) and keeps the project out of the client's money totals; staff always receive them.
 */

useProjectsApp();

async function get(token: string, url: string) {
  const res = await injectAs(app, token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const put = (token: string, id: string, payload: object) =>
  injectAs(app, token, { method: 'PUT', url: `/api/projects/${id}`, payload });

/** Every place a role reads the project summary: the list, the detail and the dashboard's recent list. */
async function summariesOf(token: string, id: string) {
  const listed = (await list(token, '?limit=100')).find((p) => p._id === id);
  const { project } = await detail(token, id);
  const recent = (
    (await get(token, '/api/dashboard/recent-projects?limit=50')).projects as ProjectSummary[]
  ).find((p) => p._id === id);
  return [listed, project, recent].filter((p): p is ProjectSummary => p !== undefined);
}

/** The client's money totals of `GET /dashboard/stats` and `GET /projects/stats`. */
async function clientTotals() {
  const dashboard = (await get(tokens.client, '/api/dashboard/stats')).projects.totalBudget as number;
  const stats = (await get(tokens.client, '/api/projects/stats')).stats;
  return { dashboard, budget: stats.totalBudget as number, spent: stats.totalSpent as number };
}

describe('project budget visible to the client (decision 145)', () => {
  it('is on by default: the client reads budget and spent of its project', async () => {
    const created = await createProjectVia(app, tokens.admin, {
      clientId: ids.clientRecord,
      approvedBudget: 1500,
      spent: 300,
    });
    expect(created.budgetVisibleToClient).toBe(true);
    const seen = await summariesOf(tokens.client, created._id);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const p of seen) {
      expect(p.approvedBudget).toBe(1500);
      expect(p.spent).toBe(300);
      expect(p.budgetVisibleToClient).toBe(true);
    }
  });

  it('when the admin turns it off, the client receives neither figure anywhere and its totals leave it out; staff still do', async () => {
    const { id } = await projectOf(ids.clientRecord, { withEmployee: true });
    const budgetSet = await put(tokens.admin, id, { approvedBudget: 250000, spent: 125000.5 });
    expect(budgetSet.statusCode, budgetSet.body).toBe(200);
    const before = await clientTotals();

    const off = await put(tokens.admin, id, { budgetVisibleToClient: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.project).toMatchObject({ budgetVisibleToClient: false, approvedBudget: 250000 });
    const [row] = await app.db.select().from(projects).where(eq(projects.id, id));
    expect(row!.budgetVisibleToClient).toBe(false);

    const clientSees = await summariesOf(tokens.client, id);
    expect(clientSees).toHaveLength(3);
    for (const p of clientSees) {
      expect(p).not.toHaveProperty('approvedBudget');
      expect(p).not.toHaveProperty('spent');
      expect(p.budgetVisibleToClient).toBe(false);
    }
    // Nor in the raw body (no derived figure under another name).
    const raw = await injectAs(app, tokens.client, { method: 'GET', url: `/api/projects/${id}` });
    expect(raw.body).not.toContain('250000');
    expect(raw.body).not.toContain('125000.5');

    const after = await clientTotals();
    expect(after.dashboard).toBeCloseTo(before.dashboard - 250000, 2);
    expect(after.budget).toBeCloseTo(before.budget - 250000, 2);
    expect(after.spent).toBeCloseTo(before.spent - 125000.5, 2);

    for (const token of [tokens.admin, tokens.employee]) {
      const staffSees = await summariesOf(token, id);
      expect(staffSees.length).toBeGreaterThanOrEqual(2);
      for (const p of staffSees) {
        expect(p.approvedBudget).toBe(250000);
        expect(p.spent).toBe(125000.5);
      }
    }
    // The admin's totals still count it.
    const adminStats = (await get(tokens.admin, '/api/projects/stats')).stats;
    const [sum] = await app.db.select().from(projects).where(eq(projects.id, id));
    expect(sum!.approvedBudgetCents).toBe(25000000);
    expect(adminStats.totalBudget).toBeGreaterThanOrEqual(250000);

    // Turned back on, the client reads them again.
    expect((await put(tokens.admin, id, { budgetVisibleToClient: true })).statusCode).toBe(200);
    for (const p of await summariesOf(tokens.client, id)) {
      expect(p.approvedBudget).toBe(250000);
      expect(p.spent).toBe(125000.5);
    }
    expect(await clientTotals()).toEqual(before);
  });

  it('can be set off on creation; only the admin changes it, with a Spanish 400 for a bad value', async () => {
    const hidden = await createProjectVia(app, tokens.admin, {
      clientId: ids.clientRecord,
      approvedBudget: 900,
      budgetVisibleToClient: false,
    });
    const { project } = await detail(tokens.client, hidden._id);
    expect(project).not.toHaveProperty('approvedBudget');

    const { id } = await projectOf(ids.clientRecord, { withEmployee: true });
    const byEmployee = await put(tokens.employee, id, { budgetVisibleToClient: false });
    expect(byEmployee.statusCode).toBe(403);
    const byClient = await put(tokens.client, id, { budgetVisibleToClient: false });
    expect(byClient.statusCode).toBe(403);
    const [row] = await app.db.select().from(projects).where(eq(projects.id, id));
    expect(row!.budgetVisibleToClient).toBe(true);

    const bad = await put(tokens.admin, id, { budgetVisibleToClient: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'budgetVisibleToClient', message: 'Valor inválido' });
  });
});
