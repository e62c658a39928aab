import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what in the leads pipeline (decision 170), one table:
 *
 * | action        | admin | employee (with the permission) | client | permission  |
 * |---------------|-------|--------------------------------|--------|-------------|
 * | read          | yes   | yes                            | no     | leads.read  |
 * | write         | yes   | yes                            | no     | leads.write |
 * | convert       | yes   | no                             | no     | leads.write |
 * | manageStages  | yes   | no                             | no     | leads.write |
 *
 * Employees see every lead (the agency sells as a team); they hold `leads.*` only when an admin
 * grants it (not a default). Converting creates a client record, which only admins may do
 * (the clients module's rule, decision 050), so it stays admin-only. Clients never reach leads.
 */
export const leadPolicy = definePolicy({
  read: { admin: true, employee: true, client: false },
  /** Create, edit, move, notes and activities. */
  write: { admin: true, employee: true, client: false },
  /** `POST /leads/{id}/convert`: creates a client record (admins only, as `POST /clients`). */
  convert: { admin: true, employee: false, client: false },
  /** Create, rename, reorder and delete stages. */
  manageStages: { admin: true, employee: false, client: false },
});

/** The actions of {@link leadPolicy}. */
export type LeadAction = keyof typeof leadPolicy.table;

/** The permission each action needs besides its role (decision 061). */
export const LEAD_PERMISSIONS = {
  read: 'leads.read',
  write: 'leads.write',
  convert: 'leads.write',
  manageStages: 'leads.write',
} as const satisfies Record<LeadAction, Permission>;
