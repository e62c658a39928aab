import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { type RegistrationAction, registrationPolicy } from './registration.policy.js';

/** The registration rules written out (decision 121): `yes` or `no` per role. */
const EXPECTED: Record<RegistrationAction, { admin: string; employee: string; client: string }> = {
  generateLink: { admin: 'yes', employee: 'no', client: 'no' },
};

const cases = policyCases(registrationPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('registration policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(registrationPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(registrationPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });
});
