import '@mantine/dates/styles.css';
import type { DateFormat } from '@agencia/shared';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { useDateInputFormat } from '../../lib/format';

const ISO_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** True when year/month/day name a real calendar day (no 31 de febrero). */
function isRealDay(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * What the user typed in a date field → `YYYY-MM-DD`, or null when it is not a real day. Reads
 * `format` ('DD/MM/YYYY', 'MM/DD/YYYY' or 'YYYY-MM-DD'; '/', '-' or '.' between the parts, one-
 * or two-digit day and month) and always accepts ISO `YYYY-MM-DD`, so a pasted ISO date works
 * whatever the setting.
 */
export function parseDateInput(text: string, format: DateFormat): string | null {
  const value = text.trim();
  const iso = ISO_RE.exec(value);
  let parts: [number, number, number] | null = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : null;
  if (!parts && format !== 'YYYY-MM-DD') {
    const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
    if (m) {
      const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
      parts = format === 'DD/MM/YYYY' ? [year, b, a] : [year, a, b];
    }
  }
  if (!parts || !isRealDay(...parts)) return null;
  return `${parts[0]}-${pad(parts[1])}-${pad(parts[2])}`;
}

/** Props of {@link DateField}: a Mantine DateInput whose value is an ISO day string. */
export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** `YYYY-MM-DD`, or '' / null when empty. */
  value?: string | null;
  /** Receives `YYYY-MM-DD`, or '' when the field is cleared (the contract of a native date input). */
  onChange?: (value: string) => void;
  /** Earliest and latest day offered, `YYYY-MM-DD` (the native input's `min` / `max`). */
  min?: string;
  max?: string;
}

/**
 * The portal's date field (issue 32: a native `<input type="date">` shows the browser's locale,
 * mm/dd/yyyy on an English system): shows and reads the day in the user's date format
 * (Perfil → Formato de fecha, `useDateInputFormat`), with a Spanish calendar that starts on
 * Monday, and keeps the native input's contract for forms — an ISO `YYYY-MM-DD` string, '' when
 * empty, `min` / `max` as ISO days. Optional fields can be cleared.
 */
export function DateField({ value, onChange, min, max, required, clearable, ...rest }: DateFieldProps) {
  const format = useDateInputFormat() as DateFormat;
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DateInput
        // Remounted when the setting changes: the input keeps its typed text otherwise.
        key={format}
        {...rest}
        required={required}
        clearable={clearable ?? !required}
        // Mantine's clear button is an icon without a name (axe button-name, WCAG 4.1.2).
        clearButtonProps={{ 'aria-label': 'Borrar fecha', ...rest.clearButtonProps }}
        valueFormat={format}
        placeholder={
          rest.placeholder ?? format.replace('DD', 'dd').replace('MM', 'mm').replace('YYYY', 'aaaa')
        }
        dateParser={(text) => parseDateInput(text, format)}
        value={value || null}
        onChange={(v) => onChange?.(v ? String(v).slice(0, 10) : '')}
        minDate={min || undefined}
        maxDate={max || undefined}
      />
    </DatesProvider>
  );
}
