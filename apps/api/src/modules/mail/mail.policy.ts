import { definePolicy } from '../../lib/policy.js';

/**
 * Who may see and resend the e-mail outbox (issue 13, decision 098): administrators only.
 *
 * | action | admin | employee | client |
 * |--------|-------|----------|--------|
 * | outbox | yes   | no       | no     |
 */
export const mailPolicy = definePolicy({
  /** List failed or pending mail and put a failed one back in the queue. */
  outbox: { admin: true, employee: false, client: false },
});

/** The actions of {@link mailPolicy}. */
export type MailAction = keyof typeof mailPolicy.table;
