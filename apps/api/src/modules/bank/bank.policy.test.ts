import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { bankPolicy } from './bank.policy.js';

/** The expected table, cell by cell: [not own, own] per role. Bank reconciliation is admin only. */
const EXPECTED = {
  manage: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('bankPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(bankPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(bankPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(bankPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards only the admin role', () => {
    expect(bankPolicy.roles('manage')).toEqual(['admin']);
  });
});
