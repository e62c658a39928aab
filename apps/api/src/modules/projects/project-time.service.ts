import {
  type CreateTimeEntryRequestSchema,
  fromCents,
  type ProjectDetail,
  type TimeEntry,
  timeCostCents,
  type UpdateTimeEntryRequestSchema,
} from '@agencia/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { invoices, projectMembers, projectTimeEntries, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { Written } from '../../lib/effects.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import { deleteRowOr404, withProjectWrite } from './project-writes.js';
import { hoursOf, toTimeEntry } from './projects.mappers.js';
import { ownsTimeEntry, projectPolicy } from './projects.policy.js';
import {
  countOf,
  type Input,
  loadVisible,
  type RowDeleteArgs,
  type RowWriteArgs,
  type SubListArgs,
  todayInAgency,
  type WriteArgs,
} from './projects.queries.js';

/** Time of project `id` the caller may read: clients billable time only (decision 032). */
function timeVisibleTo(actor: Pick<Actor, 'role'>, id: string) {
  return and(
    eq(projectTimeEntries.projectId, id),
    projectPolicy.can(actor.role, 'readInternal') ? undefined : eq(projectTimeEntries.billable, true),
  );
}

/**
 * The detail's time summary of project `id` as SQL aggregates (same cost at any size): hours in
 * all and billable, entries, hours per member (in the order of their latest entry, as the time
 * log shows them) and, for staff, the internal cost by the one rule of `timeCostCents` (each
 * person's cost rate, decision 163; major units) with the hours of people without a rate apart.
 * Clients count billable time only and never get the cost.
 */
export async function timeSummaryOf({
  db,
  actor,
  id,
}: {
  db: Db | Tx;
  actor: Pick<Actor, 'role'>;
  id: string;
}): Promise<ProjectDetail['timeSummary']> {
  // One row per member who logged time: minutes in all, billable minutes and entries.
  const perMember = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      rateCents: users.costRateCents,
      minutes: sql<number>`coalesce(sum(${projectTimeEntries.minutes}), 0)::int`.mapWith(Number),
      billableMinutes:
        sql<number>`coalesce(sum(${projectTimeEntries.minutes}) filter (where ${projectTimeEntries.billable}), 0)::int`.mapWith(
          Number,
        ),
      entries: countOf,
    })
    .from(projectTimeEntries)
    .innerJoin(users, eq(users.id, projectTimeEntries.userId))
    .where(timeVisibleTo(actor, id))
    .groupBy(users.id, users.firstName, users.lastName, users.costRateCents)
    .orderBy(
      sql`max(${projectTimeEntries.date}) desc`,
      sql`max(${projectTimeEntries.createdAt}) desc`,
      asc(users.id),
    );

  const totalMinutes = perMember.reduce((s, m) => s + m.minutes, 0);
  const billableMinutes = perMember.reduce((s, m) => s + m.billableMinutes, 0);
  const entries = perMember.reduce((s, m) => s + m.entries, 0);
  // The one time-cost rule (decision 163): each person's cost rate, as Finanzas and Rentabilidad.
  const internal = projectPolicy.can(actor.role, 'readInternal')
    ? {
        internalCost: fromCents(perMember.reduce((s, m) => s + timeCostCents(m), 0)),
        unratedHours: hoursOf(
          perMember.filter((m) => m.rateCents === null).reduce((s, m) => s + m.minutes, 0),
        ),
      }
    : {};
  return {
    totalHours: hoursOf(totalMinutes),
    billableHours: hoursOf(billableMinutes),
    entries,
    ...internal,
    byMember: perMember.map((m) => ({
      _id: m.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      hours: hoursOf(m.minutes),
    })),
  };
}

/**
 * `GET /projects/{id}/time-entries`: one page of the time log, latest date first (then newest,
 * then id). Clients get billable time only. 404 when the caller may not see the project.
 */
export async function listProjectTimeEntries({ db, actor, id, input }: SubListArgs) {
  await loadVisible(db, actor, id);
  const cond = timeVisibleTo(actor, id);
  // Staff only: a client never learns of drafts through the time log (decision 115).
  const showInvoice = projectPolicy.can(actor.role, 'readInternal');
  const { rows, pagination } = await pagedSelect(db, input, {
    table: projectTimeEntries,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select({
          id: projectTimeEntries.id,
          minutes: projectTimeEntries.minutes,
          description: projectTimeEntries.description,
          date: projectTimeEntries.date,
          billable: projectTimeEntries.billable,
          createdAt: projectTimeEntries.createdAt,
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
        })
        .from(projectTimeEntries)
        .innerJoin(users, eq(users.id, projectTimeEntries.userId))
        .leftJoin(invoices, eq(invoices.id, projectTimeEntries.invoiceId))
        .where(cond)
        .orderBy(
          desc(projectTimeEntries.date),
          desc(projectTimeEntries.createdAt),
          desc(projectTimeEntries.id),
        )
        .limit(limit)
        .offset(offset),
  });
  return {
    timeEntries: rows.map(
      (t): TimeEntry => ({
        ...toTimeEntry(t, { _id: t.userId, firstName: t.firstName, lastName: t.lastName }),
        invoice:
          showInvoice && t.invoiceId && t.invoiceNumber
            ? { _id: t.invoiceId, invoiceNumber: t.invoiceNumber }
            : null,
      }),
    ),
    pagination,
  };
}

/** Time is logged for days that have happened (decision record 035): 400 for a future date. */
function assertNotFuture(date: string) {
  if (date > todayInAgency()) {
    throw badRequest('No se puede registrar tiempo en fechas futuras', [
      { field: 'date', message: 'No se puede registrar tiempo en fechas futuras' },
    ]);
  }
}

/**
 * `POST /projects/{id}/time-entries` (staff). Employees log their own time only; admins may
 * log for any team member. The user must be on the team (400 otherwise).
 */
export async function addTimeEntry({
  input,
  ...args
}: WriteArgs<Input<typeof CreateTimeEntryRequestSchema>> & { id: string }): Promise<Written<TimeEntry>> {
  const { db, actor } = args;
  const userId = input.userId ?? actor.id;
  const date = input.date ?? todayInAgency();
  return withProjectWrite({
    ...args,
    allow: { action: 'logTime', owns: true, message: 'Solo el equipo puede registrar tiempo.' },
    prepare: async (project) => {
      if (!projectPolicy.can(actor.role, 'logTime', userId === actor.id)) {
        throw forbidden('Solo un administrador puede registrar tiempo de otro miembro.');
      }
      const [member] = await db
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, userId)))
        .limit(1);
      if (!member) {
        throw badRequest('El miembro no pertenece al equipo del proyecto', [
          { field: 'userId', message: 'El miembro no pertenece al equipo del proyecto' },
        ]);
      }
      assertNotFuture(date);
    },
    write: async (tx, project) => {
      const [row] = await tx
        .insert(projectTimeEntries)
        .values({
          projectId: project.id,
          userId,
          minutes: Math.round(input.hours * 60),
          description: input.description,
          date,
          billable: input.billable,
          createdBy: actor.id,
        })
        .returning();
      const [user] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      return {
        value: toTimeEntry(row!, { _id: userId, firstName: user!.firstName, lastName: user!.lastName }),
        activity: {
          type: 'time.logged',
          entityType: 'time_entry',
          entityId: row!.id,
          title: `${user!.firstName} registró ${input.hours} h en ${project.title}`,
          isInternal: !input.billable,
          metadata: { hours: input.hours },
        },
        audit: {
          action: 'project.time.logged',
          target: { type: 'time_entry', id: row!.id },
          metadata: { hours: input.hours },
        },
      };
    },
  });
}

/* ───────────── corrections: edit and delete time entries (decision 036) ───────────── */

/** A time entry of project `id` with its member's name; 404 when missing or of another project. */
async function loadTimeEntry(db: Db | Tx, id: string, entryId: string) {
  const [row] = await db
    .select({
      entry: projectTimeEntries,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(projectTimeEntries)
    .innerJoin(users, eq(users.id, projectTimeEntries.userId))
    .where(and(eq(projectTimeEntries.id, entryId), eq(projectTimeEntries.projectId, id)))
    .limit(1);
  if (!row) throw notFound('Registro de tiempo no encontrado');
  return row;
}

/** Staff may change time entries (403 with `message`); asked before the entry is looked up. */
const changeTime = {
  action: 'changeTimeEntry',
  owns: true,
  message: 'Solo el equipo puede modificar el tiempo registrado.',
} as const;

/** After the staff check: 404 for a missing entry; then ownership 403; then 409 once invoiced. */
async function loadChangeableTimeEntry(db: Db, actor: Actor, id: string, entryId: string) {
  const found = await loadTimeEntry(db, id, entryId);
  if (!projectPolicy.can(actor.role, 'changeTimeEntry', ownsTimeEntry(actor, found.entry))) {
    throw forbidden('Solo puedes modificar tu propio tiempo registrado.');
  }
  if (found.entry.invoiceId) {
    throw conflict(
      'Este registro ya fue facturado: cancela o elimina el borrador de la factura para modificarlo.',
    );
  }
  return found;
}

/**
 * `PATCH /projects/{id}/time-entries/{entryId}`: the member whose time it is, or an admin,
 * corrects hours, date (not in the future, 400) or description. Totals are computed on read,
 * so the project's time summary follows. 403 for clients and for another member's entry
 * (non-admin); 404 for an entry of another project.
 */
export async function updateTimeEntry({
  entryId,
  input,
  ...args
}: RowWriteArgs<Input<typeof UpdateTimeEntryRequestSchema>, 'entryId'>): Promise<Written<TimeEntry>> {
  const patch: Partial<typeof projectTimeEntries.$inferInsert> = {};
  if (input.hours !== undefined) patch.minutes = Math.round(input.hours * 60);
  if (input.description !== undefined) patch.description = input.description;
  if (input.date !== undefined) patch.date = input.date;
  const fields = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  return withProjectWrite({
    ...args,
    allow: changeTime,
    prepare: async (project) => {
      const found = await loadChangeableTimeEntry(args.db, args.actor, project.id, entryId);
      if (input.date !== undefined) assertNotFuture(input.date);
      return found;
    },
    write: async (tx, project, { entry, firstName, lastName }) => {
      const [row] = await tx
        .update(projectTimeEntries)
        .set(patch)
        .where(eq(projectTimeEntries.id, entryId))
        .returning();
      if (!row) throw notFound('Registro de tiempo no encontrado'); // deleted meanwhile
      const hours = hoursOf(row.minutes);
      const metadata = { fields, hours, previousHours: hoursOf(entry.minutes) };
      return {
        value: toTimeEntry(row, { _id: row.userId, firstName, lastName }),
        activity: {
          type: 'time.updated',
          entityType: 'time_entry',
          entityId: entryId,
          title: `Registro de tiempo de ${firstName} corregido en ${project.title}: ${hours} h`,
          isInternal: !row.billable,
          metadata,
        },
        audit: { action: 'project.time.updated', target: { type: 'time_entry', id: entryId }, metadata },
      };
    },
  });
}

/** `DELETE /projects/{id}/time-entries/{entryId}`: same rules as {@link updateTimeEntry}. */
export async function deleteTimeEntry({
  entryId,
  ...args
}: RowDeleteArgs<'entryId'>): Promise<Written<void>> {
  return withProjectWrite({
    ...args,
    allow: changeTime,
    prepare: (project) => loadChangeableTimeEntry(args.db, args.actor, project.id, entryId),
    write: async (tx, project, { entry, firstName }) => {
      const hours = hoursOf(entry.minutes);
      await deleteRowOr404(tx, projectTimeEntries, entryId, 'Registro de tiempo no encontrado');
      return {
        value: undefined,
        activity: {
          type: 'time.deleted',
          entityType: 'time_entry',
          entityId: entryId,
          title: `Registro de tiempo de ${firstName} eliminado en ${project.title}: ${hours} h`,
          isInternal: !entry.billable,
          metadata: { hours },
        },
        audit: {
          action: 'project.time.deleted',
          target: { type: 'time_entry', id: entryId },
          metadata: { hours, userId: entry.userId, date: entry.date },
        },
      };
    },
  });
}
