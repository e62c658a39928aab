import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who sees project profitability (decision 142). "Own" is the projects policy's team rule: an
 * employee reads the finances of a project on its team (another project answers 404, so
 * existence does not leak). Clients never see expenses, costs or margins: 403 on every route.
 *
 * | action          | admin | employee                | client | permission   |
 * |-----------------|-------|-------------------------|--------|--------------|
 * | readFinances    | yes   | own: project on its team | no     | —            |
 * | readReport      | yes   | no                      | no     | reports.read |
 */
export const profitabilityPolicy = definePolicy({
  /** `GET /projects/{id}/finances`. */
  readFinances: { admin: true, employee: 'own', client: false },
  /** `GET /reports/profitability`: the ranking of projects and clients by margin. */
  readReport: { admin: true, employee: false, client: false },
  /** A person's cost rate and cost on a project's time lines; own = the caller's own line (decision 142). */
  readCostRate: { admin: true, employee: 'own', client: false },
});

/** The actions of {@link profitabilityPolicy}. */
export type ProfitabilityAction = keyof typeof profitabilityPolicy.table;

/** The permission (decision 070) each action needs besides its role; the report is a report. */
export const PROFITABILITY_PERMISSIONS = {
  readReport: 'reports.read',
} as const satisfies Partial<Record<ProfitabilityAction, Permission>>;
