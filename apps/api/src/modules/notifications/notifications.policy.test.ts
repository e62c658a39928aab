import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { type NotificationAction, notificationPolicy } from './notifications.policy.js';

/** The notification rules written out (decision 121): `yes`, `no`, or `own` (addressed to the actor). */
const EXPECTED: Record<NotificationAction, { admin: string; employee: string; client: string }> = {
  read: { admin: 'own', employee: 'own', client: 'own' },
  markRead: { admin: 'own', employee: 'own', client: 'own' },
  readOutbox: { admin: 'yes', employee: 'no', client: 'no' },
};

const cases = policyCases(notificationPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('notification policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(notificationPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(notificationPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });
});
