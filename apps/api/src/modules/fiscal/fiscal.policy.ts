import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may manage fiscal sequences and download the DGII reports (issue 12, decision 121):
 * administrators only, holding the permission named in {@link FISCAL_PERMISSIONS} (decision
 * 070: admins hold every permission). No "own" cells: fiscal data belongs to the agency.
 *
 * | action    | admin | employee | client | permission      |
 * |-----------|-------|----------|--------|-----------------|
 * | sequences | yes   | no       | no     | invoices.write  |
 * | reports   | yes   | no       | no     | reports.read    |
 * | periods   | yes   | no       | no     | invoices.write  |
 * | rates     | yes   | no       | no     | invoices.write  |
 */
export const fiscalPolicy = definePolicy({
  /** List, add, deactivate ranges; void unused numbers (608). */
  sequences: { admin: true, employee: false, client: false },
  /** Download the 606 / 607 / 608 text files; read the month's IT-1 / IR-17 summary (decision 141). */
  reports: { admin: true, employee: false, client: false },
  /** List, close and reopen fiscal periods (issue 27, decision 135). */
  periods: { admin: true, employee: false, client: false },
  /** List, set and import exchange rates (issue 27, decision 137). */
  rates: { admin: true, employee: false, client: false },
});

/** The actions of {@link fiscalPolicy}. */
export type FiscalAction = keyof typeof fiscalPolicy.table;

/** The permission (decision 070) each fiscal action needs besides its role. */
export const FISCAL_PERMISSIONS: Record<FiscalAction, Permission> = {
  sequences: 'invoices.write',
  reports: 'reports.read',
  periods: 'invoices.write',
  rates: 'invoices.write',
};
