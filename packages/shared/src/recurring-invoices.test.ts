import { describe, expect, it } from 'vitest';
import { periodStartAfter, periodStartAt, periodStartOnOrBefore } from './recurring-invoices.js';

describe('retainer periods', () => {
  it('monthly on the 31st uses the last day of short months', () => {
    const s = { frequency: 'monthly' as const, dayOfMonth: 31, startDate: '2026-01-15' };
    expect([0, 1, 2].map((k) => periodStartAt(s, k))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('the first period is on or after the start date; quarterly and yearly steps', () => {
    expect(periodStartAt({ frequency: 'monthly', dayOfMonth: 5, startDate: '2026-01-10' }, 0)).toBe(
      '2026-02-05',
    );
    const q = { frequency: 'quarterly' as const, dayOfMonth: 1, startDate: '2026-01-01' };
    expect(periodStartAfter(q, '2026-01-01')).toBe('2026-04-01');
    expect(periodStartOnOrBefore(q, '2026-12-31')).toBe('2026-10-01');
    const y = { frequency: 'yearly' as const, dayOfMonth: 29, startDate: '2024-02-29' };
    expect(periodStartAt(y, 1)).toBe('2025-02-28');
    expect(periodStartOnOrBefore(y, '2024-02-28')).toBeNull();
  });
});
