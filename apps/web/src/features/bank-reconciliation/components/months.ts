import { businessToday } from '@agencia/shared';

const MONTHS = [
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

/** `2026-02` → "febrero 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return y && m ? `${MONTHS[m - 1]} ${y}` : month;
}

/** The current month (the business day's, America/Santo_Domingo) as YYYY-MM. */
export const currentMonth = () => businessToday().slice(0, 7);

/** The `count` months up to `last` (YYYY-MM), newest first, as select options. */
export function recentMonths(last: string, count = 18): Array<{ value: string; label: string }> {
  const [y, m] = last.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    const value = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: monthLabel(value) };
  });
}
