import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { certificationPolicy } from './certification.policy.js';

/** The expected table, cell by cell: [not own, own] per role (no "own" cells: admins only). */
const EXPECTED = {
  testSets: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('certificationPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(certificationPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(certificationPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(certificationPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the admin role only', () => {
    expect(certificationPolicy.roles('testSets')).toEqual(['admin']);
  });
});
