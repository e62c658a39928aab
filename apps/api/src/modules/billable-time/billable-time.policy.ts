import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may turn a project's unbilled billable time into a draft invoice ("Facturar horas",
 * decision 115): whoever writes invoices — administrators holding `invoices.write`. The table
 * repeats `invoicePolicy.write`, and its test checks that the two agree.
 *
 * | action | admin | employee | client | permission     |
 * |--------|-------|----------|--------|----------------|
 * | bill   | yes   | no       | no     | invoices.write |
 */
export const billableTimePolicy = definePolicy({
  /** Preview and bill a project's unbilled billable hours. */
  bill: { admin: true, employee: false, client: false },
});

/** The actions of {@link billableTimePolicy}. */
export type BillableTimeAction = keyof typeof billableTimePolicy.table;

/** The permission (decision 070) each action needs besides its role. */
export const BILLABLE_TIME_PERMISSIONS = {
  bill: 'invoices.write',
} as const satisfies Record<BillableTimeAction, Permission>;
