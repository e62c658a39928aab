import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';
import { invoicePolicy } from '../invoices/invoices.policy.js';

/**
 * Who may read and change the company settings (spec doc 2 §7 "Settings", decision 070). Every
 * signed-in user reads them (the shell and the documents show the company); admins change them and
 * see the integrations. The payment instructions follow the invoices' read policy (whoever sees an
 * invoice sees how to pay it): their row is the invoices' `read` row, and their permission too.
 *
 * | action                  | admin | employee | client | permission     |
 * |-------------------------|-------|----------|--------|----------------|
 * | read                    | yes   | yes      | yes    | —              |
 * | write                   | yes   | no       | no     | settings.write |
 * | integrations            | yes   | no       | no     | —              |
 * | readPaymentInstructions | yes   | yes      | own    | invoices.read  |
 *
 * `readPaymentInstructions` is the invoices' `read` row ("own": a client with its client record).
 */
export const settingsPolicy = definePolicy({
  /** `GET /settings`, `GET /settings/business-hours`. */
  read: { admin: true, employee: true, client: true },
  /** `PUT /settings`, `PUT /settings/payment-instructions`, `PUT /settings/business-hours`. */
  write: { admin: true, employee: false, client: false },
  /** Integration status and the test e-mail. */
  integrations: { admin: true, employee: false, client: false },
  /** `GET /settings/payment-instructions`: whoever may read invoices (a client its own). */
  readPaymentInstructions: invoicePolicy.table.read,
});

/** The actions of {@link settingsPolicy}. */
export type SettingsAction = keyof typeof settingsPolicy.table;

/** The permission (decision 070) each action needs besides its role; none where the role suffices. */
export const SETTINGS_PERMISSIONS = {
  write: 'settings.write',
  readPaymentInstructions: 'invoices.read',
} as const satisfies Partial<Record<SettingsAction, Permission>>;
