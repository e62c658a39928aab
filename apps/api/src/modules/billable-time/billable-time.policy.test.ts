import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';
import { billableTimePolicy } from './billable-time.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in billable-time.policy.ts fails the case that names it.
 */
const EXPECTED = {
  bill: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('billableTimePolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(billableTimePolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(billableTimePolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(billableTimePolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('billing hours is writing an invoice: the same roles as invoicePolicy.write', () => {
    expect(billableTimePolicy.roles('bill')).toEqual(invoicePolicy.roles('write'));
    expect(billableTimePolicy.roles('bill')).toEqual(['admin']);
  });
});
