import { describe, expect, it } from 'vitest';
import {
  divRoundHalfUp,
  formatMoney,
  fromCents,
  lineTotalCents,
  percentOfCents,
  splitCents,
  toCents,
} from './money.js';

describe('toCents / fromCents', () => {
  it('converts major units to centavos with half-up rounding at the cent', () => {
    expect(toCents(1500.5)).toBe(150050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(0)).toBe(0);
  });
  it('converts back', () => {
    expect(fromCents(150050)).toBe(1500.5);
    expect(fromCents(1)).toBe(0.01);
  });
  it('throws on NaN and Infinity', () => {
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('integer arithmetic', () => {
  it('divides with half-up rounding', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(4, 3)).toBe(1);
    expect(divRoundHalfUp(-5, 2)).toBe(-3);
    expect(() => divRoundHalfUp(1, 0)).toThrow(RangeError);
  });
  it('computes line totals (quantity × unit price) rounded at the cent', () => {
    expect(lineTotalCents(3, 33333)).toBe(99999);
    expect(lineTotalCents(1.5, 1001)).toBe(1502); // 1501.5 → 1502
    expect(lineTotalCents(0.3333, 100)).toBe(33);
  });
  it('computes ITBIS 18% half-up', () => {
    expect(percentOfCents(10000, 18)).toBe(1800);
    expect(percentOfCents(1, 50)).toBe(1); // 0.5 → 1
    expect(percentOfCents(2775, 18)).toBe(500); // 499.5 → 500
  });
  it('splits 1/3 so the parts add up exactly', () => {
    expect(splitCents(100, 3)).toEqual([34, 33, 33]);
    expect(splitCents(100, 3).reduce((a, b) => a + b, 0)).toBe(100);
    expect(splitCents(-100, 3)).toEqual([-34, -33, -33]);
    expect(() => splitCents(100, 0)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats DOP in es-DO', () => {
    const s = formatMoney(1500.5, 'DOP');
    expect(s).toMatch(/1,500\.50/);
    expect(s).toMatch(/RD\$|DOP/);
  });
});
