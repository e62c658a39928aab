import type { Role } from '@agencia/shared';

/**
 * Who may do what with quotes (decision 114), following the invoices' table (decision 050):
 * admins write, employees read, clients read their own sent quotes and answer them.
 */
export const QUOTE_POLICY: Record<'read' | 'write' | 'respond', readonly Role[]> = {
  /** List, detail and PDF; clients only their own non-draft quotes (others' answer 404). */
  read: ['admin', 'employee', 'client'],
  /** Create, edit drafts, send. */
  write: ['admin'],
  /** Accept or reject: the quote's own client only (another client's → 404). */
  respond: ['client'],
};
