import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import {
  actsForSupport,
  ownsTicket,
  TICKET_STAFF_ROLES,
  type TicketAction,
  ticketPolicy,
} from './tickets.policy.js';

/**
 * The ticket rules written out (decision 121): `yes`, `no`, or `own` (only on a ticket of the
 * client's own client record). A changed cell in `tickets.policy.ts` fails the row that names it.
 */
const EXPECTED: Record<TicketAction, { admin: string; employee: string; client: string }> = {
  read: { admin: 'yes', employee: 'yes', client: 'own' },
  create: { admin: 'yes', employee: 'yes', client: 'own' },
  editBasicFields: { admin: 'yes', employee: 'yes', client: 'own' },
  editStaffFields: { admin: 'yes', employee: 'yes', client: 'no' },
  reply: { admin: 'yes', employee: 'yes', client: 'own' },
  readInternal: { admin: 'yes', employee: 'yes', client: 'no' },
  internalMessages: { admin: 'yes', employee: 'yes', client: 'no' },
  assign: { admin: 'yes', employee: 'yes', client: 'no' },
  logTime: { admin: 'yes', employee: 'yes', client: 'no' },
  close: { admin: 'yes', employee: 'yes', client: 'no' },
  changeStatus: { admin: 'yes', employee: 'yes', client: 'own' },
  watch: { admin: 'yes', employee: 'yes', client: 'own' },
  watchOthers: { admin: 'yes', employee: 'yes', client: 'no' },
  delete: { admin: 'yes', employee: 'no', client: 'no' },
};

const cases = policyCases(ticketPolicy.table).map((c) => {
  const cell = EXPECTED[c.action][c.role];
  return { ...c, expected: cell === 'own' ? c.owns : cell === 'yes' };
});

describe('ticket policy table', () => {
  it('has exactly the actions of the written-out table', () => {
    expect(Object.keys(ticketPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(cases).toHaveLength(Object.keys(EXPECTED).length * 3 * 2);
  });

  it.each(cases)('$role $action (owns: $owns) → $expected', ({ role, action, owns, allowed, expected }) => {
    expect(ticketPolicy.can(role, action, owns)).toBe(expected);
    expect(allowed).toBe(expected);
  });

  it('names the support roles and who acts for them', () => {
    expect(TICKET_STAFF_ROLES).toEqual(['admin', 'employee']);
    expect(actsForSupport({ role: 'admin' })).toBe(true);
    expect(actsForSupport({ role: 'employee' })).toBe(true);
    expect(actsForSupport({ role: 'client' })).toBe(false);
  });

  it('owns a ticket only through the same, non-empty client record', () => {
    expect(ownsTicket({ clientId: 'c1' }, { clientId: 'c1' })).toBe(true);
    expect(ownsTicket({ clientId: 'c1' }, { clientId: 'c2' })).toBe(false);
    expect(ownsTicket({ clientId: null }, { clientId: null })).toBe(false);
  });
});
