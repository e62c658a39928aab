import { z } from 'zod';

/*
 * Input hygiene shared by every contract (issue 13): text that PostgreSQL can't store, dates it
 * can't hold, time zones the runtime doesn't know and integers wider than the columns. Each gets
 * a 400 with the field and a Spanish message instead of reaching the database (and a 500).
 */

/** Message for text with a NUL character or an unpaired UTF-16 surrogate. */
export const UNSAFE_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos';

// NUL (PostgreSQL text can't hold it) and lone surrogates (not valid UTF-8: the driver rejects them).
const UNSAFE_RE = new RegExp(
  ['\\u0000', '[\\ud800-\\udbff](?![\\udc00-\\udfff])', '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]'].join('|'),
);

/** True when `s` holds a NUL character or an unpaired surrogate. */
export function hasUnsafeText(s: string): boolean {
  return UNSAFE_RE.test(s);
}

/**
 * The path (e.g. `items.2.description`, or the key itself) of the first string in `value` —
 * object keys included — that {@link hasUnsafeText}; null when clean. Walks plain objects and
 * arrays (and null-prototype objects such as parsed query strings) up to `maxDepth` levels
 * (deeper values are left to the schema).
 */
export function findUnsafeText(value: unknown, path = '', maxDepth = 32): string | null {
  if (typeof value === 'string') return hasUnsafeText(value) ? path || 'value' : null;
  if (maxDepth <= 0 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], path ? `${path}.${i}` : String(i), maxDepth - 1);
      if (found) return found;
    }
    return null;
  }
  // Binary data, dates and streams are not text; plain and null-prototype objects (parsed query
  // strings) are walked.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return null;
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key;
    if (hasUnsafeText(key)) return here;
    const found = findUnsafeText(v, here, maxDepth - 1);
    if (found) return found;
  }
  return null;
}

/** Text without NUL or unpaired surrogates (then chain `.trim()`, `.min()`, `.max()`…). */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !hasUnsafeText(s), UNSAFE_TEXT_MESSAGE);

/** Years a date may have: PostgreSQL holds more, but nothing real for an agency lies outside. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
const yearOk = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= MIN_YEAR && y <= MAX_YEAR;
};
/** True for a real calendar day YYYY-MM-DD (no 2026-02-30) within {@link MIN_YEAR}–{@link MAX_YEAR}. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m || !yearOk(s)) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** An ISO date YYYY-MM-DD that exists in the calendar, years 1900–2999. */
export const isoDateSchema = (message = 'Fecha inválida (AAAA-MM-DD)') =>
  z.string({ error: message }).refine(isCalendarDate, message);

/** An ISO date-time with offset (`2026-11-24T10:00:00-04:00`) whose day exists, years 1900–2999. */
export const isoDateTimeSchema = (message = 'Fecha y hora inválidas') =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((s) => isCalendarDate(s.slice(0, 10)) && !Number.isNaN(Date.parse(s)), message);

/** True when `tz` is an IANA time zone this runtime knows (Intl). */
export function isTimeZone(tz: string): boolean {
  if (hasUnsafeText(tz) || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone (`America/Santo_Domingo`). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'Zona horaria inválida')
  .max(64)
  .refine(isTimeZone, 'Zona horaria inválida');

/** Largest value of a PostgreSQL `integer` column. */
export const MAX_INT4 = 2_147_483_647;
