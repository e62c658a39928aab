import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';

/* Small helpers shared by the fiscal panel and its range/void modals. */

/** Green notification after a successful change. */
export const ok = (title: string, message: string) => toastSuccess(title, message);
/** Red notification with the API's Spanish message (or `fallback`). */
export const fail = (error: unknown, fallback: string) =>
  toastError('Error', getErrorMessage(error, fallback));

/** `YYYY-MM-DD` → DD/MM/YYYY. */
export const dateEs = (iso: string) => iso.split('-').reverse().join('/');
/** A NumberInput value as an integer (0 when empty). */
export const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseInt(v, 10) || 0);
/** Counts and percents as the Dominican Republic writes them (1,688 · 89.4). */
export const fmt = (n: number) => n.toLocaleString('es-DO', { maximumFractionDigits: 1 });
