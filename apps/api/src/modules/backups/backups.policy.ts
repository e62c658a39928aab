import { definePolicy } from '../../lib/policy.js';

/**
 * Who may see, take and download backups (decision 143): administrators only. An archive holds the
 * whole database and the keys that open its secrets, so it is as sensitive as the database.
 *
 * | action | admin | employee | client |
 * |--------|-------|----------|--------|
 * | manage | yes   | no       | no     |
 */
export const backupsPolicy = definePolicy({
  /** List the archives, take one now, download one, and see the dashboard's backup status. */
  manage: { admin: true, employee: false, client: false },
});

/** The actions of {@link backupsPolicy}. */
export type BackupsAction = keyof typeof backupsPolicy.table;
