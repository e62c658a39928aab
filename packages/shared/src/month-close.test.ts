import { describe, expect, it } from 'vitest';
import { deadlineStatus, dgiiDeadlines, nextBusinessDay, nextFiscalPeriod } from './month-close.js';

describe('DGII filing deadlines of a month (decision 141)', () => {
  it('dates IR-17 on the 10th, 606/607/608 on the 15th and IT-1 on the 20th of the next month', () => {
    // October 2026 → November: 10th Tuesday, 15th Sunday (→ Monday 16th), 20th Friday.
    expect(dgiiDeadlines('202610').map((d) => [d.filing, d.dueDate])).toEqual([
      ['ir17', '2026-11-10'],
      ['606', '2026-11-16'],
      ['607', '2026-11-16'],
      ['608', '2026-11-16'],
      ['it1', '2026-11-20'],
    ]);
  });

  it('crosses the year and moves a weekend or holiday to the next business day', () => {
    // December 2026 → January 2027: the 10th is a Sunday; the 15th (Friday) made a holiday → Monday 18th.
    const due = Object.fromEntries(
      dgiiDeadlines('202612', new Set(['2027-01-15'])).map((d) => [d.filing, d.dueDate]),
    );
    expect(due).toEqual({
      ir17: '2027-01-11',
      '606': '2027-01-18',
      '607': '2027-01-18',
      '608': '2027-01-18',
      it1: '2027-01-20',
    });
    expect(nextFiscalPeriod('202612')).toBe('202701');
    expect(nextBusinessDay('2026-08-15')).toBe('2026-08-17');
    expect(nextBusinessDay('2026-08-14', new Set(['2026-08-14']))).toBe('2026-08-17');
  });

  it('labels a deadline by the days left', () => {
    expect(deadlineStatus('2026-11-16', '2026-11-01')).toEqual({ tone: 'ok', label: 'Vence en 15 días' });
    expect(deadlineStatus('2026-11-16', '2026-11-13')).toEqual({ tone: 'soon', label: 'Vence en 3 días' });
    expect(deadlineStatus('2026-11-16', '2026-11-15')).toEqual({ tone: 'soon', label: 'Vence mañana' });
    expect(deadlineStatus('2026-11-16', '2026-11-16')).toEqual({ tone: 'soon', label: 'Vence hoy' });
    expect(deadlineStatus('2026-11-16', '2026-11-17')).toEqual({ tone: 'late', label: 'Vencido' });
  });
});
