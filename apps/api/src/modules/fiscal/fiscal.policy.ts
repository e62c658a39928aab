import type { Permission, Role } from '@agencia/shared';

/**
 * Who may manage fiscal sequences and download the DGII reports (issue 12): administrators
 * only, holding the permission named (decision 070: admins hold every permission).
 */
export const FISCAL_POLICY: Record<
  'sequences' | 'reports',
  { permission: Permission; roles: readonly Role[] }
> = {
  /** List, add, deactivate ranges; void unused numbers (608). */
  sequences: { permission: 'invoices.write', roles: ['admin'] },
  /** Download the 607 / 608 text files. */
  reports: { permission: 'reports.read', roles: ['admin'] },
};
