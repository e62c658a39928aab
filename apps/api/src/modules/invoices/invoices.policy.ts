import type { Role } from '@agencia/shared';

/** What each role may do with invoices (decision 050): one table, tested as a matrix. */
export const INVOICE_POLICY: Record<'read' | 'write', readonly Role[]> = {
  /** Read lists, details, stats and PDFs; clients only their own (others' look like 404). */
  read: ['admin', 'employee', 'client'],
  /** Create, edit drafts, send, record payments, duplicate, cancel, delete drafts. */
  write: ['admin'],
};
