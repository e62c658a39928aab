import {
  type AcceptExactMatchesRequestSchema,
  type AcceptExactMatchesResponse,
  BANK_MESSAGES,
  type BankLine,
  type BankLineMatch,
  type BankLineSuggestion,
  type CreateExpenseFromLineRequestSchema,
  CreateExpenseRequestSchema,
  type ExactMatchesPreview,
  formatMoney,
  fromCents,
  type IgnoreBankLineRequestSchema,
  type ListBankLinesQuerySchema,
  type ListBankLinesResponse,
  type MatchBankLineRequestSchema,
  pageWindow,
  toCents,
} from '@agencia/shared';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import {
  bankAccounts,
  bankLineLinks,
  bankLines,
  bankRules,
  expenses,
  invoicePayments,
  invoices,
  paymentReports,
  users,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { type Effects, effects, mergeEffects, type Written } from '../../lib/effects.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { likePattern } from '../../lib/paging.js';
import type { WriteCall } from '../../lib/service-args.js';
import { createExpense, deleteExpense, updateExpense } from '../expenses/expenses.service.js';
import { recordPaymentInTx, voidPayment } from '../invoices/invoice-payments.service.js';
import { confirmPaymentReport } from '../payments/payment-reports.service.js';
import { loadAccount } from './bank-accounts.service.js';
import { BAND_PERCENT, FEE_CAP_CENTS, loadCandidates, ruleApplies, suggestFor } from './bank-matching.js';
import { normalizeName } from './statement-parser.js';

/*
 * Bank lines (issue 48, decision 166): the list with suggestions, matching a line to portal
 * records through the existing services (payments with their receipts, transfer reports,
 * expenses), ignoring it, and undoing a match. Every write locks the line (`FOR UPDATE`) and
 * checks its status inside the transaction, so two admins cannot match one line twice.
 */

type LineRow = typeof bankLines.$inferSelect;

/** The line `id` locked for update in `tx`; 404 "Línea del banco no encontrada". */
async function lockLine(tx: Tx, id: string): Promise<LineRow> {
  const [row] = await tx.select().from(bankLines).where(eq(bankLines.id, id)).for('update').limit(1);
  if (!row) throw notFound('Línea del banco no encontrada');
  return row;
}

/** What the matches of `lineIds` recorded, per line. */
async function matchesOf(db: Db | Tx, rows: LineRow[]): Promise<Map<string, BankLineMatch>> {
  const out = new Map<string, BankLineMatch>();
  const matched = rows.filter((r) => r.status === 'matched');
  if (matched.length === 0) return out;
  const links = await db
    .select({
      lineId: bankLineLinks.bankLineId,
      paymentId: bankLineLinks.paymentId,
      invoiceId: bankLineLinks.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      amountCents: invoicePayments.amountCents,
      paymentReportId: bankLineLinks.paymentReportId,
      expenseId: bankLineLinks.expenseId,
    })
    .from(bankLineLinks)
    .leftJoin(invoices, eq(invoices.id, bankLineLinks.invoiceId))
    .leftJoin(invoicePayments, eq(invoicePayments.id, bankLineLinks.paymentId))
    .where(
      inArray(
        bankLineLinks.bankLineId,
        matched.map((r) => r.id),
      ),
    )
    .orderBy(asc(bankLineLinks.createdAt));
  const userIds = [...new Set(matched.map((r) => r.matchedBy).filter((u): u is string => !!u))];
  const names = new Map(
    userIds.length
      ? (
          await db
            .select({ id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u.name] as const)
      : [],
  );
  for (const r of matched)
    out.set(r.id, {
      payments: [],
      paymentReportId: null,
      expenseId: null,
      matchedBy: r.matchedBy ? { _id: r.matchedBy, name: names.get(r.matchedBy) ?? '' } : null,
      matchedAt: (r.matchedAt ?? r.updatedAt).toISOString(),
    });
  for (const l of links) {
    const m = out.get(l.lineId)!;
    if (l.paymentId && l.invoiceId)
      m.payments.push({
        paymentId: l.paymentId,
        invoiceId: l.invoiceId,
        invoiceNumber: l.invoiceNumber ?? '',
        amount: fromCents(l.amountCents ?? 0),
      });
    if (l.paymentReportId) m.paymentReportId = l.paymentReportId;
    if (l.expenseId) m.expenseId = l.expenseId;
  }
  return out;
}

function toDto(r: LineRow, match: BankLineMatch | null, suggestions: BankLine['suggestions']): BankLine {
  return {
    _id: r.id,
    bankAccountId: r.bankAccountId,
    date: r.date,
    description: r.description,
    reference: r.reference,
    amount: fromCents(r.amountCents),
    balance: r.balanceCents === null ? null : fromCents(r.balanceCents),
    status: r.status,
    ignoreReason: r.ignoreReason,
    match,
    suggestions,
  };
}

/** Lines as the API answers them: matches read, suggestions computed for the unmatched ones. */
async function toDtos(db: Db | Tx, account: { id: string; currency: string }, rows: LineRow[]) {
  const matches = await matchesOf(db, rows);
  const open = rows.filter((r) => r.status === 'unmatched');
  const candidates = open.length
    ? await loadCandidates({ db, bankAccountId: account.id, currency: account.currency })
    : null;
  return rows.map((r) =>
    toDto(
      r,
      matches.get(r.id) ?? null,
      candidates && r.status === 'unmatched' ? suggestFor(r, candidates) : [],
    ),
  );
}

/** The last day of a YYYY-MM month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * `GET /bank-accounts/{id}/lines` (admin): paged, oldest first (date, then the file's order),
 * filtered by status, month, direction and text; unmatched lines carry their suggestions.
 */
export async function listLines({
  db,
  id,
  query,
}: {
  db: Db;
  id: string;
  query: z.output<typeof ListBankLinesQuerySchema>;
}): Promise<ListBankLinesResponse> {
  const account = await loadAccount({ db, id });
  const where: SQL[] = [eq(bankLines.bankAccountId, id)];
  if (query.status) where.push(eq(bankLines.status, query.status));
  if (query.month)
    where.push(
      sql`${bankLines.date} >= ${`${query.month}-01`}`,
      sql`${bankLines.date} <= ${monthEnd(query.month)}`,
    );
  if (query.direction === 'credit') where.push(sql`${bankLines.amountCents} > 0`);
  if (query.direction === 'debit') where.push(sql`${bankLines.amountCents} < 0`);
  if (query.search) {
    const p = likePattern(query.search);
    where.push(or(ilike(bankLines.description, p), ilike(bankLines.reference, p))!);
  }
  const cond = and(...where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(bankLines)
    .where(cond)
    .orderBy(asc(bankLines.date), asc(bankLines.seq), asc(bankLines.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(bankLines).where(cond);
  return {
    bankLines: await toDtos(db, account, rows),
    pagination: { page: query.page, limit: query.limit, total: total?.n ?? 0 },
  };
}

/** `GET /bank-lines/{id}` (admin). */
export async function getLine({ db, id }: { db: Db | Tx; id: string }): Promise<BankLine> {
  const [row] = await db.select().from(bankLines).where(eq(bankLines.id, id)).limit(1);
  if (!row) throw notFound('Línea del banco no encontrada');
  const account = await loadAccount({ db, id: row.bankAccountId });
  return (await toDtos(db, account, [row]))[0]!;
}

const lineEvidence = (bank: string, line: LineRow) =>
  `${bank} · ${line.reference ? `Ref. ${line.reference}` : line.description}`.slice(0, 100);

/**
 * `POST /bank-lines/{id}/match` (admin): in one transaction, with the line locked —
 * - credits: each invoice gets a payment dated the line's day, method bank transfer, reference
 *   "banco · Ref. …" (the line as evidence), through `recordPaymentInTx` (its receipt e-mailed as
 *   for any payment; the withholdings given count too); a transfer report is confirmed through
 *   `confirmPaymentReport` with the line's amount and date;
 * - debits: the expense is linked and, when it had no payment date, gets the line's (`updateExpense`).
 * The cash amounts must add up to the line's within 3 % or a bank fee (400). 409 when the line is
 * not unmatched (another admin matched it first), 400 for a credit matched to an expense or a
 * debit to invoices, or an invoice in another currency. Audited.
 */
export async function matchLine(
  opts: WriteCall & { id: string; input: z.output<typeof MatchBankLineRequestSchema> },
): Promise<Written<BankLine>> {
  const { db, actor, ctx, id, input } = opts;
  const fx = await db.transaction(async (tx) => {
    const line = await lockLine(tx, id);
    if (line.status !== 'unmatched') throw conflict(BANK_MESSAGES.alreadyMatched);
    const account = await loadAccount({ db: tx, id: line.bankAccountId });
    const parts: Effects[] = [];
    const links: Array<typeof bankLineLinks.$inferInsert> = [];
    if (input.expenseId) {
      if (line.amountCents > 0)
        throw badRequest(BANK_MESSAGES.debitOnly, [{ field: 'expenseId', message: BANK_MESSAGES.debitOnly }]);
      const [e] = await tx.select().from(expenses).where(eq(expenses.id, input.expenseId)).limit(1);
      if (!e) throw notFound('Gasto no encontrado');
      if (e.currency !== account.currency)
        throw badRequest('La moneda del gasto no es la de la cuenta bancaria', [
          { field: 'expenseId', message: 'La moneda del gasto no es la de la cuenta bancaria' },
        ]);
      const [linked] = await tx
        .select({ id: bankLineLinks.id })
        .from(bankLineLinks)
        .where(eq(bankLineLinks.expenseId, e.id))
        .limit(1);
      if (linked) throw conflict('Ese gasto ya está conciliado con otra línea del banco');
      const cash = e.goodsCents + e.servicesCents + e.itbisCents - e.itbisWithheldCents - e.isrWithheldCents;
      assertAmounts(account.currency, -line.amountCents, cash);
      if (e.paymentDate === null)
        await updateExpense({
          db: tx as unknown as Db,
          actor,
          ctx,
          id: e.id,
          input: { paymentDate: line.date },
        });
      links.push({
        bankLineId: id,
        expenseId: e.id,
        amountCents: line.amountCents,
        previousPaymentDate: e.paymentDate,
      });
    } else {
      if (line.amountCents < 0)
        throw badRequest(BANK_MESSAGES.creditOnly, [
          { field: 'invoices', message: BANK_MESSAGES.creditOnly },
        ]);
      let cash = 0;
      const invoiceIds = input.invoices.map((i) => i.id);
      if (input.paymentReportId) {
        const [report] = await tx
          .select({
            invoiceId: paymentReports.invoiceId,
            currency: invoices.currency,
            status: paymentReports.status,
          })
          .from(paymentReports)
          .innerJoin(invoices, eq(invoices.id, paymentReports.invoiceId))
          .where(eq(paymentReports.id, input.paymentReportId))
          .limit(1);
        if (!report) throw notFound('Reporte de transferencia no encontrado');
        if (report.currency !== account.currency)
          throw badRequest(BANK_MESSAGES.currencyMismatch, [
            { field: 'paymentReportId', message: BANK_MESSAGES.currencyMismatch },
          ]);
        if (invoiceIds.includes(report.invoiceId))
          throw badRequest('La factura del reporte ya se paga con el reporte: quítala de la lista', [
            { field: 'invoices', message: 'La factura del reporte ya se paga con el reporte' },
          ]);
      }
      if (invoiceIds.length) {
        const rows = await tx
          .select({ id: invoices.id, currency: invoices.currency })
          .from(invoices)
          .where(inArray(invoices.id, invoiceIds));
        if (rows.length !== invoiceIds.length) throw notFound('Factura no encontrada');
        if (rows.some((r) => r.currency !== account.currency))
          throw badRequest(BANK_MESSAGES.currencyMismatch, [
            { field: 'invoices', message: BANK_MESSAGES.currencyMismatch },
          ]);
      }
      const reportCash = input.paymentReportId
        ? line.amountCents - input.invoices.reduce((s, i) => s + toCents(i.amount), 0)
        : 0;
      if (input.paymentReportId && reportCash < 1)
        throw badRequest(BANK_MESSAGES.amountsMismatch, [
          { field: 'invoices', message: BANK_MESSAGES.amountsMismatch },
        ]);
      cash = input.invoices.reduce((s, i) => s + toCents(i.amount), 0) + reportCash;
      assertAmounts(account.currency, line.amountCents, cash);
      for (const inv of input.invoices) {
        const recorded = await recordPaymentInTx({
          tx,
          opts: {
            actor,
            ctx,
            id: inv.id,
            input: {
              amount: inv.amount,
              paidDate: line.date,
              paymentMethod: 'bank_transfer',
              reference: lineEvidence(account.bank, line),
              ...(inv.itbisWithheld !== undefined ? { itbisWithheld: inv.itbisWithheld } : {}),
              ...(inv.isrWithheld !== undefined ? { isrWithheld: inv.isrWithheld } : {}),
            },
          },
        });
        parts.push(effects({ notifications: recorded.notifications }));
        links.push({
          bankLineId: id,
          invoiceId: inv.id,
          paymentId: recorded.paymentId,
          amountCents: toCents(inv.amount),
        });
      }
      if (input.paymentReportId) {
        const confirmed = await confirmPaymentReport({
          db: tx as unknown as Db,
          actor,
          ctx,
          id: input.paymentReportId,
          input: {
            amount: fromCents(reportCash),
            paidDate: line.date,
            reference: lineEvidence(account.bank, line),
          },
        });
        parts.push(confirmed.effects);
        links.push({
          bankLineId: id,
          invoiceId: confirmed.value.invoice._id,
          paymentId: confirmed.value.paymentId,
          paymentReportId: input.paymentReportId,
          amountCents: reportCash,
        });
      }
    }
    await tx.insert(bankLineLinks).values(links);
    await tx
      .update(bankLines)
      .set({ status: 'matched', matchedBy: actor.id, matchedAt: new Date(), updatedAt: new Date() })
      .where(eq(bankLines.id, id));
    await audit(
      tx,
      ctx,
      'bank.line_matched',
      { type: 'bank_line', id },
      {
        bankAccountId: line.bankAccountId,
        date: line.date,
        amount: fromCents(line.amountCents),
        invoices: input.invoices.map((i) => i.id),
        paymentReportId: input.paymentReportId ?? null,
        expenseId: input.expenseId ?? null,
      },
    );
    return mergeEffects(...parts);
  });
  return { value: await getLine({ db, id }), effects: fx };
}

/** 400 unless `cash` is within the 3 % band or a bank fee of the line's `lineCents` (both positive). */
function assertAmounts(currency: string, lineCents: number, cash: number): void {
  const diff = Math.abs(lineCents - cash);
  const fee = FEE_CAP_CENTS[currency] ?? FEE_CAP_CENTS.DOP!;
  if (diff * 100 <= lineCents * BAND_PERCENT || diff <= fee) return;
  const message = `${BANK_MESSAGES.amountsMismatch}: la línea es de ${formatMoney(fromCents(lineCents), currency)} y lo conciliado suma ${formatMoney(fromCents(cash), currency)}`;
  throw badRequest(message, [{ field: 'invoices', message }]);
}

/**
 * `DELETE /bank-lines/{id}/match` (admin): undoes exactly what the match recorded, in one
 * transaction — each payment is voided through `voidPayment` (the invoice's balance and status come
 * back, a confirmed transfer report returns to review, the client is told), an expense created from
 * a rule is deleted (`deleteExpense`), a linked expense gets its payment date back — and the line is
 * unmatched again. 409 when the line is not matched, or when a payment is no longer the invoice's
 * latest or lies in a closed month (the payment services' own 409s). Audited.
 */
export async function unmatchLine(opts: WriteCall & { id: string }): Promise<Written<BankLine>> {
  const { db, actor, ctx, id } = opts;
  const fx = await db.transaction(async (tx) => {
    const line = await lockLine(tx, id);
    if (line.status !== 'matched') throw conflict(BANK_MESSAGES.notMatched);
    const links = await tx
      .select()
      .from(bankLineLinks)
      .where(eq(bankLineLinks.bankLineId, id))
      .orderBy(asc(bankLineLinks.createdAt));
    const parts: Effects[] = [];
    for (const link of [...links].reverse()) {
      if (link.paymentId && link.invoiceId) {
        const voided = await voidPayment({
          db: tx as unknown as Db,
          actor,
          ctx,
          id: link.invoiceId,
          paymentId: link.paymentId,
          input: { reason: `Conciliación bancaria deshecha (línea del ${line.date})` },
        });
        parts.push(voided.effects);
      }
      if (link.expenseId) {
        if (link.createdExpense)
          await deleteExpense({ db: tx as unknown as Db, actor, ctx, id: link.expenseId });
        else if (link.previousPaymentDate === null)
          await updateExpense({
            db: tx as unknown as Db,
            actor,
            ctx,
            id: link.expenseId,
            input: { paymentDate: null },
          });
      }
    }
    await tx.delete(bankLineLinks).where(eq(bankLineLinks.bankLineId, id));
    await tx
      .update(bankLines)
      .set({ status: 'unmatched', matchedBy: null, matchedAt: null, updatedAt: new Date() })
      .where(eq(bankLines.id, id));
    await audit(
      tx,
      ctx,
      'bank.line_unmatched',
      { type: 'bank_line', id },
      {
        bankAccountId: line.bankAccountId,
        payments: links.filter((l) => l.paymentId).length,
        expenseId: links.find((l) => l.expenseId)?.expenseId ?? null,
      },
    );
    return mergeEffects(...parts);
  });
  return { value: await getLine({ db, id }), effects: fx };
}

/** `POST /bank-lines/{id}/ignore` (admin): the line needs no portal record. 409 unless unmatched. Audited. */
export async function ignoreLine(
  opts: WriteCall & { id: string; input: z.output<typeof IgnoreBankLineRequestSchema> },
): Promise<BankLine> {
  const { db, actor, ctx, id, input } = opts;
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, id);
    if (line.status !== 'unmatched') throw conflict(BANK_MESSAGES.alreadyMatched);
    await tx
      .update(bankLines)
      .set({
        status: 'ignored',
        ignoreReason: input.reason,
        matchedBy: actor.id,
        matchedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(bankLines.id, id));
    await audit(tx, ctx, 'bank.line_ignored', { type: 'bank_line', id }, { reason: input.reason });
  });
  return getLine({ db, id });
}

/** `DELETE /bank-lines/{id}/ignore` (admin): back to unmatched. 409 unless ignored. Audited. */
export async function unignoreLine(opts: WriteCall & { id: string }): Promise<BankLine> {
  const { db, ctx, id } = opts;
  await db.transaction(async (tx) => {
    const line = await lockLine(tx, id);
    if (line.status !== 'ignored') throw conflict(BANK_MESSAGES.notIgnored);
    await tx
      .update(bankLines)
      .set({
        status: 'unmatched',
        ignoreReason: null,
        matchedBy: null,
        matchedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(bankLines.id, id));
    await audit(tx, ctx, 'bank.line_unignored', { type: 'bank_line', id });
  });
  return getLine({ db, id });
}

/**
 * `POST /bank-lines/{id}/expense {ruleId}` (admin): creates the expense a debit rule describes for
 * this debit — the rule's supplier, expense type, document type (numbered by the agency) and
 * payment form, the line's amount as services without ITBIS, dated and paid the line's day, in the
 * account's currency — through `createExpense`, and matches the line to it, in one transaction.
 * 400 when the rule does not apply to the line (or is inactive); the expenses service's own 409s
 * (no NCF range, closed month, no exchange rate) pass through. Audited.
 */
export async function expenseFromRule(
  opts: WriteCall & { id: string; input: z.output<typeof CreateExpenseFromLineRequestSchema> },
): Promise<Written<BankLine>> {
  const { db, actor, ctx, id, input } = opts;
  const fx = await db.transaction(async (tx) => {
    const line = await lockLine(tx, id);
    if (line.status !== 'unmatched') throw conflict(BANK_MESSAGES.alreadyMatched);
    const [account] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, line.bankAccountId));
    const [rule] = await tx.select().from(bankRules).where(eq(bankRules.id, input.ruleId)).limit(1);
    if (!rule) throw notFound('Regla no encontrada');
    const text = normalizeName(`${line.description} ${line.reference}`);
    const applies =
      rule.active &&
      line.amountCents < 0 &&
      (rule.bankAccountId === null || rule.bankAccountId === line.bankAccountId) &&
      ruleApplies(
        {
          contains: rule.descriptionContains ? normalizeName(rule.descriptionContains) : null,
          minCents: rule.amountMinCents,
          maxCents: rule.amountMaxCents,
        },
        text,
        -line.amountCents,
      );
    if (!applies)
      throw badRequest(BANK_MESSAGES.ruleNoMatch, [{ field: 'ruleId', message: BANK_MESSAGES.ruleNoMatch }]);
    const parsed = CreateExpenseRequestSchema.safeParse({
      supplierId: rule.supplierId,
      documentType: rule.documentType,
      issueDate: line.date,
      paymentDate: line.date,
      expenseType: rule.expenseType,
      currency: account!.currency,
      servicesAmount: fromCents(-line.amountCents),
      paymentMethod: rule.paymentMethod,
      description: (rule.expenseDescription || line.description || rule.name).slice(0, 500),
    });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
      throw badRequest(errors[0]!.message, errors);
    }
    const created = await createExpense({ db: tx as unknown as Db, actor, ctx, input: parsed.data });
    await tx.insert(bankLineLinks).values({
      bankLineId: id,
      expenseId: created.value._id,
      amountCents: line.amountCents,
      createdExpense: true,
    });
    await tx
      .update(bankLines)
      .set({ status: 'matched', matchedBy: actor.id, matchedAt: new Date(), updatedAt: new Date() })
      .where(eq(bankLines.id, id));
    await audit(
      tx,
      ctx,
      'bank.line_matched',
      { type: 'bank_line', id },
      {
        bankAccountId: line.bankAccountId,
        date: line.date,
        amount: fromCents(line.amountCents),
        ruleId: rule.id,
        expenseId: created.value._id,
      },
    );
    return created.effects;
  });
  return { value: await getLine({ db, id }), effects: fx };
}

// ── accept every exact match of a month ─────────────────────────────────────────────────────

interface PlannedMatch {
  row: LineRow;
  suggestion: BankLineSuggestion & { match: NonNullable<BankLineSuggestion['match']> };
}

/**
 * What "accept every exact match of the month" takes (decision 166 addendum): the month's unmatched
 * lines of the account, oldest first (date, then the file's order), whose first suggestion is exact
 * and has a match body (invoice, transfer report, expense — a debit rule creates an expense and is
 * left to one-by-one). A line whose invoice, report or expense an earlier line already takes is
 * left out (`skipped`): two RD$5,000 transfers never pay the same RD$5,000 invoice twice.
 */
async function exactPlan(
  db: Db | Tx,
  account: { id: string; currency: string },
  month: string,
): Promise<{ planned: PlannedMatch[]; skipped: number }> {
  const rows = await db
    .select()
    .from(bankLines)
    .where(
      and(
        eq(bankLines.bankAccountId, account.id),
        eq(bankLines.status, 'unmatched'),
        sql`${bankLines.date} >= ${`${month}-01`}`,
        sql`${bankLines.date} <= ${monthEnd(month)}`,
      ),
    )
    .orderBy(asc(bankLines.date), asc(bankLines.seq), asc(bankLines.id));
  if (rows.length === 0) return { planned: [], skipped: 0 };
  const candidates = await loadCandidates({ db, bankAccountId: account.id, currency: account.currency });
  const taken = new Set<string>();
  const planned: PlannedMatch[] = [];
  let skipped = 0;
  for (const row of rows) {
    const first = suggestFor(row, candidates)[0];
    if (!first?.exact || !first.match) continue;
    const keys = [
      ...first.match.invoices.map((i) => `invoice:${i.id}`),
      ...(first.match.paymentReportId ? [`report:${first.match.paymentReportId}`] : []),
      ...(first.match.expenseId ? [`expense:${first.match.expenseId}`] : []),
    ];
    if (keys.some((k) => taken.has(k))) {
      skipped++;
      continue;
    }
    for (const k of keys) taken.add(k);
    planned.push({ row, suggestion: { ...first, match: first.match } });
  }
  return { planned, skipped };
}

/**
 * `GET /bank-accounts/{id}/exact-matches?month=YYYY-MM` (admin): the preview of the month's bulk
 * accept across every page — the lines {@link exactPlan} takes, their count and total (major
 * units), and how many exact lines were left out because an earlier line takes the same record.
 */
export async function previewExactMatches({
  db,
  id,
  month,
}: {
  db: Db;
  id: string;
  month: string;
}): Promise<ExactMatchesPreview> {
  const account = await loadAccount({ db, id });
  const { planned, skipped } = await exactPlan(db, account, month);
  return {
    month,
    count: planned.length,
    total: fromCents(planned.reduce((sum, p) => sum + p.row.amountCents, 0)),
    skipped,
    lines: planned.map((p) => ({
      lineId: p.row.id,
      date: p.row.date,
      description: p.row.description,
      amount: fromCents(p.row.amountCents),
      label: p.suggestion.label,
      reason: p.suggestion.reason,
    })),
  };
}

/**
 * `POST /bank-accounts/{id}/exact-matches {month, lineIds}` (admin): records the lines the admin
 * confirmed from the preview, each with the first suggestion {@link exactPlan} gives it now, through
 * {@link matchLine} — so each line in its OWN transaction, with its lock, 409s, receipts and audit
 * entry. One line failing (matched meanwhile by another admin, a closed month, its suggestion no
 * longer exact) does not undo nor stop the others: the answer counts what was recorded and lists
 * each failure with its Spanish reason. Ids of other accounts or months fail as "no longer exact".
 */
export async function acceptExactMatches(
  opts: WriteCall & { id: string; input: z.output<typeof AcceptExactMatchesRequestSchema> },
): Promise<Written<AcceptExactMatchesResponse>> {
  const { db, actor, ctx, id, input } = opts;
  const account = await loadAccount({ db, id });
  const { planned } = await exactPlan(db, account, input.month);
  const byLine = new Map(planned.map((p) => [p.row.id, p]));
  const parts: Effects[] = [];
  const failed: AcceptExactMatchesResponse['failed'] = [];
  let recorded = 0;
  for (const lineId of new Set(input.lineIds)) {
    const plan = byLine.get(lineId);
    if (!plan) {
      const [row] = await db.select().from(bankLines).where(eq(bankLines.id, lineId)).limit(1);
      failed.push({
        lineId,
        date: row?.date ?? null,
        description: row?.description ?? '',
        amount: row ? fromCents(row.amountCents) : null,
        reason:
          row && row.status !== 'unmatched'
            ? BANK_MESSAGES.alreadyMatched
            : 'La línea ya no tiene una coincidencia exacta en este mes',
      });
      continue;
    }
    try {
      const written = await matchLine({ db, actor, ctx, id: lineId, input: plan.suggestion.match });
      parts.push(written.effects);
      recorded++;
    } catch (error) {
      failed.push({
        lineId,
        date: plan.row.date,
        description: plan.row.description,
        amount: fromCents(plan.row.amountCents),
        reason: error instanceof AppError ? error.message : 'Error inesperado al registrar la línea',
      });
    }
  }
  return { value: { recorded, failed }, effects: mergeEffects(...parts) };
}
