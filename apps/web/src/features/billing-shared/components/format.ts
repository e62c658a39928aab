import { addDays, type DateTimeOptions, formatMoney } from '@agencia/shared';
import { formatDateTime as sharedFormatDateTime } from '@agencia/shared/dates';
import { formatNumericDate, todayDateOnly } from '../../../lib/format';
import { useDisplayStore } from '../../../stores/display-store';

/** `YYYY-MM-DD` or ISO → the user's numeric date ("15/03/2026" by default), '—' when empty (decision 123). */
export function formatDate(value: string | null | undefined): string {
  return formatNumericDate(value);
}

/**
 * ISO → numeric date and time in the user's date format and the company's clock, in `timeZone`
 * (default the company's; fiscal signature times pass the DGII's `BUSINESS_TIME_ZONE`).
 */
export function formatDateTime(value: string, timeZone?: string): string {
  const { dateFormat, timeZone: companyZone, timeFormat } = useDisplayStore.getState();
  const options: DateTimeOptions = {
    style: 'short',
    dateFormat,
    timeFormat,
    timeZone: timeZone ?? companyZone,
  };
  return sharedFormatDateTime(value, options);
}

export { formatMoney };

/** Today as `YYYY-MM-DD`, the agency's business day (date inputs). */
export function todayIso(): string {
  return todayDateOnly();
}

/** `YYYY-MM-DD` plus days. */
export function addDaysIso(date: string, days: number): string {
  return addDays(date, days);
}
