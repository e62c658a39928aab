import type { CreateMilestoneRequestSchema, Milestone, UpdateMilestoneRequestSchema } from '@agencia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMilestones } from '../../db/schema/index.js';
import { recordActivity } from '../../lib/activity.js';
import { audit } from '../../lib/audit.js';
import type { Written } from '../../lib/effects.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { audienceEffects } from './projects.effects.js';
import { toMilestone } from './projects.mappers.js';
import { projectPolicy } from './projects.policy.js';
import { type Input, loadVisible, touch, type WriteArgs } from './projects.queries.js';

/** The milestones of project `id` in their order (then oldest first), for the detail. */
export async function milestonesOf(db: Db | Tx, id: string): Promise<Milestone[]> {
  const rows = await db
    .select()
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, id))
    .orderBy(asc(projectMilestones.order), asc(projectMilestones.createdAt));
  return rows.map(toMilestone);
}

/** `POST /projects/{id}/milestones` (staff who see the project). Appended at the end of the order. */
export async function addMilestone({
  db,
  actor,
  ctx,
  id,
  input,
}: WriteArgs<Input<typeof CreateMilestoneRequestSchema>> & { id: string }): Promise<Written<Milestone>> {
  const project = await loadVisible(db, actor, id);
  if (!projectPolicy.can(actor.role, 'manageMilestones'))
    throw forbidden('Solo el equipo puede gestionar milestones.');
  return db.transaction(async (tx) => {
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${projectMilestones.order}), -1)::int` })
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, id));
    const [row] = await tx
      .insert(projectMilestones)
      .values({
        projectId: id,
        title: input.title,
        description: input.description,
        dueDate: input.dueDate,
        status: input.status,
        completedAt: input.status === 'completed' ? new Date() : null,
        order: Number(max?.n ?? -1) + 1,
      })
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: 'milestone.created',
      entityType: 'milestone',
      entityId: row!.id,
      clientId: project.clientId,
      projectId: id,
      title: `Nuevo hito en ${project.title}: ${row!.title}`,
    });
    await audit(tx, ctx, 'project.milestone.created', { type: 'milestone', id: row!.id });
    return { value: toMilestone(row!), effects: await audienceEffects(tx, project) };
  });
}

/** `PUT /projects/{id}/milestones/{milestoneId}`: completing stamps `completedAt`, reopening clears it. */
export async function updateMilestone({
  db,
  actor,
  ctx,
  id,
  milestoneId,
  input,
}: WriteArgs<Input<typeof UpdateMilestoneRequestSchema>> & {
  id: string;
  milestoneId: string;
}): Promise<Written<Milestone>> {
  const project = await loadVisible(db, actor, id);
  if (!projectPolicy.can(actor.role, 'manageMilestones'))
    throw forbidden('Solo el equipo puede gestionar milestones.');
  const [current] = await db
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, id)))
    .limit(1);
  if (!current) throw notFound('Hito no encontrado');
  return db.transaction(async (tx) => {
    const patch: Partial<typeof projectMilestones.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.dueDate !== undefined) patch.dueDate = input.dueDate;
    if (input.order !== undefined) patch.order = input.order;
    const completing = input.status === 'completed' && current.status !== 'completed';
    if (input.status !== undefined) {
      patch.status = input.status;
      if (completing) patch.completedAt = new Date();
      else if (input.status !== 'completed') patch.completedAt = null;
    }
    const [row] = await tx
      .update(projectMilestones)
      .set(patch)
      .where(eq(projectMilestones.id, milestoneId))
      .returning();
    await touch(tx, id);
    await recordActivity(tx, {
      actorId: actor.id,
      type: completing ? 'milestone.completed' : 'milestone.updated',
      entityType: 'milestone',
      entityId: milestoneId,
      clientId: project.clientId,
      projectId: id,
      title: completing
        ? `Hito completado en ${project.title}: ${row!.title}`
        : `Hito actualizado en ${project.title}: ${row!.title}`,
    });
    await audit(tx, ctx, 'project.milestone.updated', { type: 'milestone', id: milestoneId });
    return { value: toMilestone(row!), effects: await audienceEffects(tx, project) };
  });
}
