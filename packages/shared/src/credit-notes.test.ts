import { describe, expect, it } from 'vitest';
import { netOfCreditNotes } from './credit-notes.js';
import { withholdingForPreset } from './fiscal.js';

describe('netOfCreditNotes (issue 27, point 5)', () => {
  const invoice = { taxCents: 66_000, baseCents: 366_666 };

  it('deducts every note’s ITBIS and subtotal', () => {
    expect(
      netOfCreditNotes(invoice, [
        { taxCents: 18_000, subtotalCents: 100_000 },
        { taxCents: 1_800, subtotalCents: 10_000 },
      ]),
    ).toEqual({ taxCents: 46_200, baseCents: 256_666 });
  });

  it('is the invoice itself without notes, and never below zero', () => {
    expect(netOfCreditNotes(invoice, [])).toEqual(invoice);
    expect(netOfCreditNotes(invoice, [{ taxCents: 70_000, subtotalCents: 400_000 }])).toEqual({
      taxCents: 0,
      baseCents: 0,
    });
  });

  it('gives the 30 % preset the net ITBIS: the issue’s 2,897.46 instead of 3,311.33', () => {
    // ITBIS 11,037.77 invoiced (30 % = 3,311.33), 1,379.57 of it credited: 30 % of 9,658.20.
    const net = netOfCreditNotes({ taxCents: 1_103_777, baseCents: 6_132_094 }, [
      { taxCents: 137_957, subtotalCents: 766_422 },
    ]);
    expect(net.taxCents).toBe(965_820);
    expect(withholdingForPreset('company_services', net).itbisWithheldCents).toBe(289_746);
    expect(
      withholdingForPreset('company_services', { taxCents: 1_103_777, baseCents: 0 }).itbisWithheldCents,
    ).toBe(331_133);
  });
});
