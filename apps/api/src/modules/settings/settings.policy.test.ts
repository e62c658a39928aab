import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';
import { SETTINGS_PERMISSIONS, settingsPolicy } from './settings.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role ("own" is not used here).
 * A changed cell in settings.policy.ts fails the case that names it.
 */
const EXPECTED = {
  read: { admin: [true, true], employee: [true, true], client: [true, true] },
  write: { admin: [true, true], employee: [false, false], client: [false, false] },
  integrations: { admin: [true, true], employee: [false, false], client: [false, false] },
  readPaymentInstructions: { admin: [true, true], employee: [true, true], client: [false, true] },
} as const;

describe('settingsPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(settingsPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(settingsPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(settingsPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(settingsPolicy.roles('read')).toEqual(['admin', 'employee', 'client']);
    expect(settingsPolicy.roles('write')).toEqual(['admin']);
    expect(settingsPolicy.roles('integrations')).toEqual(['admin']);
    expect(settingsPolicy.roles('readPaymentInstructions')).toEqual(['admin', 'employee', 'client']);
  });

  it('reads the payment instructions under the invoices read row and permission', () => {
    expect(settingsPolicy.table.readPaymentInstructions).toEqual(invoicePolicy.table.read);
    expect(SETTINGS_PERMISSIONS.readPaymentInstructions).toBe('invoices.read');
  });
});
