import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { backupsPolicy } from './backups.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in backups.policy.ts fails the case that names it.
 */
const EXPECTED = {
  manage: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('backupsPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(backupsPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(backupsPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(backupsPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(backupsPolicy.roles('manage')).toEqual(['admin']);
  });
});
