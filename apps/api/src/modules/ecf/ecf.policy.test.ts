import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { ecfPolicy } from './ecf.policy.js';

/** The expected table, cell by cell: [not own, own] per role. "own" = the invoice is the client's. */
const EXPECTED = {
  settings: { admin: [true, true], employee: [false, false], client: [false, false] },
  retry: { admin: [true, true], employee: [false, false], client: [false, false] },
  status: { admin: [true, true], employee: [true, true], client: [false, true] },
  xml: { admin: [true, true], employee: [true, true], client: [false, true] },
} as const;

describe('ecfPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(ecfPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(ecfPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(ecfPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(ecfPolicy.roles('settings')).toEqual(['admin']);
    expect(ecfPolicy.roles('xml')).toEqual(['admin', 'employee', 'client']);
  });
});
