import { formatDate } from '../../../lib/format';

/**
 * A date of the client detail ("15 mar 2026"), or '—' when there is none. Components that call it
 * subscribe with `useDateDisplay()` (decision 123).
 */
export const fmtDate = (v: string | null | undefined) => (v ? formatDate(v) : '—');
