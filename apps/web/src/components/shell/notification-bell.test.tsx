import { ListNotificationsResponseSchema, type Notification } from '@agencia/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { apiUrl, http, ok, server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
import { LiveRegions } from '../ui/live-regions';
import { NotificationBell } from './notification-bell';

const TOTAL = 27;

/** Notification `n` (1 = oldest); the five newest are unread. */
const notification = (n: number): Notification => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  topic: 'system',
  title: `Aviso ${n}`,
  message: `Mensaje ${n}`,
  link: null,
  readAt: n > TOTAL - 5 ? null : '2026-01-01T00:00:00.000Z',
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});

describe("NotificationBell feed: 'Cargar más' (decision 102)", () => {
  let pages: number[] = [];
  beforeEach(() => {
    pages = [];
    useSessionStore.setState({ user: buildUser({ role: 'client' }) });
    server.use(
      http.get(apiUrl('/notifications'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        const limit = Number(params.get('limit'));
        pages.push(page);
        const newest = TOTAL - (page - 1) * limit;
        const rows = Array.from({ length: Math.max(0, Math.min(limit, newest)) }, (_, i) =>
          notification(newest - i),
        );
        return ok(ListNotificationsResponseSchema, {
          notifications: rows,
          unreadCount: 5,
          pagination: { page, limit, total: TOTAL },
        });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows the newest 20, then the rest on "Cargar más", and the unread count on the bell', async () => {
    renderWithProviders(<NotificationBell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones, 5 sin leer' }));
    expect(await screen.findByText('Aviso 27')).toBeTruthy();
    expect(screen.getAllByText(/^Aviso \d+$/)).toHaveLength(20);
    expect(screen.getByText('20 de 27')).toBeTruthy();
    expect(screen.queryByText('Aviso 7')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Aviso 1')).toBeTruthy();
    const titles = screen.getAllByText(/^Aviso \d+$/).map((e) => e.textContent);
    expect(titles).toEqual(Array.from({ length: TOTAL }, (_, i) => `Aviso ${TOTAL - i}`));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(pages).toEqual([1, 2]);
  }, 20_000);
});

describe('NotificationBell announces a live increase of the unread count (decision 112)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('reads "6 notificaciones sin leer" politely when one arrives, and nothing on the first load', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'client' }) });
    let unreadCount = 5;
    server.use(
      http.get(apiUrl('/notifications'), () =>
        ok(ListNotificationsResponseSchema, {
          notifications: [notification(TOTAL)],
          unreadCount,
          pagination: { page: 1, limit: 20, total: 1 },
        }),
      ),
    );
    const { queryClient } = renderWithProviders(
      <>
        <LiveRegions />
        <NotificationBell />
      </>,
    );
    await screen.findByRole('button', { name: 'Notificaciones, 5 sin leer' });
    const polite = screen.getByRole('status');
    const written: string[] = [];
    const observer = new MutationObserver(() => written.push(polite.textContent ?? ''));
    observer.observe(polite, { childList: true, subtree: true });

    // A notification pushed live: the socket event invalidates the feed (LIVE_INVALIDATIONS).
    unreadCount = 6;
    await act(() => queryClient.invalidateQueries({ queryKey: ['notifications'] }));
    await screen.findByRole('button', { name: 'Notificaciones, 6 sin leer' });
    await waitFor(() => expect(polite.textContent).toBe('6 notificaciones sin leer'));
    observer.disconnect();
    // The first count was only on the bell's name: the 6 is the one thing ever written.
    expect(written.filter(Boolean)).toEqual(['6 notificaciones sin leer']);
  });
});
