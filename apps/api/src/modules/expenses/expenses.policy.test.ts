import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { expensePolicy } from './expenses.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" = the purchase belongs to a
 * project on the actor's team). A changed cell in expenses.policy.ts fails the case that names it.
 */
const EXPECTED = {
  manageSuppliers: { admin: [true, true], employee: [false, false], client: [false, false] },
  pickSupplier: { admin: [true, true], employee: [true, true], client: [false, false] },
  read: { admin: [true, true], employee: [false, true], client: [false, false] },
  write: { admin: [true, true], employee: [false, true], client: [false, false] },
  issueAgencyDocument: { admin: [true, true], employee: [false, false], client: [false, false] },
  manageCostRates: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('expensePolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(expensePolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(expensePolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(expensePolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('clients hold no action at all (they never see purchases, costs or margins)', () => {
    for (const action of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])
      expect(expensePolicy.roles(action)).not.toContain('client');
  });
});
