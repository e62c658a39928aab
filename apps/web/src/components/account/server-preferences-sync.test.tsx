import { DEFAULT_USER_PREFERENCES } from '@agencia/shared';
import { waitFor } from '@testing-library/react';
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
    const get = vi.spyOn(apiClient, 'get');
    useSessionStore.getState().login({ user: buildUser({ mustChangePassword: true }), token: 'tok' });
    renderWithProviders(<ServerPreferencesSync />);
    await new Promise((r) => setTimeout(r, 50));
    expect(get).not.toHaveBeenCalled();
  });
});
