import {
  DEFAULT_USER_PREFERENCES,
  GetPreferencesResponseSchema,
  type UpdatePreferencesRequest,
} from '@agencia/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { DisplayRefresh } from '../../../components/account/display-refresh';
import { useDisplayStore } from '../../../stores/display-store';
import { DisplayPreferences } from './display-preferences';
import { PersonalInfo } from './personal-info';

describe('a changed date format shows at once on the screen already rendered (decision 123)', () => {
  afterEach(() => {
    // Unmount first: resetting the store under a mounted DisplayRefresh would draw it again.
    cleanup();
    useDisplayStore.setState({
      dateFormat: 'DD/MM/YYYY',
      timeZone: 'America/Santo_Domingo',
      timeFormat: '12h',
    });
  });

  it('rewrites "Miembro desde" when the profile saves YYYY-MM-DD, without navigating', async () => {
    let saved: UpdatePreferencesRequest | null = null;
    let reads = 0;
    server.use(
      http.get(apiUrl('/auth/preferences'), () => {
        reads += 1;
        return ok(GetPreferencesResponseSchema, {
          preferences: { ...DEFAULT_USER_PREFERENCES, ...saved },
        });
      }),
      http.put(apiUrl('/auth/preferences'), async ({ request }) => {
        saved = (await request.json()) as UpdatePreferencesRequest;
        return ok(GetPreferencesResponseSchema, {
          preferences: { ...DEFAULT_USER_PREFERENCES, ...saved },
        });
      }),
    );
    // As in the app (app.tsx): the routed screens sit inside DisplayRefresh.
    const { router } = renderWithProviders(
      <DisplayRefresh>
        <DisplayPreferences />
        <PersonalInfo user={buildUser({ createdAt: '2026-03-15T14:00:00.000Z' })} />
      </DisplayRefresh>,
      '/profile',
    );
    expect(await screen.findByText('15/03/2026')).toBeTruthy();

    // The "Formato de fecha" select shows the chosen format with today's date as an example.
    fireEvent.click(await screen.findByDisplayValue(/^DD\/MM\/YYYY \(/));
    fireEvent.click(await screen.findByRole('option', { name: /^YYYY-MM-DD/ }));

    expect(await screen.findByText('2026-03-15')).toBeTruthy();
    expect(screen.queryByText('15/03/2026')).toBeNull();
    expect(saved).toEqual({ dateFormat: 'YYYY-MM-DD' });
    expect(router.state.location.pathname).toBe('/profile');
    // The screen drawn again reads its (stale in tests) preferences once more; let it finish.
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByDisplayValue(/^YYYY-MM-DD \(/)).toBeTruthy();
  });
});
