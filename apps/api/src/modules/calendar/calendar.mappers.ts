import type { AttendeeStatus, CalendarEvent, EventPerson } from '@agencia/shared';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { type calendarEvents, clients, eventAttendees, projects, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { canEditEvent } from './calendar.policy.js';

/** A row of `calendar_events`. */
export type EventRow = typeof calendarEvents.$inferSelect;

/**
 * Event rows → `CalendarEvent`s as `actor` sees them: attendees with their answers, organizer,
 * project and client names (one query per kind for all rows), the caller's own answer
 * (`myStatus`) and whether the caller may edit (`canEdit`). Dates ISO 8601.
 */
export async function toEvents(db: Db | Tx, actor: Actor, rows: EventRow[]): Promise<CalendarEvent[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const attendees = await db
    .select({ eventId: eventAttendees.eventId, userId: eventAttendees.userId, status: eventAttendees.status })
    .from(eventAttendees)
    .where(inArray(eventAttendees.eventId, ids));
  const personIds = [
    ...new Set([
      ...attendees.map((a) => a.userId),
      ...rows.map((r) => r.organizerId).filter((v): v is string => !!v),
    ]),
  ];
  const people = new Map<string, EventPerson>();
  if (personIds.length) {
    for (const p of await db
      .select({
        _id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        avatar: users.avatar,
      })
      .from(users)
      .where(inArray(users.id, personIds)))
      people.set(p._id, p);
  }
  const projectIds = [...new Set(rows.map((r) => r.projectId).filter((v): v is string => !!v))];
  const clientIds = [...new Set(rows.map((r) => r.clientId).filter((v): v is string => !!v))];
  const projectMap = new Map(
    (projectIds.length
      ? await db
          .select({ id: projects.id, title: projects.title })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : []
    ).map((p) => [p.id, p]),
  );
  const clientMap = new Map(
    (clientIds.length
      ? await db
          .select({
            id: clients.id,
            companyName: clients.companyName,
            firstName: clients.firstName,
            lastName: clients.lastName,
          })
          .from(clients)
          .where(inArray(clients.id, clientIds))
      : []
    ).map((c) => [c.id, c]),
  );
  return rows.map((r) => {
    const own = attendees.filter((a) => a.eventId === r.id);
    const project = r.projectId ? projectMap.get(r.projectId) : undefined;
    const client = r.clientId ? clientMap.get(r.clientId) : undefined;
    return {
      _id: r.id,
      title: r.title,
      description: r.description,
      type: r.type,
      priority: r.priority,
      startDate: r.startDate.toISOString(),
      endDate: r.endDate.toISOString(),
      isAllDay: r.isAllDay,
      location: r.location,
      meetingLink: r.meetingLink,
      timezone: r.timezone,
      organizer: (r.organizerId && people.get(r.organizerId)) || null,
      attendees: own
        .map((a) => ({ user: people.get(a.userId), status: a.status }))
        .filter((a): a is { user: EventPerson; status: AttendeeStatus } => !!a.user),
      project: project ? { _id: project.id, title: project.title } : null,
      client: client
        ? { _id: client.id, name: client.companyName ?? `${client.firstName} ${client.lastName}`.trim() }
        : null,
      myStatus: own.find((a) => a.userId === actor.id)?.status ?? null,
      canEdit: canEditEvent(actor, r),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
