import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import { PROPOSAL_PERMISSIONS, proposalPermissionFor, proposalPolicy } from './proposals.policy.js';

describe('proposalPolicy (decision 171)', () => {
  it.each(policyCases(proposalPolicy.table))(
    '$role $action (owns=$owns) → $allowed',
    ({ role, action, owns, allowed }) => {
      expect(proposalPolicy.can(role, action, owns)).toBe(allowed);
    },
  );

  it('lets a client only read its own documents', () => {
    expect(proposalPolicy.can('client', 'read', true)).toBe(true);
    expect(proposalPolicy.can('client', 'read', false)).toBe(false);
    for (const action of ['write', 'countersign', 'convert', 'manageTemplates'] as const)
      expect(proposalPolicy.roles(action)).not.toContain('client');
  });

  it('leaves countersigning, conversion and templates to admins, with proposals.write', () => {
    for (const action of ['countersign', 'convert', 'manageTemplates'] as const) {
      expect(proposalPolicy.roles(action)).toEqual(['admin']);
      expect(PROPOSAL_PERMISSIONS[action]).toBe('proposals.write');
    }
  });
});

describe('proposalPermissionFor', () => {
  it('asks staff for the permission of the action and clients for none (the table decides)', () => {
    expect(proposalPermissionFor('employee', 'read')).toBe('proposals.read');
    expect(proposalPermissionFor('admin', 'convert')).toBe('proposals.write');
    expect(proposalPermissionFor('client', 'read')).toBeNull();
  });
});
