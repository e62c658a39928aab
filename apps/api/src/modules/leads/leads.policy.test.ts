import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { leadPolicy } from './leads.policy.js';

describe('leadPolicy (decision 170)', () => {
  it.each(policyCases(leadPolicy.table))(
    '$role $action (owns=$owns) → $allowed',
    ({ role, action, owns, allowed }) => {
      expect(leadPolicy.can(role, action, owns)).toBe(allowed);
    },
  );

  it('never lets a client reach leads', () => {
    for (const action of Object.keys(leadPolicy.table) as (keyof typeof leadPolicy.table)[])
      expect(leadPolicy.roles(action)).not.toContain('client');
  });

  it('leaves conversion and stages to admins', () => {
    expect(leadPolicy.roles('convert')).toEqual(['admin']);
    expect(leadPolicy.roles('manageStages')).toEqual(['admin']);
  });
});
