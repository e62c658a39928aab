import {
  ErrorCodes,
  GetCompanySettingsResponseSchema,
  GetExpenseResponseSchema,
  GetSupplierResponseSchema,
  ListExpensesResponseSchema,
  ListOptionsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCompanySettings, buildExpense, buildSupplier, buildUser } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderRoutes, renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ExpensesPage } from './expenses-page';

const DRAFT = buildExpense({
  _id: '88888888-8888-4888-8888-888888888888',
  status: 'draft',
  documentType: 'E31',
  ncf: 'E310000000045',
  expenseType: null,
  paymentMethod: null,
  description: 'e-CF E310000000045 recibido',
});
const RECORDED = buildExpense({ billable: true, projectId: null });

/** The query strings `GET /expenses` received. */
let queries: URLSearchParams[] = [];

function mockList(expenses = [DRAFT, RECORDED]) {
  server.use(
    http.get(apiUrl('/expenses'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const search = q.get('search');
      const rows = search ? expenses.filter((e) => e.description.includes(search)) : expenses;
      return ok(ListExpensesResponseSchema, {
        expenses: rows,
        pagination: { page: 1, limit: Number(q.get('limit') ?? 20), total: rows.length },
      });
    }),
    http.get(apiUrl('/settings'), () =>
      ok(GetCompanySettingsResponseSchema, { settings: buildCompanySettings() }),
    ),
    http.get(apiUrl('/suppliers/:id'), () => ok(GetSupplierResponseSchema, { supplier: buildSupplier() })),
    http.get(apiUrl('/suppliers/options'), () => ok(ListOptionsResponseSchema, { options: [] })),
    http.get(apiUrl('/projects/options'), () => ok(ListOptionsResponseSchema, { options: [] })),
  );
}

describe('/expenses "Gastos" (decision 140)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    queries = [];
    useSessionStore.setState({ user: buildUser({ role: 'admin' }) });
  });
  afterEach(() => useSessionStore.getState().logout());

  it('lists purchases with their badges; a draft "Por completar" opens the form pre-filled', async () => {
    mockList();
    renderWithProviders(<ExpensesPage />, '/expenses');
    const table = (await screen.findAllByRole('table'))[0]!;
    const draftRow = await within(table).findByRole('row', { name: /E310000000045/ });
    expect(within(draftRow).getByText('Por completar')).toBeTruthy();
    const recordedRow = within(table).getByRole('row', { name: /B0100000123/ });
    expect(within(recordedRow).getByText('Registrado')).toBeTruthy();
    expect(within(recordedRow).getByText('Facturable')).toBeTruthy();
    expect(within(recordedRow).getByText('RD$11,800.00')).toBeTruthy();

    fireEvent.click(within(draftRow).getByText('e-CF E310000000045 recibido'));
    const dialog = await screen.findByRole('dialog', { name: 'Completar gasto' });
    expect(
      (within(dialog).getByRole('textbox', { name: /NCF del suplidor/ }) as HTMLInputElement).value,
    ).toBe('E310000000045');
  });

  it('shows the DGII status of an E41 the agency sent itself (direct e-CF mode)', async () => {
    const e41 = buildExpense({
      _id: '99999999-9999-4999-8999-999999999999',
      documentType: 'E41',
      ncf: 'E410000000007',
      issuedByAgency: true,
      ecfStatus: 'accepted',
      description: 'Sesión de fotos',
    });
    mockList([e41, RECORDED]);
    renderWithProviders(<ExpensesPage />, '/expenses');
    const table = (await screen.findAllByRole('table'))[0]!;
    const row = await within(table).findByRole('row', { name: /E410000000007/ });
    expect(within(row).getByText('e-CF · Aceptado')).toBeTruthy();
    const other = within(table).getByRole('row', { name: /B0100000123/ });
    expect(within(other).queryByText(/e-CF ·/)).toBeNull();
  });

  it('shows the empty state, and keeps the search in the request', async () => {
    mockList([]);
    renderWithProviders(<ExpensesPage />, '/expenses?search=hosting');
    expect(await screen.findByText('No hay gastos')).toBeTruthy();
    expect(screen.getByText('Prueba con otros filtros.')).toBeTruthy();
    await waitFor(() =>
      expect(queries.some((q) => q.get('search') === 'hosting' && q.get('limit') === '20')).toBe(true),
    );
  });

  it('/expenses/:id (a DGII rejection notification) opens that purchase over the list; closing it goes back to /expenses', async () => {
    const rejected = buildExpense({
      _id: '77777777-7777-4777-8777-777777777777',
      documentType: 'E41',
      ncf: 'E410000000009',
      issuedByAgency: true,
      ecfStatus: 'rejected',
      description: 'Fotos del catálogo',
    });
    mockList([RECORDED]);
    server.use(
      http.get(apiUrl(`/expenses/${rejected._id}`), () =>
        ok(GetExpenseResponseSchema, { expense: rejected }),
      ),
    );
    const { router } = renderRoutes(
      [
        { path: '/expenses', element: <ExpensesPage /> },
        { path: '/expenses/:id', element: <ExpensesPage /> },
      ],
      `/expenses/${rejected._id}?status=recorded`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar gasto' });
    expect((within(dialog).getByRole('textbox', { name: 'NCF' }) as HTMLInputElement).value).toBe(
      'E410000000009',
    );
    expect(within(dialog).getByText('La DGII rechazó este e-CF')).toBeTruthy();
    // The list is behind it, with its own rows (the linked purchase is not on this page).
    expect(await screen.findByRole('row', { name: /B0100000123/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses'));
    expect(router.state.location.search).toBe('?status=recorded');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar gasto' })).toBeNull());
  });

  it('/expenses/:id of a purchase that is not there: a red toast and the plain list', async () => {
    mockList([RECORDED]);
    const missing = '66666666-6666-4666-8666-666666666666';
    server.use(
      http.get(apiUrl(`/expenses/${missing}`), () =>
        fail(404, { code: ErrorCodes.NOT_FOUND, message: 'Gasto no encontrado' }),
      ),
    );
    const { router } = renderRoutes(
      [
        { path: '/expenses', element: <ExpensesPage /> },
        { path: '/expenses/:id', element: <ExpensesPage /> },
      ],
      `/expenses/${missing}`,
    );
    expect(await screen.findByText('No se pudo abrir el gasto')).toBeTruthy();
    expect(screen.getByText('Gasto no encontrado')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/expenses'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
