/**
 * Dates and times, one module for the API and the web (issue 15, decision 123).
 *
 * Two kinds of values travel in the API:
 *  - calendar days as `YYYY-MM-DD` (due dates, issue dates, milestones): no time zone, shown as
 *    they are;
 *  - instants as ISO 8601 date-times (`createdAt`, `signedAt`): shown in a time zone.
 *
 * The agency's business day — "today" for due dates, overdue, expiry and scheduled jobs, and the
 * dates printed on fiscal documents — is the Dominican Republic's (`America/Santo_Domingo`,
 * UTC−4 all year, no daylight saving): the DGII's NCF/e-CF dates (`FechaEmision`, `FechaFirma`,
 * the 606/607/608 periods) are Dominican dates (Norma General 06-2018; e-CF "Formato
 * Comprobante Fiscal Electrónico" v1.0, date fields dd-MM-yyyy in Dominican time).
 */

import {
  BUSINESS_TIME_ZONE,
  DATE_LOCALE,
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  type TimeFormat,
} from './date-settings.js';

// The settings dates are written with live in their own small module, which the web app's entry
// chunk reads without this one and its formatters (decision 134); this module stays the door.
export {
  BUSINESS_TIME_ZONE,
  DATE_FORMATS,
  DATE_LOCALE,
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  TIME_FORMATS,
  type TimeFormat,
} from './date-settings.js';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a calendar day `YYYY-MM-DD` (not an instant). */
export function isCalendarDay(value: string): boolean {
  return DAY_RE.test(value);
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `timeZone`. */
export function dayInZone(instant: Date | string, timeZone: string = BUSINESS_TIME_ZONE): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  return dayFormat(timeZone).format(d);
}

/** One `en-CA` (`YYYY-MM-DD`) formatter per time zone: building one costs more than formatting. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's calendar day (`YYYY-MM-DD`) in the agency's time zone (or `timeZone`). */
export function businessToday(now: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): string {
  return dayInZone(now, timeZone);
}

/** `YYYY-MM-DD` plus `days` (negative to go back), calendar arithmetic with no time zone. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `fromDate` to `toDate` (both `YYYY-MM-DD`); negative when `toDate` is earlier. */
export function daysBetween(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000);
}

/** A calendar day, or the day of an instant in `timeZone`, as `YYYY-MM-DD`. */
function toDay(value: string, timeZone: string): string {
  return isCalendarDay(value) ? value : dayInZone(value, timeZone);
}

/**
 * A calendar day or an instant as a numeric date in the user's format: `2026-03-15` →
 * "15/03/2026" (DD/MM/YYYY), "03/15/2026" (MM/DD/YYYY) or "2026-03-15" (YYYY-MM-DD).
 * Instants are first placed on their day in `timeZone` (default the agency's).
 */
export function formatNumericDate(
  value: string,
  format: DateFormat = DEFAULT_DATE_FORMAT,
  timeZone: string = BUSINESS_TIME_ZONE,
): string {
  const [y, m, d] = toDay(value, timeZone).split('-');
  if (format === 'YYYY-MM-DD') return `${y}-${m}-${d}`;
  if (format === 'MM/DD/YYYY') return `${m}/${d}/${y}`;
  return `${d}/${m}/${y}`;
}

const mediumDay = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar day or an instant with the month in letters, es-DO: "15 mar 2026" — unambiguous in
 * any numeric preference, used in lists and cards. Instants are placed on their day in `timeZone`.
 */
export function formatMediumDate(value: string, timeZone: string = BUSINESS_TIME_ZONE): string {
  return mediumDay.format(new Date(`${toDay(value, timeZone)}T00:00:00Z`));
}

/** Long form for sentences (e-mails, WhatsApp messages): "15 de marzo de 2026". */
export function formatLongDate(value: string | Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  const day = typeof value === 'string' ? toDay(value, timeZone) : dayInZone(value, timeZone);
  return new Intl.DateTimeFormat(DATE_LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** How {@link formatDateTime} writes an instant. */
export interface DateTimeOptions {
  /** IANA zone; default the agency's. */
  timeZone?: string;
  /** `medium` (default): month in letters; `short`: numeric date in `dateFormat`. */
  style?: 'medium' | 'short';
  dateFormat?: DateFormat;
  /** 12-hour ("3:05 p. m.", default) or 24-hour ("15:05") clock. */
  timeFormat?: TimeFormat;
  /** Also write the seconds (audit trails). */
  seconds?: boolean;
}

/** An instant's time of day in `timeZone`: "3:05 p. m." (12h) or "15:05" (24h). */
export function formatTime(
  value: string | Date,
  options: Omit<DateTimeOptions, 'style' | 'dateFormat'> = {},
): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  const h24 = options.timeFormat === '24h';
  return new Intl.DateTimeFormat(DATE_LOCALE, {
    hour: h24 ? '2-digit' : 'numeric',
    minute: '2-digit',
    second: options.seconds ? '2-digit' : undefined,
    hourCycle: h24 ? 'h23' : 'h12',
    timeZone: options.timeZone ?? BUSINESS_TIME_ZONE,
  }).format(d);
}

/**
 * An instant as date and time in `timeZone` (default the agency's), es-DO:
 * `medium` → "15 mar 2026, 3:00 p. m."; `short` → the date in the user's numeric format plus the
 * time ("15/03/2026, 3:00 p. m." or "15/03/2026, 15:00").
 */
export function formatDateTime(value: string | Date, options: DateTimeOptions = {}): string {
  const timeZone = options.timeZone ?? BUSINESS_TIME_ZONE;
  const d = typeof value === 'string' ? new Date(value) : value;
  const time = formatTime(d, options);
  const day = dayInZone(d, timeZone);
  const date =
    options.style === 'short'
      ? formatNumericDate(day, options.dateFormat ?? DEFAULT_DATE_FORMAT)
      : formatMediumDate(day);
  return `${date}, ${time}`;
}

/**
 * An instant as `DD-MM-YYYY HH:mm:ss` in the DGII's zone (e-CF `FechaFirma`, "Formato
 * Comprobante Fiscal Electrónico (e-CF)" v1.0: dd-MM-yyyy HH:mm:ss, 24-hour clock).
 */
export function formatDgiiDateTime(instant: string | Date): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: BUSINESS_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const relative = new Intl.RelativeTimeFormat(DATE_LOCALE, { numeric: 'auto' });

/** An instant relative to `now` (ms since epoch), es-DO: "hace 3 horas", "mañana". */
export function formatRelative(value: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, 'second');
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

/** The months' names in Spanish, lower case, January first (index = month − 1). */
export const MONTH_NAMES: readonly string[] = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
