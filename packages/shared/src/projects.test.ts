import { describe, expect, it } from 'vitest';
import {
  CreateProjectRequestSchema,
  CreateTimeEntryRequestSchema,
  ListProjectsQuerySchema,
} from './project-requests.js';
import {
  allowedProjectTransitions,
  canTransitionProject,
  PROJECT_STATUSES,
  ProjectHoursSchema,
} from './projects.js';

describe('project status transitions', () => {
  it('clients never change status', () => {
    for (const s of PROJECT_STATUSES) expect(allowedProjectTransitions(s, 'client')).toEqual([]);
  });

  it('follows the table for staff', () => {
    expect(canTransitionProject('requested', 'approved', 'employee')).toBe(true);
    expect(canTransitionProject('requested', 'completed', 'admin')).toBe(false);
    expect(canTransitionProject('in_progress', 'completed', 'employee')).toBe(true);
    expect(canTransitionProject('in_review', 'in_progress', 'employee')).toBe(true);
    expect(canTransitionProject('on_hold', 'in_progress', 'employee')).toBe(true);
  });

  it('completed and cancelled are final except for an admin reopening', () => {
    expect(allowedProjectTransitions('completed', 'employee')).toEqual([]);
    expect(allowedProjectTransitions('cancelled', 'employee')).toEqual([]);
    expect(canTransitionProject('completed', 'in_progress', 'admin')).toBe(true);
    expect(canTransitionProject('completed', 'requested', 'admin')).toBe(false);
    expect(canTransitionProject('cancelled', 'requested', 'admin')).toBe(true);
  });

  it('staying in the same status is not a move', () => {
    expect(canTransitionProject('completed', 'completed', 'employee')).toBe(true);
  });

  it('no status lists itself as a target', () => {
    for (const s of PROJECT_STATUSES) expect(allowedProjectTransitions(s, 'admin')).not.toContain(s);
  });
});

describe('project schemas', () => {
  it('hours: min 0.5, steps of 0.5, max 24', () => {
    expect(ProjectHoursSchema.safeParse(0.5).success).toBe(true);
    expect(ProjectHoursSchema.safeParse(7.5).success).toBe(true);
    expect(ProjectHoursSchema.safeParse(0.25).success).toBe(false);
    expect(ProjectHoursSchema.safeParse(1.2).success).toBe(false);
    expect(ProjectHoursSchema.safeParse(24.5).success).toBe(false);
    expect(CreateTimeEntryRequestSchema.safeParse({ hours: 1, description: '' }).success).toBe(false);
  });

  it('list query ignores empty params', () => {
    const query = ListProjectsQuerySchema.parse({ search: '', status: '', category: 'landing' });
    expect(query).toMatchObject({ category: 'landing', page: 1, limit: 20, sort: 'recent' });
    expect(query.search).toBeUndefined();
    expect(query.status).toBeUndefined();
  });

  it('create: defaults, budget with at most two decimals, end after start', () => {
    const base = { title: 'Sitio', clientId: '6f1c1b9e-1f0a-4c1e-9c57-0d6f1d2b3c4d' };
    expect(CreateProjectRequestSchema.parse(base)).toMatchObject({
      status: 'requested',
      priority: 'medium',
      category: 'webapp',
      progressPercentage: 0,
      approvedBudget: null,
      team: [],
    });
    expect(CreateProjectRequestSchema.safeParse({ ...base, approvedBudget: 10.555 }).success).toBe(false);
    const r = CreateProjectRequestSchema.safeParse({
      ...base,
      startDate: '2026-02-01',
      estimatedEndDate: '2026-01-01',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['estimatedEndDate']);
  });
});
