import { SESSION_USER_UPDATED_EVENT, type User } from '@agencia/shared';
import { useQueryClient } from '@tanstack/react-query';
import { getMe } from '../../lib/auth-api';
import { toastInfo } from '../../lib/toast';
import { useSessionStore } from '../../stores/session-store';
import { useSocketEvent } from './realtime-provider';

/** True when the change matters to menus and guards (role or permission list). */
function accessChanged(before: User | null, after: User): boolean {
  if (!before) return true;
  const list = (user: User) => [...(user.permissions ?? [])].sort().join(',');
  return before.role !== after.role || list(before) !== list(after);
}

/**
 * When an administrator changes this user's role, permissions or status, the server sends
 * `SESSION_USER_UPDATED_EVENT`: re-read `GET /auth/me`, so the rail, guards and buttons follow at
 * once, and refetch every screen's data under the new rights. A deactivated account answers 401
 * and the HTTP client signs the user out. Mount once inside the realtime provider.
 */
export function SessionUserSync() {
  const queryClient = useQueryClient();
  useSocketEvent(SESSION_USER_UPDATED_EVENT, () => {
    void (async () => {
      try {
        const before = useSessionStore.getState().user;
        const user = await getMe();
        useSessionStore.getState().updateUser(user);
        await queryClient.invalidateQueries();
        if (accessChanged(before, user)) {
          toastInfo('Permisos actualizados', 'Un administrador cambió tu rol o tus permisos.');
        }
      } catch {
        // 401: the HTTP client has signed the user out; a network error keeps the session as is.
      }
    })();
  });
  return null;
}
