import { definePolicy } from '../../lib/policy.js';

/**
 * Who may see received mail and act on it (decision 168).
 *
 * | action       | admin | employee | client |
 * |--------------|-------|----------|--------|
 * | `status`     | yes   | no       | no     |
 * | `unassigned` | yes   | yes      | no     |
 */
export const inboundMailPolicy = definePolicy({
  /** Read the receiving status and the log of received mail (Configuración → Correos). */
  status: { admin: true, employee: false, client: false },
  /** The "Correo sin asignar" list: read it, assign to a ticket, create a ticket, discard. */
  unassigned: { admin: true, employee: true, client: false },
});

/** The actions of {@link inboundMailPolicy}. */
export type InboundMailAction = keyof typeof inboundMailPolicy.table;
