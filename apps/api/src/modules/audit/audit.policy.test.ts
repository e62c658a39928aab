import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { auditPolicy } from './audit.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in audit.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('auditPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(auditPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(auditPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(auditPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(auditPolicy.roles('read')).toEqual(['admin']);
  });
});
