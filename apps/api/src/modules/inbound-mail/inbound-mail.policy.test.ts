import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { inboundMailPolicy } from './inbound-mail.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in inbound-mail.policy.ts fails the case that names it (decision 168).
 */
const EXPECTED = {
  status: { admin: [true, true], employee: [false, false], client: [false, false] },
  unassigned: { admin: [true, true], employee: [true, true], client: [false, false] },
} as const;

describe('inboundMailPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(inboundMailPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(inboundMailPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(inboundMailPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(inboundMailPolicy.roles('status')).toEqual(['admin']);
    expect(inboundMailPolicy.roles('unassigned')).toEqual(['admin', 'employee']);
  });
});
