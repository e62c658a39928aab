import {
  addDays,
  businessToday,
  fromCents,
  type Invoice,
  periodStartAfter,
  periodStartOnOrBefore,
  RECURRING_FREQUENCY_LABELS,
} from '@agencia/shared';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { invoices, recurringInvoices } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects, type Written } from '../../lib/effects.js';
import { conflict } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { displayDate } from '../billing-documents/billing-documents.js';
import { sendInvoice } from '../invoices/invoice-delivery.service.js';
import { getInvoice } from '../invoices/invoices.queries.js';
import { createInvoice } from '../invoices/invoices.service.js';
import {
  asDb,
  beyondEnd,
  fromItems,
  hoursLogged,
  lockRetainer,
  type Row,
} from './recurring-invoices.rules.js';
import { jobActor } from './system-actor.js';

/*
 * Running retainers (decision 111): the invoice of one period, "Generar ahora" and the daily job.
 */

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
  opts: WriteCall & { id: string; today?: string },
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
