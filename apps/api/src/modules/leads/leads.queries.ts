import {
  fromCents,
  type Lead,
  type LeadCurrency,
  type LeadEvent,
  type LeadPerson,
  type LeadStage,
  type LeadTotals,
  type ListLeadsQuerySchema,
  type ListLeadsResponse,
  type PipelineReport,
  pageWindow,
} from '@agencia/shared';
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { leadEvents, leadStages, leads, users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { likePattern } from '../../lib/paging.js';
import type { ActorInput, ReadCall, ResourceCall } from '../../lib/service-args.js';
import { leadPolicy } from './leads.policy.js';

/*
 * Reads of the leads pipeline (decision 170): one lead with its stage, owner and next follow-up;
 * the board's page with per-stage totals; the timeline; the stages; the pipeline report.
 */

const owner = alias(users, 'lead_owner');

/** The earliest follow-up of the lead not yet notified (YYYY-MM-DD). */
const nextFollowUp = sql<string | null>`(select min(e.follow_up_date)::text from ${leadEvents} e
  where e.lead_id = ${leads.id} and e.follow_up_date is not null and e.follow_up_notified_at is null)`;

const leadColumns = {
  lead: leads,
  stageName: leadStages.name,
  stageKind: leadStages.kind,
  ownerFirst: owner.firstName,
  ownerLast: owner.lastName,
  nextFollowUp,
};

type LeadRow = {
  lead: typeof leads.$inferSelect;
  stageName: string;
  stageKind: LeadStage['kind'];
  ownerFirst: string | null;
  ownerLast: string | null;
  nextFollowUp: string | null;
};

function baseSelect(db: Db | Tx) {
  return db
    .select(leadColumns)
    .from(leads)
    .innerJoin(leadStages, eq(leadStages.id, leads.stageId))
    .leftJoin(owner, eq(owner.id, leads.ownerId));
}

/** A row of {@link baseSelect} as the API shows it (money in major units). */
function toLead(row: LeadRow): Lead {
  const l = row.lead;
  return {
    _id: l.id,
    title: l.title,
    contactName: l.contactName,
    email: l.email,
    phone: l.phone,
    company: l.company,
    description: l.description,
    source: l.source,
    stage: { _id: l.stageId, name: row.stageName, kind: row.stageKind },
    position: l.position,
    owner:
      l.ownerId && row.ownerFirst !== null
        ? { _id: l.ownerId, firstName: row.ownerFirst, lastName: row.ownerLast ?? '' }
        : null,
    estimatedValue: l.estimatedValueCents === null ? null : fromCents(l.estimatedValueCents),
    currency: l.currency,
    expectedCloseDate: l.expectedCloseDate,
    lostReason: l.lostReason,
    quoteRequestId: l.quoteRequestId,
    accessRequestId: l.accessRequestId,
    clientId: l.clientId,
    convertedAt: l.convertedAt?.toISOString() ?? null,
    wonAt: l.wonAt?.toISOString() ?? null,
    nextFollowUp: row.nextFollowUp ? row.nextFollowUp.slice(0, 10) : null,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
  };
}

/** Throws 403 unless the caller's role may `read` leads (the route also checks `leads.read`). */
export function assertMayRead(actor: ReadCall['actor']): void {
  if (!leadPolicy.can(actor.role, 'read')) throw forbidden();
}

/** One lead as the API shows it; 404 'Prospecto no encontrado'. */
export async function loadLead({ db, id }: { db: Db | Tx; id: string }): Promise<Lead> {
  const [row] = await baseSelect(db).where(eq(leads.id, id)).limit(1);
  if (!row) throw notFound('Prospecto no encontrado');
  return toLead(row as LeadRow);
}

/** The filters of `GET /leads` as SQL (the stage filter apart: totals cover every stage). */
function listWhere(actorId: string, q: z.output<typeof ListLeadsQuerySchema>): SQL[] {
  const where: SQL[] = [];
  if (q.owner === 'me') where.push(eq(leads.ownerId, actorId));
  else if (q.owner === 'none') where.push(isNull(leads.ownerId));
  else if (q.owner) where.push(eq(leads.ownerId, q.owner));
  if (q.source) where.push(eq(leads.source, q.source));
  if (q.q) {
    const p = likePattern(q.q);
    where.push(
      or(ilike(leads.title, p), ilike(leads.contactName, p), ilike(leads.company, p), ilike(leads.email, p))!,
    );
  }
  return where;
}

/** Count and value per currency from grouped rows. */
function totalsOf(
  rows: Array<{ currency: LeadCurrency; n: number; cents: number | string | null }>,
): LeadTotals {
  return {
    count: rows.reduce((s, r) => s + Number(r.n), 0),
    values: rows
      .filter((r) => Number(r.cents ?? 0) !== 0)
      .map((r) => ({ currency: r.currency, amount: fromCents(Number(r.cents)) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/**
 * `GET /leads`: a page of leads in board order (stage position, then card position, then id)
 * and, under the same filters but every stage, each stage's count and value per currency.
 * 403 for roles the policy keeps out.
 */
export async function listLeads({
  db,
  actor,
  input,
}: ActorInput<z.output<typeof ListLeadsQuerySchema>>): Promise<ListLeadsResponse> {
  assertMayRead(actor);
  const where = listWhere(actor.id, input);
  const pageWhere = and(...where, input.stage ? eq(leads.stageId, input.stage) : undefined);
  const { limit, offset } = pageWindow(input);
  const rows = await baseSelect(db)
    .where(pageWhere)
    .orderBy(asc(leadStages.position), asc(leads.position), asc(leads.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(leads)
    .where(pageWhere);
  const grouped = await db
    .select({
      stageId: leads.stageId,
      currency: leads.currency,
      n: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<string>`coalesce(sum(${leads.estimatedValueCents}), 0)::text`,
    })
    .from(leads)
    .where(and(...where))
    .groupBy(leads.stageId, leads.currency);
  const byStage = new Map<string, typeof grouped>();
  for (const g of grouped) byStage.set(g.stageId, [...(byStage.get(g.stageId) ?? []), g]);
  return {
    leads: rows.map((r) => toLead(r as LeadRow)),
    pagination: { page: input.page, limit: input.limit, total: counted?.n ?? 0 },
    totals: [...byStage.entries()].map(([stageId, g]) => ({ stageId, ...totalsOf(g) })),
  };
}

const author = alias(users, 'lead_event_author');

/** The lead's timeline, oldest first. */
export async function leadTimeline({ db, id }: { db: Db | Tx; id: string }): Promise<LeadEvent[]> {
  const rows = await db
    .select({ e: leadEvents, first: author.firstName, last: author.lastName })
    .from(leadEvents)
    .leftJoin(author, eq(author.id, leadEvents.authorId))
    .where(eq(leadEvents.leadId, id))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
  return rows.map(({ e, first, last }) => ({
    _id: e.id,
    kind: e.kind,
    body: e.body,
    followUpDate: e.followUpDate,
    followUpNotifiedAt: e.followUpNotifiedAt?.toISOString() ?? null,
    meta: e.meta ?? null,
    author: e.authorId && first !== null ? { _id: e.authorId, firstName: first, lastName: last ?? '' } : null,
    createdAt: e.createdAt.toISOString(),
  }));
}

/** `GET /leads/{id}`: the lead and its timeline; 404 / 403 as {@link loadLead} and the policy. */
export async function getLead({ db, actor, id }: ResourceCall): Promise<{ lead: Lead; events: LeadEvent[] }> {
  assertMayRead(actor);
  const lead = await loadLead({ db, id });
  return { lead, events: await leadTimeline({ db, id }) };
}

/** Every stage in board order with its current number of leads. */
export async function listStageRows({ db }: { db: Db | Tx }): Promise<LeadStage[]> {
  const rows = await db
    .select({
      id: leadStages.id,
      name: leadStages.name,
      kind: leadStages.kind,
      position: leadStages.position,
      // Qualified by hand: in a one-table select Drizzle writes columns unqualified, and a bare
      // "id" inside the subquery would be the lead's own id (every count was 0).
      leadCount:
        sql<number>`(select count(*)::int from ${leads} where ${leads}."stage_id" = ${leadStages}."id")`.mapWith(
          Number,
        ),
    })
    .from(leadStages)
    .orderBy(asc(leadStages.position), asc(leadStages.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    kind: r.kind,
    position: r.position,
    leadCount: r.leadCount,
  }));
}

/** `GET /lead-stages`: the stages (anyone who reads leads). */
export async function listStages({ db, actor }: { db: Db; actor: ReadCall['actor'] }): Promise<LeadStage[]> {
  assertMayRead(actor);
  return listStageRows({ db });
}

/**
 * `GET /leads/owners`: people a lead may be assigned to: active admins, and active employees
 * holding `leads.write` (their stored list; the role default does not include it).
 */
export async function listOwners({ db, actor }: { db: Db; actor: ReadCall['actor'] }): Promise<LeadPerson[]> {
  assertMayRead(actor);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(ownerCondition())
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ _id: r.id, firstName: r.firstName, lastName: r.lastName }));
}

/** SQL: the user may own leads (active admin, or active employee holding `leads.write`). */
export function ownerCondition(): SQL {
  return and(
    eq(users.status, 'active'),
    or(
      eq(users.role, 'admin'),
      and(eq(users.role, 'employee'), sql`'leads.write' = any(${users.permissions})`),
    ),
  )!;
}

/**
 * `GET /reports/pipeline`: every stage's leads now (count, value per currency) and the leads won
 * in [from, to] (business days, by `won_at` in America/Santo_Domingo), value per currency.
 */
export async function pipelineReport({
  db,
  from,
  to,
}: {
  db: Db;
  from: string;
  to: string;
}): Promise<PipelineReport> {
  const stages = await listStageRows({ db });
  const grouped = await db
    .select({
      stageId: leads.stageId,
      currency: leads.currency,
      n: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<string>`coalesce(sum(${leads.estimatedValueCents}), 0)::text`,
    })
    .from(leads)
    .groupBy(leads.stageId, leads.currency);
  const won = await db
    .select({
      currency: leads.currency,
      n: sql<number>`count(*)::int`.mapWith(Number),
      cents: sql<string>`coalesce(sum(${leads.estimatedValueCents}), 0)::text`,
    })
    .from(leads)
    .innerJoin(leadStages, eq(leadStages.id, leads.stageId))
    .where(
      and(
        eq(leadStages.kind, 'won'),
        sql`(${leads.wonAt} at time zone 'America/Santo_Domingo')::date between ${from}::date and ${to}::date`,
      ),
    )
    .groupBy(leads.currency);
  return {
    startDate: from,
    endDate: to,
    stages: stages.map((s) => ({
      stageId: s._id,
      name: s.name,
      kind: s.kind,
      ...totalsOf(grouped.filter((g) => g.stageId === s._id)),
    })),
    won: totalsOf(won),
  };
}
