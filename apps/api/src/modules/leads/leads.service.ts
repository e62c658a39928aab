import {
  budgetEstimate,
  type ConvertLeadRequestSchema,
  CreateClientRequestSchema,
  type CreateLeadActivityRequestSchema,
  type CreateLeadNoteRequestSchema,
  type CreateLeadRequestSchema,
  LEAD_ACTIVITY_TYPE_LABELS,
  LEAD_SOURCE_LABELS,
  type Lead,
  type LeadEvent,
  type LeadSource,
  type MoveLeadRequestSchema,
  toCents,
  type UpdateLeadRequestSchema,
} from '@agencia/shared';
import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clientCommunications, leadEvents, leadStages, leads, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { Effects, Written } from '../../lib/effects.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import type { Audited, ResourceInput } from '../../lib/service-args.js';
import { createClient } from '../clients/clients.service.js';
import { leadsChanged } from './leads.effects.js';
import { type LeadAction, leadPolicy } from './leads.policy.js';
import { leadTimeline, loadLead, ownerCondition } from './leads.queries.js';

/*
 * Writes of the leads pipeline (decision 170): create (by hand or from a public request), edit,
 * move on the board, notes and activities, conversion into a client, and the follow-up job.
 */

/** Gap between cards when a column is numbered afresh, and the smallest gap a midpoint may use. */
const POSITION_STEP = 1024;
const MIN_GAP = 1e-6;

function assertAllowed(actor: Actor, action: LeadAction): void {
  if (!leadPolicy.can(actor.role, action)) throw forbidden();
}

/** 400 on `ownerId` unless the user may own leads (active admin, or employee with `leads.write`). */
async function assertOwner(db: Db | Tx, ownerId: string | null | undefined): Promise<void> {
  if (!ownerId) return;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), ownerCondition()))
    .limit(1);
  if (!row) {
    const message = 'El responsable debe ser un administrador o un empleado con acceso a prospectos';
    throw badRequest(message, [{ field: 'ownerId', message }]);
  }
}

/** The first stage of `kind` in board order (the migration guarantees one of each). */
async function firstStage(db: Db | Tx, kind: 'open' | 'won'): Promise<{ id: string; name: string }> {
  const [stage] = await db
    .select({ id: leadStages.id, name: leadStages.name })
    .from(leadStages)
    .where(eq(leadStages.kind, kind))
    .orderBy(asc(leadStages.position), asc(leadStages.id))
    .limit(1);
  if (!stage) throw new Error(`No lead stage of kind ${kind}`);
  return stage;
}

/** Position after the last card of `stageId`. */
async function endOfStage(db: Db | Tx, stageId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${leads.position})` })
    .from(leads)
    .where(eq(leads.stageId, stageId));
  return (row?.max === null || row?.max === undefined ? 0 : Number(row.max)) + POSITION_STEP;
}

async function addEvent(
  db: Db | Tx,
  values: Omit<typeof leadEvents.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const [row] = await db.insert(leadEvents).values(values).returning({ id: leadEvents.id });
  return row!.id;
}

/** What {@link insertLead} stores. */
interface NewLead {
  title: string;
  contactName: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  description: string | null;
  source: LeadSource;
  stageId?: string;
  ownerId?: string | null;
  estimatedValue?: number | null;
  currency: 'DOP' | 'USD';
  expectedCloseDate?: string | null;
  quoteRequestId?: string | null;
  accessRequestId?: string | null;
}

/**
 * Inserts a lead at the end of its stage (default: the first open stage) with its "created"
 * timeline entry. With a request id the insert is `ON CONFLICT DO NOTHING` on its unique
 * column: the answer is then null (that request already has its lead).
 */
async function insertLead(tx: Db | Tx, actorId: string | null, input: NewLead): Promise<string | null> {
  const stageId = input.stageId ?? (await firstStage(tx, 'open')).id;
  // Serialise inserts into the column with moves (one position each, decision 170).
  await tx.select({ id: leadStages.id }).from(leadStages).where(eq(leadStages.id, stageId)).for('update');
  const [stage] = await tx
    .select({ kind: leadStages.kind })
    .from(leadStages)
    .where(eq(leadStages.id, stageId));
  if (!stage) throw badRequest('Etapa no encontrada', [{ field: 'stageId', message: 'Etapa no encontrada' }]);
  const [row] = await tx
    .insert(leads)
    .values({
      title: input.title,
      contactName: input.contactName,
      email: input.email,
      phone: input.phone,
      company: input.company,
      description: input.description,
      source: input.source,
      stageId,
      position: await endOfStage(tx, stageId),
      ownerId: input.ownerId ?? null,
      estimatedValueCents:
        input.estimatedValue === null || input.estimatedValue === undefined
          ? null
          : toCents(input.estimatedValue),
      currency: input.currency,
      expectedCloseDate: input.expectedCloseDate ?? null,
      quoteRequestId: input.quoteRequestId ?? null,
      accessRequestId: input.accessRequestId ?? null,
      wonAt: stage.kind === 'won' ? new Date() : null,
      createdBy: actorId,
    })
    .onConflictDoNothing()
    .returning({ id: leads.id });
  if (!row) return null;
  await addEvent(tx, {
    leadId: row.id,
    kind: 'created',
    authorId: actorId,
    meta: { source: input.source, requestId: input.quoteRequestId ?? input.accessRequestId ?? null },
  });
  return row.id;
}

/** `POST /leads` (leads.write): a lead typed by hand; 400 for an owner who may not own leads. */
export async function createLead({
  db,
  actor,
  ctx,
  input,
}: Audited<{ db: Db; actor: Actor; input: z.output<typeof CreateLeadRequestSchema> }>): Promise<
  Written<Lead>
> {
  assertAllowed(actor, 'write');
  return db.transaction(async (tx) => {
    await assertOwner(tx, input.ownerId);
    const id = (await insertLead(tx, actor.id, {
      ...input,
      ownerId: input.ownerId === undefined ? actor.id : input.ownerId,
    }))!;
    await audit(tx, ctx, 'lead.created', { type: 'lead', id }, { title: input.title, source: input.source });
    return { value: await loadLead({ db: tx, id }), effects: leadsChanged(id) };
  });
}

/** `PUT /leads/{id}` (leads.write): partial update; 404 unknown, 400 bad owner. */
export async function updateLead({
  db,
  actor,
  ctx,
  id,
  input,
}: Audited<ResourceInput<z.output<typeof UpdateLeadRequestSchema>>>): Promise<Written<Lead>> {
  assertAllowed(actor, 'write');
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id)).for('update');
    if (!current) throw notFound('Prospecto no encontrado');
    await assertOwner(tx, input.ownerId);
    const { estimatedValue, ...rest } = input;
    await tx
      .update(leads)
      .set({
        ...rest,
        ...(estimatedValue !== undefined
          ? { estimatedValueCents: estimatedValue === null ? null : toCents(estimatedValue) }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(leads.id, id));
    const lead = await loadLead({ db: tx, id });
    await audit(
      tx,
      ctx,
      'lead.updated',
      { type: 'lead', id },
      { title: lead.title, fields: Object.keys(input) },
    );
    return { value: lead, effects: leadsChanged(id) };
  });
}

/**
 * Where a card lands among `column` (the other cards of the stage, in order): just above
 * `beforeId`, just below `afterId`, or at the end. Answers the new position, or null when the
 * gap is too small and the column must be numbered afresh. 400 when the reference card is not
 * in that stage.
 */
export function placeIn({
  column,
  beforeId,
  afterId,
}: {
  column: Array<{ id: string; position: number }>;
  beforeId?: string | null;
  afterId?: string | null;
}): { index: number; position: number | null } {
  let index = column.length;
  if (beforeId || afterId) {
    const ref = column.findIndex((c) => c.id === (beforeId ?? afterId));
    if (ref < 0) {
      const message = 'El prospecto de referencia no está en esa etapa';
      throw badRequest(message, [{ field: beforeId ? 'beforeId' : 'afterId', message }]);
    }
    index = beforeId ? ref : ref + 1;
  }
  const prev = column[index - 1]?.position;
  const next = column[index]?.position;
  if (prev === undefined && next === undefined) return { index, position: POSITION_STEP };
  if (prev === undefined) return { index, position: next! - POSITION_STEP };
  if (next === undefined) return { index, position: prev + POSITION_STEP };
  if (next - prev < MIN_GAP) return { index, position: null };
  return { index, position: (prev + next) / 2 };
}

/**
 * `POST /leads/{id}/move` (leads.write): into `stageId`, above `beforeId` / below `afterId` /
 * at the end. In one transaction that locks the lead and both stages (in id order, so two
 * opposite moves cannot deadlock): every move of a column runs after the other, each reads the
 * committed neighbours, and a lead is only ever in one place. A lost stage needs `lostReason`
 * (400); entering a won stage stamps `wonAt`, leaving it clears it. Stage changes go to the
 * timeline and the audit log.
 */
export async function moveLead({
  db,
  actor,
  ctx,
  id,
  input,
  cause,
}: Audited<ResourceInput<z.output<typeof MoveLeadRequestSchema>>> & {
  /** Why the lead moved when another module moved it ("Propuesta PRO-0007 enviada"), for the timeline. */
  cause?: string;
}): Promise<Written<Lead>> {
  assertAllowed(actor, 'write');
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!lead) throw notFound('Prospecto no encontrado');
    const stageIds = [...new Set([lead.stageId, input.stageId])].sort();
    const locked = await tx
      .select({ id: leadStages.id, name: leadStages.name, kind: leadStages.kind })
      .from(leadStages)
      .where(inArray(leadStages.id, stageIds))
      .orderBy(asc(leadStages.id))
      .for('update');
    const target = locked.find((s) => s.id === input.stageId);
    const from = locked.find((s) => s.id === lead.stageId)!;
    if (!target)
      throw badRequest('Etapa no encontrada', [{ field: 'stageId', message: 'Etapa no encontrada' }]);
    const stageChanged = target.id !== lead.stageId;
    if (target.kind === 'lost' && stageChanged && !input.lostReason) {
      const message = 'Indica el motivo por el que se perdió el prospecto';
      throw badRequest(message, [{ field: 'lostReason', message }]);
    }
    const column = await tx
      .select({ id: leads.id, position: leads.position })
      .from(leads)
      .where(and(eq(leads.stageId, target.id), ne(leads.id, id)))
      .orderBy(asc(leads.position), asc(leads.id));
    const place = placeIn({ column, beforeId: input.beforeId, afterId: input.afterId });
    let position = place.position;
    if (position === null) {
      // Renumber the column with the moved card in its place (rare: ~50 halvings of one gap).
      const ordered = [...column.map((c) => c.id)];
      ordered.splice(place.index, 0, id);
      for (const [i, other] of ordered.entries()) {
        if (other === id) continue;
        await tx
          .update(leads)
          .set({ position: (i + 1) * POSITION_STEP })
          .where(eq(leads.id, other));
      }
      position = (place.index + 1) * POSITION_STEP;
    }
    const now = new Date();
    await tx
      .update(leads)
      .set({
        stageId: target.id,
        position,
        updatedAt: now,
        ...(stageChanged
          ? {
              lostReason: target.kind === 'lost' ? input.lostReason : null,
              wonAt: target.kind === 'won' ? (from.kind === 'won' ? lead.wonAt : now) : null,
            }
          : {}),
      })
      .where(eq(leads.id, id));
    if (stageChanged) {
      const meta = {
        fromStage: from.name,
        toStage: target.name,
        ...(target.kind === 'lost' ? { reason: input.lostReason } : {}),
        ...(cause ? { cause } : {}),
      };
      await addEvent(tx, { leadId: id, kind: 'stage_changed', authorId: actor.id, meta });
      await audit(tx, ctx, 'lead.moved', { type: 'lead', id }, { title: lead.title, ...meta });
    }
    return { value: await loadLead({ db: tx, id }), effects: leadsChanged(id) };
  });
}

/** The stage a sent proposal moves its lead to (decision 174), found by its name. */
export const PROPOSAL_SENT_STAGE = 'Propuesta enviada';

/**
 * When a proposal is sent (decision 174): moves its lead to the open stage named
 * {@link PROPOSAL_SENT_STAGE} when the lead sits in an **earlier open stage** (Nuevo,
 * Contactado…) — never backwards (a lead in "Negociación" stays), never out of a won or lost
 * stage, and nothing when the board has no stage of that name. Runs inside the caller's
 * transaction through {@link moveLead} (same locks, timeline entry with the cause, audit).
 * Answers whether it moved the lead.
 */
export async function advanceLeadOnProposalSent({
  db,
  actor,
  ctx,
  leadId,
  documentNumber,
}: Audited<{ db: Db | Tx; actor: Actor; leadId: string; documentNumber: string }>): Promise<boolean> {
  const [target] = await db
    .select({ id: leadStages.id, position: leadStages.position })
    .from(leadStages)
    .where(and(eq(leadStages.kind, 'open'), sql`lower(${leadStages.name}) = lower(${PROPOSAL_SENT_STAGE})`))
    .orderBy(asc(leadStages.position), asc(leadStages.id))
    .limit(1);
  if (!target) return false;
  const [current] = await db
    .select({ kind: leadStages.kind, position: leadStages.position })
    .from(leads)
    .innerJoin(leadStages, eq(leadStages.id, leads.stageId))
    .where(eq(leads.id, leadId));
  if (current?.kind !== 'open' || current.position >= target.position) return false;
  await moveLead({
    db: db as Db,
    actor,
    ctx,
    id: leadId,
    input: { stageId: target.id, lostReason: null },
    cause: `Propuesta ${documentNumber} enviada`,
  });
  return true;
}

/** `POST /leads/{id}/notes` (leads.write): a note on the timeline; 404 unknown lead. */
export async function addLeadNote({
  db,
  actor,
  ctx,
  id,
  input,
}: Audited<ResourceInput<z.output<typeof CreateLeadNoteRequestSchema>>>): Promise<Written<LeadEvent>> {
  assertAllowed(actor, 'write');
  return db.transaction(async (tx) => {
    const lead = await loadLead({ db: tx, id });
    const eventId = await addEvent(tx, { leadId: id, kind: 'note', body: input.body, authorId: actor.id });
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
    await audit(tx, ctx, 'lead.note_added', { type: 'lead', id }, { title: lead.title });
    const event = (await leadTimeline({ db: tx, id })).find((e) => e._id === eventId)!;
    return { value: event, effects: leadsChanged(id) };
  });
}

/**
 * `POST /leads/{id}/activities` (leads.write): a call, meeting or e-mail; a `followUpDate`
 * becomes a reminder the `lead-follow-ups` job sends the owner that day (once).
 */
export async function addLeadActivity({
  db,
  actor,
  ctx,
  id,
  input,
}: Audited<ResourceInput<z.output<typeof CreateLeadActivityRequestSchema>>>): Promise<Written<LeadEvent>> {
  assertAllowed(actor, 'write');
  return db.transaction(async (tx) => {
    const lead = await loadLead({ db: tx, id });
    const eventId = await addEvent(tx, {
      leadId: id,
      kind: input.type,
      body: input.body,
      followUpDate: input.followUpDate ?? null,
      authorId: actor.id,
    });
    await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
    await audit(
      tx,
      ctx,
      'lead.activity_added',
      { type: 'lead', id },
      { title: lead.title, type: input.type, followUpDate: input.followUpDate ?? null },
    );
    const event = (await leadTimeline({ db: tx, id })).find((e) => e._id === eventId)!;
    return { value: event, effects: leadsChanged(id) };
  });
}

/** "María Rodríguez" → first "María", last "Rodríguez" (the client form's two fields). */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length === 1) return { firstName: parts[0]!, lastName: '' };
  const half = parts.length >= 4 ? 2 : 1;
  return { firstName: parts.slice(0, half).join(' '), lastName: parts.slice(half).join(' ') };
}

/** The lead's description and notes as the client's notes (the client form's 5000-character limit). */
function notesForClient(lead: Lead, events: LeadEvent[]): string {
  const lines = [`Prospecto: ${lead.title} (origen: ${LEAD_SOURCE_LABELS[lead.source]})`];
  if (lead.description) lines.push(lead.description);
  for (const e of events)
    if (e.kind === 'note' && e.body) lines.push(`Nota (${e.createdAt.slice(0, 10)}): ${e.body}`);
  const text = lines.join('\n\n');
  return text.length > 5000 ? `${text.slice(0, 4997)}...` : text;
}

/**
 * `POST /leads/{id}/convert` (admin): turns the lead into a client **once**. In one transaction
 * that locks the lead: when it already has a client the answer is that client
 * (`alreadyConverted`); otherwise the client is created by the clients module's own service and
 * schema (`createClient`, `CreateClientRequestSchema`: e-mail required and unique, tax id rules,
 * 400/409 as there), the lead's notes go to the client's notes, its calls, meetings and e-mails
 * to the client's communications log, and the lead moves to the first won stage.
 */
export async function convertLead({
  db,
  actor,
  ctx,
  id,
  input,
}: Audited<ResourceInput<z.output<typeof ConvertLeadRequestSchema>>>): Promise<
  Written<{ lead: Lead; clientId: string; alreadyConverted: boolean }>
> {
  assertAllowed(actor, 'convert');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!row) throw notFound('Prospecto no encontrado');
    if (row.clientId) {
      return {
        value: { lead: await loadLead({ db: tx, id }), clientId: row.clientId, alreadyConverted: true },
        effects: leadsChanged(null),
      };
    }
    const lead = await loadLead({ db: tx, id });
    const events = await leadTimeline({ db: tx, id });
    const clientType = input.clientType ?? (lead.company ? 'company' : 'individual');
    const parsed = CreateClientRequestSchema.safeParse({
      ...splitName(lead.contactName),
      email: lead.email ?? '',
      phone: lead.phone,
      clientType,
      companyName: clientType === 'company' ? (lead.company ?? lead.contactName) : null,
      companyRUC: input.companyRUC ?? null,
      taxIdOverrideReason: input.taxIdOverrideReason ?? null,
      notes: notesForClient(lead, events),
    });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      throw badRequest(`No se puede crear el cliente: ${errors[0]?.message ?? 'datos inválidos'}`, errors);
    }
    // The clients module's own rules and audit; its transaction runs as a savepoint of this one.
    const client = await createClient({ db: tx as unknown as Db, actor, ctx, input: parsed.data });
    for (const e of events) {
      if (e.kind !== 'call' && e.kind !== 'meeting' && e.kind !== 'email') continue;
      await tx.insert(clientCommunications).values({
        clientId: client._id,
        type: e.kind,
        subject: `${LEAD_ACTIVITY_TYPE_LABELS[e.kind]} (prospecto)`,
        date: new Date(e.createdAt),
        direction: 'outgoing',
        notes: e.body,
        createdBy: e.author?._id ?? null,
      });
    }
    const now = new Date();
    const won = lead.stage.kind === 'won' ? null : await firstStage(tx, 'won');
    await tx
      .update(leads)
      .set({
        clientId: client._id,
        convertedAt: now,
        updatedAt: now,
        ...(won
          ? { stageId: won.id, position: await endOfStage(tx, won.id), wonAt: now, lostReason: null }
          : {}),
      })
      .where(eq(leads.id, id));
    if (won)
      await addEvent(tx, {
        leadId: id,
        kind: 'stage_changed',
        authorId: actor.id,
        meta: { fromStage: lead.stage.name, toStage: won.name },
      });
    await addEvent(tx, { leadId: id, kind: 'converted', authorId: actor.id, meta: { clientId: client._id } });
    await audit(tx, ctx, 'lead.converted', { type: 'lead', id }, { title: lead.title, clientId: client._id });
    return {
      value: { lead: await loadLead({ db: tx, id }), clientId: client._id, alreadyConverted: false },
      effects: leadsChanged(id),
    };
  });
}

/** What a public request hands to {@link createLeadFromRequest}. */
export interface LeadFromRequest {
  /** The request's transaction: the lead commits or rolls back with it. */
  tx: Tx;
  ctx: AuditContext;
  kind: 'quote' | 'access';
  requestId: string;
  title: string;
  contactName: string;
  email: string;
  phone: string;
  company: string | null;
  description: string | null;
  /** The form's budget value ("1000-3000"): its lower end in USD becomes the estimated value. */
  budget: string | null;
}

/**
 * Creates the lead of a quote or access request inside the request's transaction, once (the
 * request id is unique on `leads`; a second call creates nothing and answers null). Audited
 * with the request's context (no actor: "El portal").
 */
export async function createLeadFromRequest(input: LeadFromRequest): Promise<Effects | null> {
  const estimate = budgetEstimate(input.budget);
  const id = await insertLead(input.tx, null, {
    title: input.title,
    contactName: input.contactName,
    email: input.email,
    phone: input.phone,
    company: input.company,
    description: input.description,
    source: input.kind === 'quote' ? 'quote_request' : 'access_request',
    estimatedValue: estimate?.amount ?? null,
    currency: estimate?.currency ?? 'DOP',
    quoteRequestId: input.kind === 'quote' ? input.requestId : null,
    accessRequestId: input.kind === 'access' ? input.requestId : null,
  });
  if (!id) return null;
  await audit(
    input.tx,
    input.ctx,
    'lead.created',
    { type: 'lead', id },
    { title: input.title, source: input.kind === 'quote' ? 'quote_request' : 'access_request' },
  );
  return leadsChanged(id);
}

/**
 * The daily `lead-follow-ups` job (decision 170, on the job runner of decision 110): claims every
 * follow-up due by `today` not yet notified (`UPDATE … WHERE follow_up_notified_at IS NULL
 * RETURNING`, so a follow-up is notified once even with two processes) and notifies the lead's
 * owner (or, without one, the activity's author) with a link to the lead. One transaction.
 */
export async function sendLeadFollowUps({
  db,
  today,
  push = () => {},
}: {
  db: Db;
  today: string;
  push?: (fx: Effects) => void;
}): Promise<string> {
  const fx = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(leadEvents)
      .set({ followUpNotifiedAt: new Date() })
      .where(and(lte(leadEvents.followUpDate, today), isNull(leadEvents.followUpNotifiedAt)))
      .returning({
        leadId: leadEvents.leadId,
        kind: leadEvents.kind,
        body: leadEvents.body,
        authorId: leadEvents.authorId,
        followUpDate: leadEvents.followUpDate,
      });
    const notifications = [];
    for (const c of claimed) {
      const [lead] = await tx
        .select({ title: leads.title, ownerId: leads.ownerId })
        .from(leads)
        .where(eq(leads.id, c.leadId));
      const to = lead?.ownerId ?? c.authorId;
      if (!lead || !to) continue;
      const what =
        c.kind in LEAD_ACTIVITY_TYPE_LABELS ? LEAD_ACTIVITY_TYPE_LABELS[c.kind as 'call'] : 'Actividad';
      notifications.push(
        ...(await createNotifications(tx, {
          userIds: [to],
          topic: 'deadlines',
          title: `Seguimiento pendiente: ${lead.title}`,
          message: `${what}: ${c.body ?? ''}\nFecha de seguimiento: ${c.followUpDate}`,
          link: `/leads/${c.leadId}`,
        })),
      );
    }
    return { count: claimed.length, effects: leadsChanged(null, notifications) };
  });
  push(fx.effects);
  return fx.count === 1 ? '1 seguimiento notificado' : `${fx.count} seguimientos notificados`;
}
