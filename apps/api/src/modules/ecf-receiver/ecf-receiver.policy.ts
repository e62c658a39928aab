import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may see the e-CF received from suppliers and answer them commercially (issue 26,
 * "Receiving"): administrators only, holding the permission named in
 * {@link ECF_RECEIVER_PERMISSIONS} (decision 070: admins hold every permission). No "own" cells:
 * fiscal documents belong to the agency. The public DGII receiver routes (`/fe/...`) are not
 * guarded by role: suppliers authenticate with their certificate (seed → token).
 *
 * | action  | admin | employee | client | permission     |
 * |---------|-------|----------|--------|----------------|
 * | read    | yes   | no       | no     | invoices.write |
 * | approve | yes   | no       | no     | invoices.write |
 */
export const ecfReceiverPolicy = definePolicy({
  /** List received e-CF, see one, download its XML. */
  read: { admin: true, employee: false, client: false },
  /** Approve or reject a received e-CF (signed ACECF). */
  approve: { admin: true, employee: false, client: false },
});

/** The actions of {@link ecfReceiverPolicy}. */
export type EcfReceiverAction = keyof typeof ecfReceiverPolicy.table;

/** The permission (decision 070) each action needs besides its role. */
export const ECF_RECEIVER_PERMISSIONS: Record<EcfReceiverAction, Permission> = {
  read: 'invoices.write',
  approve: 'invoices.write',
};
