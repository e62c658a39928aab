import type {
  CreateMeetingRequestSchema,
  Pagination,
  ProjectMeeting,
  UpdateMeetingRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMeetings, users } from '../../db/schema/index.js';
import type { Written } from '../../lib/effects.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import { deleteRowOr404, withProjectWrite } from './project-writes.js';
import { audienceOf } from './projects.effects.js';
import { type AttendeeNames, toMeeting } from './projects.mappers.js';
import {
  type Input,
  loadVisible,
  type RowDeleteArgs,
  type RowWriteArgs,
  type SubListArgs,
  type WriteArgs,
} from './projects.queries.js';

/** Names of the given users by id (meeting attendees); no query for an empty list. */
async function attendeeNames(db: Db | Tx, ids: string[]): Promise<AttendeeNames> {
  const rows = ids.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return new Map(rows.map((a) => [a.id, a]));
}

/**
 * `GET /projects/{id}/meetings`: one page of the project's meetings, latest date first (ties on
 * id, so pages never overlap), with their attendees' names. Everyone who sees the project sees
 * its meetings; 404 when the caller may not see the project.
 */
export async function listProjectMeetings({
  db,
  actor,
  id,
  input,
}: SubListArgs): Promise<{ meetings: ProjectMeeting[]; pagination: Pagination }> {
  await loadVisible(db, actor, id);
  const cond = eq(projectMeetings.projectId, id);
  const { rows, pagination } = await pagedSelect(db, input, {
    table: projectMeetings,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(projectMeetings)
        .where(cond)
        .orderBy(desc(projectMeetings.date), desc(projectMeetings.id))
        .limit(limit)
        .offset(offset),
  });
  const attendeeById = await attendeeNames(db, [...new Set(rows.flatMap((m) => m.attendeeIds))]);
  return { meetings: rows.map((m) => toMeeting(m, attendeeById)), pagination };
}

/** Meeting attendees must be team members, client users of the project or admins (400 otherwise). */
async function assertAttendees(
  db: Db | Tx,
  project: { id: string; clientId: string },
  attendeeIds: string[],
) {
  if (!attendeeIds.length) return;
  const audience = new Set(await audienceOf(db, project.id, project.clientId));
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), inArray(users.id, attendeeIds)));
  for (const a of admins) audience.add(a.id);
  if (attendeeIds.some((a) => !audience.has(a))) {
    throw badRequest('Los asistentes deben ser del equipo o del cliente del proyecto', [
      { field: 'attendees', message: 'Asistente inválido' },
    ]);
  }
}

/** `POST /projects/{id}/meetings` (staff). Attendees must be team members, client users of the project or admins. */
export async function addMeeting({
  input,
  ...args
}: WriteArgs<Input<typeof CreateMeetingRequestSchema>> & { id: string }): Promise<Written<ProjectMeeting>> {
  const attendeeIds = [...new Set(input.attendees)];
  return withProjectWrite({
    ...args,
    allow: { action: 'manageMeetings', message: 'Solo el equipo puede agendar reuniones.' },
    prepare: (project) => assertAttendees(args.db, project, attendeeIds),
    write: async (tx, project) => {
      const [row] = await tx
        .insert(projectMeetings)
        .values({
          projectId: project.id,
          title: input.title,
          date: new Date(input.date),
          durationMinutes: input.duration,
          attendeeIds,
          notes: input.notes,
          link: input.link,
          createdBy: args.actor.id,
        })
        .returning();
      return {
        value: toMeeting(row!, await attendeeNames(tx, attendeeIds)),
        activity: {
          type: 'meeting.scheduled',
          entityType: 'meeting',
          entityId: row!.id,
          title: `Reunión agendada en ${project.title}: ${row!.title}`,
        },
        audit: { action: 'project.meeting.created', target: { type: 'meeting', id: row!.id } },
      };
    },
  });
}

/* ───────────── corrections: edit and delete meetings (decision 036) ───────────── */

/** Staff may change meetings (403 with `message`); asked before the meeting is looked up. */
const changeMeetings = {
  action: 'manageMeetings',
  message: 'Solo el equipo puede gestionar reuniones.',
} as const;

/** The meeting of project `id` (404 when missing or of another project). */
async function loadMeeting(db: Db, id: string, meetingId: string) {
  const [meeting] = await db
    .select()
    .from(projectMeetings)
    .where(and(eq(projectMeetings.id, meetingId), eq(projectMeetings.projectId, id)))
    .limit(1);
  if (!meeting) throw notFound('Reunión no encontrada');
  return meeting;
}

/**
 * `PATCH /projects/{id}/meetings/{meetingId}` (staff who see the project): any create field with
 * the create rules (attendees from the project's audience, 400 otherwise). Clients 403.
 */
export async function updateMeeting({
  meetingId,
  input,
  ...args
}: RowWriteArgs<Input<typeof UpdateMeetingRequestSchema>, 'meetingId'>): Promise<Written<ProjectMeeting>> {
  const attendeeIds = input.attendees ? [...new Set(input.attendees)] : undefined;
  const patch: Partial<typeof projectMeetings.$inferInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.date !== undefined) patch.date = new Date(input.date);
  if (input.duration !== undefined) patch.durationMinutes = input.duration;
  if (attendeeIds) patch.attendeeIds = attendeeIds;
  if (input.notes !== undefined) patch.notes = input.notes;
  if (input.link !== undefined) patch.link = input.link;
  const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  return withProjectWrite({
    ...args,
    allow: changeMeetings,
    prepare: async (project) => {
      await loadMeeting(args.db, project.id, meetingId);
      if (attendeeIds) await assertAttendees(args.db, project, attendeeIds);
    },
    write: async (tx, project) => {
      const [row] = await tx
        .update(projectMeetings)
        .set(patch)
        .where(eq(projectMeetings.id, meetingId))
        .returning();
      if (!row) throw notFound('Reunión no encontrada'); // deleted meanwhile
      return {
        value: toMeeting(row, await attendeeNames(tx, row.attendeeIds)),
        activity: {
          type: 'meeting.updated',
          entityType: 'meeting',
          entityId: meetingId,
          title: `Reunión actualizada en ${project.title}: ${row.title}`,
          metadata: { fields },
        },
        audit: {
          action: 'project.meeting.updated',
          target: { type: 'meeting', id: meetingId },
          metadata: { fields },
        },
      };
    },
  });
}

/** `DELETE /projects/{id}/meetings/{meetingId}` (staff who see the project). Clients 403. */
export async function deleteMeeting({
  meetingId,
  ...args
}: RowDeleteArgs<'meetingId'>): Promise<Written<void>> {
  return withProjectWrite({
    ...args,
    allow: changeMeetings,
    prepare: (project) => loadMeeting(args.db, project.id, meetingId),
    write: async (tx, project, meeting) => {
      await deleteRowOr404(tx, projectMeetings, meetingId, 'Reunión no encontrada');
      return {
        value: undefined,
        activity: {
          type: 'meeting.deleted',
          entityType: 'meeting',
          entityId: meetingId,
          title: `Reunión cancelada en ${project.title}: ${meeting.title}`,
        },
        audit: {
          action: 'project.meeting.deleted',
          target: { type: 'meeting', id: meetingId },
          metadata: { title: meeting.title },
        },
      };
    },
  });
}
