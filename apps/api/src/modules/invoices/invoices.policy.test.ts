import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { invoicePolicy } from './invoices.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = an invoice of the actor's own client record.
 * A changed cell in invoices.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [true, true], client: [false, true] },
  readAll: { admin: [true, true], employee: [true, true], client: [false, false] },
  readDrafts: { admin: [true, true], employee: [true, true], client: [false, false] },
  write: { admin: [true, true], employee: [false, false], client: [false, false] },
  share: { admin: [true, true], employee: [true, true], client: [false, false] },
  recordView: { admin: [false, false], employee: [false, false], client: [false, true] },
} as const;

describe('invoicePolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(invoicePolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(invoicePolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(invoicePolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(invoicePolicy.roles('read')).toEqual(['admin', 'employee', 'client']);
    expect(invoicePolicy.roles('readAll')).toEqual(['admin', 'employee']);
    expect(invoicePolicy.roles('readDrafts')).toEqual(['admin', 'employee']);
    expect(invoicePolicy.roles('write')).toEqual(['admin']);
    expect(invoicePolicy.roles('share')).toEqual(['admin', 'employee']);
    expect(invoicePolicy.roles('recordView')).toEqual(['client']);
  });
});
