import {
  allowedProjectTransitions,
  type CreateProjectRequestSchema,
  canTransitionProject,
  PROJECT_STATUS_LABELS,
  type ProjectDetail,
  toCents,
  type UpdateProjectRequestSchema,
} from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMembers, projects, users } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { StoredNotifications, Written } from '../../lib/effects.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { countFiles } from './project-files.service.js';
import { milestonesOf } from './project-milestones.service.js';
import { countNotes } from './project-notes.service.js';
import { timeSummaryOf } from './project-time.service.js';
import { type ProjectActivity, type ProjectRow, withProjectWrite } from './project-writes.js';
import { audienceEffects, audienceOf, notifyAssigned, projectChanged } from './projects.effects.js';
import { editableFields, projectPolicy } from './projects.policy.js';
import { type Input, selectSummaries, type WriteArgs } from './projects.queries.js';
import { assertClientExists, assertStaff, statusSideEffects } from './projects.rules.js';

/*
 * Projects themselves: detail, create, update, delete (the lists: project-lists.ts). The
 * sub-resources live in project-milestones|notes|meetings|time|files.service.ts.
 */

/* ─────────────────────────────── reads ─────────────────────────────── */

/**
 * `GET /projects/{id}`: the project with team and milestones, the number of notes and files,
 * and the time summary (SQL aggregates); the notes, files, meetings and time log themselves are
 * paged by `GET /projects/{id}/notes|files|meetings|time-entries` (issue 14). Clients never receive internal
 * notes (nor count them), non-billable time or the internal cost (decision record 032).
 * Throws 404 'Proyecto no encontrado' when the caller may not see the project.
 */
export async function getProject({
  db,
  actor,
  id,
}: {
  db: Db | Tx;
  actor: Actor;
  id: string;
}): Promise<ProjectDetail> {
  const [summary] = await selectSummaries({ db, actor, where: eq(projects.id, id) });
  if (!summary) throw notFound('Proyecto no encontrado');

  const team = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
      role: projectMembers.role,
      userRole: users.role,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, id))
    .orderBy(asc(projectMembers.addedAt), asc(users.firstName));
  const milestones = await milestonesOf({ db, id });
  // The tabs page through notes, files, meetings and time on their own endpoints; the detail carries
  // their counts and the time summary as SQL aggregates, so it costs the same at any size.
  const notesTotal = await countNotes({ db, actor, id });
  const filesTotal = await countFiles({ db, id });
  const timeSummary = await timeSummaryOf({ db, actor, id });

  return {
    ...summary,
    team: team.map((m) => ({
      _id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      avatar: m.avatar,
      role: m.role,
      userRole: m.userRole,
    })),
    milestones,
    notesTotal,
    filesTotal,
    timeSummary,
    allowedTransitions: allowedProjectTransitions(summary.status, actor.role),
  };
}

/* ─────────────────────────────── writes ─────────────────────────────── */

/** `POST /projects` (admin): creates the project and its team; notifies assigned members. */
export async function createProject({
  db,
  actor,
  ctx,
  input,
}: WriteArgs<Input<typeof CreateProjectRequestSchema>>): Promise<Written<ProjectDetail>> {
  if (!projectPolicy.can(actor.role, 'create'))
    throw forbidden('Solo un administrador puede crear proyectos.');
  await assertClientExists(db, input.clientId);
  await assertStaff(
    db,
    input.team.map((m) => m.userId),
  );
  return db.transaction(async (tx) => {
    const side = statusSideEffects(null, input.status, input.startDate);
    const [row] = await tx
      .insert(projects)
      .values({
        title: input.title,
        description: input.description,
        clientId: input.clientId,
        status: input.status,
        priority: input.priority,
        category: input.category,
        progressPercentage: input.progressPercentage,
        startDate: input.startDate,
        estimatedEndDate: input.estimatedEndDate,
        approvedBudgetCents: input.approvedBudget === null ? null : toCents(input.approvedBudget),
        spentCents: toCents(input.spent),
        budgetVisibleToClient: input.budgetVisibleToClient,
        createdBy: actor.id,
        ...side,
      })
      .returning();
    const project = row!;
    if (input.team.length) {
      await tx
        .insert(projectMembers)
        .values(input.team.map((m) => ({ projectId: project.id, userId: m.userId, role: m.role })));
    }
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'project.created',
      entityType: 'project',
      entityId: project.id,
      clientId: project.clientId,
      projectId: project.id,
      title: `Proyecto creado: ${project.title}`,
    });
    await audit(tx, ctx, 'project.created', { type: 'project', id: project.id });
    const notifications = await notifyAssigned(
      tx,
      actor,
      project,
      input.team.map((m) => m.userId),
    );
    const effects = await audienceEffects(tx, project, { badges: true, notifications });
    return { value: await getProject({ db: tx, actor, id: project.id }), effects };
  });
}

/**
 * `PUT /projects/{id}`. Admin: any field. Employee on the team: status, progress, description
 * (403 otherwise). Status moves follow the shared transition table (409 when not allowed).
 */
export async function updateProject({
  input,
  ...args
}: WriteArgs<Input<typeof UpdateProjectRequestSchema>> & { id: string }): Promise<Written<ProjectDetail>> {
  const { db, actor, id } = args;
  const sent = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return withProjectWrite({
    ...args,
    allow: { action: 'update', message: 'No tienes permisos para editar este proyecto.' },
    prepare: (current) => assertProjectUpdate(db, actor, current, input, sent),
    touch: false, // the patch stamps `updatedAt`
    write: async (tx, current, startDate) => {
      const before = await audienceOf(tx, id, current.clientId);
      const statusChanged = input.status !== undefined && input.status !== current.status;
      const patch: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.clientId !== undefined) patch.clientId = input.clientId;
      if (input.priority !== undefined) patch.priority = input.priority;
      if (input.category !== undefined) patch.category = input.category;
      if (input.progressPercentage !== undefined) patch.progressPercentage = input.progressPercentage;
      if (input.startDate !== undefined) patch.startDate = input.startDate;
      if (input.estimatedEndDate !== undefined) patch.estimatedEndDate = input.estimatedEndDate;
      if (input.approvedBudget !== undefined)
        patch.approvedBudgetCents = input.approvedBudget === null ? null : toCents(input.approvedBudget);
      if (input.spent !== undefined) patch.spentCents = toCents(input.spent);
      if (input.budgetVisibleToClient !== undefined)
        patch.budgetVisibleToClient = input.budgetVisibleToClient;
      if (statusChanged && input.status) {
        patch.status = input.status;
        Object.assign(patch, statusSideEffects(current.status, input.status, startDate));
      }
      const [updated] = await tx.update(projects).set(patch).where(eq(projects.id, id)).returning();
      const project = updated!;

      let added: string[] = [];
      if (input.team) {
        const existing = await tx
          .select({ userId: projectMembers.userId })
          .from(projectMembers)
          .where(eq(projectMembers.projectId, id));
        const existingIds = new Set(existing.map((e) => e.userId));
        added = input.team.map((m) => m.userId).filter((u) => !existingIds.has(u));
        await tx.delete(projectMembers).where(eq(projectMembers.projectId, id));
        if (input.team.length) {
          await tx
            .insert(projectMembers)
            .values(input.team.map((m) => ({ projectId: id, userId: m.userId, role: m.role })));
        }
      }

      const activity: ProjectActivity[] = [];
      const changedFields = sent.filter((k) => k !== 'status');
      if (changedFields.length) {
        activity.push({
          type: 'project.updated',
          entityType: 'project',
          entityId: id,
          clientId: project.clientId,
          title: `Proyecto actualizado: ${project.title}`,
          metadata: { fields: changedFields },
        });
      }
      const after = await audienceOf(tx, id, project.clientId);
      const notifications: StoredNotifications = [];
      if (statusChanged && input.status) {
        activity.push({
          type: 'project.status_changed',
          entityType: 'project',
          entityId: id,
          clientId: project.clientId,
          title: `${project.title}: ${PROJECT_STATUS_LABELS[current.status]} → ${PROJECT_STATUS_LABELS[input.status]}`,
          metadata: { from: current.status, to: input.status },
        });
        notifications.push(
          ...(await createNotifications(tx, {
            userIds: after,
            roles: ['admin'],
            exceptUserId: actor.id,
            topic: 'projectStatus',
            title: 'Cambio de estado de proyecto',
            message: `«${project.title}» pasó a ${PROJECT_STATUS_LABELS[input.status]}.`,
            link: `/projects/${id}`,
          })),
        );
      }
      notifications.push(...(await notifyAssigned(tx, actor, project, added)));
      return {
        value: await getProject({ db: tx, actor, id }),
        activity,
        audit: { action: 'project.updated', target: { type: 'project', id }, metadata: { fields: sent } },
        // Who saw it before or sees it now refetches; counts change with status, team or client.
        effects: projectChanged(id, [...before, ...after], {
          badges: statusChanged || Boolean(input.team) || Boolean(input.clientId),
          notifications,
        }),
      };
    },
  });
}

/**
 * The checks of `PUT /projects/{id}` after the policy's: employees' fields (403), the status
 * move (409), a closed project (409), the dates (400), client and team (400). Answers the
 * start date the project will have.
 */
async function assertProjectUpdate(
  db: Db,
  actor: Actor,
  current: ProjectRow,
  input: Input<typeof UpdateProjectRequestSchema>,
  sent: string[],
): Promise<string | null> {
  const allowed = editableFields(actor.role);
  if (allowed) {
    const extra = sent.filter((k) => !allowed.includes(k));
    if (extra.length) throw forbidden(`Solo un administrador puede cambiar: ${extra.join(', ')}.`);
  }
  if (input.status && !canTransitionProject(current.status, input.status, actor.role)) {
    throw conflict(
      `No se puede cambiar el estado de «${PROJECT_STATUS_LABELS[current.status]}» a «${PROJECT_STATUS_LABELS[input.status]}».`,
    );
  }
  if (
    (current.status === 'completed' || current.status === 'cancelled') &&
    !projectPolicy.can(actor.role, 'changeClosed') &&
    sent.length
  ) {
    throw conflict('El proyecto está cerrado; solo un administrador puede reabrirlo.');
  }
  const startDate = input.startDate !== undefined ? input.startDate : current.startDate;
  const endDate = input.estimatedEndDate !== undefined ? input.estimatedEndDate : current.estimatedEndDate;
  if (startDate && endDate && endDate < startDate) {
    throw badRequest('La fecha estimada de fin no puede ser anterior a la de inicio', [
      { field: 'estimatedEndDate', message: 'La fecha estimada de fin no puede ser anterior a la de inicio' },
    ]);
  }
  if (input.clientId) await assertClientExists(db, input.clientId);
  if (input.team)
    await assertStaff(
      db,
      input.team.map((m) => m.userId),
    );
  return startDate;
}

/** `DELETE /projects/{id}` (admin): soft delete (`deletedAt`); the rows stay for reports and audit. */
export async function deleteProject(
  args: Omit<WriteArgs<unknown>, 'input'> & { id: string },
): Promise<Written<void>> {
  return withProjectWrite({
    ...args,
    allow: { action: 'delete', message: 'Solo un administrador puede eliminar proyectos.' },
    touch: false, // the soft delete stamps `updatedAt`
    write: async (tx, current) => {
      await tx
        .update(projects)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(eq(projects.id, current.id));
      return {
        value: undefined,
        activity: {
          type: 'project.deleted',
          entityType: 'project',
          entityId: current.id,
          title: `Proyecto eliminado: ${current.title}`,
          isInternal: true,
        },
        audit: { action: 'project.deleted', target: { type: 'project', id: current.id } },
        badges: true,
      };
    },
  });
}
