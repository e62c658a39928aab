import { ListTicketsResponseSchema, type Ticket, TicketStatsSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTicket, buildTicketStats, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { TicketsPage } from './tickets-page';

const TOTAL = 45;

/** Ticket number `n` (1 = oldest) as the list answers it. */
function ticket(n: number): Ticket {
  return buildTicket({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ticketNumber: `TK-${String(n).padStart(4, '0')}`,
    title: `Ticket número ${n}`,
  });
}

/** Query strings `GET /tickets` received. */
let calls: Record<string, string>[] = [];

describe('Tickets screen pages (issue 14)', () => {
  beforeEach(() => {
    calls = [];
    useSessionStore.setState({ user: buildUser({ role: 'admin', permissions: ['tickets.read'] }) });
    server.use(
      http.get(apiUrl('/tickets/stats'), () =>
        ok(TicketStatsSchema, buildTicketStats({ total: TOTAL, open: TOTAL })),
      ),
      http.get(apiUrl('/tickets'), ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        calls.push(q);
        const page = Number(q.page);
        const limit = Number(q.limit);
        const from = (page - 1) * limit;
        const rows = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - from)) }, (_, i) =>
          ticket(TOTAL - from - i),
        );
        return ok(ListTicketsResponseSchema, { tickets: rows, pagination: { page, limit, total: TOTAL } });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows the page of the URL with the total, and pages keep the filter in the URL', async () => {
    const { router } = renderWithProviders(<TicketsPage />, '/tickets?status=open&page=2');
    expect(await screen.findByText('Mostrando 21–40 de 45 tickets')).toBeTruthy();
    expect(screen.getByText('Ticket número 25')).toBeTruthy();
    expect(screen.queryByText('Ticket número 45')).toBeNull();
    expect(screen.getAllByRole('link', { name: /^TK-/ })).toHaveLength(20);
    expect(calls.at(-1)).toMatchObject({ status: 'open', page: '2', limit: '20' });

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41–45 de 45 tickets')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^TK-/ })).toHaveLength(5);
    expect(calls.at(-1)).toMatchObject({ status: 'open', page: '3', limit: '20' });
    expect(router.state.location.search).toBe('?status=open&page=3');
  }, 20_000);

  it('a filter change goes back to page 1', async () => {
    const { router } = renderWithProviders(<TicketsPage />, '/tickets?page=2');
    await screen.findByText('Mostrando 21–40 de 45 tickets');
    // Pick 'Alta' in the priority select.
    fireEvent.click(screen.getByRole('combobox', { name: 'Prioridad' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alta' }));
    await waitFor(() => expect(router.state.location.search).toBe('?priority=high'));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ priority: 'high', page: '1' }));
  }, 20_000);

  it('the search goes into the URL and a search that finds nothing says "No hay tickets"', async () => {
    server.use(
      http.get(apiUrl('/tickets'), ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        calls.push(q);
        const rows = q.search ? [] : [ticket(1)];
        return ok(ListTicketsResponseSchema, {
          tickets: rows,
          pagination: { page: 1, limit: 20, total: rows.length },
        });
      }),
    );
    const { router } = renderWithProviders(<TicketsPage />, '/tickets?status=resolved');
    expect(await screen.findByText('Ticket número 1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'zzz-nada-coincide' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=resolved&search=zzz-nada-coincide'),
    );
    expect(await screen.findByText('No hay tickets')).toBeTruthy();
    expect(screen.queryByText('Ticket número 1')).toBeNull();
    expect(calls.at(-1)).toMatchObject({ status: 'resolved', search: 'zzz-nada-coincide', page: '1' });
  }, 20_000);
});
