import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { type RequestAction, requestPolicy } from './requests.policy.js';

/** The request rules written out (decision 121): `yes` or `no` per role; no `own` cells. */
const EXPECTED: Record<RequestAction, { admin: string; employee: string; client: string }> = {
  read: { admin: 'yes', employee: 'no', client: 'no' },
  changeStatus: { admin: 'yes', employee: 'no', client: 'no' },
  downloadFile: { admin: 'yes', employee: 'no', client: 'no' },
};

const cases = policyCases(requestPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('request policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(requestPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(requestPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });

  it('guards the routes with the roles of the table', () => {
    expect(requestPolicy.roles('read')).toEqual(['admin']);
    expect(requestPolicy.roles('changeStatus')).toEqual(['admin']);
  });
});
