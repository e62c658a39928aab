import {
  businessToday,
  computeInvoiceTotals,
  fromCents,
  type ListRecurringInvoicesQuerySchema,
  periodStartAfter,
  periodStartOnOrBefore,
  type RecurringInvoice,
  toCents,
  type UpdateRecurringInvoiceRequestSchema,
} from '@agencia/shared';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { clients, invoices, projects, recurringInvoices } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ReadCall, WriteCall } from '../../lib/service-args.js';
import { assertClientAndProject } from '../invoices/invoices.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { visibleRetainers } from './recurring-invoices.policy.js';
import {
  beyondEnd,
  type CreateInput,
  firstPendingPeriod,
  fromItems,
  hoursLogged,
  lockRetainer,
  type Row,
  toItems,
} from './recurring-invoices.rules.js';

type UpdateInput = z.output<typeof UpdateRecurringInvoiceRequestSchema>;

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
}: ReadCall & { query: z.output<typeof ListRecurringInvoicesQuerySchema> }): Promise<RecurringInvoice[]> {
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
}: ReadCall & { id: string }): Promise<RecurringInvoice> {
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
  opts: WriteCall & { input: CreateInput; today?: string },
): Promise<RecurringInvoice> {
  const { db, actor, ctx, input, today = businessToday() } = opts;
  assertEndDate(input.startDate, input.endDate);
  const id = await db.transaction(async (tx) => {
    await assertClientAndProject({ tx, clientId: input.clientId, projectId: input.projectId });
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

/**
 * `PUT /recurring-invoices/{id}` (admin): edits apply to periods not invoiced yet (generated
 * invoices are never touched); a schedule change moves the next period to the first one of the
 * new schedule after the last invoiced period. `status` pauses/resumes.
 */
export async function updateRecurringInvoice(
  opts: WriteCall & { id: string; input: UpdateInput; today?: string },
): Promise<RecurringInvoice> {
  const { db, actor, ctx, id, input, today = businessToday() } = opts;
  await db.transaction(async (tx) => {
    const current = await lockRetainer(tx, id);
    const projectId = input.projectId === undefined ? current.projectId : input.projectId;
    if (input.projectId !== undefined)
      await assertClientAndProject({ tx, clientId: current.clientId, projectId });
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
