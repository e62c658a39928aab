import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { jobsPolicy } from './jobs.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in jobs.policy.ts fails the case that names it.
 */
const EXPECTED = {
  manage: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('jobsPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(jobsPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(jobsPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(jobsPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(jobsPolicy.roles('manage')).toEqual(['admin']);
  });
});
