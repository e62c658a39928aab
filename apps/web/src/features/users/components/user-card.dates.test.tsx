import {
  DEFAULT_USER_PREFERENCES,
  GetPreferencesResponseSchema,
  GetPublicSettingsResponseSchema,
} from '@agencia/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { DisplaySettingsSync } from '../../../components/account/display-settings-sync';
import { ServerPreferencesSync } from '../../../components/account/server-preferences-sync';
import { useDisplayStore } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { UserCard } from './user-card';

const LAST_LOGIN = '2026-03-15T19:05:00.000Z'; // 3:05 p. m. in Santo Domingo

describe('dates follow the user format and the company zone and clock (decision 123)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
    useDisplayStore.setState({
      dateFormat: 'DD/MM/YYYY',
      timeZone: 'America/Santo_Domingo',
      timeFormat: '12h',
    });
  });

  it('writes DD/MM/YYYY, Santo Domingo time, 12 h by default', () => {
    renderWithProviders(<UserCard user={buildUser({ lastLogin: LAST_LOGIN })} />);
    expect(screen.getByText(/Último acceso: 15\/03\/2026, 3:05\sp\.\s?m\./)).toBeTruthy();
  });

  it('rewrites the dates once the preferences and the company settings have loaded', async () => {
    server.use(
      http.get(apiUrl('/auth/preferences'), () =>
        ok(GetPreferencesResponseSchema, {
          preferences: { ...DEFAULT_USER_PREFERENCES, dateFormat: 'YYYY-MM-DD' },
        }),
      ),
      http.get(apiUrl('/settings/public'), () =>
        ok(GetPublicSettingsResponseSchema, {
          settings: {
            name: 'Agencia Digital RD',
            logo: null,
            currency: 'DOP',
            primaryColor: '#1e3a8a',
            secondaryColor: '#f59e0b',
            whatsappNumber: null,
            email: null,
            phone: null,
            timezone: 'UTC',
            timeFormat: '24h',
          },
        }),
      ),
    );
    useSessionStore.getState().login({ user: buildUser(), token: 'tok' });
    renderWithProviders(
      <>
        <ServerPreferencesSync />
        <DisplaySettingsSync />
      </>,
    );
    await waitFor(() =>
      expect(useDisplayStore.getState()).toMatchObject({
        dateFormat: 'YYYY-MM-DD',
        timeZone: 'UTC',
        timeFormat: '24h',
      }),
    );
    act(() => {
      renderWithProviders(<UserCard user={buildUser({ lastLogin: LAST_LOGIN })} />);
    });
    expect(screen.getByText('Último acceso: 2026-03-15, 19:05')).toBeTruthy();
  });
});
