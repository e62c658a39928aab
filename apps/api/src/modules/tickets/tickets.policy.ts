import type { Role } from '@agencia/shared';

/**
 * Who may do what with tickets (decision record 040). Row scoping comes on top: a client
 * only ever reaches tickets of its own client record (others are 404), and never sees
 * internal messages, internal timeline entries or time logs.
 *
 * | action                    | admin | employee | client (own tickets)                   |
 * |---------------------------|-------|----------|----------------------------------------|
 * | list / read / stats       | all   | all      | own client's tickets                   |
 * | create                    | yes   | yes      | yes, client forced from the session    |
 * | edit basic fields         | yes   | yes      | title, description, priority while open|
 * | edit staff fields         | yes   | yes      | no                                     |
 * | reply                     | yes   | yes      | yes (never internal)                   |
 * | internal message          | yes   | yes      | no                                     |
 * | assign / log time / close | yes   | yes      | no                                     |
 * | status change             | yes   | yes      | reopen resolved, cancel unresolved     |
 * | watch                     | self + others | self + others | self only                 |
 * | delete                    | yes   | no       | no                                     |
 */
export const TICKET_POLICY = {
  delete: ['admin'],
  assign: ['admin', 'employee'],
  logTime: ['admin', 'employee'],
  close: ['admin', 'employee'],
  internalMessages: ['admin', 'employee'],
  staffFields: ['admin', 'employee'],
  watchOthers: ['admin', 'employee'],
} as const satisfies Record<string, readonly Role[]>;

/** True when `role` may perform `action` per {@link TICKET_POLICY}. */
export function ticketAllows(role: Role, action: keyof typeof TICKET_POLICY): boolean {
  return (TICKET_POLICY[action] as readonly Role[]).includes(role);
}

/** Fields a client may change on its own open ticket. */
export const CLIENT_EDITABLE_FIELDS = ['title', 'description', 'priority'] as const;
