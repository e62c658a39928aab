import type { Permission } from '@agencia/shared';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may change the automatic payment reminders (decisions 111 and 121). "own" = the actor's
 * own client record (its opt-out switch).
 *
 * | action    | admin | employee | client | permission     |
 * |-----------|-------|----------|--------|----------------|
 * | manage    | yes   | no       | no     | invoices.write |
 * | ownOptOut | no    | no       | own    | —              |
 *
 * `manage`: the company's offsets and any client's opt-out (also needs `invoices.write`).
 */
export const reminderPolicy = definePolicy({
  /** The offsets and any client's opt-out. */
  manage: { admin: true, employee: false, client: false },
  /** The signed-in client's own switch (Configuración → Notificaciones). */
  ownOptOut: { admin: false, employee: false, client: 'own' },
});

/** The actions of {@link reminderPolicy}. */
export type ReminderAction = keyof typeof reminderPolicy.table;

/** The permission (decision 070) each action needs besides its role: reminders are about invoices. */
export const REMINDER_PERMISSIONS = {
  manage: 'invoices.write',
} as const satisfies Partial<Record<ReminderAction, Permission>>;
