import {
  businessToday,
  type CreateRecurringInvoiceRequestSchema,
  computeInvoiceTotals,
  fromCents,
  type Invoice,
  type ListRecurringInvoicesQuerySchema,
  periodStartAfter,
  periodStartAt,
  periodStartOnOrBefore,
  RECURRING_FREQUENCY_LABELS,
  type RecurringInvoice,
  type RecurringSchedule,
  toCents,
  type UpdateRecurringInvoiceRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  clients,
  invoices,
  projects,
  projectTimeEntries,
  type RecurringItem,
  recurringInvoices,
} from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects, type Written } from '../../lib/effects.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { ReadOptions, WriteOptions } from '../invoices/billing-documents.js';
import { addDays, displayDate } from '../invoices/billing-documents.js';
import { sendInvoice } from '../invoices/invoice-delivery.service.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { assertClientAndProject, createInvoice } from '../invoices/invoices.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { visibleRetainers } from './recurring-invoices.policy.js';
import { jobActor } from './system-actor.js';

type Row = typeof recurringInvoices.$inferSelect;
type CreateInput = z.output<typeof CreateRecurringInvoiceRequestSchema>;
type UpdateInput = z.output<typeof UpdateRecurringInvoiceRequestSchema>;

/** A retainer's services run their invoice steps inside its transaction (savepoints). */
const asDb = (tx: Tx) => tx as unknown as Db;

const toItems = (items: CreateInput['items']): RecurringItem[] =>
  items.map((it) => ({
    description: it.description,
    details: it.details ?? null,
    quantity: it.quantity,
    unitPriceCents: toCents(it.unitPrice),
    taxExempt: it.taxExempt ?? false,
  }));

const fromItems = (items: RecurringItem[]) =>
  items.map((it) => ({
    description: it.description,
    details: it.details,
    quantity: it.quantity,
    unitPrice: fromCents(it.unitPriceCents),
    taxExempt: it.taxExempt,
  }));

/** True when `start` lies past the retainer's end date or its count is used up. */
function beyondEnd(r: Pick<Row, 'endDate' | 'count' | 'generatedCount'>, start: string): boolean {
  return Boolean((r.endDate && start > r.endDate) || (r.count != null && r.generatedCount >= r.count));
}

/**
 * The first period to invoice of a new (or rescheduled, never invoiced) retainer: the current
 * period when the start date is past (earlier periods are not back-billed), else the first.
 */
function firstPendingPeriod(s: RecurringSchedule, today: string): string {
  return periodStartOnOrBefore(s, today) ?? periodStartAt(s, 0);
}

/** Hours logged on the retainer's project in [from, to) (decimal hours). */
async function hoursLogged(db: Db | Tx, projectId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${projectTimeEntries.minutes}), 0)::int`.mapWith(Number) })
    .from(projectTimeEntries)
    .where(
      and(
        eq(projectTimeEntries.projectId, projectId),
        sql`${projectTimeEntries.date} >= ${from} and ${projectTimeEntries.date} < ${to}`,
      ),
    );
  return (row?.minutes ?? 0) / 60;
}

async function toApi(db: Db | Tx, rows: Row[], today: string): Promise<RecurringInvoice[]> {
  if (rows.length === 0) return [];
  const settings = await getCompanySettings(db);
  const clientRows = await db
    .select({
      id: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      companyName: clients.companyName,
    })
    .from(clients)
    .where(
      inArray(
        clients.id,
        rows.map((r) => r.clientId),
      ),
    );
  const projectIds = rows.map((r) => r.projectId).filter((p): p is string => Boolean(p));
  const projectRows = projectIds.length
    ? await db
        .select({ id: projects.id, title: projects.title })
        .from(projects)
        .where(inArray(projects.id, projectIds))
    : [];
  const lastInvoices = await db
    .selectDistinctOn([invoices.recurringInvoiceId], {
      recurringInvoiceId: invoices.recurringInvoiceId,
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      periodStart: invoices.periodStart,
      status: invoices.status,
    })
    .from(invoices)
    .where(
      inArray(
        invoices.recurringInvoiceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(invoices.recurringInvoiceId, desc(invoices.periodStart));
  const out: RecurringInvoice[] = [];
  for (const r of rows) {
    const client = clientRows.find((c) => c.id === r.clientId);
    const project = projectRows.find((p) => p.id === r.projectId);
    const last = lastInvoices.find((i) => i.recurringInvoiceId === r.id);
    const totals = computeInvoiceTotals(fromItems(r.items), r.taxRate ?? settings.taxRate, 0);
    const finished = r.nextPeriodStart === null;
    let hoursUsed: number | null = null;
    if (r.hoursIncluded != null && r.projectId) {
      const schedule = { frequency: r.frequency, dayOfMonth: r.dayOfMonth, startDate: r.startDate };
      const from = periodStartOnOrBefore(schedule, today);
      if (from) hoursUsed = await hoursLogged(db, r.projectId, from, periodStartAfter(schedule, from));
    }
    out.push({
      _id: r.id,
      client: {
        _id: r.clientId,
        name: client?.companyName ?? `${client?.firstName ?? ''} ${client?.lastName ?? ''}`.trim(),
      },
      project: project ? { _id: project.id, title: project.title } : null,
      frequency: r.frequency,
      dayOfMonth: r.dayOfMonth,
      startDate: r.startDate,
      endDate: r.endDate,
      count: r.count,
      autoSend: r.autoSend,
      status: r.status,
      finished,
      items: fromItems(r.items),
      taxRate: r.taxRate,
      currency: r.currency ?? settings.currency,
      paymentTerms: r.paymentTerms,
      hoursIncluded: r.hoursIncluded,
      overageRate: r.overageRateCents == null ? null : fromCents(r.overageRateCents),
      hoursUsed,
      notes: r.notes,
      subtotal: fromCents(totals.subtotalCents),
      taxAmount: fromCents(totals.taxCents),
      total: fromCents(totals.totalCents),
      nextInvoiceDate: r.nextPeriodStart,
      generatedCount: r.generatedCount,
      lastInvoice:
        last?.periodStart != null
          ? {
              _id: last.id,
              invoiceNumber: last.invoiceNumber,
              periodStart: last.periodStart,
              status: last.status,
            }
          : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    });
  }
  return out;
}

/** `GET /recurring-invoices`: admins all (filters client/status); clients their own active ones. */
export async function listRecurringInvoices({
  db,
  actor,
  query,
}: ReadOptions & { query: z.output<typeof ListRecurringInvoicesQuerySchema> }): Promise<RecurringInvoice[]> {
  const where = [visibleRetainers(actor)];
  if (query.clientId) where.push(eq(recurringInvoices.clientId, query.clientId));
  if (query.status !== 'all') where.push(eq(recurringInvoices.status, query.status));
  const rows = await db
    .select()
    .from(recurringInvoices)
    .where(and(...where))
    .orderBy(desc(recurringInvoices.createdAt));
  return toApi(db, rows, businessToday());
}

/** One retainer within the actor's scope; 404 'Iguala no encontrada'. */
export async function getRecurringInvoice({
  db,
  actor,
  id,
}: ReadOptions & { id: string }): Promise<RecurringInvoice> {
  const [row] = await db
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.id, id), visibleRetainers(actor)));
  if (!row) throw notFound('Iguala no encontrada');
  return (await toApi(db, [row], businessToday()))[0]!;
}

function assertEndDate(startDate: string, endDate: string | null | undefined) {
  if (endDate && endDate < startDate) {
    const message = 'La fecha final no puede ser anterior a la de inicio';
    throw badRequest(message, [{ field: 'endDate', message }]);
  }
}

/**
 * `POST /recurring-invoices` (admin): validates client/project like an invoice, stores the
 * template in centavos and sets the first period to invoice (the current one when the start
 * date is past). 400 when the end date leaves no period.
 */
export async function createRecurringInvoice(
  opts: WriteOptions & { input: CreateInput; today?: string },
): Promise<RecurringInvoice> {
  const { db, actor, ctx, input, today = businessToday() } = opts;
  assertEndDate(input.startDate, input.endDate);
  const id = await db.transaction(async (tx) => {
    await assertClientAndProject(tx, input.clientId, input.projectId);
    const schedule = { frequency: input.frequency, dayOfMonth: input.dayOfMonth, startDate: input.startDate };
    const next = firstPendingPeriod(schedule, today);
    if (input.endDate && next > input.endDate) {
      const message = 'La fecha final no deja ningún periodo por facturar';
      throw badRequest(message, [{ field: 'endDate', message }]);
    }
    const [row] = await tx
      .insert(recurringInvoices)
      .values({
        clientId: input.clientId,
        projectId: input.projectId ?? null,
        items: toItems(input.items),
        taxRate: input.taxRate ?? null,
        currency: input.currency ?? null,
        frequency: input.frequency,
        dayOfMonth: input.dayOfMonth,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
        count: input.count ?? null,
        autoSend: input.autoSend,
        paymentTerms: input.paymentTerms,
        hoursIncluded: input.hoursIncluded ?? null,
        overageRateCents: input.overageRate == null ? null : toCents(input.overageRate),
        notes: input.notes,
        nextPeriodStart: next,
        createdBy: actor.id,
      })
      .returning({ id: recurringInvoices.id });
    await audit(tx, ctx, 'recurring_invoice.created', { type: 'recurring_invoice', id: row!.id });
    return row!.id;
  });
  return getRecurringInvoice({ db, actor, id });
}

async function lockRetainer(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(recurringInvoices).where(eq(recurringInvoices.id, id)).for('update');
  if (!row) throw notFound('Iguala no encontrada');
  return row;
}

/**
 * `PUT /recurring-invoices/{id}` (admin): edits apply to periods not invoiced yet (generated
 * invoices are never touched); a schedule change moves the next period to the first one of the
 * new schedule after the last invoiced period. `status` pauses/resumes.
 */
export async function updateRecurringInvoice(
  opts: WriteOptions & { id: string; input: UpdateInput; today?: string },
): Promise<RecurringInvoice> {
  const { db, actor, ctx, id, input, today = businessToday() } = opts;
  await db.transaction(async (tx) => {
    const current = await lockRetainer(tx, id);
    const projectId = input.projectId === undefined ? current.projectId : input.projectId;
    if (input.projectId !== undefined) await assertClientAndProject(tx, current.clientId, projectId);
    const endDate = input.endDate === undefined ? current.endDate : input.endDate;
    assertEndDate(current.startDate, endDate);
    const next = { ...current, endDate, count: input.count === undefined ? current.count : input.count };
    const schedule = {
      frequency: input.frequency ?? current.frequency,
      dayOfMonth: input.dayOfMonth ?? current.dayOfMonth,
      startDate: current.startDate,
    };
    const [last] = await tx
      .select({ periodStart: invoices.periodStart })
      .from(invoices)
      .where(and(eq(invoices.recurringInvoiceId, id), isNotNull(invoices.periodStart)))
      .orderBy(desc(invoices.periodStart))
      .limit(1);
    const candidate = last?.periodStart
      ? periodStartAfter(schedule, last.periodStart)
      : firstPendingPeriod(schedule, today);
    await tx
      .update(recurringInvoices)
      .set({
        projectId: projectId ?? null,
        items: input.items ? toItems(input.items) : current.items,
        taxRate: input.taxRate === undefined ? current.taxRate : input.taxRate,
        currency: input.currency === undefined ? current.currency : input.currency,
        frequency: schedule.frequency,
        dayOfMonth: schedule.dayOfMonth,
        endDate,
        count: next.count,
        autoSend: input.autoSend ?? current.autoSend,
        paymentTerms: input.paymentTerms ?? current.paymentTerms,
        hoursIncluded: input.hoursIncluded === undefined ? current.hoursIncluded : input.hoursIncluded,
        overageRateCents:
          input.overageRate === undefined
            ? current.overageRateCents
            : input.overageRate === null
              ? null
              : toCents(input.overageRate),
        notes: input.notes === undefined ? current.notes : input.notes,
        status: input.status ?? current.status,
        nextPeriodStart: beyondEnd(next, candidate) ? null : candidate,
        updatedAt: new Date(),
      })
      .where(eq(recurringInvoices.id, id));
    await audit(
      tx,
      ctx,
      input.status && input.status !== current.status
        ? input.status === 'paused'
          ? 'recurring_invoice.paused'
          : 'recurring_invoice.resumed'
        : 'recurring_invoice.updated',
      { type: 'recurring_invoice', id },
      { fields: Object.keys(input) },
    );
  });
  return getRecurringInvoice({ db, actor, id });
}

/** Outcome of generating one period: the invoice and, when auto-send failed, why. */
interface Generated {
  invoiceId: string;
  created: boolean;
  sendError: string | null;
  effects: Effects;
}

/**
 * Creates the invoice of period `periodStart` of a locked retainer inside `tx`, through the
 * invoices module (createInvoice, then sendInvoice when auto-send: NCF, PDF and e-mail), links
 * it to the retainer and period, and moves the retainer to the next period. A failed send
 * keeps the draft (savepoint) and answers the error. The unique (retainer, period) index makes
 * a second insert for one period fail, whatever races.
 */
async function generatePeriod(
  tx: Tx,
  actor: Actor,
  ctx: AuditContext,
  r: Row,
  periodStart: string,
  today: string,
): Promise<Generated> {
  const schedule = { frequency: r.frequency, dayOfMonth: r.dayOfMonth, startDate: r.startDate };
  const periodEnd = addDays(periodStartAfter(schedule, periodStart), -1);
  const items = fromItems(r.items);
  // Hour bank: hours above the bank in the previous period, billed at the overage rate.
  if (r.hoursIncluded != null && r.overageRateCents && r.projectId && r.generatedCount > 0) {
    const previous = periodStartOnOrBefore(schedule, addDays(periodStart, -1));
    if (previous) {
      const used = await hoursLogged(tx, r.projectId, previous, periodStart);
      const extra = Math.round((used - r.hoursIncluded) * 100) / 100;
      if (extra > 0)
        items.push({
          description: `Horas adicionales a la bolsa (${displayDate(previous)} – ${displayDate(addDays(periodStart, -1))})`,
          details: `${used} h usadas de ${r.hoursIncluded} h incluidas`,
          quantity: Math.max(1, extra),
          unitPrice: fromCents(extra < 1 ? Math.round(r.overageRateCents * extra) : r.overageRateCents),
          taxExempt: false,
        });
    }
  }
  const note = `Iguala ${RECURRING_FREQUENCY_LABELS[r.frequency].toLowerCase()} · periodo ${displayDate(periodStart)} – ${displayDate(periodEnd)}`;
  const created = await createInvoice({
    db: asDb(tx),
    actor,
    ctx,
    input: {
      clientId: r.clientId,
      projectId: r.projectId,
      issueDate: today,
      dueDate: addDays(today, r.paymentTerms),
      items,
      taxRate: r.taxRate ?? undefined,
      currency: r.currency ?? undefined,
      discountAmount: 0,
      paymentTerms: r.paymentTerms,
      notes: r.notes ? `${r.notes}\n${note}` : note,
      series: 'FAC',
      asDraft: true,
    },
  });
  const invoiceId = created.value._id;
  await tx.update(invoices).set({ recurringInvoiceId: r.id, periodStart }).where(eq(invoices.id, invoiceId));
  const generatedCount = r.generatedCount + 1;
  const following = periodStartAfter(schedule, periodStart);
  const nextPeriodStart = r.nextPeriodStart && r.nextPeriodStart > following ? r.nextPeriodStart : following;
  await tx
    .update(recurringInvoices)
    .set({
      generatedCount,
      nextPeriodStart: beyondEnd({ ...r, generatedCount }, nextPeriodStart) ? null : nextPeriodStart,
      updatedAt: new Date(),
    })
    .where(eq(recurringInvoices.id, r.id));
  await audit(
    tx,
    ctx,
    'recurring_invoice.generated',
    { type: 'recurring_invoice', id: r.id },
    { invoiceId, periodStart },
  );
  let sent = effects();
  let sendError: string | null = null;
  if (r.autoSend) {
    try {
      sent = (await sendInvoice({ db: asDb(tx), actor, ctx, id: invoiceId })).effects;
    } catch (err) {
      sendError = err instanceof Error ? err.message : String(err);
    }
  }
  return { invoiceId, created: true, sendError, effects: sent };
}

/**
 * `POST /recurring-invoices/{id}/run` (admin "Generar ahora"): creates the invoice of the
 * pending period that has started (or, before the first period, of the first one) and answers
 * it; when the current period is already invoiced, answers that invoice (idempotent). 409 when
 * paused with nothing invoiced for the period, or when the retainer is finished.
 */
export async function runRecurringInvoice(
  opts: WriteOptions & { id: string; today?: string },
): Promise<Written<Invoice> & { created: boolean; sendError: string | null }> {
  const { db, actor, ctx, id, today = businessToday() } = opts;
  const outcome = await db.transaction(async (tx): Promise<Generated> => {
    const r = await lockRetainer(tx, id);
    const due = r.nextPeriodStart !== null && r.nextPeriodStart <= today;
    if (!due) {
      const [last] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.recurringInvoiceId, id), lte(invoices.periodStart, today)))
        .orderBy(desc(invoices.periodStart))
        .limit(1);
      if (last) return { invoiceId: last.id, created: false, sendError: null, effects: effects() };
    }
    if (r.nextPeriodStart === null) throw conflict('La iguala ya terminó: no quedan periodos por facturar.');
    if (r.status === 'paused') throw conflict('La iguala está en pausa. Reanúdala para generar facturas.');
    if (!due && r.generatedCount > 0)
      throw conflict(`El próximo periodo empieza el ${displayDate(r.nextPeriodStart)}.`);
    return generatePeriod(tx, actor, ctx, r, r.nextPeriodStart, today);
  });
  return {
    value: await getInvoice({ db, actor, id: outcome.invoiceId }),
    effects: outcome.effects,
    created: outcome.created,
    sendError: outcome.sendError,
  };
}

/** At most this many periods per retainer and run (catch-up after downtime). */
const MAX_PERIODS_PER_RUN = 12;

/**
 * The daily job's work (decision 111): for every active retainer whose next period has
 * started, creates that period's invoice (and the following ones missed while the app was
 * down), each in its own transaction with the retainer row locked. Idempotent and safe with
 * several processes: the lock serialises them and the unique (retainer, period) index refuses a
 * duplicate. Throws (after doing the rest) when some retainer failed, listing them.
 */
export async function generateDueRecurringInvoices(
  db: Db,
  today: string,
  push: (fx: Effects) => void = () => {},
): Promise<string> {
  const due = await db
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextPeriodStart, today)));
  let created = 0;
  const problems: string[] = [];
  for (const { id } of due) {
    for (let i = 0; i < MAX_PERIODS_PER_RUN; i++) {
      try {
        const outcome = await db.transaction(async (tx): Promise<Generated | null> => {
          const r = await lockRetainer(tx, id);
          if (r.status !== 'active' || !r.nextPeriodStart || r.nextPeriodStart > today) return null;
          const actor = await jobActor(tx, r.createdBy);
          if (!actor) throw new Error('No hay un administrador activo para generar la factura');
          const ctx = { actorId: actor.id, requestId: 'job:recurring-invoices' };
          return generatePeriod(tx, actor, ctx, r, r.nextPeriodStart, today);
        });
        if (!outcome) break;
        created++;
        push(outcome.effects);
        if (outcome.sendError)
          problems.push(`iguala ${id}: la factura quedó en borrador (${outcome.sendError})`);
      } catch (err) {
        problems.push(`iguala ${id}: ${err instanceof Error ? err.message : String(err)}`);
        break;
      }
    }
  }
  const summary = created === 1 ? '1 factura creada' : `${created} facturas creadas`;
  if (problems.length) throw new Error(`${summary}; con problemas: ${problems.join('; ')}`);
  return summary;
}
