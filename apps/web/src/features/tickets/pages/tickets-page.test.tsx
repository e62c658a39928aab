import type { ListTicketsQuery, Ticket } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { TicketsPage } from './tickets-page';

const TOTAL = 45;

/** Ticket number `n` (1 = oldest) as the list answers it. */
function ticket(n: number): Ticket {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    _id: id,
    ticketNumber: `TK-${String(n).padStart(4, '0')}`,
    title: `Ticket número ${n}`,
    description: 'Descripción del ticket de prueba',
    type: 'support',
    status: 'open',
    priority: 'medium',
    severity: 'medium',
    category: null,
    client: null,
    project: null,
    reportedBy: null,
    assignedTo: null,
    reportedDate: '2026-01-10T12:00:00.000Z',
    estimatedResolutionTime: null,
    actualTimeSpent: 0,
    messageCount: 0,
    resolution: null,
    preventionMeasures: null,
    resolvedAt: null,
    closedAt: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
  };
}

let calls: ListTicketsQuery[] = [];

describe('Tickets screen pages (issue 14)', () => {
  beforeEach(() => {
    calls = [];
    useSessionStore.setState({ user: buildUser({ role: 'admin', permissions: ['tickets.read'] }) });
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
      if (url === '/tickets/stats')
        return { data: { success: true, data: { total: TOTAL, open: TOTAL, inProgress: 0, resolved: 0 } } };
      if (url === '/tickets') {
        const q = (config?.params ?? {}) as ListTicketsQuery & { page: number; limit: number };
        calls.push(q);
        const from = (q.page - 1) * q.limit;
        const rows = Array.from({ length: Math.max(0, Math.min(q.limit, TOTAL - from)) }, (_, i) =>
          ticket(TOTAL - from - i),
        );
        return {
          data: {
            success: true,
            data: { tickets: rows, pagination: { page: q.page, limit: q.limit, total: TOTAL } },
          },
        };
      }
      throw new Error(`unexpected GET ${url}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().logout();
  });

  it('shows the page of the URL with the total, and pages keep the filter in the URL', async () => {
    const { router } = renderWithProviders(<TicketsPage />, '/tickets?status=open&page=2');
    expect(await screen.findByText('Mostrando 21–40 de 45 tickets')).toBeTruthy();
    expect(screen.getByText('Ticket número 25')).toBeTruthy();
    expect(screen.queryByText('Ticket número 45')).toBeNull();
    expect(screen.getAllByRole('link', { name: /^TK-/ })).toHaveLength(20);
    expect(calls.at(-1)).toMatchObject({ status: 'open', page: 2, limit: 20 });

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41–45 de 45 tickets')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^TK-/ })).toHaveLength(5);
    expect(calls.at(-1)).toMatchObject({ status: 'open', page: 3, limit: 20 });
    expect(router.state.location.search).toBe('?status=open&page=3');
  }, 20_000);

  it('a filter change goes back to page 1', async () => {
    const { router } = renderWithProviders(<TicketsPage />, '/tickets?page=2');
    await screen.findByText('Mostrando 21–40 de 45 tickets');
    // Pick 'Alta' in the priority select.
    fireEvent.click(screen.getByRole('combobox', { name: 'Prioridad' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alta' }));
    await waitFor(() => expect(router.state.location.search).toBe('?priority=high'));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ priority: 'high', page: 1 }));
  }, 20_000);
});
