import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { recurringInvoicePolicy } from './recurring-invoices.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = a retainer of the actor's own client record.
 * A changed cell in recurring-invoices.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [false, false], client: [false, true] },
  readAll: { admin: [true, true], employee: [false, false], client: [false, false] },
  write: { admin: [true, true], employee: [false, false], client: [false, false] },
} as const;

describe('recurringInvoicePolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(recurringInvoicePolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(recurringInvoicePolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(recurringInvoicePolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(recurringInvoicePolicy.roles('read')).toEqual(['admin', 'client']);
    expect(recurringInvoicePolicy.roles('readAll')).toEqual(['admin']);
    expect(recurringInvoicePolicy.roles('write')).toEqual(['admin']);
  });
});
