import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may set up and follow direct e-CF emission (issue 26). Set-up (mode, certificate, DGII
 * connection test) is the admins'; following a document's DGII status and retrying it is for
 * the staff who see invoices; the signed XML is readable by staff and by the document's own
 * client ('own': the invoice belongs to the client's record; the route answers 404 otherwise).
 *
 * | action   | admin | employee | client | permission      |
 * |----------|-------|----------|--------|-----------------|
 * | settings | yes   | no       | no     | invoices.write  |
 * | retry    | yes   | no       | no     | invoices.write  |
 * | status   | yes   | yes      | own    | invoices.read   |
 * | xml      | yes   | yes      | own    | invoices.read   |
 */
export const ecfPolicy = definePolicy({
  /** Read and change the mode; load the certificate; test the DGII connection. */
  settings: { admin: true, employee: false, client: false },
  /** Send a document again now (after an outage or a rejection's correction). */
  retry: { admin: true, employee: false, client: false },
  /** A document's DGII status and messages. */
  status: { admin: true, employee: true, client: 'own' },
  /** Download the signed XML as stored. */
  xml: { admin: true, employee: true, client: 'own' },
});

/** The actions of {@link ecfPolicy}. */
export type EcfAction = keyof typeof ecfPolicy.table;

/** The permission (decision 070) each action needs besides its role. */
export const ECF_PERMISSIONS: Record<EcfAction, Permission> = {
  settings: 'invoices.write',
  retry: 'invoices.write',
  status: 'invoices.read',
  xml: 'invoices.read',
};
