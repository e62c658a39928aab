import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may turn a project's billable purchases into a draft invoice ("Facturar gastos",
 * decision 142): whoever writes invoices — administrators holding `invoices.write`, the same
 * row as "Facturar horas" (decision 115). Employees and clients get 403.
 *
 * | action | admin | employee | client | permission     |
 * |--------|-------|----------|--------|----------------|
 * | bill   | yes   | no       | no     | invoices.write |
 */
export const billableExpensesPolicy = definePolicy({
  /** Preview and bill a project's billable, unbilled purchases. */
  bill: { admin: true, employee: false, client: false },
});

/** The actions of {@link billableExpensesPolicy}. */
export type BillableExpensesAction = keyof typeof billableExpensesPolicy.table;

/** The permission (decision 070) each action needs besides its role. */
export const BILLABLE_EXPENSES_PERMISSIONS = {
  bill: 'invoices.write',
} as const satisfies Record<BillableExpensesAction, Permission>;
