import { describe, expect, it } from 'vitest';
import { scheduleText } from './jobs.runner.js';

describe('scheduleText (issue 32 point 12)', () => {
  const now = new Date('2026-03-15T12:00:00Z');

  it('writes the hour with the company clock, like the next run beside it', () => {
    expect(scheduleText(6, { timeZone: 'America/Santo_Domingo', timeFormat: '12h' }, now)).toMatch(
      /^Cada día a las 6:00\sa\.\sm\.$/,
    );
    expect(scheduleText(6, { timeZone: 'America/Santo_Domingo', timeFormat: '24h' }, now)).toBe(
      'Cada día a las 06:00',
    );
  });

  it('writes the run instant in the company time zone', () => {
    // 06:00 in Santo Domingo (UTC−4) is 10:00 UTC.
    expect(scheduleText(6, { timeZone: 'UTC', timeFormat: '24h' }, now)).toBe('Cada día a las 10:00');
  });
});
