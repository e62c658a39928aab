import { describe, expect, it } from 'vitest';
import { policyCases, type Rule } from '../../lib/policy.js';
import { type DashboardAction, dashboardPolicy, QUICK_ACTIONS_BY_ROLE } from './dashboard.policy.js';

/**
 * The dashboard table as it should read (decisions 033 and 121), written out independently of
 * dashboard.policy.ts: a changed cell there fails the case below that names it.
 */
const EXPECTED: Record<DashboardAction, { admin: Rule; employee: Rule; client: Rule }> = {
  readClientStats: { admin: true, employee: false, client: false },
  readAllActivity: { admin: true, employee: false, client: false },
};

describe('dashboardPolicy (decision 121)', () => {
  it('has exactly the actions of the expected table', () => {
    expect(Object.keys(dashboardPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(dashboardPolicy.table))('$role may $action (owns: $owns)', ({ role, action, owns }) => {
    const rule = EXPECTED[action][role];
    expect(dashboardPolicy.can(role, action, owns)).toBe(rule === 'own' ? owns : rule);
  });

  it('each role has its shortcuts in display order', () => {
    const ids = (role: keyof typeof QUICK_ACTIONS_BY_ROLE) => QUICK_ACTIONS_BY_ROLE[role].map((a) => a.id);
    expect(ids('admin')).toEqual(['new-project', 'new-ticket', 'new-client', 'new-invoice', 'view-reports']);
    expect(ids('employee')).toEqual(['view-projects', 'log-time', 'view-tickets', 'view-calendar']);
    expect(ids('client')).toEqual(['new-ticket', 'view-projects', 'view-invoices', 'view-calendar']);
    expect(QUICK_ACTIONS_BY_ROLE.client[0]).toEqual({ id: 'new-ticket', title: 'Solicitar Soporte' });
  });
});
