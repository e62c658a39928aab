import { CalendarFeedSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, okMessage, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
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
  let writes: string[] = [];
  beforeEach(() => {
    feed = { active: false, createdAt: null, url: null };
    writes = [];
    server.use(
      http.get(apiUrl('/calendar/feed'), () => ok(CalendarFeedSchema, feed)),
      http.post(apiUrl('/calendar/feed'), () => {
        writes.push('POST');
        feed = { active: true, createdAt: '2026-11-23T10:00:00.000Z', url: null };
        return ok(CalendarFeedSchema, { active: true, createdAt: feed.createdAt, url: FEED_URL });
      }),
      http.delete(apiUrl('/calendar/feed'), () => {
        writes.push('DELETE');
        feed = { active: false, createdAt: null, url: null };
        return okMessage('Enlace revocado');
      }),
    );
  });
  afterEach(() => {
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
    expect(writes).toEqual(['POST']);
  });

  it('an active feed is not shown again; revoking asks for confirmation first', async () => {
    feed = { active: true, createdAt: '2026-11-20T10:00:00.000Z', url: null };
    signIn('client');
    renderWithProviders(<IntegrationsPanel />);
    expect(await screen.findByText(/Ya tienes un enlace activo/)).toBeTruthy();
    expect(screen.queryByLabelText(/Enlace privado/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revocar enlace' }));
    expect(writes).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(writes).toEqual(['DELETE']));
    expect(await screen.findByRole('button', { name: 'Generar enlace' })).toBeTruthy();
  });
});
