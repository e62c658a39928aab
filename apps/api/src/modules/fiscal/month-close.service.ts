import {
  addDays,
  type DgiiMonthSummary,
  dayInZone,
  dgiiDeadlines,
  ISR_WITHHOLDING_TYPE_LABELS,
  type IsrWithholdingType,
  nextFiscalPeriod,
  type SummaryFigure,
  toDopCents,
} from '@agencia/shared';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calendarEvents, clients, fiscalPeriods, invoicePayments, invoices } from '../../db/schema/index.js';
import { unmatchedByAccount } from '../bank/bank-accounts.service.js';
import { purchases606 } from './dgii-606.service.js';
import { ratesOf } from './dgii-report-inputs.js';
import { liveEcf, rejectedEcf, sales607 } from './dgii-reports.service.js';
import { type ClientWithholdingForSummary, type FigureCents, monthFigures } from './month-summary.js';

/** First and last day (YYYY-MM-DD) of a period YYYYMM. */
function bounds(period: string): { from: string; to: string } {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4, 6));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/**
 * ITBIS clients withheld in the period, one line per payment, in DOP at the invoice's rate
 * (decision 137). Dated as the 607 dates them: the retention date, or the payment's date when none
 * was typed (then only for an invoice of the period; a late one needs its retention date, as
 * `sales607` re-lists it only by that date).
 */
async function clientWithholdings(db: Db, from: string, to: string): Promise<ClientWithholdingForSummary[]> {
  const day = sql<string>`coalesce(${invoicePayments.retentionDate}, ${invoicePayments.paidDate})`;
  const found = await db
    .select({
      ncf: invoices.ncf,
      currency: invoices.currency,
      exchangeRate: invoices.exchangeRate,
      issueDate: invoices.issueDate,
      retentionDate: invoicePayments.retentionDate,
      day,
      cents: invoicePayments.itbisWithheldCents,
      party: sql<string>`coalesce(${clients.companyName}, trim(${clients.firstName} || ' ' || ${clients.lastName}))`,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        isNotNull(invoices.ncf),
        liveEcf(invoices.ecfStatus),
        sql`${invoicePayments.itbisWithheldCents} > 0`,
        gte(day, from),
        lte(day, to),
      ),
    )
    .orderBy(day, invoices.ncf);
  const kept = found.filter((w) => w.issueDate >= from || w.retentionDate !== null);
  const rates = await ratesOf({
    db,
    docs: kept.map((w) => ({
      currency: w.currency,
      exchangeRate: w.exchangeRate,
      issueDate: w.issueDate,
      ncf: w.ncf,
    })),
  });
  return kept.map((w) => {
    const rate = rates.get(w.ncf!) ?? null;
    return {
      ncf: w.ncf!,
      party: w.party,
      date: String(w.day),
      itbisWithheldCents: rate === null ? w.cents : toDopCents(w.cents, rate),
    };
  });
}

/**
 * The calendar's holidays (events of type `holiday`) in the month after `period`, as ISO days in the
 * agency's time zone: the days a DGII deadline cannot fall on.
 */
async function holidaysAfter(db: Db, period: string): Promise<Set<string>> {
  const { from, to } = bounds(nextFiscalPeriod(period));
  // A deadline moved past month end still lands within a few days of it.
  const until = new Date(`${addDays(to, 10)}T00:00:00Z`);
  const events = await db
    .select({ start: calendarEvents.startDate, end: calendarEvents.endDate })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.type, 'holiday'),
        lte(calendarEvents.startDate, until),
        gte(calendarEvents.endDate, new Date(`${from}T00:00:00Z`)),
      ),
    );
  const days = new Set<string>();
  for (const e of events) {
    const last = dayInZone(new Date(Math.max(e.start.getTime(), e.end.getTime() - 1)));
    for (let d = dayInZone(e.start); d <= last; d = addDays(d, 1)) days.add(d);
  }
  return days;
}

const pesos = (f: FigureCents): SummaryFigure => ({
  amount: f.cents / 100,
  lines: f.lines.map((l) => ({
    source: l.source,
    ncf: l.ncf,
    party: l.party,
    date: l.date,
    amount: l.cents / 100,
  })),
});

/**
 * `GET /reports/dgii/summary?period=YYYYMM` (admin, decision 141): the month's IT-1 and IR-17
 * figures with the lines behind each (from the same rows as its 606 and 607), the filing
 * deadlines (weekends and the calendar's holidays skipped) and whether the month is closed.
 * Documents whose e-CF the DGII rejected count nowhere and are listed in `rejectedEcf` with the
 * DGII's reasons (issue 42); bank accounts with lines of the month not reconciled are listed in
 * `unreconciledBank` so the screen warns before the month is closed (issue 48). Amounts in RD$. Throws 409 like the 606/607 when a foreign-currency document has no rate or a
 * supplier has no RNC/cédula, 400 when the company has no RNC and there are purchases.
 */
export async function monthSummary({ db, period }: { db: Db; period: string }): Promise<DgiiMonthSummary> {
  const { from, to } = bounds(period);
  const [sales, withholdings, purchases, holidays, closed, rejected, bank] = await Promise.all([
    sales607({ db, period }),
    clientWithholdings(db, from, to),
    purchases606({ db, period }),
    holidaysAfter(db, period),
    db.select({ period: fiscalPeriods.period }).from(fiscalPeriods).where(eq(fiscalPeriods.period, period)),
    rejectedEcf({ db, period }),
    unmatchedByAccount({ db, from, to }),
  ]);
  const f = monthFigures({
    periodStart: from,
    sales: sales.documents.map((d) => ({
      ncf: d.row.ncf,
      party: d.party,
      issueDate: d.row.issueDate,
      kind: d.kind,
      itbisCents: d.row.itbisCents,
    })),
    withholdings,
    purchases: purchases.map((p) => ({ row: p.row, party: p.party, credit: false })),
  });
  return {
    period,
    it1: {
      itbisCharged: pesos(f.it1.itbisCharged),
      itbisPaid: pesos(f.it1.itbisPaid),
      itbisToCost: pesos(f.it1.itbisToCost),
      itbisDeductible: pesos(f.it1.itbisDeductible),
      itbisWithheldByClients: pesos(f.it1.itbisWithheldByClients),
      balance: f.it1.balanceCents / 100,
      itbisWithheldFromSuppliers: pesos(f.it1.itbisWithheldFromSuppliers),
      totalToPay: f.it1.totalToPayCents / 100,
      carryForward: f.it1.carryForwardCents / 100,
    },
    ir17: {
      byType: f.ir17.byType.map((t) => ({
        type: t.type,
        label: ISR_WITHHOLDING_TYPE_LABELS[t.type as IsrWithholdingType] ?? t.type,
        figure: pesos(t.figure),
      })),
      total: f.ir17.totalCents / 100,
    },
    deadlines: dgiiDeadlines(period, holidays),
    closed: closed.length > 0,
    rejectedEcf: rejected,
    unreconciledBank: bank.map((b) => ({
      bankAccountId: b.id,
      bank: b.bank,
      accountNumber: b.accountNumber,
      currency: b.currency,
      unmatched: b.unmatched,
    })),
  };
}
