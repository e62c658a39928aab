import { eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { calendarEvents, eventAttendees } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { definePolicy } from '../../lib/policy.js';

/**
 * Who may do what in the calendar (decision records 044 and 121), one table. Route permissions
 * (`calendar.read`, `calendar.write`, decision 061) come first; this is the resource-level check.
 *
 * | action                       | admin | employee        | client                               |
 * |------------------------------|-------|-----------------|--------------------------------------|
 * | read events                  | all   | all             | attends, organises or own client's   |
 * | edit / delete an event       | any   | own (organizer) | own (organizer)                      |
 * | invite client users          | any   | any             | own client record's (and all staff)  |
 * | link a client / project      | any   | any             | own client record only (forced)      |
 * | hear every event change      | yes   | yes             | only events of its audience          |
 *
 * "Own" (`editEvent`): the actor organises the event ({@link organizes}). An event the caller may
 * not see answers 404; a visible one it may not edit answers 403.
 */
export const calendarPolicy = definePolicy({
  /** See every event and hear of every change (others: the row scope {@link eventScope}). */
  readAll: { admin: true, employee: true, client: false },
  /** Edit or delete an event; own = its organizer. */
  editEvent: { admin: true, employee: 'own', client: 'own' },
  /** Invite users of any client record (others: staff and their own client record's users). */
  inviteAnyClient: { admin: true, employee: true, client: false },
  /** Link an event to any client or project (others: their own client record's, set for them). */
  linkAnyClient: { admin: true, employee: true, client: false },
});

/** The actions of {@link calendarPolicy}. */
export type CalendarAction = keyof typeof calendarPolicy.table;

/** Ownership of an event: the actor organises it. */
export const organizes = (actor: Pick<Actor, 'id'>, row: { organizerId: string | null }): boolean =>
  row.organizerId !== null && row.organizerId === actor.id;

/** Only the organizer or an admin edits or deletes. */
export const canEditEvent = (actor: Pick<Actor, 'id' | 'role'>, row: { organizerId: string | null }) =>
  calendarPolicy.can(actor.role, 'editEvent', organizes(actor, row));

/**
 * Events the actor may see (decision record 044): staff all; a client the events it
 * attends, organises, or that belong to its own client record.
 */
export function eventScope(actor: Pick<Actor, 'id' | 'role' | 'clientId'>): SQL | undefined {
  if (calendarPolicy.can(actor.role, 'readAll')) return undefined;
  const attends = exists(
    sql`(select 1 from ${eventAttendees} where ${eventAttendees.eventId} = ${calendarEvents.id} and ${eventAttendees.userId} = ${actor.id})`,
  );
  return or(
    attends,
    eq(calendarEvents.organizerId, actor.id),
    actor.clientId ? eq(calendarEvents.clientId, actor.clientId) : undefined,
  );
}
