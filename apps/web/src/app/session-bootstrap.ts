import { getErrorStatus } from '../lib/http-status';
import { useSessionStore } from '../stores/session-store';

/**
 * On start-up, checks a persisted session against `GET /auth/me` (spec doc 1 §4: the guard shows a
 * spinner meanwhile). An expired access token is refreshed by the HTTP client through the cookie;
 * when that fails the client clears the session and goes to /login. Network errors keep the session.
 */
export async function validateStoredSession(): Promise<void> {
  const store = useSessionStore.getState();
  if (!store.token) {
    if (store.isAuthenticated || store.user) store.logout();
    return;
  }
  store.setLoading(true);
  try {
    // Loaded on demand: visitors without a session never download the HTTP client.
    const { getMe } = await import('../lib/auth-api');
    const user = await getMe();
    useSessionStore.getState().updateUser(user);
  } catch (error) {
    const status = getErrorStatus(error);
    if (status === 401 || status === 403) useSessionStore.getState().logout();
  } finally {
    useSessionStore.getState().setLoading(false);
  }
}
