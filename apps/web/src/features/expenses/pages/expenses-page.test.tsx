import {
  GetCompanySettingsResponseSchema,
  GetSupplierResponseSchema,
  ListExpensesResponseSchema,
  ListOptionsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCompanySettings, buildExpense, buildSupplier, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
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
});
