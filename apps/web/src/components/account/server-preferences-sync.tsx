import type { UserPreferences } from '@agencia/shared';
import { useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SuccessEnvelope } from '../../lib/api-client';
import { useDisplayStore } from '../../stores/display-store';
import { useSessionStore } from '../../stores/session-store';
import { isThemeVariant, useThemeStore } from '../../stores/theme-store';

/**
 * Applies the theme saved on the server (`GET /auth/preferences`, decision 062) once per signed-in
 * user: right after sign-in and on app start with a stored session (decision 073). The local copy
 * (theme store + Mantine's colour-scheme storage) keeps the first paint flash-free; the server copy
 * then wins, so the choice follows the user to other devices. Failures keep the local theme.
 * The user's date format goes to the display store the date formatters read (decision 123).
 */
export function ServerPreferencesSync() {
  const userId = useSessionStore((state) =>
    state.isAuthenticated && state.token && !state.user?.mustChangePassword
      ? (state.user?._id ?? null)
      : null,
  );
  const { setColorScheme } = useMantineColorScheme();
  const setVariant = useThemeStore((state) => state.setVariant);
  const queryClient = useQueryClient();
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (!userId) {
      applied.current = null;
      return;
    }
    if (applied.current === userId) return;
    applied.current = userId;
    let cancelled = false;
    let done = false;
    void (async () => {
      try {
        // Loaded on demand, like session-bootstrap: public visitors never download the HTTP client.
        const [{ apiClient, unwrap }, { accountKeys }] = await Promise.all([
          import('../../lib/api-client'),
          import('./account-api'),
        ]);
        const { preferences } = await unwrap(
          apiClient.get<SuccessEnvelope<{ preferences: UserPreferences }>>('/auth/preferences'),
        );
        if (cancelled || useSessionStore.getState().user?._id !== userId) return;
        if (isThemeVariant(preferences.themeVariant)) setVariant(preferences.themeVariant);
        setColorScheme(preferences.colorScheme);
        useDisplayStore.getState().setDateFormat(preferences.dateFormat);
        queryClient.setQueryData(accountKeys.preferences, preferences);
        done = true;
      } catch {
        // Offline or signed out meanwhile: the local theme stays; the next sign-in tries again.
        if (!cancelled) applied.current = null;
      }
    })();
    return () => {
      cancelled = true;
      // Unmounted (or StrictMode's double run) before the answer: let the next run fetch again.
      if (!done) applied.current = null;
    };
  }, [userId, setVariant, setColorScheme, queryClient]);

  return null;
}
