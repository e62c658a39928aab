import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { type PushAction, pushPolicy } from './push.policy.js';

/** The push rules written out (decision 169): `yes`, `no`, or `own` (the actor's own devices). */
const EXPECTED: Record<PushAction, { admin: string; employee: string; client: string }> = {
  readKey: { admin: 'yes', employee: 'yes', client: 'yes' },
  manage: { admin: 'own', employee: 'own', client: 'own' },
  test: { admin: 'own', employee: 'own', client: 'own' },
};

const cases = policyCases(pushPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('push policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(pushPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(pushPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });
});
