import type { DocumentStatus, Permission, Role } from '@agencia/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { signableDocuments } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with proposals, contracts and their templates (decisions 171, 174), one table.
 * "own" = a document addressed to the actor's own client record **and sent** (never a draft):
 *
 * | action          | admin | employee (with the permission) | client                  | permission      |
 * |-----------------|-------|--------------------------------|-------------------------|-----------------|
 * | read            | yes   | yes                            | own, sent (portal)      | proposals.read  |
 * | readAll         | yes   | yes                            | no                      | proposals.read  |
 * | write           | yes   | yes                            | no                      | proposals.write |
 * | delete          | yes   | yes                            | no                      | proposals.write |
 * | countersign     | yes   | no                             | no                      | proposals.write |
 * | convert         | yes   | no                             | no                      | proposals.write |
 * | manageTemplates | yes   | no                             | no                      | proposals.write |
 * | sign            | no    | no                             | own (portal)            | —               |
 *
 * Create, edit, send and "Nueva versión" are `write`; `delete` removes a draft only. `readAll`
 * is every document, drafts, templates and the stored copy's verification. The agency's
 * countersignature binds the agency, and converting creates projects, retainers and invoices
 * (admin-only in their modules), so both stay admin-only. `sign` is the recipient's signature
 * (or decline) inside the portal (decision 174): only the client the document is addressed to —
 * staff sign as the agency (`countersign`), never as the recipient.
 */
export const proposalPolicy = definePolicy({
  read: { admin: true, employee: true, client: 'own' },
  readAll: { admin: true, employee: true, client: false },
  write: { admin: true, employee: true, client: false },
  delete: { admin: true, employee: true, client: false },
  countersign: { admin: true, employee: false, client: false },
  convert: { admin: true, employee: false, client: false },
  manageTemplates: { admin: true, employee: false, client: false },
  sign: { admin: false, employee: false, client: 'own' },
});

/** The actions of {@link proposalPolicy}. */
export type ProposalAction = keyof typeof proposalPolicy.table;

/**
 * The permission each action needs of staff besides its role (decision 061); clients need none.
 * `sign` is a client's action only: no staff permission opens it.
 */
export const PROPOSAL_PERMISSIONS = {
  read: 'proposals.read',
  readAll: 'proposals.read',
  write: 'proposals.write',
  delete: 'proposals.write',
  countersign: 'proposals.write',
  convert: 'proposals.write',
  manageTemplates: 'proposals.write',
  sign: null,
} as const satisfies Record<ProposalAction, Permission | null>;

/**
 * The permission `role` needs for `action` besides the policy's cell: staff need
 * {@link PROPOSAL_PERMISSIONS}; a client's access is decided by the table alone (null).
 */
export function proposalPermissionFor(role: Role, action: ProposalAction): Permission | null {
  return proposalPolicy.can(role, 'readAll') ? PROPOSAL_PERMISSIONS[action] : null;
}

/** True when `doc` is addressed to the actor's own client record and was sent (not a draft). */
export function ownsDocument(
  actor: Pick<Actor, 'clientId'>,
  doc: { clientId: string | null; status: DocumentStatus },
): boolean {
  return actor.clientId !== null && doc.clientId === actor.clientId && doc.status !== 'draft';
}

/**
 * How `actor` may read `doc`: `'all'` — staff, who read every document (with proposals.read);
 * `'own'` — its own sent document (a client in the portal); `'hidden'` — answer 404, as if it
 * did not exist (a client's draft, another client's document).
 */
export function documentReadAccess(
  actor: Pick<Actor, 'role' | 'clientId'>,
  doc: { clientId: string | null; status: DocumentStatus },
): 'all' | 'own' | 'hidden' {
  if (proposalPolicy.can(actor.role, 'readAll')) return 'all';
  return proposalPolicy.can(actor.role, 'read', ownsDocument(actor, doc)) ? 'own' : 'hidden';
}

/** Row scope of the documents `actor` may list: staff all; a client its own sent documents only. */
export function visibleDocuments(actor: Pick<Actor, 'role' | 'clientId'>): SQL | undefined {
  if (proposalPolicy.can(actor.role, 'readAll')) return undefined;
  if (!actor.clientId || !proposalPolicy.can(actor.role, 'read', true)) return sql`false`;
  return and(eq(signableDocuments.clientId, actor.clientId), sql`${signableDocuments.status} <> 'draft'`);
}
