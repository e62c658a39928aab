import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { REMINDER_PERMISSIONS, reminderPolicy } from './reminders.policy.js';

/**
 * The expected table, cell by cell: [not own, own] per role. "own" = the actor's own client record.
 * A changed cell in reminders.policy.ts fails the case that names it.
 */
const EXPECTED = {
  manage: { admin: [true, true], employee: [false, false], client: [false, false] },
  ownOptOut: { admin: [false, false], employee: [false, false], client: [false, true] },
} as const;

describe('reminderPolicy', () => {
  it('has exactly the expected actions', () => {
    expect(Object.keys(reminderPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(reminderPolicy.table))(
    '$role may $action (own: $owns) → $allowed',
    ({ role, action, owns }) => {
      expect(reminderPolicy.can(role, action, owns)).toBe(EXPECTED[action][role][owns ? 1 : 0]);
    },
  );

  it('gives route guards the roles with any allowed cell', () => {
    expect(reminderPolicy.roles('manage')).toEqual(['admin']);
    expect(reminderPolicy.roles('ownOptOut')).toEqual(['client']);
  });

  it('also needs invoices.write to manage the reminders', () => {
    expect(REMINDER_PERMISSIONS).toEqual({ manage: 'invoices.write' });
  });
});
