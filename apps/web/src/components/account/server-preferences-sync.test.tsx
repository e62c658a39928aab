import { DEFAULT_USER_PREFERENCES } from '@agencia/shared';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { apiClient } from '../../lib/api-client';
import { useSessionStore } from '../../stores/session-store';
import { useThemeStore } from '../../stores/theme-store';
import { ServerPreferencesSync } from './server-preferences-sync';

const serverPrefs = { ...DEFAULT_USER_PREFERENCES, themeVariant: 'ocean', colorScheme: 'dark' as const };

describe('ServerPreferencesSync (decision 073)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().logout();
    useThemeStore.getState().setVariant('default');
  });

  it('applies the theme saved on the server as soon as a user is signed in', async () => {
    const get = vi
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { success: true, data: { preferences: serverPrefs } } });
    renderWithProviders(<ServerPreferencesSync />);
    expect(get).not.toHaveBeenCalled();
    useSessionStore.getState().login({ user: buildUser({ role: 'client' }), token: 'tok' });
    await waitFor(() => expect(useThemeStore.getState().variant).toBe('ocean'));
    expect(get).toHaveBeenCalledWith('/auth/preferences');
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'),
    );
  });

  it('waits while the password must be changed (the server answers 403 until then)', async () => {
    // Each request notes whether the password still had to be changed when it was made.
    const madeWhileMustChange: boolean[] = [];
    vi.spyOn(apiClient, 'get').mockImplementation(async () => {
      madeWhileMustChange.push(Boolean(useSessionStore.getState().user?.mustChangePassword));
      return { data: { success: true, data: { preferences: serverPrefs } } };
    });
    const user = buildUser({ mustChangePassword: true });
    useSessionStore.getState().login({ user, token: 'tok' });
    renderWithProviders(<ServerPreferencesSync />);
    // The component loads these two modules before its request. Holding them here means a request
    // started at mount has been made (promise jobs run in order): no sleep (issue 15).
    await Promise.all([import('../../lib/api-client'), import('./account-api')]);
    expect(madeWhileMustChange).toEqual([]);

    // Password changed: the preferences load now — and this is the only request there ever was.
    act(() => useSessionStore.setState({ user: { ...user, mustChangePassword: false } }));
    await waitFor(() => expect(useThemeStore.getState().variant).toBe('ocean'));
    expect(madeWhileMustChange).toEqual([false]);
  });
});
