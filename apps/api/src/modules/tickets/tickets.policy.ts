import { ROLES, type Role } from '@agencia/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what with tickets (decision records 040 and 121). "Own" (`'own'` cells) means a
 * ticket of the actor's own client record ({@link ownsTicket}). Row scoping comes on top: a
 * client only ever reaches tickets of its own client record (others are 404, {@link ticketScope}),
 * and never sees internal messages, internal timeline entries or time logs.
 *
 * | action (cell)                  | admin | employee | client                                    |
 * |--------------------------------|-------|----------|-------------------------------------------|
 * | list / read / stats (`read`)   | all   | all      | own client's tickets                      |
 * | `create`                       | yes   | yes      | own: client forced from the session       |
 * | `editBasicFields`              | yes   | yes      | own: title, description, priority while open |
 * | `editStaffFields`              | yes   | yes      | no                                        |
 * | `reply`                        | yes   | yes      | own (never internal)                      |
 * | `readInternal`, `internalMessages` | yes | yes    | no                                        |
 * | `assign`, `logTime`, `close`   | yes   | yes      | no                                        |
 * | `changeStatus`                 | yes   | yes      | own: reopen resolved, cancel unresolved   |
 * | `watch` / `watchOthers`        | yes / yes | yes / yes | own / no (self only)                |
 * | `delete`                       | yes   | no       | no                                        |
 *
 * Shape questions answered by the table: `read` `true` (not `'own'`) means the role sees every
 * ticket and acts for the support team (its replies and new tickets notify the client's users, a
 * client's reply on `pending_client` reopens the ticket); `readInternal` decides whether internal
 * notes, internal timeline entries and files attached to internal notes are shown.
 */
export const ticketPolicy = definePolicy({
  /** See a ticket (and list, stats): staff any, a client its own client record's. */
  read: { admin: true, employee: true, client: 'own' },
  /** Open a ticket: staff for any client (or none), a client only for its own client record. */
  create: { admin: true, employee: true, client: 'own' },
  /** Change title, description and priority (a client: only while open or waiting on it). */
  editBasicFields: { admin: true, employee: true, client: 'own' },
  /** Change every other field (type, status fields, project, estimate, related tickets…). */
  editStaffFields: { admin: true, employee: true, client: false },
  /** Post a public reply. */
  reply: { admin: true, employee: true, client: 'own' },
  /** See internal notes, internal timeline entries and files attached to internal notes. */
  readInternal: { admin: true, employee: true, client: false },
  /** Post an internal note. */
  internalMessages: { admin: true, employee: true, client: false },
  assign: { admin: true, employee: true, client: false },
  /** Log time and see the time log. */
  logTime: { admin: true, employee: true, client: false },
  close: { admin: true, employee: true, client: false },
  /** Change the status (which moves: `canTransitionTicket` in `@agencia/shared`). */
  changeStatus: { admin: true, employee: true, client: 'own' },
  /** Start or stop watching a ticket oneself. */
  watch: { admin: true, employee: true, client: 'own' },
  /** Add or remove another user as a watcher. */
  watchOthers: { admin: true, employee: true, client: false },
  delete: { admin: true, employee: false, client: false },
});

/** An action of {@link ticketPolicy}. */
export type TicketAction = keyof typeof ticketPolicy.table;

/** Roles that see every ticket (their `read` cell is `true`): the support team, told of every change live. */
export const TICKET_STAFF_ROLES: Role[] = ROLES.filter((role) => ticketPolicy.table.read[role] === true);

/** True when `actor` sees every ticket and acts for the support team (`read` without ownership). */
export const actsForSupport = (actor: Pick<Actor, 'role'>): boolean => ticketPolicy.can(actor.role, 'read');

/** True when the ticket belongs to the actor's own client record (the `'own'` of {@link ticketPolicy}). */
export const ownsTicket = (actor: Pick<Actor, 'clientId'>, ticket: { clientId: string | null }): boolean =>
  actor.clientId !== null && actor.clientId === ticket.clientId;

/** Rows the actor may see: staff all, a client only its own client record's tickets. */
export function ticketScope(actor: Actor): SQL | undefined {
  if (actsForSupport(actor)) return undefined;
  return actor.clientId ? eq(tickets.clientId, actor.clientId) : sql`false`;
}

/** Fields a client may change on its own open ticket. */
export const CLIENT_EDITABLE_FIELDS = ['title', 'description', 'priority'] as const;
