import {
  BANK_MESSAGES,
  type BalanceGap,
  type CreateReconciliationAccountRequestSchema,
  fromCents,
  type ImportStatementResponse,
  type ReconciliationAccount,
  type StatementMapping,
  toCents,
  type UpdateReconciliationAccountRequestSchema,
} from '@agencia/shared';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { bankAccounts, bankLines } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { ActorCall, WriteCall } from '../../lib/service-args.js';
import { type ParsedLine, parseStatement } from './statement-parser.js';

/*
 * Bank accounts and statement imports (issue 48, decision 166). Admin only (bank.policy.ts).
 */

type AccountRow = typeof bankAccounts.$inferSelect;

/** The account row `id`, 404 "Cuenta bancaria no encontrada". */
export async function loadAccount({ db, id }: { db: Db | Tx; id: string }): Promise<AccountRow> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
  if (!row) throw notFound('Cuenta bancaria no encontrada');
  return row;
}

async function toDto(db: Db | Tx, a: AccountRow): Promise<ReconciliationAccount> {
  const [last] = await db
    .select({ balance: bankLines.balanceCents, date: bankLines.date })
    .from(bankLines)
    .where(eq(bankLines.bankAccountId, a.id))
    .orderBy(desc(bankLines.date), desc(bankLines.seq))
    .limit(1);
  const [totals] = await db
    .select({
      sum: sql<number>`coalesce(sum(${bankLines.amountCents}), 0)`.mapWith(Number),
      unmatched: sql<number>`count(*) filter (where ${bankLines.status} = 'unmatched')`.mapWith(Number),
    })
    .from(bankLines)
    .where(eq(bankLines.bankAccountId, a.id));
  const bankBalance = last ? fromCents(last.balance ?? a.openingBalanceCents + (totals?.sum ?? 0)) : null;
  return {
    _id: a.id,
    bank: a.bank,
    accountNumber: a.accountNumber,
    currency: a.currency,
    openingBalance: fromCents(a.openingBalanceCents),
    openingDate: a.openingDate,
    mapping: a.mapping ?? null,
    bankBalance,
    lastLineDate: last?.date ?? null,
    unmatchedCount: totals?.unmatched ?? 0,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** `GET /bank-accounts`: every account, by bank then number. */
export async function listAccounts({ db }: ActorCall): Promise<ReconciliationAccount[]> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .orderBy(asc(bankAccounts.bank), asc(bankAccounts.accountNumber));
  return Promise.all(rows.map((r) => toDto(db, r)));
}

/** `GET /bank-accounts/{id}`. 404 when unknown. */
export async function getAccount({ db, id }: ActorCall & { id: string }): Promise<ReconciliationAccount> {
  return toDto(db, await loadAccount({ db, id }));
}

const isUnique = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** `POST /bank-accounts` (admin): 409 when the same bank and number exist. Audited. */
export async function createAccount(
  opts: WriteCall & { input: z.output<typeof CreateReconciliationAccountRequestSchema> },
): Promise<ReconciliationAccount> {
  const { db, ctx, input } = opts;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bankAccounts)
        .values({
          bank: input.bank,
          accountNumber: input.accountNumber,
          currency: input.currency,
          openingBalanceCents: toCents(input.openingBalance),
          openingDate: input.openingDate,
          mapping: input.mapping ?? null,
        })
        .returning();
      await audit(
        tx,
        ctx,
        'bank.account_created',
        { type: 'bank_account', id: row!.id },
        {
          bank: input.bank,
          accountNumber: input.accountNumber,
        },
      );
      return toDto(tx, row!);
    });
  } catch (err) {
    if (isUnique(err)) throw conflict(BANK_MESSAGES.duplicateAccount);
    throw err;
  }
}

/**
 * `PUT /bank-accounts/{id}` (admin): any subset of the fields; the currency cannot change once the
 * account has lines (409). 409 on a duplicate bank and number. Audited.
 */
export async function updateAccount(
  opts: WriteCall & { id: string; input: z.output<typeof UpdateReconciliationAccountRequestSchema> },
): Promise<ReconciliationAccount> {
  const { db, ctx, id, input } = opts;
  try {
    return await db.transaction(async (tx) => {
      const cur = await loadAccount({ db: tx, id });
      if (input.currency && input.currency !== cur.currency) {
        const [n] = await tx.select({ n: count() }).from(bankLines).where(eq(bankLines.bankAccountId, id));
        if ((n?.n ?? 0) > 0)
          throw conflict('La cuenta ya tiene líneas importadas: su moneda no se puede cambiar.');
      }
      const [row] = await tx
        .update(bankAccounts)
        .set({
          ...(input.bank !== undefined ? { bank: input.bank } : {}),
          ...(input.accountNumber !== undefined ? { accountNumber: input.accountNumber } : {}),
          ...(input.currency !== undefined ? { currency: input.currency } : {}),
          ...(input.openingBalance !== undefined
            ? { openingBalanceCents: toCents(input.openingBalance) }
            : {}),
          ...(input.openingDate !== undefined ? { openingDate: input.openingDate } : {}),
          ...(input.mapping !== undefined ? { mapping: input.mapping ?? null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(bankAccounts.id, id))
        .returning();
      await audit(
        tx,
        ctx,
        'bank.account_updated',
        { type: 'bank_account', id },
        {
          fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
        },
      );
      return toDto(tx, row!);
    });
  } catch (err) {
    if (isUnique(err)) throw conflict(BANK_MESSAGES.duplicateAccount);
    throw err;
  }
}

/**
 * The identity of each line (decision 166): date | amount | reference | running balance, and
 * `#n` for the n-th line of the file identical in all four (two RD$100 fees the same day without
 * reference nor balance stay two lines, and importing the file again adds neither).
 */
export function lineIdentities(lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = `${l.date}|${l.amountCents}|${l.reference.trim().toUpperCase()}|${l.balanceCents ?? ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
}

/** Running-balance breaks: a line whose balance is not the previous balance plus its amount. */
export function balanceGaps(lines: ParsedLine[]): BalanceGap[] {
  const gaps: BalanceGap[] = [];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!;
    const cur = lines[i]!;
    if (prev.balanceCents === null || cur.balanceCents === null) continue;
    const expected = prev.balanceCents + cur.amountCents;
    if (expected !== cur.balanceCents)
      gaps.push({
        row: cur.row,
        date: cur.date,
        expected: fromCents(expected),
        actual: fromCents(cur.balanceCents),
      });
  }
  return gaps;
}

const INSERT_BATCH = 500;

/**
 * `POST /bank-accounts/{id}/statements` (admin): reads the file ({@link parseStatement}: 400 in
 * Spanish naming the row, nothing imported) and keeps the lines whose identity
 * ({@link lineIdentities}) the account does not have yet, in one transaction. Answers the counts,
 * the layout, the dates covered and the running-balance gaps. Audited.
 */
export async function importStatement(
  opts: WriteCall & { id: string; file: { filename: string; data: Buffer } },
): Promise<ImportStatementResponse> {
  const { db, actor, ctx, id, file } = opts;
  const account = await loadAccount({ db, id });
  const parsed = await parseStatement({
    data: file.data,
    mapping: (account.mapping as StatementMapping | null) ?? null,
  });
  const ids = lineIdentities(parsed.lines);
  const gaps = balanceGaps(parsed.lines);
  const { imported, storedGap } = await db.transaction(async (tx) => {
    // One import at a time per account: the next `seq` is read under the account's row lock.
    await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, id)).for('update');
    const [top] = await tx
      .select({ seq: sql<number>`coalesce(max(${bankLines.seq}), 0)`.mapWith(Number) })
      .from(bankLines)
      .where(eq(bankLines.bankAccountId, id));
    const storedSeq = top?.seq ?? 0;
    let seq = storedSeq;
    let inserted = 0;
    const insertedIds = new Set<string>();
    for (let at = 0; at < parsed.lines.length; at += INSERT_BATCH) {
      const batch = parsed.lines.slice(at, at + INSERT_BATCH).map((l, i) => ({
        bankAccountId: id,
        date: l.date,
        description: l.description,
        reference: l.reference,
        amountCents: l.amountCents,
        balanceCents: l.balanceCents,
        identity: ids[at + i]!,
        seq: ++seq,
        importedBy: actor.id,
      }));
      const rows = await tx
        .insert(bankLines)
        .values(batch)
        .onConflictDoNothing({ target: [bankLines.bankAccountId, bankLines.identity] })
        .returning({ identity: bankLines.identity });
      inserted += rows.length;
      for (const r of rows) insertedIds.add(r.identity);
    }
    const storedGap = await gapAfterStored(tx, id, storedSeq, parsed.lines, ids, insertedIds);
    await audit(
      tx,
      ctx,
      'bank.statement_imported',
      { type: 'bank_account', id },
      {
        filename: file.filename.slice(0, 200),
        layout: parsed.layout,
        lines: parsed.lines.length,
        imported: inserted,
        gaps: gaps.length + (storedGap ? 1 : 0),
      },
    );
    return { imported: inserted, storedGap };
  });
  const dates = parsed.lines.map((l) => l.date).sort();
  return {
    imported,
    duplicates: parsed.lines.length - imported,
    lines: parsed.lines.length,
    layout: parsed.layout,
    from: dates[0] ?? null,
    to: dates[dates.length - 1] ?? null,
    gaps: storedGap ? [storedGap, ...gaps] : gaps,
  };
}

/**
 * The running-balance check across imports (issue 48, decision 166 addendum): when the first line
 * this import added is the file's first (so the file holds no line before it), its balance is
 * checked against the last line the account already had before it — the latest by date, then by
 * the order lines were kept (`seq`), among lines stored before this import (`seq <= storedSeq`).
 * A break is a {@link BalanceGap} with `previous` naming that stored line; null when they agree,
 * when either has no running balance, or when the account had no earlier line. A first new line
 * further down the file was already checked against the file's previous line ({@link balanceGaps}).
 */
async function gapAfterStored(
  tx: Tx,
  accountId: string,
  storedSeq: number,
  lines: ParsedLine[],
  ids: string[],
  insertedIds: Set<string>,
): Promise<BalanceGap | null> {
  const first = ids.findIndex((identity) => insertedIds.has(identity));
  if (first !== 0 || storedSeq === 0) return null;
  const line = lines[0]!;
  if (line.balanceCents === null) return null;
  const [prev] = await tx
    .select({ date: bankLines.date, reference: bankLines.reference, balanceCents: bankLines.balanceCents })
    .from(bankLines)
    .where(
      and(
        eq(bankLines.bankAccountId, accountId),
        sql`${bankLines.seq} <= ${storedSeq}`,
        sql`${bankLines.date} <= ${line.date}`,
      ),
    )
    .orderBy(desc(bankLines.date), desc(bankLines.seq))
    .limit(1);
  if (!prev || prev.balanceCents === null) return null;
  const expected = prev.balanceCents + line.amountCents;
  if (expected === line.balanceCents) return null;
  return {
    row: line.row,
    date: line.date,
    expected: fromCents(expected),
    actual: fromCents(line.balanceCents),
    previous: { date: prev.date, reference: prev.reference },
  };
}

/** Unmatched lines of a period (ISO bounds, both included) per account, for the month close. */
export async function unmatchedByAccount({
  db,
  from,
  to,
}: {
  db: Db | Tx;
  from: string;
  to: string;
}): Promise<Array<{ id: string; bank: string; accountNumber: string; currency: string; unmatched: number }>> {
  return db
    .select({
      id: bankAccounts.id,
      bank: bankAccounts.bank,
      accountNumber: bankAccounts.accountNumber,
      currency: bankAccounts.currency,
      unmatched: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bankLines)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankLines.bankAccountId))
    .where(
      and(
        eq(bankLines.status, 'unmatched'),
        sql`${bankLines.date} >= ${from}`,
        sql`${bankLines.date} <= ${to}`,
      ),
    )
    .groupBy(bankAccounts.id, bankAccounts.bank, bankAccounts.accountNumber, bankAccounts.currency)
    .orderBy(bankAccounts.bank, bankAccounts.accountNumber);
}
