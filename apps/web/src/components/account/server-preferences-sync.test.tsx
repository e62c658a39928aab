import { DEFAULT_USER_PREFERENCES, GetPreferencesResponseSchema } from '@agencia/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { apiUrl, http, ok, server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
import { useThemeStore } from '../../stores/theme-store';
import { ServerPreferencesSync } from './server-preferences-sync';

const serverPrefs = { ...DEFAULT_USER_PREFERENCES, themeVariant: 'ocean', colorScheme: 'dark' as const };

/** Answers `GET /auth/preferences` with the saved theme; records the path of each call. */
function mockPreferences() {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/auth/preferences'), ({ request }) => {
      calls.push(new URL(request.url).pathname);
      return ok(GetPreferencesResponseSchema, { preferences: serverPrefs });
    }),
  );
  return calls;
}

describe('ServerPreferencesSync (decision 073)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
    useThemeStore.getState().setVariant('default');
  });

  it('applies the theme saved on the server as soon as a user is signed in', async () => {
    const calls = mockPreferences();
    renderWithProviders(<ServerPreferencesSync />);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    useSessionStore.getState().login({ user: buildUser({ role: 'client' }), token: 'tok' });
    await waitFor(() => expect(useThemeStore.getState().variant).toBe('ocean'));
    expect(calls).toEqual(['/api/auth/preferences']);
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'),
    );
  });

  it('waits while the password must be changed (the server answers 403 until then)', async () => {
    const calls = mockPreferences();
    useSessionStore.getState().login({ user: buildUser({ mustChangePassword: true }), token: 'tok' });
    renderWithProviders(<ServerPreferencesSync />);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
