import { definePolicy } from '../../lib/policy.js';

/**
 * Who may onboard clients (spec doc 1 §7, decision 121). Opening and completing a registration
 * link is public (the link's token is the credential), so only generating one is a cell. No
 * `'own'` cells: a link belongs to no user until it is used.
 *
 * | action                     | admin | employee | client |
 * |----------------------------|-------|----------|--------|
 * | generate a registration link | yes | no       | no     |
 */
export const registrationPolicy = definePolicy({
  generateLink: { admin: true, employee: false, client: false },
});

/** An action of {@link registrationPolicy}. */
export type RegistrationAction = keyof typeof registrationPolicy.table;
