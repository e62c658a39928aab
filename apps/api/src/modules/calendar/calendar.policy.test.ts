import { ROLES } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import { policyCases, type Rule } from '../../lib/policy.js';
import { type CalendarAction, calendarPolicy, canEditEvent, organizes } from './calendar.policy.js';

/**
 * The calendar table as it should read (decisions 044 and 121), written out independently of
 * calendar.policy.ts: a changed cell there fails the case below that names it.
 */
const EXPECTED: Record<CalendarAction, { admin: Rule; employee: Rule; client: Rule }> = {
  readAll: { admin: true, employee: true, client: false },
  editEvent: { admin: true, employee: 'own', client: 'own' },
  inviteAnyClient: { admin: true, employee: true, client: false },
  linkAnyClient: { admin: true, employee: true, client: false },
};

describe('calendarPolicy (decision 121)', () => {
  it('has exactly the actions of the expected table', () => {
    expect(Object.keys(calendarPolicy.table).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(policyCases(calendarPolicy.table))('$role may $action (owns: $owns)', ({ role, action, owns }) => {
    const rule = EXPECTED[action][role];
    expect(calendarPolicy.can(role, action, owns)).toBe(rule === 'own' ? owns : rule);
  });

  it('staff hear of every event change (roles of readAll)', () => {
    expect(calendarPolicy.roles('readAll')).toEqual(ROLES.filter((r) => EXPECTED.readAll[r] === true));
    expect(calendarPolicy.roles('readAll')).toEqual(['admin', 'employee']);
  });

  it('the organizer or an admin edits; an event without organizer only an admin', () => {
    const employee = { id: 'u1', role: 'employee' as const };
    expect(organizes(employee, { organizerId: 'u1' })).toBe(true);
    expect(canEditEvent(employee, { organizerId: 'u1' })).toBe(true);
    expect(canEditEvent(employee, { organizerId: 'u2' })).toBe(false);
    expect(canEditEvent(employee, { organizerId: null })).toBe(false);
    expect(canEditEvent({ id: 'a', role: 'admin' }, { organizerId: null })).toBe(true);
  });
});
