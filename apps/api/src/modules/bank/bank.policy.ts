import { definePolicy } from '../../lib/policy.js';

/**
 * Who may reconcile the bank (issue 48, decision 166): admins only — the accounts, their
 * statements and lines, matching (which records payments and expenses), debit rules and the
 * monthly summary. Employees and clients get 403 at the route.
 *
 * | action | admin | employee | client |
 * |--------|-------|----------|--------|
 * | manage | yes   | no       | no     |
 */
export const bankPolicy = definePolicy({
  manage: { admin: true, employee: false, client: false },
});

/** The actions of {@link bankPolicy}. */
export type BankAction = keyof typeof bankPolicy.table;
