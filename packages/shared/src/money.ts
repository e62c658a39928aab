/**
 * Money helpers. Amounts are stored and computed as integer minor units (centavos);
 * the API speaks decimal major units (1500.5). Rounding is half-up (away from zero for
 * positive amounts), ARCHITECTURE.md "Data".
 */

/** Currencies the product handles (spec doc 2 §5 settings). */
export const CURRENCIES = ['DOP', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

function assertSafe(n: number, what: string): void {
  if (!Number.isFinite(n)) throw new RangeError(`${what} must be a finite number`);
}

/**
 * Major units → centavos, rounded half-up at the cent. `toCents(1500.5)` → 150050.
 * Works on the decimal string so 1.005 becomes 101, not 100. Throws RangeError on NaN/Infinity.
 */
export function toCents(amount: number): number {
  assertSafe(amount, 'amount');
  const negative = amount < 0;
  const [intPart = '0', fracPart = ''] = Math.abs(amount).toFixed(10).split('.');
  const frac = `${fracPart}000`;
  let cents = Number(intPart) * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  return negative ? -cents : cents;
}

/** Centavos → major units as a number (150050 → 1500.5). */
export function fromCents(cents: number): number {
  assertSafe(cents, 'cents');
  return Math.round(cents) / 100;
}

/**
 * Integer division rounded half-up: round(numerator / denominator) with .5 going up
 * (away from zero). Both integers; throws RangeError on a zero denominator.
 */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator === 0) throw new RangeError('division by zero');
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(n / d);
  const r = n - q * d;
  return sign * (2 * r >= d ? q + 1 : q);
}

/**
 * Line total in centavos: quantity × unit price (centavos), rounded half-up at the cent.
 * Quantity may be fractional (up to 4 decimals, e.g. 1.5 hours).
 */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  assertSafe(quantity, 'quantity');
  const q = Math.round(quantity * 10_000);
  return divRoundHalfUp(q * unitPriceCents, 10_000);
}

/** Percentage of an amount in centavos, half-up: `percentOfCents(10000, 18)` → 1800. Rate may have 2 decimals. */
export function percentOfCents(amountCents: number, ratePercent: number): number {
  assertSafe(ratePercent, 'ratePercent');
  const r = Math.round(ratePercent * 100);
  return divRoundHalfUp(amountCents * r, 10_000);
}

/**
 * Splits an amount in centavos into `parts` integer shares that add up exactly
 * (the first shares get the extra cent): 100 / 3 → [34, 33, 33].
 */
export function splitCents(amountCents: number, parts: number): number[] {
  if (!Number.isInteger(parts) || parts <= 0) throw new RangeError('parts must be a positive integer');
  const base = Math.trunc(amountCents / parts);
  const remainder = amountCents - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < Math.abs(remainder) ? Math.sign(remainder) : 0));
}

/**
 * Formats major units as currency in es-DO (DOP shows "RD$"). `decimals` defaults to 2.
 */
export function formatMoney(amount: number, currency: Currency | string = 'DOP', decimals = 2): string {
  return new Intl.NumberFormat('es-DO', {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}
