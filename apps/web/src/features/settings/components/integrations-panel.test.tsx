import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { IntegrationsPanel } from './integrations-panel';

const FEED_URL = 'http://localhost:3000/api/calendar/feed/abc123.ics';

function signIn(role: 'admin' | 'client') {
  useSessionStore.setState({
    user: buildUser({ role, permissions: ['calendar.read', 'tickets.read'] }),
  } as never);
}

describe('Settings → Integraciones: iCalendar feed (decision 071)', () => {
  let feed = { active: false, createdAt: null as string | null, url: null as string | null };
  beforeEach(() => {
    feed = { active: false, createdAt: null, url: null };
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
      if (url === '/calendar/feed') return { data: { success: true, data: feed } };
      throw new Error(`unexpected GET ${url}`);
    });
    vi.spyOn(apiClient, 'post').mockImplementation(async (url: string) => {
      if (url !== '/calendar/feed') throw new Error(`unexpected POST ${url}`);
      feed = { active: true, createdAt: '2026-11-23T10:00:00.000Z', url: null };
      return { data: { success: true, data: { active: true, createdAt: feed.createdAt, url: FEED_URL } } };
    });
    vi.spyOn(apiClient, 'delete').mockImplementation(async () => {
      feed = { active: false, createdAt: null, url: null };
      return { data: { success: true } };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().logout();
  });

  it('a client sees only the feed card; generating shows the URL once with a copy button', async () => {
    signIn('client');
    renderWithProviders(<IntegrationsPanel />);
    expect(await screen.findByText('Calendario (iCalendar)')).toBeTruthy();
    expect(screen.queryByText('Correo (SMTP)')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Generar enlace' }));
    const input = (await screen.findByLabelText(/Enlace privado/)) as HTMLInputElement;
    expect(input.value).toBe(FEED_URL);
    expect(screen.getByRole('button', { name: 'Copiar' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Revocar enlace' })).toBeTruthy();
    expect(apiClient.post).toHaveBeenCalledWith('/calendar/feed');
  });

  it('an active feed is not shown again; revoking asks for confirmation first', async () => {
    feed = { active: true, createdAt: '2026-11-20T10:00:00.000Z', url: null };
    signIn('client');
    renderWithProviders(<IntegrationsPanel />);
    expect(await screen.findByText(/Ya tienes un enlace activo/)).toBeTruthy();
    expect(screen.queryByLabelText(/Enlace privado/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revocar enlace' }));
    expect(apiClient.delete).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(apiClient.delete).toHaveBeenCalledWith('/calendar/feed'));
    expect(await screen.findByRole('button', { name: 'Generar enlace' })).toBeTruthy();
  });
});
