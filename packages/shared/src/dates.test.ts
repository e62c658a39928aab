import { describe, expect, it } from 'vitest';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  businessToday,
  dayInZone,
  daysBetween,
  formatDateTime,
  formatDgiiDateTime,
  formatLongDate,
  formatMediumDate,
  formatNumericDate,
  formatRelative,
} from './dates.js';

describe('business day (America/Santo_Domingo, UTC−4, no DST)', () => {
  it('is still yesterday in Santo Domingo before 04:00 UTC', () => {
    expect(BUSINESS_TIME_ZONE).toBe('America/Santo_Domingo');
    expect(businessToday(new Date('2026-03-16T03:59:00Z'))).toBe('2026-03-15');
    expect(businessToday(new Date('2026-03-16T04:00:00Z'))).toBe('2026-03-16');
    // July: still UTC−4 (the Dominican Republic has no daylight saving time).
    expect(businessToday(new Date('2026-07-01T03:30:00Z'))).toBe('2026-06-30');
  });

  it('places an instant on its day in another zone when asked', () => {
    expect(dayInZone('2026-03-16T02:00:00Z', 'UTC')).toBe('2026-03-16');
    expect(dayInZone('2026-03-16T02:00:00Z', 'America/Santo_Domingo')).toBe('2026-03-15');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 30)).toBe('2027-01-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts whole days between two days', () => {
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(daysBetween('2026-03-08', '2026-03-09')).toBe(1);
  });
});

describe('formatting (es-DO)', () => {
  it('writes a day in each numeric preference', () => {
    expect(formatNumericDate('2026-03-05')).toBe('05/03/2026');
    expect(formatNumericDate('2026-03-05', 'MM/DD/YYYY')).toBe('03/05/2026');
    expect(formatNumericDate('2026-03-05', 'YYYY-MM-DD')).toBe('2026-03-05');
  });

  it('puts an instant on its Dominican day before formatting it', () => {
    expect(formatNumericDate('2026-03-06T02:30:00.000Z')).toBe('05/03/2026');
    expect(formatNumericDate('2026-03-06T02:30:00.000Z', 'DD/MM/YYYY', 'UTC')).toBe('06/03/2026');
  });

  it('writes the month in letters for medium and long dates', () => {
    // ICU versions differ on the "de" of es-DO's short month ("15 mar 2026" / "15 mar de 2026").
    expect(formatMediumDate('2026-03-15')).toMatch(/^15 mar (de )?2026$/);
    expect(formatLongDate('2026-03-15')).toBe('15 de marzo de 2026');
    expect(formatLongDate(new Date('2026-03-16T01:00:00Z'))).toBe('15 de marzo de 2026');
  });

  it('writes date and time in the agency zone, medium or short with the user format', () => {
    const at = '2026-03-15T19:05:00Z'; // 15:05 in Santo Domingo
    expect(formatDateTime(at)).toMatch(/^15 mar (de )?2026, 3:05\sp\.\s?m\.$/);
    expect(formatDateTime(at, { style: 'short', dateFormat: 'YYYY-MM-DD' })).toMatch(
      /^2026-03-15, 3:05\sp\.\s?m\.$/,
    );
    expect(formatDateTime(at, { timeZone: 'UTC', style: 'short' })).toMatch(
      /^15\/03\/2026, 7:05\sp\.\s?m\.$/,
    );
    expect(formatDateTime(at, { style: 'short', timeFormat: '24h' })).toBe('15/03/2026, 15:05');
    expect(formatDateTime('2026-03-15T13:05:09Z', { style: 'short', timeFormat: '24h', seconds: true })).toBe(
      '15/03/2026, 09:05:09',
    );
  });

  it('writes the e-CF signature time as dd-MM-yyyy HH:mm:ss in Dominican time', () => {
    expect(formatDgiiDateTime('2026-03-16T02:07:09Z')).toBe('15-03-2026 22:07:09');
  });

  it('writes relative times', () => {
    const now = Date.parse('2026-03-15T12:00:00Z');
    expect(formatRelative('2026-03-15T09:00:00Z', now)).toBe('hace 3 horas');
    expect(formatRelative('2026-03-16T12:00:00Z', now)).toBe('mañana');
  });
});
