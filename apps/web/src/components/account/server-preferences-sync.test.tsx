import { DEFAULT_USER_PREFERENCES, GetPreferencesResponseSchema } from '@agencia/shared';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { apiUrl, HttpResponse, http, ok, server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
import { useThemeStore } from '../../stores/theme-store';
import { ServerPreferencesSync } from './server-preferences-sync';

const serverPrefs = { ...DEFAULT_USER_PREFERENCES, themeVariant: 'ocean', colorScheme: 'dark' as const };

/**
 * Answers `GET /auth/preferences` with the saved theme. Each request notes the session as it was
 * when the request was made: `'signed-out'`, `'must-change'` or `'ready'`.
 */
function mockPreferences() {
  const madeWhile: string[] = [];
  server.use(
    http.get(apiUrl('/auth/preferences'), () => {
      const user = useSessionStore.getState().user;
      madeWhile.push(!user ? 'signed-out' : user.mustChangePassword ? 'must-change' : 'ready');
      return ok(GetPreferencesResponseSchema, { preferences: serverPrefs });
    }),
    http.get(apiUrl('/test-marker'), () => {
      madeWhile.push('marker');
      return HttpResponse.json({ success: true });
    }),
  );
  return madeWhile;
}

/**
 * No sleep (issue 15): once the component's modules are loaded, a request started at mount has
 * been sent (promise jobs run in order); a marker request sent after it through the same client
 * then arrives after it. Seeing only the marker proves no request was made.
 */
async function afterMountRequests() {
  const [{ apiClient }] = await Promise.all([import('../../lib/api-client'), import('./account-api')]);
  await apiClient.get('/test-marker');
}

describe('ServerPreferencesSync (decision 073)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
    useThemeStore.getState().setVariant('default');
  });

  it('applies the theme saved on the server as soon as a user is signed in', async () => {
    const madeWhile = mockPreferences();
    renderWithProviders(<ServerPreferencesSync />);
    await afterMountRequests();
    expect(madeWhile).toEqual(['marker']);
    act(() => useSessionStore.getState().login({ user: buildUser({ role: 'client' }), token: 'tok' }));
    await waitFor(() => expect(useThemeStore.getState().variant).toBe('ocean'));
    // One request, made once signed in: none while signed out.
    expect(madeWhile).toEqual(['marker', 'ready']);
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'),
    );
  });

  it('waits while the password must be changed (the server answers 403 until then)', async () => {
    const madeWhile = mockPreferences();
    const user = buildUser({ mustChangePassword: true });
    useSessionStore.getState().login({ user, token: 'tok' });
    renderWithProviders(<ServerPreferencesSync />);
    await afterMountRequests();
    expect(madeWhile).toEqual(['marker']);

    // Password changed: the preferences load now — and this is the only request there ever was.
    act(() => useSessionStore.setState({ user: { ...user, mustChangePassword: false } }));
    await waitFor(() => expect(useThemeStore.getState().variant).toBe('ocean'));
    expect(madeWhile).toEqual(['marker', 'ready']);
  });
});
