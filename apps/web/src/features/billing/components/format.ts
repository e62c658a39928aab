import { formatMoney } from '@agencia/shared';

/** `YYYY-MM-DD` or ISO → `dd/mm/aaaa` (es-DO), '—' when empty. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = value.length === 10 ? new Date(`${value}T12:00:00`) : new Date(value);
  return d.toLocaleDateString('es-DO', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** ISO → date and time in es-DO, in the browser's zone or in `timeZone` (e.g. the agency's). */
export function formatDateTime(value: string, timeZone?: string): string {
  return new Date(value).toLocaleString('es-DO', { dateStyle: 'short', timeStyle: 'short', timeZone });
}

export { formatMoney };

/** Today as `YYYY-MM-DD` in local time (date inputs). */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` plus days. */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00`);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
