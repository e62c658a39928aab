import {
  businessToday,
  ErrorCodes,
  type ExchangeRate,
  type ForeignCurrency,
  type ImportExchangeRatesResponse,
  type ListExchangeRatesQuerySchema,
  type ListExchangeRatesResponse,
  missingExchangeRateMessage,
  missingExpenseRateMessage,
  oldestUsableRateDay,
  pageWindow,
  type UpsertExchangeRateRequestSchema,
} from '@agencia/shared';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { exchangeRates, users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { BcrdCsvError, decodeCsv, parseBcrdCsv } from './bcrd-rates.csv.js';

/*
 * Exchange rates (issue 27, decision 137): the DOP value of one US$ (or €) per day, typed by an
 * admin or imported from the Banco Central's series, and the rule that picks the rate a
 * foreign-currency document is issued with.
 */

const selectRate = {
  date: exchangeRates.date,
  currency: exchangeRates.currency,
  rate: exchangeRates.rate,
  source: exchangeRates.source,
  updatedAt: exchangeRates.updatedAt,
  byId: users.id,
  byName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

type RateRow = {
  date: string;
  currency: ForeignCurrency;
  rate: number;
  source: ExchangeRate['source'];
  updatedAt: Date;
  byId: string | null;
  byName: string | null;
};

const toDto = (r: RateRow): ExchangeRate => ({
  date: r.date,
  currency: r.currency,
  rate: Number(r.rate),
  source: r.source,
  createdBy: r.byId ? { _id: r.byId, name: r.byName ?? '' } : null,
  updatedAt: r.updatedAt.toISOString(),
});

async function findRate(db: Db | Tx, currency: ForeignCurrency, date: string): Promise<ExchangeRate | null> {
  const [row] = await db
    .select(selectRate)
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.createdBy))
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.date, date)));
  return row ? toDto(row) : null;
}

/**
 * `GET /fiscal/exchange-rates?currency=USD&from=&to=&page=&limit=` (admin): the stored rates of a
 * currency, newest day first, within the optional day range (ISO, both ends included), 30 a page.
 */
export async function listRates({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof ListExchangeRatesQuerySchema>;
}): Promise<ListExchangeRatesResponse> {
  const where: SQL[] = [eq(exchangeRates.currency, query.currency)];
  if (query.from) where.push(gte(exchangeRates.date, query.from));
  if (query.to) where.push(lte(exchangeRates.date, query.to));
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(selectRate)
    .from(exchangeRates)
    .leftJoin(users, eq(users.id, exchangeRates.createdBy))
    .where(and(...where))
    .orderBy(desc(exchangeRates.date))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(exchangeRates)
    .where(and(...where));
  return { rates: rows.map(toDto), pagination: { page: query.page, limit, total: total?.n ?? 0 } };
}

/**
 * `POST /fiscal/exchange-rates` (admin): stores the rate of one day, replacing the day's rate when
 * there is one (source becomes `manual`). The body is validated by the shared schema (400: date
 * after today, rate ≤ 0, ≥ 1,000 or with more than 4 decimals). Audited as
 * `fiscal.exchange_rate_set` with the previous rate. Invoices already issued keep theirs.
 */
export async function upsertRate(
  opts: WriteCall & { input: z.output<typeof UpsertExchangeRateRequestSchema> },
): Promise<{ rate: ExchangeRate; created: boolean }> {
  const { db, actor, ctx, input } = opts;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ rate: exchangeRates.rate, source: exchangeRates.source })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, input.currency), eq(exchangeRates.date, input.date)))
      .for('update');
    await tx
      .insert(exchangeRates)
      .values({
        date: input.date,
        currency: input.currency,
        rate: input.rate,
        source: 'manual',
        createdBy: actor.id,
      })
      .onConflictDoUpdate({
        target: [exchangeRates.currency, exchangeRates.date],
        set: { rate: input.rate, source: 'manual', createdBy: actor.id, updatedAt: new Date() },
      });
    await audit(
      tx,
      ctx,
      'fiscal.exchange_rate_set',
      { type: 'exchange_rate', id: null },
      {
        date: input.date,
        currency: input.currency,
        rate: input.rate,
        previousRate: before ? Number(before.rate) : null,
        previousSource: before?.source ?? null,
      },
    );
    return { rate: (await findRate(tx, input.currency, input.date))!, created: !before };
  });
}

/** The largest CSV accepted: the whole series since 1991 is about 300 KB. */
export const BCRD_CSV_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `POST /fiscal/exchange-rates/import` (admin): stores the USD selling rates ("Venta") of the
 * BCRD's daily series (CSV, format in bcrd-rates.csv.ts). New days are `imported`, days whose
 * stored rate differs are `updated` (source `bcrd_csv`), days with the same rate or after today
 * are `skipped`. All or nothing: a malformed file is refused with 400 naming the line, and nothing
 * is written. Audited as `fiscal.exchange_rates_imported` with the counts and the range.
 */
export async function importBcrdCsv(
  opts: WriteCall & { file: Buffer },
): Promise<ImportExchangeRatesResponse> {
  const { db, actor, ctx, file } = opts;
  let parsed: ReturnType<typeof parseBcrdCsv>;
  try {
    parsed = parseBcrdCsv(decodeCsv(file));
  } catch (e) {
    if (e instanceof BcrdCsvError) throw badRequest(e.message, [{ field: 'file', message: e.message }]);
    throw e;
  }
  const today = businessToday();
  const days = parsed.filter((r) => r.date <= today);
  const future = parsed.length - days.length;
  const dates = days.map((r) => r.date).sort();
  const from = dates[0] ?? null;
  const to = dates.at(-1) ?? null;
  return db.transaction(async (tx) => {
    const stored = new Map<string, number>();
    if (from && to) {
      const rows = await tx
        .select({ date: exchangeRates.date, rate: exchangeRates.rate })
        .from(exchangeRates)
        .where(
          and(eq(exchangeRates.currency, 'USD'), gte(exchangeRates.date, from), lte(exchangeRates.date, to)),
        );
      for (const r of rows) stored.set(r.date, Math.round(Number(r.rate) * 10_000));
    }
    const fresh = days.filter((r) => !stored.has(r.date));
    const changed = days.filter(
      (r) => stored.has(r.date) && stored.get(r.date) !== Math.round(r.sell * 10_000),
    );
    const now = new Date();
    for (let i = 0; i < fresh.length; i += 500) {
      await tx.insert(exchangeRates).values(
        fresh.slice(i, i + 500).map((r) => ({
          date: r.date,
          currency: 'USD' as const,
          rate: r.sell,
          source: 'bcrd_csv' as const,
          createdBy: actor.id,
        })),
      );
    }
    for (const r of changed) {
      await tx
        .update(exchangeRates)
        .set({ rate: r.sell, source: 'bcrd_csv', createdBy: actor.id, updatedAt: now })
        .where(and(eq(exchangeRates.currency, 'USD'), eq(exchangeRates.date, r.date)));
    }
    const result = {
      imported: fresh.length,
      updated: changed.length,
      skipped: days.length - fresh.length - changed.length + future,
      from,
      to,
    };
    await audit(
      tx,
      ctx,
      'fiscal.exchange_rates_imported',
      { type: 'exchange_rate', id: null },
      {
        currency: 'USD',
        ...result,
        updatedDays: changed.slice(0, 50).map((r) => r.date),
      },
    );
    return result;
  });
}

/**
 * The rate a document in `currency` dated `day` (ISO) is issued with: the rate stored for that day
 * or else the latest of the `EXCHANGE_RATE_MAX_AGE_DAYS` (7) days before it (the BCRD publishes
 * on business days; its rate "serves as reference" until the next one). Null when there is none.
 */
export async function rateForDay({
  db,
  currency,
  day,
}: {
  db: Db | Tx;
  currency: ForeignCurrency;
  day: string;
}): Promise<{ rate: number; date: string } | null> {
  const [row] = await db
    .select({ rate: exchangeRates.rate, date: exchangeRates.date })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, currency),
        lte(exchangeRates.date, day),
        gte(exchangeRates.date, oldestUsableRateDay(day)),
      ),
    )
    .orderBy(desc(exchangeRates.date))
    .limit(1);
  return row ? { rate: Number(row.rate), date: row.date } : null;
}

/**
 * {@link rateForDay}, or 409 in Spanish ("Registra la tasa del dólar del DD/MM/YYYY en
 * Configuración → Fiscal …") with the field `exchangeRate`, so the issuing transaction rolls back
 * and no NCF is consumed.
 */
export async function requireRateForDay({
  tx,
  currency,
  day,
  document = 'invoice',
}: {
  tx: Tx;
  currency: ForeignCurrency;
  day: string;
  /** Whose refusal it is: an invoice being issued (default) or a purchase being saved. */
  document?: 'invoice' | 'expense';
}): Promise<{ rate: number; date: string }> {
  const found = await rateForDay({ db: tx, currency, day });
  if (found) return found;
  const message =
    document === 'expense'
      ? missingExpenseRateMessage(currency, day)
      : missingExchangeRateMessage(currency, day);
  throw new AppError(409, ErrorCodes.CONFLICT, message, [{ field: 'exchangeRate', message }]);
}

/** The rates of `currency` for several days at once (the 607 of documents issued before issue 27). */
export async function ratesForDays({
  db,
  currency,
  days,
}: {
  db: Db;
  currency: ForeignCurrency;
  days: string[];
}): Promise<Map<string, { rate: number; date: string }>> {
  const out = new Map<string, { rate: number; date: string }>();
  if (days.length === 0) return out;
  const sorted = [...new Set(days)].sort();
  const rows = await db
    .select({ rate: exchangeRates.rate, date: exchangeRates.date })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, currency),
        gte(exchangeRates.date, oldestUsableRateDay(sorted[0]!)),
        lte(exchangeRates.date, sorted.at(-1)!),
      ),
    )
    .orderBy(desc(exchangeRates.date));
  for (const day of sorted) {
    const oldest = oldestUsableRateDay(day);
    const hit = rows.find((r) => r.date <= day && r.date >= oldest);
    if (hit) out.set(day, { rate: Number(hit.rate), date: hit.date });
  }
  return out;
}
