import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { type AccountAction, accountPolicy } from './account.policy.js';

/** The account rules written out (decision 121): `yes`, `no`, or `own`. */
const EXPECTED: Record<AccountAction, { admin: string; employee: string; client: string }> = {
  deleteOwnAccount: { admin: 'no', employee: 'no', client: 'own' },
  countProjects: { admin: 'yes', employee: 'own', client: 'own' },
};

const cases = policyCases(accountPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('account policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(accountPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(accountPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });
});
