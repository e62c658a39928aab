import { definePolicy } from '../../lib/policy.js';

/**
 * Who may change the automatic payment reminders (decisions 111 and 121). "own" = the actor's
 * own client record (its opt-out switch).
 *
 * | action    | admin | employee | client |
 * |-----------|-------|----------|--------|
 * | manage    | yes   | no       | no     |
 * | ownOptOut | no    | no       | own    |
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
