import type { Permission, Role } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with proposals, contracts and their templates (decision 171), one table:
 *
 * | action          | admin | employee (with the permission) | client                  | permission      |
 * |-----------------|-------|--------------------------------|-------------------------|-----------------|
 * | read            | yes   | yes                            | own, sent (portal)      | proposals.read  |
 * | write           | yes   | yes                            | no                      | proposals.write |
 * | countersign     | yes   | no                             | no                      | proposals.write |
 * | convert         | yes   | no                             | no                      | proposals.write |
 * | manageTemplates | yes   | no                             | no                      | proposals.write |
 *
 * Create, edit, send and "Nueva versión" are `write`. The agency's countersignature binds the
 * agency, and converting creates projects, retainers and invoices (admin-only in their modules),
 * so both stay admin-only. A client never reaches the staff routes' drafts: it reads the documents
 * addressed to its client record once sent, and signs through the e-mailed link.
 */
export const proposalPolicy = definePolicy({
  read: { admin: true, employee: true, client: 'own' },
  write: { admin: true, employee: true, client: false },
  countersign: { admin: true, employee: false, client: false },
  convert: { admin: true, employee: false, client: false },
  manageTemplates: { admin: true, employee: false, client: false },
});

/** The actions of {@link proposalPolicy}. */
export type ProposalAction = keyof typeof proposalPolicy.table;

/** The permission each action needs of staff besides its role (decision 061); clients need none. */
export const PROPOSAL_PERMISSIONS = {
  read: 'proposals.read',
  write: 'proposals.write',
  countersign: 'proposals.write',
  convert: 'proposals.write',
  manageTemplates: 'proposals.write',
} as const satisfies Record<ProposalAction, Permission>;

/**
 * The permission `role` needs for `action` besides the policy's cell: staff need
 * {@link PROPOSAL_PERMISSIONS}; a client's access is decided by the table alone (null).
 */
export function proposalPermissionFor(role: Role, action: ProposalAction): Permission | null {
  return role === 'client' ? null : PROPOSAL_PERMISSIONS[action];
}
