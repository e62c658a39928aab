/**
 * The agency's working hours, as the public legal page states them ("Horario": Monday to Friday
 * 8:00–18:00, Saturday 9:00–13:00). The company settings have no business-hours field yet, so the
 * calendar reads them from here: the time grids shade the hours outside them and open scrolled to
 * the start of the working day (issue 32), not at midnight.
 */
export const BUSINESS_HOURS = [
  { daysOfWeek: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' },
  { daysOfWeek: [6], startTime: '09:00', endTime: '13:00' },
];

/** The earliest start of the working week ('08:00'): where the week and day grids open. */
export const WORKDAY_START = BUSINESS_HOURS.map((h) => h.startTime).sort()[0] ?? '08:00';
