import { computeInvoiceTotals, DISCOUNT_ABOVE_SUBTOTAL } from '@agencia/shared';
import { badRequest } from '../../lib/errors.js';

/** `isoDate` (YYYY-MM-DD) plus `days` calendar days, as YYYY-MM-DD. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** An ISO date (YYYY-MM-DD) as Dominicans write it in e-mails: DD/MM/YYYY. */
export function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * Totals of an invoice's or a quote's lines by the one engine ({@link computeInvoiceTotals},
 * centavos); 400 {@link DISCOUNT_ABOVE_SUBTOTAL} on `discountAmount` when the discount exceeds
 * the subtotal.
 */
export function totalsOrThrow(
  items: { quantity: number; unitPrice: number; taxExempt?: boolean }[],
  taxRate: number,
  discount: number,
) {
  const t = computeInvoiceTotals(items, taxRate, discount);
  if (t.discountCents > t.subtotalCents)
    throw badRequest(DISCOUNT_ABOVE_SUBTOTAL, [
      { field: 'discountAmount', message: DISCOUNT_ABOVE_SUBTOTAL },
    ]);
  return t;
}
