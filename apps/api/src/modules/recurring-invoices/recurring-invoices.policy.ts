import type { Role } from '@agencia/shared';

/** Who may do what with retainers (decision 111): one table, tested per role. */
export const RECURRING_INVOICE_POLICY: Record<'read' | 'write', readonly Role[]> = {
  /** List/read: admins all; clients their own active retainers (others' answer 404). */
  read: ['admin', 'client'],
  /** Create, edit, pause/resume, generate now. */
  write: ['admin'],
};
