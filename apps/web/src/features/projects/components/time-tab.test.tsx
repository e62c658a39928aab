import { ListTimeEntriesResponseSchema, type TimeEntry, type User } from '@agencia/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProjectDetail, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { TimeTab } from './time-tab';

const entry: TimeEntry = {
  _id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a51',
  user: { _id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a52', firstName: 'Ana', lastName: 'Gómez' },
  hours: 2,
  description: 'Diseño de la portada',
  date: '2026-03-02',
  billable: true,
  createdAt: '2026-03-02T15:00:00.000Z',
  invoice: null,
};

function open(user: User, internalCost?: number, unratedHours?: number) {
  useSessionStore.setState({ user, isAuthenticated: true } as never);
  const project = buildProjectDetail({
    timeSummary: { totalHours: 3, billableHours: 2, entries: 1, byMember: [], internalCost, unratedHours },
  });
  server.use(
    http.get(apiUrl(`/projects/${project._id}/time-entries`), () =>
      ok(ListTimeEntriesResponseSchema, {
        timeEntries: [entry],
        pagination: { page: 1, limit: 20, total: 1 },
      }),
    ),
  );
  renderWithProviders(<TimeTab project={project} canLog={false} />, `/projects/${project._id}`);
}

describe('TimeTab: billable/internal is agency talk (issue 32)', () => {
  afterEach(() => {
    cleanup();
    useSessionStore.setState({ user: null, isAuthenticated: false } as never);
  });

  it('a client sees "Horas dedicadas" and whether an entry was invoiced, never "Facturable"', async () => {
    open(buildUser({ role: 'client', permissions: ['projects.read'] }));
    expect(await screen.findByText('Diseño de la portada')).toBeTruthy();
    expect(screen.getByText('Horas dedicadas')).toBeTruthy();
    expect(screen.getByText('Por facturar')).toBeTruthy();
    expect(screen.queryByText(/facturable/i)).toBeNull();
    expect(screen.queryByText('Tipo')).toBeNull();
  });

  it('staff keep the billable/internal split', async () => {
    open(buildUser({ role: 'admin' }), 1200);
    expect(await screen.findByText('Diseño de la portada')).toBeTruthy();
    expect(screen.getByText('Horas facturables')).toBeTruthy();
    expect(screen.getByText('Facturable')).toBeTruthy();
  });

  it('staff read the internal cost by the one rule, with the hours that have no cost rate (decision 163)', async () => {
    open(buildUser({ role: 'admin' }), 1000, 1.5);
    expect(await screen.findByText('Costo interno')).toBeTruthy();
    expect(screen.getByTestId('time-unrated').textContent).toBe('Sin contar 1.5 h sin tarifa de costo');
  });
});
