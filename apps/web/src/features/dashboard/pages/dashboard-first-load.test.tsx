import {
  ActivityResponseSchema,
  DashboardStatsSchema,
  QuickActionsResponseSchema,
  RecentTicketsResponseSchema,
} from '@agencia/shared';
import { screen, waitFor } from '@testing-library/react';
import { delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { DashboardPage } from './dashboard-page';

// Its own file: the chart module is imported once per file, so `loaded` is this page's first import.
/** Set when the page imports the chart chunk (issue 32: at mount, not after the progress data). */
const chartChunk = vi.hoisted(() => ({ loaded: false }));
vi.mock('../components/progress-chart', () => {
  chartChunk.loaded = true;
  return { default: () => <div>Gráfico de progreso</div> };
});

describe('Dashboard: first load (issue 32)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows the figures before the lists and the chart arrive, and fetches the chart chunk meanwhile', async () => {
    useSessionStore.setState({ user: buildUser({ role: 'employee' }), isAuthenticated: true } as never);
    const hang = async () => {
      await delay('infinite');
      return new Response();
    };
    server.use(
      http.get(apiUrl('/dashboard/stats'), () =>
        ok(DashboardStatsSchema, {
          projects: { totalProjects: 7, activeProjects: 3, totalBudget: 0, avgProgress: 0 },
          tickets: { totalTickets: 4, openTickets: 1 },
        }),
      ),
      // The recent projects and the progress data never answer in this test.
      http.get(apiUrl('/dashboard/recent-projects'), hang),
      http.get(apiUrl('/dashboard/project-progress'), hang),
      http.get(apiUrl('/dashboard/recent-tickets'), () => ok(RecentTicketsResponseSchema, { tickets: [] })),
      http.get(apiUrl('/dashboard/activity'), () => ok(ActivityResponseSchema, { activities: [] })),
      http.get(apiUrl('/dashboard/quick-actions'), () => ok(QuickActionsResponseSchema, { actions: [] })),
    );
    renderWithProviders(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('3 activos')).toBeTruthy();
    expect(screen.getByText('1 abiertos')).toBeTruthy();
    expect(screen.queryByLabelText('Cargando dashboard')).toBeNull();
    await waitFor(() => expect(chartChunk.loaded).toBe(true));
    expect(screen.queryByText('Gráfico de progreso')).toBeNull();
  });
});
