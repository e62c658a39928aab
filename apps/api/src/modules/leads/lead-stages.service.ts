import type { CreateLeadStageRequestSchema, LeadStage, UpdateLeadStageRequestSchema } from '@agencia/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { leadStages, leads } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { Written } from '../../lib/effects.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Audited, ResourceCall, ResourceInput, WriteCall } from '../../lib/service-args.js';
import { leadsChanged } from './leads.effects.js';
import { leadPolicy } from './leads.policy.js';
import { listStageRows } from './leads.queries.js';

/*
 * The configurable stages of the board (decision 170, admin only). The board always keeps at
 * least one open, one won and one lost stage (conversion and "Marcar como perdido" need them),
 * and a stage with leads in it cannot be deleted.
 */

function assertAdmin(actor: Actor): void {
  if (!leadPolicy.can(actor.role, 'manageStages')) throw forbidden();
}

/** Writes `order` (stage ids) as positions 0…n−1, all stages locked first. */
async function renumber(tx: Tx, order: string[]): Promise<void> {
  for (const [i, id] of order.entries())
    await tx.update(leadStages).set({ position: i, updatedAt: new Date() }).where(eq(leadStages.id, id));
}

async function lockedStages(tx: Tx) {
  return tx
    .select({ id: leadStages.id, kind: leadStages.kind, name: leadStages.name })
    .from(leadStages)
    .orderBy(asc(leadStages.position), asc(leadStages.id))
    .for('update');
}

/** 409 unless the stages keep one of each kind. */
function assertKinds(kinds: string[]): void {
  for (const [kind, label] of [
    ['open', 'abierta'],
    ['won', 'de ganado'],
    ['lost', 'de perdido'],
  ] as const)
    if (!kinds.includes(kind)) throw conflict(`El tablero necesita al menos una etapa ${label}`);
}

function clampIndex(position: number | undefined, length: number): number {
  return position === undefined ? length : Math.min(Math.max(0, position), length);
}

/** `POST /lead-stages` (admin): a new stage at `position` (default: last). */
export async function createStage({
  db,
  actor,
  ctx,
  input,
}: Audited<{
  db: WriteCall['db'];
  actor: Actor;
  input: z.output<typeof CreateLeadStageRequestSchema>;
}>): Promise<Written<LeadStage>> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const [row] = await tx
      .insert(leadStages)
      .values({ name: input.name, kind: input.kind, position: stages.length })
      .returning({ id: leadStages.id });
    const order = stages.map((s) => s.id);
    order.splice(clampIndex(input.position, order.length), 0, row!.id);
    await renumber(tx, order);
    await audit(tx, ctx, 'lead_stage.created', { type: 'lead_stage', id: row!.id }, { name: input.name });
    const stage = (await listStageRows({ db: tx })).find((s) => s._id === row!.id)!;
    return { value: stage, effects: leadsChanged(null) };
  });
}

/** `PUT /lead-stages/{id}` (admin): rename, change kind, move; 404 unknown, 409 losing a kind. */
export async function updateStage({
  db,
  actor,
  ctx,
  id,
  input,
}: Audited<ResourceInput<z.output<typeof UpdateLeadStageRequestSchema>>>): Promise<Written<LeadStage>> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const current = stages.find((s) => s.id === id);
    if (!current) throw notFound('Etapa no encontrada');
    if (input.kind && input.kind !== current.kind)
      assertKinds(stages.map((s) => (s.id === id ? input.kind! : s.kind)));
    await tx
      .update(leadStages)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        updatedAt: new Date(),
      })
      .where(eq(leadStages.id, id));
    if (input.position !== undefined) {
      const order = stages.map((s) => s.id).filter((s) => s !== id);
      order.splice(clampIndex(input.position, order.length), 0, id);
      await renumber(tx, order);
    }
    await audit(
      tx,
      ctx,
      'lead_stage.updated',
      { type: 'lead_stage', id },
      { name: input.name ?? current.name },
    );
    const stage = (await listStageRows({ db: tx })).find((s) => s._id === id)!;
    return { value: stage, effects: leadsChanged(null) };
  });
}

/** `DELETE /lead-stages/{id}` (admin): 404 unknown; 409 with leads in it or when a kind would be missing. */
export async function deleteStage({ db, actor, ctx, id }: Audited<ResourceCall>): Promise<Written<null>> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const current = stages.find((s) => s.id === id);
    if (!current) throw notFound('Etapa no encontrada');
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(leads)
      .where(eq(leads.stageId, id));
    if ((used?.n ?? 0) > 0)
      throw conflict('La etapa tiene prospectos: muévelos a otra etapa antes de eliminarla');
    assertKinds(stages.filter((s) => s.id !== id).map((s) => s.kind));
    await tx.delete(leadStages).where(eq(leadStages.id, id));
    await renumber(
      tx,
      stages.map((s) => s.id).filter((s) => s !== id),
    );
    await audit(tx, ctx, 'lead_stage.deleted', { type: 'lead_stage', id }, { name: current.name });
    return { value: null, effects: leadsChanged(null) };
  });
}
