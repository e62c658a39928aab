import { DEFAULT_CURRENCY, formatMoney, LOCALE } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
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

const dateOnlyFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/Santo_Domingo',
});

/** `YYYY-MM-DD` (a calendar day, no time zone) → "15 mar 2026" in es-DO. */
export function formatDate(value: string): string {
  return dateOnlyFormat.format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
}

/** ISO date-time → "15 mar 2026, 3:00 p. m." in es-DO, Santo Domingo time. */
export function formatDateTime(value: string): string {
  return dateTimeFormat.format(new Date(value));
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
/** ISO date-time → "hace 3 horas" in es-DO. */
export function formatRelative(value: string, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, 'second');
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  return relative.format(Math.round(seconds / 86_400), 'day');
}

/** Today's date as `YYYY-MM-DD` in Santo Domingo (for date inputs' max). */
export function todayDateOnly(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());
}

/** File size in KB/MB, es-DO digits. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString(LOCALE, { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString(LOCALE, { maximumFractionDigits: 1 })} MB`;
}
