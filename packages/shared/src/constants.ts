import { BUSINESS_TIME_ZONE } from './date-settings.js';

/** Theme variants of spec doc 1 §9, in order, with their Spanish labels. */
export const THEME_VARIANTS = [
  { value: 'default', label: 'Predeterminado' },
  { value: 'modern', label: 'Moderno' },
  { value: 'minimal', label: 'Minimalista' },
  { value: 'vibrant', label: 'Vibrante' },
  { value: 'corporate', label: 'Corporativo' },
  { value: 'ocean', label: 'Océano' },
  { value: 'sunset', label: 'Atardecer' },
  { value: 'forest', label: 'Bosque' },
  { value: 'royal', label: 'Real' },
  { value: 'neon', label: 'Neón' },
] as const;
export type ThemeVariant = (typeof THEME_VARIANTS)[number]['value'];
export const DEFAULT_THEME_VARIANT: ThemeVariant = 'default';

/** Product version badge shown next to the title (spec doc 1 §1). */
export const APP_VERSION_LABEL = 'v1.0';
/** Default company name until settings say otherwise. */
export const DEFAULT_COMPANY_NAME = 'Agencia Digital RD';

/** HTTP client (spec doc 1 §7): timeout in milliseconds. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** TanStack Query defaults (spec doc 2 §9). Durations in milliseconds. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  queryRetries: 3,
  mutationRetries: 1,
} as const;

/** Notifications (spec doc 1 §9). */
export const NOTIFICATIONS = { limit: 5, autoClose: 4000, width: 440, position: 'bottom-right' } as const;

/** Socket.io client options (spec doc 1 §7, doc 2 §9). Milliseconds. */
export const SOCKET_OPTIONS = {
  autoConnect: true,
  reconnection: true,
  reconnectionDelay: 5000,
  reconnectionAttempts: 5,
  timeout: 20000,
} as const;

/** Breakpoints in px (spec doc 1 §9). */
export const BREAKPOINTS = {
  mobileMax: 767,
  tablet: 768,
  desktopLayout: 1024,
  desktop: 1200,
  smallMax: 575,
} as const;

/** Width of the portal's icon rail in px. */
export const NAV_RAIL_WIDTH = 80;

/** Local storage keys. */
export const STORAGE_KEYS = {
  session: 'agencia-rd-session',
  theme: 'agencia-rd-theme',
  serviceQuote: 'serviceQuote',
  /** Prefix of the calendar's task layer switch, stored per user as `<prefix>:<userId>` = '1' | '0'. */
  calendarTaskLayer: 'agencia-rd-calendar-tasks',
} as const;

/**
 * Cookie the web app sets (value `1`, path `/`) while a session is stored in the browser. It is
 * only a hint, never trusted for access: with it, the server answers `/` with the empty app shell
 * instead of the pre-rendered landing, so a signed-in user goes to the dashboard without a flash
 * of the landing (decision 027).
 */
export const SIGNED_IN_HINT_COOKIE = 'agencia_signed_in';

/**
 * Cookie the web app sets (path `/`) to the visitor's theme variant while it is not the default.
 * With it, the server answers the pre-rendered pages (drawn with the default theme) with the app
 * shell, so the chosen theme shows from the first paint (decision 027). A hint only.
 */
export const THEME_HINT_COOKIE = 'agencia_theme';

/** Default locale and time zone for display. */
export const LOCALE = 'es-DO';
/** Default of the company, client and event `timezone` fields: the agency's zone (dates.ts). */
export const DEFAULT_TIMEZONE = BUSINESS_TIME_ZONE;
export const DEFAULT_CURRENCY = 'DOP';
/** ITBIS, the Dominican VAT, in percent (DGII); default invoice tax rate. */
export const DEFAULT_TAX_RATE = 18;
