import { ErrorResponseSchema, REQUEST_TIMEOUT_MS, type Session, SessionSchema } from '@agencia/shared';
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { readPersistedToken, useSessionStore } from '../stores/session-store';
import { navigateTo } from './navigation';

/**
 * HTTP client of the portal (spec doc 1 §7): base `/api`, 10 s timeout, bearer token from the session,
 * cookies included so the HttpOnly refresh-token cookie reaches `/api/auth/*`.
 */
export const apiClient = axios.create({
  baseURL: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json' },
});

/** `{ success: true, data }` as every successful call answers. */
export interface SuccessEnvelope<T> {
  success: true;
  data: T;
}

/** Calls whose 401 means "wrong credentials / dead refresh token", never "refresh and retry". */
const NO_REFRESH_PATHS = ['/auth/login', '/auth/login/2fa', '/auth/refresh-token', '/auth/logout'];

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

apiClient.interceptors.request.use((config) => {
  const token = useSessionStore.getState().token;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

let refreshInFlight: Promise<string> | null = null;

/** Name of the Web Lock that serialises refreshes across tabs. */
const REFRESH_LOCK = 'agencia-rd-refresh';

async function refreshOnce(staleToken: string | null): Promise<string> {
  // Another tab may have rotated the refresh cookie while this one waited for the lock: its new
  // access token is already persisted, so use it instead of presenting a now-used refresh token
  // (which the server would treat as reuse and revoke the whole session).
  await useSessionStore.persist.rehydrate();
  const current = readPersistedToken();
  const state = useSessionStore.getState();
  if (current && current !== staleToken && state.user) return current;
  const response = await apiClient.post<SuccessEnvelope<Session>>('/auth/refresh-token', {});
  const { user, token } = SessionSchema.parse(response.data.data);
  useSessionStore.getState().login({ user, token });
  return token;
}

/**
 * Exchanges the refresh-token cookie for a new session. Concurrent callers in this tab share one
 * request, and tabs take turns through the Web Locks API, so a burst of 401s in several tabs
 * rotates the refresh token once (a second rotation with the old token would look like reuse).
 */
export function refreshSession(): Promise<string> {
  const staleToken = useSessionStore.getState().token;
  refreshInFlight ??= (
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request(REFRESH_LOCK, () => refreshOnce(staleToken))
      : refreshOnce(staleToken)
  ).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Clears the session and sends the user to /login, replacing the history entry (spec doc 1 §4). */
export function expireSession(): void {
  useSessionStore.getState().logout();
  if (window.location.pathname !== '/login') navigateTo('/login', { replace: true });
}

function isNoRefreshPath(url: string | undefined): boolean {
  return NO_REFRESH_PATHS.some((path) => url?.endsWith(path));
}

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError) || error.response?.status !== 401 || !error.config) throw error;
  const config = error.config as RetriableConfig;
  if (isNoRefreshPath(config.url)) throw error;
  // Signed out meanwhile (a request still in flight when the user chose "Cerrar sesión"): the
  // answer no longer matters, and refreshing would only fail against the revoked session.
  if (!useSessionStore.getState().token) throw error;
  if (config._retried) {
    expireSession();
    throw error;
  }
  try {
    const token = await refreshSession();
    config._retried = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return apiClient.request(config as AxiosRequestConfig);
  } catch {
    expireSession();
    throw error;
  }
});

export { getErrorStatus } from './http-status';

/**
 * The Spanish message of an error envelope (`{ success: false, message }`), or `fallback`
 * when the call failed without one (network down, timeout, unexpected body).
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const parsed = ErrorResponseSchema.safeParse(error.response?.data);
    if (parsed.success && parsed.data.message) return parsed.data.message;
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
      return 'El servidor tardó demasiado en responder. Intenta nuevamente.';
    }
  }
  return fallback;
}

/** Unwraps `data` of the success envelope. */
export async function unwrap<T>(request: Promise<{ data: SuccessEnvelope<T> }>): Promise<T> {
  const response = await request;
  return response.data.data;
}
