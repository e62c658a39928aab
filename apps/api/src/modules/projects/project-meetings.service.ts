import type {
  CreateMeetingRequestSchema,
  Pagination,
  ProjectMeeting,
  ProjectSubListQuerySchema,
  UpdateMeetingRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { projectMeetings, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import type { Written } from '../../lib/effects.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import type { Actor } from '../../plugins/auth.js';
import { audienceEffects, audienceOf } from './projects.effects.js';
import { type AttendeeNames, toMeeting } from './projects.mappers.js';
import { projectPolicy } from './projects.policy.js';
import { type Input, loadVisible, touch, type WriteArgs } from './projects.queries.js';

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
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: z.output<typeof ProjectSubListQuerySchema>;
}): Promise<{ meetings: ProjectMeeting[]; pagination: Pagination }> {
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
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateMeetingRequestSchema>> & { id: string }): Promise<Written<ProjectMeeting>> {
  const project = await loadVisible(db, actor, id);
  if (!projectPolicy.can(actor.role, 'manageMeetings'))
    throw forbidden('Solo el equipo puede agendar reuniones.');
  const attendeeIds = [...new Set(input.attendees)];
  await assertAttendees(db, project, attendeeIds);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projectMeetings)
      .values({
        projectId: id,
        title: input.title,
        date: new Date(input.date),
        durationMinutes: input.duration,
        attendeeIds,
        notes: input.notes,
        link: input.link,
        createdBy: actor.id,
      })
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'meeting.scheduled',
      entityType: 'meeting',
      entityId: row!.id,
      clientId: project.clientId,
      projectId: id,
      title: `Reunión agendada en ${project.title}: ${row!.title}`,
    });
    await audit(tx, ctx, 'project.meeting.created', { type: 'meeting', id: row!.id });
    return {
      value: toMeeting(row!, await attendeeNames(tx, attendeeIds)),
      effects: await audienceEffects(tx, project),
    };
  });
}

/* ───────────── corrections: edit and delete meetings (decision 036) ───────────── */

/** Staff check, then the meeting of project `id` (404 when missing or of another project). */
async function loadChangeableMeeting(db: Db, actor: Actor, id: string, meetingId: string) {
  const project = await loadVisible(db, actor, id);
  if (!projectPolicy.can(actor.role, 'manageMeetings'))
    throw forbidden('Solo el equipo puede gestionar reuniones.');
  const [meeting] = await db
    .select()
    .from(projectMeetings)
    .where(and(eq(projectMeetings.id, meetingId), eq(projectMeetings.projectId, id)))
    .limit(1);
  if (!meeting) throw notFound('Reunión no encontrada');
  return { project, meeting };
}

/**
 * `PATCH /projects/{id}/meetings/{meetingId}` (staff who see the project): any create field with
 * the create rules (attendees from the project's audience, 400 otherwise). Clients 403.
 */
export async function updateMeeting({
  db,
  actor,
  ctx,
  id,
  meetingId,
  input,
}: WriteArgs<Input<typeof UpdateMeetingRequestSchema>> & {
  id: string;
  meetingId: string;
}): Promise<Written<ProjectMeeting>> {
  const { project } = await loadChangeableMeeting(db, actor, id, meetingId);
  const attendeeIds = input.attendees ? [...new Set(input.attendees)] : undefined;
  if (attendeeIds) await assertAttendees(db, project, attendeeIds);
  const patch: Partial<typeof projectMeetings.$inferInsert> = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.date !== undefined) patch.date = new Date(input.date);
  if (input.duration !== undefined) patch.durationMinutes = input.duration;
  if (attendeeIds) patch.attendeeIds = attendeeIds;
  if (input.notes !== undefined) patch.notes = input.notes;
  if (input.link !== undefined) patch.link = input.link;
  const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projectMeetings)
      .set(patch)
      .where(eq(projectMeetings.id, meetingId))
      .returning();
    if (!row) throw notFound('Reunión no encontrada'); // deleted meanwhile
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'meeting.updated',
      entityType: 'meeting',
      entityId: meetingId,
      clientId: project.clientId,
      projectId: id,
      title: `Reunión actualizada en ${project.title}: ${row.title}`,
      metadata: { fields },
    });
    await audit(tx, ctx, 'project.meeting.updated', { type: 'meeting', id: meetingId }, { fields });
    return {
      value: toMeeting(row, await attendeeNames(tx, row.attendeeIds)),
      effects: await audienceEffects(tx, project),
    };
  });
}

/** `DELETE /projects/{id}/meetings/{meetingId}` (staff who see the project). Clients 403. */
export async function deleteMeeting({
  db,
  actor,
  ctx,
  id,
  meetingId,
}: Omit<WriteArgs<unknown>, 'input'> & { id: string; meetingId: string }): Promise<Written<void>> {
  const { project, meeting } = await loadChangeableMeeting(db, actor, id, meetingId);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(projectMeetings)
      .where(eq(projectMeetings.id, meetingId))
      .returning({ id: projectMeetings.id });
    if (gone.length === 0) throw notFound('Reunión no encontrada'); // deleted meanwhile
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'meeting.deleted',
      entityType: 'meeting',
      entityId: meetingId,
      clientId: project.clientId,
      projectId: id,
      title: `Reunión cancelada en ${project.title}: ${meeting.title}`,
    });
    await audit(
      tx,
      ctx,
      'project.meeting.deleted',
      { type: 'meeting', id: meetingId },
      { title: meeting.title },
    );
    return { value: undefined, effects: await audienceEffects(tx, project) };
  });
}
