import { ListNotificationsResponseSchema, type Notification } from '@agencia/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { apiUrl, http, ok, server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
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
