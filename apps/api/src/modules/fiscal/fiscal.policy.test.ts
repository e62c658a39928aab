import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { fiscalPolicy } from './fiscal.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = not used (fiscal data is the agency's).
 * A changed cell in fiscal.policy.ts fails the case that names it.
 */
const EXPECTED = {
  sequences: { admin: [true, true], employee: [false, false], client: [false, false] },
  reports: { admin: [true, true], employee: [false, false], client: [false, false] },
  periods: { admin: [true, true], employee: [false, false], client: [false, false] },
  rates: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('fiscalPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(fiscalPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(fiscalPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(fiscalPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(fiscalPolicy.roles('sequences')).toEqual(['admin']);
    expect(fiscalPolicy.roles('reports')).toEqual(['admin']);
    expect(fiscalPolicy.roles('periods')).toEqual(['admin']);
    expect(fiscalPolicy.roles('rates')).toEqual(['admin']);
  });
});
