import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { ecfReceiverPolicy } from './ecf-receiver.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = not used (received e-CF are
 * the agency's). A changed cell in ecf-receiver.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [false, false], client: [false, false] },
  approve: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('ecfReceiverPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(ecfReceiverPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(ecfReceiverPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(ecfReceiverPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(ecfReceiverPolicy.roles('read')).toEqual(['admin']);
    expect(ecfReceiverPolicy.roles('approve')).toEqual(['admin']);
  });
});
