import { describe, expect, it } from 'vitest';
import { computeInvoiceTotals } from './billing-documents.js';
import { CreateInvoiceRequestSchema, effectiveInvoiceStatus, formatInvoiceNumber } from './invoices.js';
import { splitCents } from './money.js';

describe('computeInvoiceTotals', () => {
  it('rounds each line half-up to the cent, takes the discount off the subtotal, then ITBIS on what is left (Ley 11-92 art. 339)', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 3, unitPrice: 33.335 }, // 3 × 3333.5¢ → unit rounds to 3334¢ → 10002¢
        { quantity: 1.5, unitPrice: 0.05 }, // 7.5¢ → 8¢ (half-up)
        { quantity: 1, unitPrice: 100 },
      ],
      18,
      10,
    );
    expect(t.lineTotalsCents).toEqual([10002, 8, 10000]);
    expect(t.subtotalCents).toBe(20010);
    expect(t.discountCents).toBe(1000);
    expect(t.taxableBaseCents).toBe(19010);
    expect(t.exemptCents).toBe(0);
    expect(t.taxCents).toBe(3422); // 19010 × 18 % = 3421.8 → 3422
    expect(t.totalCents).toBe(20010 - 1000 + 3422);
  });

  it('leaves exempt lines out of the ITBIS base and shares the discount between taxable and exempt in proportion', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 1, unitPrice: 300, taxExempt: false },
        { quantity: 1, unitPrice: 100, taxExempt: true },
      ],
      18,
      40,
    );
    // discount 4000¢: exempt share 4000 × 10000 / 40000 = 1000¢ → exempt net 9000¢, base 40000 − 4000 − 9000 = 27000¢
    expect(t.exemptCents).toBe(9000);
    expect(t.taxableBaseCents).toBe(27000);
    expect(t.taxCents).toBe(4860);
    expect(t.totalCents).toBe(40000 - 4000 + 4860);
    const allExempt = computeInvoiceTotals([{ quantity: 2, unitPrice: 50, taxExempt: true }], 18, 0);
    expect(allExempt).toMatchObject({
      taxCents: 0,
      taxableBaseCents: 0,
      exemptCents: 10000,
      totalCents: 10000,
    });
  });

  it('refuses a discount above the subtotal (it applies before ITBIS)', () => {
    const r = CreateInvoiceRequestSchema.safeParse({
      clientId: '00000000-0000-4000-8000-000000000000',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      items: [{ description: 'x', quantity: 1, unitPrice: 100 }],
      taxRate: 18,
      discountAmount: 100.01,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['El descuento no puede superar el subtotal']);
  });

  it('is exact where floats are not (0.1 + 0.2) and with a zero rate', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 1, unitPrice: 0.1 },
        { quantity: 1, unitPrice: 0.2 },
      ],
      0,
    );
    expect(t.totalCents).toBe(30);
  });

  it('rounds the tax half-up at exactly half a cent', () => {
    // 250¢ × 18% = 45¢; 2.5¢ × 18%: use 25¢ × 18% = 4.5¢ → 5¢
    expect(computeInvoiceTotals([{ quantity: 1, unitPrice: 0.25 }], 18).taxCents).toBe(5);
  });

  it('splits a total in thirds without losing a cent', () => {
    const total = computeInvoiceTotals([{ quantity: 1, unitPrice: 100 }], 0).totalCents;
    const parts = splitCents(total, 3);
    expect(parts).toEqual([3334, 3333, 3333]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('effectiveInvoiceStatus (overdue rule, spec doc 2 §4)', () => {
  it('marks sent and pending invoices past their due date as overdue with the days', () => {
    expect(effectiveInvoiceStatus('sent', '2026-01-10', '2026-01-15')).toEqual({
      status: 'overdue',
      isOverdue: true,
      daysOverdue: 5,
    });
    expect(effectiveInvoiceStatus('pending', '2026-01-10', '2026-01-11').daysOverdue).toBe(1);
  });
  it('is not overdue on the due date itself, nor when paid, draft or cancelled', () => {
    // Issued and never e-mailed reads "Emitida (sin enviar)" until it is sent (decision 163).
    expect(effectiveInvoiceStatus('sent', '2026-01-10', '2026-01-10', false).status).toBe('issued');
    expect(effectiveInvoiceStatus('sent', '2026-01-10', '2026-01-11', false).status).toBe('overdue');
    expect(effectiveInvoiceStatus('pending', '2026-01-10', '2026-01-10', false).status).toBe('pending');
    expect(effectiveInvoiceStatus('sent', '2026-01-10', '2026-01-10').status).toBe('sent');
    for (const s of ['paid', 'draft', 'cancelled'] as const)
      expect(effectiveInvoiceStatus(s, '2020-01-01', '2026-01-10')).toEqual({
        status: s,
        isOverdue: false,
        daysOverdue: 0,
      });
  });
});

describe('invoice contracts', () => {
  it('formats numbers per series and year', () => {
    expect(formatInvoiceNumber('FAC', 2026, 7)).toBe('FAC-2026-0007');
    expect(formatInvoiceNumber('FAC', 2026, 12345)).toBe('FAC-2026-12345');
  });
  it('validates quantity ≥ 1 and rate ≥ 0 with Spanish messages', () => {
    const r = CreateInvoiceRequestSchema.safeParse({
      clientId: '00000000-0000-4000-8000-000000000000',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      items: [{ description: 'x', quantity: 0.5, unitPrice: -1 }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'La cantidad mínima es 1',
      'El precio no puede ser negativo',
    ]);
  });
});
