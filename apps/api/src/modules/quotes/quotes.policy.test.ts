import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { quotePolicy } from './quotes.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = a quote of the actor's own client record.
 * A changed cell in quotes.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [true, true], client: [false, true] },
  readAll: { admin: [true, true], employee: [true, true], client: [false, false] },
  readDrafts: { admin: [true, true], employee: [true, true], client: [false, false] },
  write: { admin: [true, true], employee: [false, false], client: [false, false] },
  respond: { admin: [false, false], employee: [false, false], client: [false, true] },
  share: { admin: [true, true], employee: [true, true], client: [false, false] },
} as const;

describe('quotePolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(quotePolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(quotePolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(quotePolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(quotePolicy.roles('read')).toEqual(['admin', 'employee', 'client']);
    expect(quotePolicy.roles('readAll')).toEqual(['admin', 'employee']);
    expect(quotePolicy.roles('readDrafts')).toEqual(['admin', 'employee']);
    expect(quotePolicy.roles('write')).toEqual(['admin']);
    expect(quotePolicy.roles('respond')).toEqual(['client']);
    expect(quotePolicy.roles('share')).toEqual(['admin', 'employee']);
  });
});
