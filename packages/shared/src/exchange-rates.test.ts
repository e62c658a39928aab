import { describe, expect, it } from 'vitest';
import {
  documentDopTotals,
  dopAmounts,
  exchangeRateLine,
  exchangeRateUnits,
  missingExchangeRateMessage,
  toDopCents,
  UpsertExchangeRateRequestSchema,
} from './exchange-rates.js';

// Foreign currency (issue 27, decision 137).

describe('toDopCents', () => {
  it('multiplies by the rate and rounds half-up (away from zero) to the centavo, exactly', () => {
    expect(toDopCents(200_000, 58.95)).toBe(11_790_000); // US$2,000.00 → RD$117,900.00
    expect(toDopCents(1, 58.95)).toBe(59); // 0.5895 → 0.59
    expect(toDopCents(1, 0.005)).toBe(0); // 0.00005 → 0.00
    expect(toDopCents(100, 0.005)).toBe(1); // 0.005 → 0.01 (half-up)
    expect(toDopCents(-100, 0.005)).toBe(-1);
    expect(toDopCents(123_457, '58.7512')).toBe(7_253_247);
  });

  it('refuses a rate ≤ 0 or with more than 4 decimals', () => {
    expect(() => toDopCents(100, 0)).toThrow(RangeError);
    expect(() => exchangeRateUnits(58.95001)).toThrow(RangeError);
    expect(exchangeRateUnits('58.9500')).toBe(589_500);
  });
});

describe('DOP figures of a document', () => {
  it('converts base, exempt and ITBIS one by one; the total is their sum (as the e-CF states it)', () => {
    expect(dopAmounts({ taxableBaseCents: 366_666, exemptCents: 0, taxCents: 66_000 }, 58.95)).toEqual({
      taxableBaseCents: 21_614_961,
      exemptCents: 0,
      taxCents: 3_890_700,
      totalCents: 25_505_661,
    });
    expect(dopAmounts({ taxableBaseCents: 100, exemptCents: 5, taxCents: 18 }, null).totalCents).toBe(123);
    expect(
      documentDopTotals({
        currency: 'USD',
        taxableBase: 2000,
        exemptSubtotal: 0,
        taxAmount: 360,
        exchangeRate: 58.95,
      }),
    ).toEqual({ taxableBase: 117_900, exemptSubtotal: 0, taxAmount: 21_222, total: 139_122 });
    expect(
      documentDopTotals({
        currency: 'DOP',
        taxableBase: 2000,
        exemptSubtotal: 0,
        taxAmount: 360,
        exchangeRate: null,
      }),
    ).toBeNull();
  });

  it('words the rate line and the missing-rate message in Spanish', () => {
    expect(exchangeRateLine('USD', 58.95, '2026-11-27')).toBe('Tasa: RD$58.95 por US$1 (27/11/2026)');
    expect(exchangeRateLine('EUR', 68.1234, '2026-11-27')).toBe('Tasa: RD$68.1234 por €1 (27/11/2026)');
    expect(missingExchangeRateMessage('USD', '2026-11-27')).toBe(
      'Registra la tasa del dólar del 27/11/2026 en Configuración → Fiscal (Tasas de cambio) antes de emitir esta factura en USD.',
    );
  });
});

describe('UpsertExchangeRateRequestSchema', () => {
  it('accepts a past day with a 4-decimal rate; refuses a future day', () => {
    expect(
      UpsertExchangeRateRequestSchema.parse({ date: '2026-01-05', currency: 'USD', rate: '58.9512' }),
    ).toEqual({
      date: '2026-01-05',
      currency: 'USD',
      rate: 58.9512,
    });
    expect(
      UpsertExchangeRateRequestSchema.safeParse({ date: '2999-01-01', currency: 'USD', rate: 58 }).success,
    ).toBe(false);
  });
});
