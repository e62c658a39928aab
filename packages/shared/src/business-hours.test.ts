import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_HOURS,
  toCalendarBusinessHours,
  UpdateBusinessHoursRequestSchema,
  workdayStart,
} from './settings.js';

describe('business hours (decision 145)', () => {
  it('opens the time grids at the earliest opening of the week, 08:00 when closed all week', () => {
    expect(workdayStart(DEFAULT_BUSINESS_HOURS)).toBe('08:00');
    expect(
      workdayStart([
        { dayOfWeek: 6, startTime: '09:00', endTime: '13:00' },
        { dayOfWeek: 2, startTime: '07:30', endTime: '12:00' },
      ]),
    ).toBe('07:30');
    expect(workdayStart([])).toBe('08:00');
  });

  it('gives FullCalendar one entry per working day', () => {
    expect(toCalendarBusinessHours([{ dayOfWeek: 6, startTime: '09:00', endTime: '13:00' }])).toEqual([
      { daysOfWeek: [6], startTime: '09:00', endTime: '13:00' },
    ]);
  });

  it('sorts the days Monday first and refuses a closing time not after the opening one', () => {
    const parsed = UpdateBusinessHoursRequestSchema.parse({
      businessHours: [
        { dayOfWeek: 0, startTime: '09:00', endTime: '12:00' },
        { dayOfWeek: 1, startTime: '08:00', endTime: '17:00' },
      ],
    });
    expect(parsed.businessHours.map((d) => d.dayOfWeek)).toEqual([1, 0]);
    const refused = UpdateBusinessHoursRequestSchema.safeParse({
      businessHours: [{ dayOfWeek: 1, startTime: '17:00', endTime: '17:00' }],
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('La hora de cierre debe ser posterior a la de apertura');
  });
});
