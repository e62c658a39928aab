import { DEFAULT_CURRENCY, formatMoney, LOCALE } from '@agencia/shared';
import {
  businessToday,
  formatMediumDate,
  formatDateTime as sharedFormatDateTime,
  formatNumericDate as sharedFormatNumericDate,
  formatRelative as sharedFormatRelative,
} from '@agencia/shared/dates';
import { useQuery } from '@tanstack/react-query';
import { useDisplayStore } from '../stores/display-store';
import { publicSettingsQuery } from './public-settings';

/** The company currency from the public settings (DOP until they load). */
export function useCurrency(): string {
  const { data } = useQuery(publicSettingsQuery);
  return data?.currency ?? DEFAULT_CURRENCY;
}

/** A money formatter in the company currency: `money(1500.5)` → "RD$1,500.50" (es-DO). */
export function useMoney(decimals = 2): (amount: number) => string {
  const currency = useCurrency();
  return (amount: number) => formatMoney(amount, currency, decimals);
}

/*
 * Dates (decision 123): the shared module writes them; the display store says how — the user's
 * numeric date format and the company's time zone and clock. Calendar days (`YYYY-MM-DD`) are
 * shown as they are; instants on their day and time in the company's zone.
 */
const display = () => useDisplayStore.getState();

/** `YYYY-MM-DD` or an instant → "15 mar 2026" (month in letters, es-DO). */
export function formatDate(value: string): string {
  return formatMediumDate(value, display().timeZone);
}

/** An instant → "15 mar 2026, 3:00 p. m." in the company's zone and clock. */
export function formatDateTime(value: string): string {
  const { timeZone, timeFormat } = display();
  return sharedFormatDateTime(value, { timeZone, timeFormat });
}

/** `YYYY-MM-DD` or an instant → "15/03/2026" in the user's numeric format; '—' when empty. */
export function formatNumericDate(value: string | null | undefined): string {
  if (!value) return '—';
  const { dateFormat, timeZone } = display();
  return sharedFormatNumericDate(value, dateFormat, timeZone);
}

/**
 * An instant → "15/03/2026, 3:05 p. m." (user's date format, company's zone and clock); '—' when
 * empty. `seconds` for audit trails.
 */
export function formatNumericDateTime(
  value: string | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (!value) return '—';
  const { dateFormat, timeZone, timeFormat } = display();
  return sharedFormatDateTime(value, {
    style: 'short',
    dateFormat,
    timeZone,
    timeFormat,
    seconds: options.seconds,
  });
}

/**
 * The `valueFormat` of Mantine date pickers: the user's numeric date format (dayjs tokens, the
 * same as `DateFormat`), plus `HH:mm` with `withTime`. Subscribes the component to the setting
 * (issue 32 point 12: a picker hard-coded DD/MM/YYYY for a user who reads MM/DD/YYYY).
 */
export function useDateInputFormat(withTime = false): string {
  const dateFormat = useDisplayStore((s) => s.dateFormat);
  return withTime ? `${dateFormat} HH:mm` : dateFormat;
}

/** An instant → "hace 3 horas" in es-DO. */
export function formatRelative(value: string, now = Date.now()): string {
  return sharedFormatRelative(value, now);
}

/** Today as `YYYY-MM-DD` in the agency's business day (date inputs' defaults and limits). */
export function todayDateOnly(): string {
  return businessToday();
}

/** File size in KB/MB, es-DO digits. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString(LOCALE, { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString(LOCALE, { maximumFractionDigits: 1 })} MB`;
}
