import { definePolicy } from '../../lib/policy.js';

/**
 * Who may see and run the scheduled jobs (decision 110): administrators only.
 *
 * | action | admin | employee | client |
 * |--------|-------|----------|--------|
 * | manage | yes   | no       | no     |
 */
export const jobsPolicy = definePolicy({
  /** List the jobs (last and next run, failures) and run one now. */
  manage: { admin: true, employee: false, client: false },
});

/** The actions of {@link jobsPolicy}. */
export type JobsAction = keyof typeof jobsPolicy.table;
