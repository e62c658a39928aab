import { DEFAULT_THEME_VARIANT, SIGNED_IN_HINT_COOKIE, THEME_HINT_COOKIE } from '@agencia/shared/constants';
import { useSessionStore } from '../stores/session-store';
import { useThemeStore } from '../stores/theme-store';

/** Writes (value) or removes (null) a first-party hint cookie for the whole site, for a year. */
function setHintCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari; two fixed names, values encoded
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * Keeps the server-side hints in step with the browser's state (decision 027):
 * `SIGNED_IN_HINT_COOKIE` while a session is stored, `THEME_HINT_COOKIE` while the theme variant
 * is not the default. The server reads them only to choose between the pre-rendered page and the
 * app shell, never for access. Returns the unsubscribe function.
 */
export function syncServerHints(): () => void {
  const applySession = (signedIn: boolean) => setHintCookie(SIGNED_IN_HINT_COOKIE, signedIn ? '1' : null);
  const applyTheme = (variant: string) =>
    setHintCookie(THEME_HINT_COOKIE, variant === DEFAULT_THEME_VARIANT ? null : variant);
  applySession(useSessionStore.getState().isAuthenticated);
  applyTheme(useThemeStore.getState().variant);
  const stopSession = useSessionStore.subscribe((state, previous) => {
    if (state.isAuthenticated !== previous.isAuthenticated) applySession(state.isAuthenticated);
  });
  const stopTheme = useThemeStore.subscribe((state, previous) => {
    if (state.variant !== previous.variant) applyTheme(state.variant);
  });
  return () => {
    stopSession();
    stopTheme();
  };
}
