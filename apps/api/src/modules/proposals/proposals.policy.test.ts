import type { DocumentStatus } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import { policyCases } from '../../lib/policy.js';
import {
  documentReadAccess,
  ownsDocument,
  PROPOSAL_PERMISSIONS,
  proposalPermissionFor,
  proposalPolicy,
  visibleDocuments,
} from './proposals.policy.js';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const doc = (clientId: string | null, status: DocumentStatus) => ({ clientId, status });
const client = { role: 'client' as const, clientId: CLIENT };
const admin = { role: 'admin' as const, clientId: null };
const employee = { role: 'employee' as const, clientId: null };

describe('proposalPolicy (decisions 171, 174)', () => {
  it.each(policyCases(proposalPolicy.table))(
    '$role $action (owns=$owns) → $allowed',
    ({ role, action, owns, allowed }) => {
      expect(proposalPolicy.can(role, action, owns)).toBe(allowed);
    },
  );

  it('lets a client only read and sign its own documents', () => {
    expect(proposalPolicy.can('client', 'read', true)).toBe(true);
    expect(proposalPolicy.can('client', 'read', false)).toBe(false);
    expect(proposalPolicy.can('client', 'sign', true)).toBe(true);
    expect(proposalPolicy.can('client', 'sign', false)).toBe(false);
    for (const action of ['readAll', 'write', 'delete', 'countersign', 'convert', 'manageTemplates'] as const)
      expect(proposalPolicy.roles(action)).not.toContain('client');
  });

  it('never lets staff sign as the recipient (they countersign as the agency)', () => {
    expect(proposalPolicy.roles('sign')).toEqual(['client']);
    expect(PROPOSAL_PERMISSIONS.sign).toBeNull();
  });

  it('leaves countersigning, conversion and templates to admins, with proposals.write', () => {
    for (const action of ['countersign', 'convert', 'manageTemplates'] as const) {
      expect(proposalPolicy.roles(action)).toEqual(['admin']);
      expect(PROPOSAL_PERMISSIONS[action]).toBe('proposals.write');
    }
    expect(proposalPolicy.roles('delete')).toEqual(['admin', 'employee']);
    expect(PROPOSAL_PERMISSIONS.delete).toBe('proposals.write');
  });
});

describe('proposalPermissionFor', () => {
  it('asks staff for the permission of the action and clients for none (the table decides)', () => {
    expect(proposalPermissionFor('employee', 'read')).toBe('proposals.read');
    expect(proposalPermissionFor('employee', 'readAll')).toBe('proposals.read');
    expect(proposalPermissionFor('admin', 'convert')).toBe('proposals.write');
    expect(proposalPermissionFor('client', 'read')).toBeNull();
    expect(proposalPermissionFor('client', 'sign')).toBeNull();
  });
});

describe('documentReadAccess (the readable-document decision, out of the queries)', () => {
  it('gives staff every document, drafts included', () => {
    expect(documentReadAccess(admin, doc(CLIENT, 'draft'))).toBe('all');
    expect(documentReadAccess(employee, doc(null, 'sent'))).toBe('all');
  });

  it('gives a client its own sent documents and hides drafts and others’ documents', () => {
    for (const status of ['sent', 'viewed', 'signed', 'countersigned', 'declined', 'expired'] as const)
      expect(documentReadAccess(client, doc(CLIENT, status))).toBe('own');
    expect(documentReadAccess(client, doc(CLIENT, 'draft'))).toBe('hidden');
    expect(documentReadAccess(client, doc(OTHER, 'sent'))).toBe('hidden');
    expect(documentReadAccess(client, doc(null, 'sent'))).toBe('hidden');
    expect(documentReadAccess({ role: 'client', clientId: null }, doc(null, 'sent'))).toBe('hidden');
  });

  it('ownsDocument needs the same client record and a sent document', () => {
    expect(ownsDocument(client, doc(CLIENT, 'viewed'))).toBe(true);
    expect(ownsDocument(client, doc(CLIENT, 'draft'))).toBe(false);
    expect(ownsDocument({ clientId: null }, doc(null, 'sent'))).toBe(false);
  });

  it('scopes lists: none for staff, nothing for a client without a client record', () => {
    expect(visibleDocuments(admin)).toBeUndefined();
    expect(visibleDocuments(client)).toBeDefined();
    expect(visibleDocuments({ role: 'client', clientId: null })).toBeDefined();
  });
});
