import type { CreateMilestoneRequestSchema, Milestone, UpdateMilestoneRequestSchema } from '@agencia/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { projectMilestones } from '../../db/schema/index.js';
import type { Written } from '../../lib/effects.js';
import { notFound } from '../../lib/errors.js';
import { withProjectWrite } from './project-writes.js';
import { toMilestone } from './projects.mappers.js';
import type { Input, RowWriteArgs, WriteArgs } from './projects.queries.js';

/** The milestones of project `id` in their order (then oldest first), for the detail. */
export async function milestonesOf({ db, id }: { db: Db | Tx; id: string }): Promise<Milestone[]> {
  const rows = await db
    .select()
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, id))
    .orderBy(asc(projectMilestones.order), asc(projectMilestones.createdAt));
  return rows.map(toMilestone);
}

/** Staff may manage milestones (403 with `message`). */
const manageMilestones = {
  action: 'manageMilestones',
  message: 'Solo el equipo puede gestionar hitos.',
} as const;

/** `POST /projects/{id}/milestones` (staff who see the project). Appended at the end of the order. */
export async function addMilestone({
  input,
  ...args
}: WriteArgs<Input<typeof CreateMilestoneRequestSchema>> & { id: string }): Promise<Written<Milestone>> {
  return withProjectWrite({
    ...args,
    allow: manageMilestones,
    write: async (tx, project) => {
      const [max] = await tx
        .select({ n: sql<number>`coalesce(max(${projectMilestones.order}), -1)::int` })
        .from(projectMilestones)
        .where(eq(projectMilestones.projectId, project.id));
      const [row] = await tx
        .insert(projectMilestones)
        .values({
          projectId: project.id,
          title: input.title,
          description: input.description,
          dueDate: input.dueDate,
          status: input.status,
          completedAt: input.status === 'completed' ? new Date() : null,
          order: Number(max?.n ?? -1) + 1,
        })
        .returning();
      return {
        value: toMilestone(row!),
        activity: {
          type: 'milestone.created',
          entityType: 'milestone',
          entityId: row!.id,
          title: `Nuevo hito en ${project.title}: ${row!.title}`,
        },
        audit: { action: 'project.milestone.created', target: { type: 'milestone', id: row!.id } },
      };
    },
  });
}

/** `PUT /projects/{id}/milestones/{milestoneId}`: completing stamps `completedAt`, reopening clears it. */
export async function updateMilestone({
  milestoneId,
  input,
  ...args
}: RowWriteArgs<Input<typeof UpdateMilestoneRequestSchema>, 'milestoneId'>): Promise<Written<Milestone>> {
  return withProjectWrite({
    ...args,
    allow: manageMilestones,
    prepare: async (project) => {
      const [current] = await args.db
        .select()
        .from(projectMilestones)
        .where(and(eq(projectMilestones.id, milestoneId), eq(projectMilestones.projectId, project.id)))
        .limit(1);
      if (!current) throw notFound('Hito no encontrado');
      return current;
    },
    write: async (tx, project, current) => {
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
      return {
        value: toMilestone(row!),
        activity: {
          type: completing ? 'milestone.completed' : 'milestone.updated',
          entityType: 'milestone',
          entityId: milestoneId,
          title: completing
            ? `Hito completado en ${project.title}: ${row!.title}`
            : `Hito actualizado en ${project.title}: ${row!.title}`,
        },
        audit: { action: 'project.milestone.updated', target: { type: 'milestone', id: milestoneId } },
      };
    },
  });
}
