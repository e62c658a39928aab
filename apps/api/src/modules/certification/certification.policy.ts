import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may run the DGII certification (issue 41): administrators only, holding the permission named
 * in {@link CERTIFICATION_PERMISSIONS} (decision 070: admins hold every permission). The test sets
 * spend e-NCF before the DGII and sign with the agency's certificate: no employee or client cell.
 *
 * | action   | admin | employee | client | permission     |
 * |----------|-------|----------|--------|----------------|
 * | testSets | yes   | no       | no     | invoices.write |
 */
export const certificationPolicy = definePolicy({
  /** Import a DGII test workbook, follow it, start its run, download a case's signed XML. */
  testSets: { admin: true, employee: false, client: false },
});

/** The actions of {@link certificationPolicy}. */
export type CertificationAction = keyof typeof certificationPolicy.table;

/** The permission (decision 070) each action needs besides its role. */
export const CERTIFICATION_PERMISSIONS: Record<CertificationAction, Permission> = {
  testSets: 'invoices.write',
};
