import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may read the audit log (decisions 070 and 097): administrators holding `audit.read`, on
 * `/audit` and on a user's activity (`/users/{id}/activity`).
 *
 * | action | admin | employee | client | permission |
 * |--------|-------|----------|--------|------------|
 * | read   | yes   | no       | no     | audit.read |
 */
export const auditPolicy = definePolicy({
  /** The audit log and a user's activity. */
  read: { admin: true, employee: false, client: false },
});

/** The actions of {@link auditPolicy}. */
export type AuditAction = keyof typeof auditPolicy.table;

/** The permission (decision 070) each action needs besides its role; none where the role suffices. */
export const AUDIT_PERMISSIONS = {
  read: 'audit.read',
} as const satisfies Partial<Record<AuditAction, Permission>>;
