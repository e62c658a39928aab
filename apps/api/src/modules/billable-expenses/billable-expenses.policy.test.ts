import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';
import { billableExpensesPolicy } from './billable-expenses.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in billable-expenses.policy.ts fails the case that names it.
 */
const EXPECTED = {
  bill: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('billableExpensesPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(billableExpensesPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(billableExpensesPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(billableExpensesPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('billing expenses is writing an invoice: the same roles as invoicePolicy.write', () => {
    expect(billableExpensesPolicy.roles('bill')).toEqual(invoicePolicy.roles('write'));
  });
});
