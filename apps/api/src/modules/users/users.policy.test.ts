import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { belongsToClient, type UserAction, userPolicy } from './users.policy.js';

/** The user-administration rules written out (decision 121): `yes` or `no` per role. */
const EXPECTED: Record<UserAction, { admin: string; employee: string; client: string }> = {
  read: { admin: 'yes', employee: 'no', client: 'no' },
  manage: { admin: 'yes', employee: 'no', client: 'no' },
  pickStaff: { admin: 'yes', employee: 'yes', client: 'no' },
  pickClients: { admin: 'yes', employee: 'no', client: 'no' },
};

const cases = policyCases(userPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('user policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(userPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(userPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });

  it('only client users carry a client record', () => {
    expect(belongsToClient('client')).toBe(true);
    expect(belongsToClient('employee')).toBe(false);
    expect(belongsToClient('admin')).toBe(false);
  });
});
