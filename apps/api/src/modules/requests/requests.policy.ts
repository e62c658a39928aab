import { definePolicy } from '../../lib/policy.js';

/**
 * Who may handle the public site's requests (quote and access requests, the admin 'Solicitudes'
 * area; decision 121). Submitting one is public (no session: rate-limited, honeypot-guarded) and so
 * is not a cell of the table. No `'own'` cells: a request belongs to no user.
 *
 * | action                          | admin | employee | client |
 * |---------------------------------|-------|----------|--------|
 * | list / read                     | yes   | no       | no     |
 * | change status (incl. convert)   | yes   | no       | no     |
 * | download an access document     | yes   | no       | no     |
 */
export const requestPolicy = definePolicy({
  read: { admin: true, employee: false, client: false },
  changeStatus: { admin: true, employee: false, client: false },
  downloadFile: { admin: true, employee: false, client: false },
});

/** An action of {@link requestPolicy}. */
export type RequestAction = keyof typeof requestPolicy.table;
