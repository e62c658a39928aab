import { describe, expect, it } from 'vitest';
import { definePolicy, policyCases } from './policy.js';

const policy = definePolicy({
  delete: { admin: true, employee: false, client: false },
  editNote: { admin: 'own', employee: 'own', client: 'own' },
  read: { admin: true, employee: true, client: 'own' },
});

describe('definePolicy', () => {
  it('answers true/false cells whatever the ownership and own cells by ownership', () => {
    expect(policy.can('admin', 'delete')).toBe(true);
    expect(policy.can('employee', 'delete', true)).toBe(false);
    expect(policy.can('client', 'read')).toBe(false);
    expect(policy.can('client', 'read', true)).toBe(true);
    expect(policy.can('admin', 'editNote', false)).toBe(false);
  });

  it('lists the roles that may act at all', () => {
    expect(policy.roles('delete')).toEqual(['admin']);
    expect(policy.roles('read')).toEqual(['admin', 'employee', 'client']);
  });

  it('policyCases enumerates role × action × ownership and agrees with can()', () => {
    const cases = policyCases(policy.table);
    expect(cases).toHaveLength(3 * 3 * 2);
    for (const c of cases) expect(policy.can(c.role, c.action, c.owns)).toBe(c.allowed);
    expect(cases.filter((c) => c.allowed)).toHaveLength(1 * 2 + 3 + 2 * 2 + 1);
  });
});
