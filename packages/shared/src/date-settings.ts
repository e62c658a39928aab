/**
 * The settings dates are written with: locale, the agency's time zone, the numeric date formats
 * and clocks a user or the company may choose (decision 123). Re-exported by `dates.ts`, the one
 * date module; imported directly only where the formatters are not wanted (the web app's display
 * store and the shared constants, which the public pages' entry chunk reads: decision 134).
 */

/** Locale of every formatted date (Spanish, Dominican Republic). */
export const DATE_LOCALE = 'es-DO';

/** The agency's time zone: business "today", fiscal dates, scheduled jobs (see `dates.ts`). */
export const BUSINESS_TIME_ZONE = 'America/Santo_Domingo';

/** Numeric date formats a user may choose (Perfil → Preferencias; company default in Configuración). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
/** The format used when no preference applies. */
export const DEFAULT_DATE_FORMAT: DateFormat = 'DD/MM/YYYY';

/** Clock of formatted times (Configuración → Formato de hora): "3:05 p. m." or "15:05". */
export const TIME_FORMATS = ['12h', '24h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
/** The company default (spec doc 2 §10 settings: timeFormat). */
export const DEFAULT_TIME_FORMAT: TimeFormat = '12h';
