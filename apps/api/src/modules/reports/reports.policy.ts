import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may read the reports (spec doc 2 §7 "Reports", decision 070): administrators holding
 * `reports.read`. The DGII files are the fiscal module's (`fiscalPolicy.reports`).
 *
 * | action | admin | employee | client | permission   |
 * |--------|-------|----------|--------|--------------|
 * | read   | yes   | no       | no     | reports.read |
 */
export const reportsPolicy = definePolicy({
  /** Period cards, charts and the CSV export. */
  read: { admin: true, employee: false, client: false },
});

/** The actions of {@link reportsPolicy}. */
export type ReportsAction = keyof typeof reportsPolicy.table;

/** The permission (decision 070) each action needs besides its role; none where the role suffices. */
export const REPORTS_PERMISSIONS = {
  read: 'reports.read',
} as const satisfies Partial<Record<ReportsAction, Permission>>;
