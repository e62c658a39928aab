import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { reportsPolicy } from '../reports/reports.policy.js';
import { profitabilityPolicy } from './profitability.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" = a project on the
 * employee's team). A changed cell in profitability.policy.ts fails the case that names it.
 */
const EXPECTED = {
  readFinances: { admin: [true, true], employee: [false, true], client: [false, false] },
  readReport: { admin: [true, true], employee: [false, false], client: [false, false] },
  readCostRate: { admin: [true, true], employee: [false, true], client: [false, false] },
} as const;

describe('profitabilityPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(profitabilityPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(profitabilityPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(profitabilityPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('the ranking is a report: the same roles as reportsPolicy.read', () => {
    expect(profitabilityPolicy.roles('readReport')).toEqual(reportsPolicy.roles('read'));
  });
});
