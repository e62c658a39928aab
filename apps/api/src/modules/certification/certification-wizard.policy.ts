import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may use the DGII certification wizard (issue 41, decision 159): the admins only, like the
 * rest of the e-CF set-up (ecf.policy.ts). The wizard shows the certification's state, tests the
 * public URLs, lists and zips the printed representations, signs XML files with the agency's
 * certificate and records the certification: all of it an admin's business.
 *
 * | action | admin | employee | client | permission     |
 * |--------|-------|----------|--------|----------------|
 * | read   | yes   | no       | no     | invoices.write |
 * | manage | yes   | no       | no     | invoices.write |
 * | sign   | yes   | no       | no     | invoices.write |
 */
export const certificationWizardPolicy = definePolicy({
  /** The overview, the URL self-test, the printed representations and their ZIP. */
  read: { admin: true, employee: false, client: false },
  /** Check a step off or undo it; confirm a certification obtained elsewhere. */
  manage: { admin: true, employee: false, client: false },
  /** Sign an XML (postulación, declaración jurada) with the loaded certificate. */
  sign: { admin: true, employee: false, client: false },
});

/** The actions of {@link certificationWizardPolicy}. */
export type CertificationWizardAction = keyof typeof certificationWizardPolicy.table;

/** The permission (decision 070) each action needs besides its role: the fiscal set-up's. */
export const CERTIFICATION_WIZARD_PERMISSIONS: Record<CertificationWizardAction, Permission> = {
  read: 'invoices.write',
  manage: 'invoices.write',
  sign: 'invoices.write',
};
