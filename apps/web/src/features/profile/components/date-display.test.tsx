import {
  DEFAULT_USER_PREFERENCES,
  GetPreferencesResponseSchema,
  type UpdatePreferencesRequest,
} from '@agencia/shared';
import { Textarea } from '@mantine/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useDisplayStore } from '../../../stores/display-store';
import { DisplayPreferences } from './display-preferences';
import { PersonalInfo } from './personal-info';

/** A text the user is typing elsewhere on the screen (kept in component state, never saved). */
function Draft() {
  const [text, setText] = useState('');
  return <Textarea label="Borrador" value={text} onChange={(e) => setText(e.currentTarget.value)} />;
}

const user = buildUser({
  createdAt: '2026-03-15T14:00:00.000Z',
  lastLogin: '2026-03-15T19:05:00.000Z',
});

describe('dates follow a changed display setting at once, on the screen already drawn (decision 123)', () => {
  afterEach(() => {
    cleanup();
    useDisplayStore.setState({
      dateFormat: 'DD/MM/YYYY',
      timeZone: 'America/Santo_Domingo',
      timeFormat: '12h',
    });
  });

  it('saving YYYY-MM-DD in Preferencias rewrites "Miembro desde" and keeps what the user was typing', async () => {
    let saved: UpdatePreferencesRequest | null = null;
    server.use(
      http.get(apiUrl('/auth/preferences'), () =>
        ok(GetPreferencesResponseSchema, { preferences: { ...DEFAULT_USER_PREFERENCES, ...saved } }),
      ),
      http.put(apiUrl('/auth/preferences'), async ({ request }) => {
        saved = (await request.json()) as UpdatePreferencesRequest;
        return ok(GetPreferencesResponseSchema, { preferences: { ...DEFAULT_USER_PREFERENCES, ...saved } });
      }),
    );
    renderWithProviders(
      <>
        <Draft />
        <DisplayPreferences />
        <PersonalInfo user={user} />
      </>,
      '/profile',
    );
    expect(await screen.findByText('15/03/2026')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Borrador'), { target: { value: 'Texto sin guardar' } });

    fireEvent.click(await screen.findByDisplayValue(/^DD\/MM\/YYYY \(/));
    fireEvent.click(await screen.findByRole('option', { name: /^YYYY-MM-DD/ }));

    expect(await screen.findByText('2026-03-15')).toBeTruthy();
    expect(screen.queryByText('15/03/2026')).toBeNull();
    expect(saved).toEqual({ dateFormat: 'YYYY-MM-DD' });
    // Nothing was remounted: the draft is still there.
    expect((screen.getByLabelText('Borrador') as HTMLTextAreaElement).value).toBe('Texto sin guardar');
  });

  it('a changed company zone and clock rewrite the last access time', async () => {
    renderWithProviders(<PersonalInfo user={user} />, '/profile');
    // 19:05 UTC is 3:05 p. m. in Santo Domingo (UTC−4).
    expect(await screen.findByText(/15\/03\/2026.*3:05/)).toBeTruthy();
    act(() => useDisplayStore.getState().setCompany({ timeZone: 'UTC', timeFormat: '24h' }));
    expect(await screen.findByText(/15\/03\/2026.*19:05/)).toBeTruthy();
    expect(screen.queryByText(/3:05/)).toBeNull();
  });
});
