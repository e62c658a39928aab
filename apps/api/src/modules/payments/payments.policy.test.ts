import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { paymentsPolicy } from './payments.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = an invoice of the actor's own
 * client record. A changed cell in payments.policy.ts fails the case that names it.
 */
const EXPECTED = {
  report: { admin: [false, false], employee: [false, false], client: [false, true] },
  payByCard: { admin: [false, false], employee: [false, false], client: [false, true] },
  readReports: { admin: [true, true], employee: [true, true], client: [false, true] },
  decideReports: { admin: [true, true], employee: [false, false], client: [false, false] },
  manageSettings: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('paymentsPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(paymentsPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(paymentsPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(paymentsPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(paymentsPolicy.roles('report')).toEqual(['client']);
    expect(paymentsPolicy.roles('payByCard')).toEqual(['client']);
    expect(paymentsPolicy.roles('readReports')).toEqual(['admin', 'employee', 'client']);
    expect(paymentsPolicy.roles('decideReports')).toEqual(['admin']);
    expect(paymentsPolicy.roles('manageSettings')).toEqual(['admin']);
  });
});
