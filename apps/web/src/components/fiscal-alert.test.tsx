import type { FiscalSequence } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import { fiscalWarnings } from './fiscal-alert';

const base: FiscalSequence = {
  _id: '00000000-0000-4000-8000-000000000001',
  documentType: 'B15',
  rangeFrom: 1,
  rangeTo: 100,
  nextNumber: 70,
  nextNcf: 'B1500000070',
  used: 69,
  remaining: 31,
  remainingPercent: 31,
  expiresOn: '2026-12-10',
  alertThreshold: 35,
  active: true,
  isExpired: false,
  isExhausted: false,
  isLow: false,
  expiresSoon: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('dashboard fiscal warning', () => {
  it('is empty when every active range is fine, and ignores inactive ranges', () => {
    expect(fiscalWarnings([base])).toEqual([]);
    expect(fiscalWarnings([{ ...base, active: false, isLow: true, isExpired: true }])).toEqual([]);
  });
  it('says how many numbers are left and when a range expires', () => {
    expect(fiscalWarnings([{ ...base, isLow: true, expiresSoon: true }])).toEqual([
      'Quedan 31 comprobantes B15 · Gubernamental (31\u00a0% del rango).',
      'El rango B15 · Gubernamental vence el 10/12/2026.',
    ]);
    expect(fiscalWarnings([{ ...base, isExhausted: true, isLow: true, isExpired: true }])).toEqual([
      'El rango B15 · Gubernamental está agotado.',
      'El rango B15 · Gubernamental venció el 10/12/2026.',
    ]);
  });
});
