import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { mailPolicy } from './mail.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in mail.policy.ts fails the case that names it.
 */
const EXPECTED = {
  outbox: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('mailPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(mailPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(mailPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(mailPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(mailPolicy.roles('outbox')).toEqual(['admin']);
  });
});
