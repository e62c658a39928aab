import {
  formatFiscalPeriod,
  fromCents,
  type ReconciliationSummary,
  type UnmatchedPortalItem,
} from '@agencia/shared';
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  bankLineLinks,
  bankLines,
  clients,
  expenses,
  invoicePayments,
  invoices,
  suppliers,
} from '../../db/schema/index.js';
import { loadAccount, unmatchedByAccount } from './bank-accounts.service.js';
import { monthEnd } from './bank-lines.service.js';

/*
 * The month's reconciliation of an account and the month-close warning (issue 48, decision 166).
 */

/**
 * `GET /bank-accounts/{id}/reconciliation?month=YYYY-MM` (admin); see `ReconciliationSummarySchema`
 * for the figures. Portal records "no line accounts for" are bank-transfer payments in the
 * account's currency and expenses paid by cheque/transfer (606 form 02) in it, dated from the
 * account's opening date to the month's end, with no bank line linked.
 */
export async function reconciliationSummary({
  db,
  id,
  month,
}: {
  db: Db | Tx;
  id: string;
  month: string;
}): Promise<ReconciliationSummary> {
  const account = await loadAccount({ db, id });
  const from = `${month}-01`;
  const to = monthEnd(month);
  const [last] = await db
    .select({ balance: bankLines.balanceCents })
    .from(bankLines)
    .where(and(eq(bankLines.bankAccountId, id), lte(bankLines.date, to)))
    .orderBy(desc(bankLines.date), desc(bankLines.seq))
    .limit(1);
  const [upTo] = await db
    .select({
      all: sql<number>`coalesce(sum(${bankLines.amountCents}), 0)`.mapWith(Number),
      explained:
        sql<number>`coalesce(sum(${bankLines.amountCents}) filter (where ${bankLines.status} <> 'unmatched'), 0)`.mapWith(
          Number,
        ),
    })
    .from(bankLines)
    .where(and(eq(bankLines.bankAccountId, id), lte(bankLines.date, to)));
  const [inMonth] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      matched: sql<number>`count(*) filter (where ${bankLines.status} = 'matched')`.mapWith(Number),
      ignored: sql<number>`count(*) filter (where ${bankLines.status} = 'ignored')`.mapWith(Number),
      unmatched: sql<number>`count(*) filter (where ${bankLines.status} = 'unmatched')`.mapWith(Number),
      credits:
        sql<number>`coalesce(sum(${bankLines.amountCents}) filter (where ${bankLines.status} = 'unmatched' and ${bankLines.amountCents} > 0), 0)`.mapWith(
          Number,
        ),
      debits:
        sql<number>`coalesce(sum(${bankLines.amountCents}) filter (where ${bankLines.status} = 'unmatched' and ${bankLines.amountCents} < 0), 0)`.mapWith(
          Number,
        ),
    })
    .from(bankLines)
    .where(and(eq(bankLines.bankAccountId, id), sql`${bankLines.date} >= ${from}`, lte(bankLines.date, to)));

  const payments = await db
    .select({
      id: invoicePayments.id,
      date: invoicePayments.paidDate,
      amountCents: invoicePayments.amountCents,
      invoiceNumber: invoices.invoiceNumber,
      clientName: sql<string>`coalesce(nullif(${clients.companyName}, ''), trim(${clients.firstName} || ' ' || ${clients.lastName}))`,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(bankLineLinks, eq(bankLineLinks.paymentId, invoicePayments.id))
    .where(
      and(
        isNull(bankLineLinks.id),
        eq(invoicePayments.paymentMethod, 'bank_transfer'),
        eq(invoices.currency, account.currency),
        sql`${invoicePayments.paidDate} >= ${account.openingDate}`,
        lte(invoicePayments.paidDate, to),
      ),
    );
  const paid = await db
    .select({
      id: expenses.id,
      date: expenses.paymentDate,
      cents:
        sql<number>`${expenses.goodsCents} + ${expenses.servicesCents} + ${expenses.itbisCents} - ${expenses.itbisWithheldCents} - ${expenses.isrWithheldCents}`.mapWith(
          Number,
        ),
      ncf: expenses.ncf,
      supplierName: suppliers.name,
    })
    .from(expenses)
    .innerJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .leftJoin(bankLineLinks, eq(bankLineLinks.expenseId, expenses.id))
    .where(
      and(
        isNull(bankLineLinks.id),
        eq(expenses.status, 'recorded'),
        eq(expenses.paymentMethod, '02'),
        eq(expenses.currency, account.currency),
        sql`${expenses.paymentDate} >= ${account.openingDate}`,
        lte(expenses.paymentDate, to),
      ),
    );
  const items: UnmatchedPortalItem[] = [
    ...payments.map((p) => ({
      kind: 'payment' as const,
      id: p.id,
      date: p.date,
      amount: fromCents(p.amountCents),
      label: `Pago de ${p.invoiceNumber} · ${p.clientName}`,
    })),
    ...paid.map((e) => ({
      kind: 'expense' as const,
      id: e.id,
      date: e.date!,
      amount: -fromCents(e.cents),
      label: `Gasto ${e.ncf} · ${e.supplierName}`,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const portalOnlyCents =
    payments.reduce((s, p) => s + p.amountCents, 0) - paid.reduce((s, e) => s + e.cents, 0);
  const bankCents = last?.balance ?? account.openingBalanceCents + (upTo?.all ?? 0);
  const portalCents = account.openingBalanceCents + (upTo?.explained ?? 0) + portalOnlyCents;
  return {
    month,
    bankAccountId: id,
    currency: account.currency,
    openingBalance: fromCents(account.openingBalanceCents),
    bankBalance: fromCents(bankCents),
    portalBalance: fromCents(portalCents),
    difference: fromCents(bankCents - portalCents),
    lines: {
      total: inMonth?.total ?? 0,
      matched: inMonth?.matched ?? 0,
      ignored: inMonth?.ignored ?? 0,
      unmatched: inMonth?.unmatched ?? 0,
    },
    unmatchedBank: {
      count: inMonth?.unmatched ?? 0,
      credits: fromCents(inMonth?.credits ?? 0),
      debits: fromCents(inMonth?.debits ?? 0),
    },
    unmatchedPortal: { count: items.length, total: fromCents(portalOnlyCents), items: items.slice(0, 200) },
    reconciled: (inMonth?.unmatched ?? 0) === 0,
  };
}

/**
 * The warnings closing fiscal period `period` (YYYYMM) gets (never a block): one Spanish sentence
 * per bank account with lines of that month not reconciled.
 */
export async function bankCloseWarnings({ db, period }: { db: Db | Tx; period: string }): Promise<string[]> {
  const month = formatFiscalPeriod(period);
  const rows = await unmatchedByAccount({ db, from: `${month}-01`, to: monthEnd(month) });
  return rows.map(
    (r) =>
      `La cuenta ${r.bank} ${r.accountNumber} tiene ${r.unmatched} ${r.unmatched === 1 ? 'línea' : 'líneas'} del banco sin conciliar en ${month}.`,
  );
}
