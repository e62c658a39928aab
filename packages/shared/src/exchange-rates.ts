import { z } from 'zod';
import { addDays, businessToday } from './dates.js';
import { CURRENCIES, type Currency } from './money.js';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { isCalendarDate } from './text.js';

/*
 * Foreign currency (issue 27, decision 137). A document in USD or EUR is converted to Dominican
 * pesos for every DGII figure (607, e-CF totals, the RD$250,000 consumo threshold) at the rate of
 * its issue date, frozen on the document. Rates are DOP per one unit of the currency, with up to
 * four decimals, as the Banco Central de la República Dominicana (BCRD) publishes them.
 */

/** Currencies other than the peso that documents may be issued in (`CURRENCIES` minus DOP). */
export const FOREIGN_CURRENCIES = CURRENCIES.filter((c) => c !== 'DOP') as ['USD', 'EUR'];
export type ForeignCurrency = (typeof FOREIGN_CURRENCIES)[number];

/** True for a currency that needs an exchange rate (not DOP). */
export const isForeignCurrency = (c: string): c is ForeignCurrency =>
  (FOREIGN_CURRENCIES as readonly string[]).includes(c);

/** Where a stored rate came from: typed by an admin, or the BCRD's published series (CSV import). */
export const EXCHANGE_RATE_SOURCES = ['manual', 'bcrd_csv'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

export const EXCHANGE_RATE_SOURCE_LABELS: Record<ExchangeRateSource, string> = {
  manual: 'Manual',
  bcrd_csv: 'Banco Central (CSV)',
};

/**
 * How far back (days) the issuing may look for a rate when the issue date has none: the BCRD
 * publishes on business days only, and a rate "serves as reference" until the next publication,
 * so a weekend or a holiday takes the last one published. A gap longer than this is a missing
 * rate, not a holiday: issuing is refused (409).
 */
export const EXCHANGE_RATE_MAX_AGE_DAYS = 7;

/** Spanish name of the currency in "la tasa del dólar / del euro". */
export const CURRENCY_NAMES: Record<ForeignCurrency, string> = { USD: 'dólar', EUR: 'euro' };
/** Symbol of one unit in "por US$1" / "por €1". */
const UNIT_SYMBOLS: Record<ForeignCurrency, string> = { USD: 'US$', EUR: '€' };

/**
 * A rate as an integer of ten-thousandths of a peso (58.95 → 589500). Throws RangeError unless it
 * is positive, finite and has at most 4 decimals (the e-CF's TipoCambio, XSD Decimal7D1or4).
 */
export function exchangeRateUnits(rate: number | string): number {
  const n = typeof rate === 'string' ? Number(rate) : rate;
  if (!Number.isFinite(n) || n <= 0) throw new RangeError(`exchange rate must be positive, got ${rate}`);
  const units = Math.round(n * 10_000);
  if (Math.abs(n * 10_000 - units) > 1e-6)
    throw new RangeError(`exchange rate has more than 4 decimals: ${rate}`);
  return units;
}

/**
 * An amount of the document's currency (centavos) in DOP centavos: `cents × rate`, rounded
 * half-up (away from zero) to the centavo — the rounding of the e-CF (Informe Técnico §13) and of
 * every money figure here (ARCHITECTURE.md "Data"). Exact for any safe integer (BigInt).
 * `toDopCents(200_000, 58.95)` → 11_790_000 (US$2,000.00 → RD$117,900.00).
 */
export function toDopCents(cents: number, rate: number | string): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const units = BigInt(exchangeRateUnits(rate));
  const negative = cents < 0;
  const n = BigInt(Math.abs(cents)) * units;
  const q = (2n * n + 10_000n) / 20_000n;
  return Number(negative ? -q : q);
}

/** A document's amounts that the DGII receives, in its own currency (centavos). */
export interface FiscalAmountsCents {
  taxableBaseCents: number;
  exemptCents: number;
  taxCents: number;
}

/**
 * The DOP figures of a document the way its e-CF states them: taxable base, exempt and ITBIS each
 * converted ({@link toDopCents}) and the total their sum (Formato e-CF `MontoTotal = MontoGravadoTotal
 * + MontoExento + TotalITBIS`), so the 607, the e-CF, the PDF and the screen show the same pesos.
 * A null `rate` (a DOP document) answers the amounts as they are.
 */
export function dopAmounts(
  a: FiscalAmountsCents,
  rate: number | string | null,
): FiscalAmountsCents & { totalCents: number } {
  const conv = (c: number) => (rate === null ? c : toDopCents(c, rate));
  const taxableBaseCents = conv(a.taxableBaseCents);
  const exemptCents = conv(a.exemptCents);
  const taxCents = conv(a.taxCents);
  return { taxableBaseCents, exemptCents, taxCents, totalCents: taxableBaseCents + exemptCents + taxCents };
}

/** The rate as printed: at least 2 decimals, up to the 4 stored (58.95 → "58.95", 58.9512 → "58.9512"). */
export function formatExchangeRate(rate: number): string {
  return new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(rate);
}

/** ISO day → DD/MM/YYYY. */
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The line a foreign-currency document prints under its totals (invoice screen and PDF):
 * "Tasa: RD$58.95 por US$1 (27/11/2026)", the date being the rate's (the issue date or the last
 * publication before it).
 */
export function exchangeRateLine(currency: Currency, rate: number, rateDate: string): string {
  const unit = isForeignCurrency(currency) ? UNIT_SYMBOLS[currency] : currency;
  return `Tasa: RD$${formatExchangeRate(rate)} por ${unit}1 (${dmy(rateDate)})`;
}

/**
 * The 409 message when a foreign-currency invoice is issued on `day` (ISO) and no rate of that day
 * or of the {@link EXCHANGE_RATE_MAX_AGE_DAYS} before it is known.
 */
export function missingExchangeRateMessage(currency: ForeignCurrency, day: string): string {
  return `Registra la tasa del ${CURRENCY_NAMES[currency]} del ${dmy(day)} en Configuración → Fiscal (Tasas de cambio) antes de emitir esta factura en ${currency}.`;
}

/**
 * 409 of saving a USD/EUR purchase without a usable rate (decision 163): about the expense, with
 * the 7-day window the API applies, so it never reads as an invoice refusal.
 */
export function missingExpenseRateMessage(currency: ForeignCurrency, day: string): string {
  return `No hay tasa del ${CURRENCY_NAMES[currency]} del ${dmy(day)} ni de los ${EXCHANGE_RATE_MAX_AGE_DAYS} días anteriores: regístrala en Configuración → Fiscal (Tasas de cambio) para guardar este gasto en ${currency}.`;
}

/** The oldest day whose rate may serve a document dated `day` ({@link EXCHANGE_RATE_MAX_AGE_DAYS}). */
export const oldestUsableRateDay = (day: string) => addDays(day, -EXCHANGE_RATE_MAX_AGE_DAYS);

/** Error texts of the rate form and the API (Spanish). */
export const EXCHANGE_RATE_MESSAGES = {
  dateInvalid: 'Fecha inválida (AAAA-MM-DD)',
  dateFuture: 'La fecha no puede ser posterior a hoy',
  currencyInvalid: 'Moneda inválida: USD o EUR',
  rateInvalid: 'Escribe la tasa en pesos por unidad (p. ej. 58.95)',
  ratePositive: 'La tasa debe ser mayor que cero',
  rateDecimals: 'La tasa admite como máximo 4 decimales',
  rateMax: 'La tasa debe ser menor que 1,000 pesos por unidad',
  rangeInvalid: 'La fecha inicial no puede ser posterior a la final',
} as const;

const M = EXCHANGE_RATE_MESSAGES;

/** A rate: > 0, < 1000 (TipoCambio has 3 integer digits), at most 4 decimals. Coerces numeric strings. */
export const ExchangeRateValueSchema = z.coerce
  .number({ error: M.rateInvalid })
  .refine(Number.isFinite, M.rateInvalid)
  .refine((n) => n > 0, M.ratePositive)
  .refine((n) => n < 1000, M.rateMax)
  .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, M.rateDecimals);

/** A day YYYY-MM-DD that exists and is not after today (business time zone). */
const pastOrTodaySchema = z
  .string({ error: M.dateInvalid })
  .refine(isCalendarDate, M.dateInvalid)
  .refine((d) => d <= businessToday(), M.dateFuture);

const ForeignCurrencySchema = z.enum(FOREIGN_CURRENCIES, { error: M.currencyInvalid });

/** `POST /fiscal/exchange-rates` body: the rate of one day (an existing day is replaced, audited). */
export const UpsertExchangeRateRequestSchema = z.object({
  date: pastOrTodaySchema,
  currency: ForeignCurrencySchema,
  rate: ExchangeRateValueSchema,
});
export type UpsertExchangeRateRequest = z.input<typeof UpsertExchangeRateRequestSchema>;

/** `GET /fiscal/exchange-rates` query: currency (default USD), optional day range, page (30 by default). */
export const ListExchangeRatesQuerySchema = z
  .object({
    currency: ForeignCurrencySchema.default('USD'),
    from: z.string().refine(isCalendarDate, M.dateInvalid).optional(),
    to: z.string().refine(isCalendarDate, M.dateInvalid).optional(),
    ...pageQueryFields(30),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: M.rangeInvalid, path: ['from'] });
export type ListExchangeRatesQuery = z.input<typeof ListExchangeRatesQuerySchema>;

/** A stored rate: DOP per unit, its day, source and who last wrote it (null when deleted or imported by nobody). */
export const ExchangeRateSchema = z.object({
  date: z.string(),
  currency: z.enum(FOREIGN_CURRENCIES),
  rate: z.number(),
  source: z.enum(EXCHANGE_RATE_SOURCES),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof ExchangeRateSchema>;

/** `POST /fiscal/exchange-rates` answer (201 new day, 200 replaced). */
export const UpsertExchangeRateResponseSchema = z.object({ rate: ExchangeRateSchema, created: z.boolean() });

/** `GET /fiscal/exchange-rates` answer: newest day first. */
export const ListExchangeRatesResponseSchema = z.object({
  rates: z.array(ExchangeRateSchema),
  pagination: PaginationSchema,
});
export type ListExchangeRatesResponse = z.infer<typeof ListExchangeRatesResponseSchema>;

/**
 * `POST /fiscal/exchange-rates/import` answer: days of the file newly stored (`imported`), whose
 * stored rate changed (`updated`), already stored with the same rate or after today (`skipped`),
 * and the first and last day read.
 */
export const ImportExchangeRatesResponseSchema = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ImportExchangeRatesResponse = z.infer<typeof ImportExchangeRatesResponseSchema>;

/** A document as the API answers it (major units) with its frozen rate. */
export interface RatedDocumentAmounts {
  currency: Currency;
  taxableBase: number;
  exemptSubtotal: number;
  taxAmount: number;
  exchangeRate: number | null;
}

/**
 * The peso equivalent (major units) of a foreign-currency document's taxable base, exempt part,
 * ITBIS and total, as its e-CF and the 607 state them ({@link dopAmounts}); null for a DOP
 * document or one without a frozen rate (a draft). Shown by the invoice screen and its PDF.
 */
export function documentDopTotals(
  d: RatedDocumentAmounts,
): { taxableBase: number; exemptSubtotal: number; taxAmount: number; total: number } | null {
  if (d.currency === 'DOP' || d.exchangeRate == null) return null;
  const cents = (n: number) => Math.round(n * 100);
  const dop = dopAmounts(
    {
      taxableBaseCents: cents(d.taxableBase),
      exemptCents: cents(d.exemptSubtotal),
      taxCents: cents(d.taxAmount),
    },
    d.exchangeRate,
  );
  return {
    taxableBase: dop.taxableBaseCents / 100,
    exemptSubtotal: dop.exemptCents / 100,
    taxAmount: dop.taxCents / 100,
    total: dop.totalCents / 100,
  };
}
