import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may read and manage client records (spec doc 2 §7 "Clients", decisions 050 and 070):
 * staff read (employees only read), admins write; a client gets 403 on every `/clients` route (it
 * sees its own data through its profile, invoices and projects). No "own" cells.
 *
 * | action | admin | employee | client | permission    |
 * |--------|-------|----------|--------|---------------|
 * | read   | yes   | yes      | no     | clients.read  |
 * | write  | yes   | no       | no     | clients.write |
 */
export const clientPolicy = definePolicy({
  /** Lists, details, stats and sub-lists (projects, tickets, invoices of a client). */
  read: { admin: true, employee: true, client: false },
  /** Create, edit, deactivate; registration links; payment-reminder opt-out. */
  write: { admin: true, employee: false, client: false },
});

/** The actions of {@link clientPolicy}. */
export type ClientAction = keyof typeof clientPolicy.table;

/** The permission (decision 070) each action needs besides its role; none where the role suffices. */
export const CLIENT_PERMISSIONS = {
  read: 'clients.read',
  write: 'clients.write',
} as const satisfies Partial<Record<ClientAction, Permission>>;
