import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from './billing-documents.js';
import { toCents } from './money.js';
import { effectiveQuoteStatus, type QuoteLineCents, splitQuoteForAdvance } from './quotes.js';

const line = (totalCents: number, taxExempt = false): QuoteLineCents => ({
  description: 'Servicio',
  details: null,
  quantity: 1,
  unitPriceCents: totalCents,
  totalCents,
  taxExempt,
});

const totalOf = (part: ReturnType<typeof splitQuoteForAdvance>['advance'], rate: number) =>
  computeInvoiceTotals(part.items, rate, part.discountAmount);

describe('splitQuoteForAdvance (decision 114)', () => {
  it('splits 30 % of RD$10,000 + ITBIS into RD$3,540 and RD$8,260', () => {
    const { advance, balance } = splitQuoteForAdvance([line(1_000_000)], 0, 18, 30, 1_180_000);
    expect(totalOf(advance, 18).totalCents).toBe(354_000);
    expect(totalOf(balance, 18).totalCents).toBe(826_000);
    expect(advance.items[0]!.description).toBe('Anticipo 30 %: Servicio');
    expect(balance.items[0]!.description).toBe('Saldo 70 %: Servicio');
  });

  it('the two totals and subtotals add up to the quote to the centavo (2,000 random quotes)', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 2_000; k++) {
      const lines = Array.from({ length: 1 + rand(4) }, () => line(1 + rand(2_000_000), rand(5) === 0));
      const subtotal = lines.reduce((a, l) => a + l.totalCents, 0);
      const discount = rand(3) === 0 ? rand(subtotal) : 0;
      const rate = [18, 16, 0][rand(3)]!;
      const percent = 1 + rand(99);
      const quote = computeInvoiceTotals(
        lines.map((l) => ({ quantity: 1, unitPrice: l.totalCents / 100, taxExempt: l.taxExempt })),
        rate,
        discount / 100,
      );
      const { advance, balance } = splitQuoteForAdvance(lines, discount, rate, percent, quote.totalCents);
      const a = totalOf(advance, rate);
      const b = totalOf(balance, rate);
      expect(a.subtotalCents + b.subtotalCents).toBe(quote.subtotalCents);
      expect(toCents(advance.discountAmount) + toCents(balance.discountAmount)).toBe(discount);
      expect(a.discountCents).toBeLessThanOrEqual(a.subtotalCents);
      expect(b.discountCents).toBeLessThanOrEqual(b.subtotalCents);
      expect(a.totalCents + b.totalCents).toBe(quote.totalCents);
    }
  });
});

describe('effectiveQuoteStatus', () => {
  it('a sent quote is expired the day after its validity, not on its last day', () => {
    expect(effectiveQuoteStatus('sent', '2026-03-10', '2026-03-10')).toBe('sent');
    expect(effectiveQuoteStatus('sent', '2026-03-10', '2026-03-11')).toBe('expired');
    expect(effectiveQuoteStatus('accepted', '2026-03-10', '2026-03-11')).toBe('accepted');
  });
});
