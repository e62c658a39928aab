import type { Role } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with user accounts (spec doc 2 §7 Users, decisions 061 and 121). On top of the
 * table, the routes require the `users.read` / `users.write` permission, and picking client users
 * needs `users.read` too. Rules about the *target* stay in the service: nobody changes their own
 * role or status or deletes themselves, and the last active admin keeps the role (409). No
 * `'own'` cells: account self-service lives in the auth module (`account.policy.ts`).
 *
 * | action                              | admin | employee | client |
 * |-------------------------------------|-------|----------|--------|
 * | list / read / stats                 | yes   | no       | no     |
 * | create / edit / delete / reset pwd  | yes   | no       | no     |
 * | pick staff in a selector            | yes   | yes      | no     |
 * | pick client users in a selector     | yes   | no       | no     |
 */
export const userPolicy = definePolicy({
  read: { admin: true, employee: false, client: false },
  manage: { admin: true, employee: false, client: false },
  pickStaff: { admin: true, employee: true, client: false },
  pickClients: { admin: true, employee: false, client: false },
});

/** An action of {@link userPolicy}. */
export type UserAction = keyof typeof userPolicy.table;

/** True for the portal role, whose users act for a client record and so carry its `clientId`. */
export const belongsToClient = (role: Role): boolean => role === 'client';
