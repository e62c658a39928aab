import type { User } from '@agencia/shared';
import { STORAGE_KEYS } from '@agencia/shared/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What `login` receives: the user and the short-lived access token (spec doc 1 §3 "Auth session"). */
export interface SessionInput {
  user: User;
  token: string;
}

export interface SessionState {
  user: User | null;
  /** Access token (JWT). The refresh token never reaches JS: it lives in an HttpOnly cookie. */
  token: string | null;
  isAuthenticated: boolean;
  /** True while the stored session is being validated (GET /auth/me); never persisted. */
  isLoading: boolean;
  login: (session: SessionInput) => void;
  logout: () => void;
  /** Merges changed fields into the current user; does nothing when nobody is signed in (spec doc 1 §4). */
  updateUser: (changes: Partial<User>) => void;
  setLoading: (isLoading: boolean) => void;
}

const signedOut = { user: null, token: null, isAuthenticated: false } as const;

/** Session store, persisted in localStorage under `STORAGE_KEYS.session` (user, token, isAuthenticated). */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      isLoading: false,
      login: ({ user, token }) => set({ user, token, isAuthenticated: true, isLoading: false }),
      logout: () => {
        set({ ...signedOut, isLoading: false });
        useSessionStore.persist.clearStorage();
      },
      updateUser: (changes) => set((state) => (state.user ? { user: { ...state.user, ...changes } } : {})),
      setLoading: (isLoading) => set({ isLoading }),
    }),
    {
      name: STORAGE_KEYS.session,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, token, isAuthenticated }) => ({ user, token, isAuthenticated }),
    },
  ),
);

/** Current access token outside React (HTTP client, socket handshake). */
export function getAccessToken(): string | null {
  return useSessionStore.getState().token;
}

/**
 * Keeps every open tab on the same session: when another tab signs in, refreshes the access
 * token or signs out, it rewrites the persisted session and this tab re-reads it (the
 * `storage` event fires only in the other tabs). Returns the unsubscribe function.
 */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.session) return;
    if (event.newValue === null) {
      useSessionStore.setState({ ...signedOut, isLoading: false });
    } else {
      void useSessionStore.persist.rehydrate();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The access token currently persisted in localStorage (possibly written by another tab). */
export function readPersistedToken(): string | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { state?: { token?: unknown } };
    return typeof parsed.state?.token === 'string' ? parsed.state.token : null;
  } catch {
    return null;
  }
}
