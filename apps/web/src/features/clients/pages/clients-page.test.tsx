import { ClientStatsSchema, ListClientsResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClient, buildClientStats, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ClientsPage } from './clients-page';

const PINOS = buildClient({
  _id: 'c0000000-0000-4000-8000-000000000001',
  firstName: 'Rafael',
  lastName: 'Pérez',
  companyName: 'Ferretería Los Pinos',
  email: 'rafael@lospinos.do',
});
const SONRISAS = buildClient({
  _id: 'c0000000-0000-4000-8000-000000000002',
  firstName: 'Laura',
  lastName: 'Gómez',
  companyName: 'Clínica Sonrisas',
  email: 'laura@sonrisas.do',
});

/** Query strings `GET /clients` received. */
let calls: Record<string, string>[] = [];

describe('ClientsPage', () => {
  beforeEach(() => {
    calls = [];
    useSessionStore.setState({ user: buildUser({ role: 'admin', permissions: ['clients.read'] }) });
    server.use(
      http.get(apiUrl('/clients/stats'), () =>
        ok(
          ClientStatsSchema,
          buildClientStats({ total: 31, active: 27, companies: 19, totalRevenue: 2_500_000 }),
        ),
      ),
      // The server filters: a search for "sonrisas" answers the clinic, "zzz" nothing, no search both.
      http.get(apiUrl('/clients'), ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        calls.push(q);
        const all = [PINOS, SONRISAS];
        const clients = q.search
          ? all.filter((c) => c.companyName?.toLowerCase().includes(q.search?.toLowerCase() ?? ''))
          : all;
        return ok(ListClientsResponseSchema, {
          clients,
          pagination: { page: Number(q.page), limit: Number(q.limit), total: clients.length },
        });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows the stats and one card per client of the page', async () => {
    renderWithProviders(<ClientsPage />, '/clients');
    expect(await screen.findByRole('article', { name: 'Rafael Pérez' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Laura Gómez' })).toBeTruthy();
    expect(screen.getByText('Mostrando 1–2 de 2 clientes')).toBeTruthy();
    expect((await screen.findByText('31')).closest('div')?.textContent).toContain('Total de clientes');
    expect(screen.getByText('27').closest('div')?.textContent).toContain('Clientes activos');
    expect(screen.getByText('19').closest('div')?.textContent).toContain('Empresas');
    expect(calls[0]).toEqual({ page: '1', limit: '12' });
  });

  it('sends the typed term to the server and keeps it in the URL', async () => {
    const { router } = renderWithProviders(<ClientsPage />, '/clients');
    await screen.findByRole('article', { name: 'Rafael Pérez' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Buscar clientes' }), {
      target: { value: 'Sonrisas ' },
    });
    // The search waits for a 300 ms pause in typing.
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ search: 'Sonrisas', page: '1' }), {
      timeout: 5_000,
    });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rafael Pérez' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Laura Gómez' })).toBeTruthy();
    expect(router.state.location.search).toBe('?search=Sonrisas');
  });

  it('says so when no client matches', async () => {
    renderWithProviders(<ClientsPage />, '/clients?search=zzz');
    expect(await screen.findByText('No se encontraron clientes con los filtros aplicados')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ search: 'zzz' });
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('filters by status on the server, back on page 1', async () => {
    const { router } = renderWithProviders(<ClientsPage />, '/clients?page=2');
    await screen.findByRole('article', { name: 'Rafael Pérez' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Filtrar por estado' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Prospectos' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ status: 'prospect', page: '1' }));
    expect(router.state.location.search).toBe('?status=prospect');
  });
});
