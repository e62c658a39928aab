import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { clientPolicy } from './clients.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in clients.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [true, true], client: [false, false] },
  write: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('clientPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(clientPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(clientPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(clientPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(clientPolicy.roles('read')).toEqual(['admin', 'employee']);
    expect(clientPolicy.roles('write')).toEqual(['admin']);
  });
});
