import {
  GetRecurringInvoiceResponseSchema,
  ListRecurringInvoicesResponseSchema,
  type RecurringInvoice,
  type UpdateRecurringInvoiceRequest,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRecurringInvoice, buildUser } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { RetainersPage } from './retainers-page';

const ACTIVE = buildRecurringInvoice({
  _id: 'a0000000-0000-4000-8000-000000000001',
  client: { _id: 'c1', name: 'Ferretería Los Pinos' },
  project: { _id: 'p1', title: 'Soporte del sitio' },
  subtotal: 20_000,
  taxAmount: 3_600,
  total: 23_600,
  dayOfMonth: 15,
  autoSend: true,
  nextInvoiceDate: '2026-12-15',
  lastInvoice: { _id: 'i1', invoiceNumber: 'FAC-2026-0101', periodStart: '2026-11-15', status: 'sent' },
});
const PAUSED = buildRecurringInvoice({
  _id: 'a0000000-0000-4000-8000-000000000002',
  client: { _id: 'c2', name: 'Colmado Don Pepe' },
  status: 'paused',
});
const FINISHED = buildRecurringInvoice({
  _id: 'a0000000-0000-4000-8000-000000000003',
  client: { _id: 'c3', name: 'Clínica Sonrisas' },
  finished: true,
  nextInvoiceDate: null,
});

/** Bodies `PUT /recurring-invoices/{id}` received, by id. */
let updates: Array<{ id: string; body: UpdateRecurringInvoiceRequest }> = [];

/** Answers the list with `rows` and every update with the row in its new status. */
function answer(rows: RecurringInvoice[]) {
  server.use(
    http.get(apiUrl('/recurring-invoices'), () =>
      ok(ListRecurringInvoicesResponseSchema, { recurringInvoices: rows }),
    ),
    http.put(apiUrl('/recurring-invoices/:id'), async ({ params, request }) => {
      const body = (await request.json()) as UpdateRecurringInvoiceRequest;
      const id = String(params.id);
      updates.push({ id, body });
      const row = rows.find((r) => r._id === id) ?? ACTIVE;
      return ok(GetRecurringInvoiceResponseSchema, {
        recurringInvoice: { ...row, status: body.status ?? row.status },
      });
    }),
  );
}

const rowOf = async (client: string) => (await screen.findByText(client)).closest('tr') as HTMLElement;

describe('RetainersPage', () => {
  beforeEach(() => {
    updates = [];
    useSessionStore.setState({ user: buildUser({ role: 'admin', permissions: ['invoices.read'] }) });
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('says there are none yet and how to create the first', async () => {
    answer([]);
    renderWithProviders(<RetainersPage />, '/billing/retainers');
    expect(await screen.findByText('Aún no hay igualas. Crea la primera con «Nueva iguala».')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Nueva iguala' })).toBeTruthy();
  });

  it('lists each retainer with its schedule, amount, next and last invoice and status', async () => {
    answer([ACTIVE, PAUSED, FINISHED]);
    renderWithProviders(<RetainersPage />, '/billing/retainers');
    const active = within(await rowOf('Ferretería Los Pinos'));
    expect(active.getByText('Soporte del sitio')).toBeTruthy();
    expect(active.getByText(/día 15/)).toBeTruthy();
    expect(active.getByText('Envío automático')).toBeTruthy();
    expect(active.getByText(/23,600\.00/)).toBeTruthy();
    // The amount says it includes ITBIS (issue 32 point 6).
    expect(active.getByText('ITBIS incluido: RD$3,600.00')).toBeTruthy();
    expect(active.getByText('15 dic de 2026')).toBeTruthy();
    expect(active.getByRole('link', { name: 'FAC-2026-0101' }).getAttribute('href')).toBe('/billing/i1');
    expect(active.getByText('Activa')).toBeTruthy();
    expect(active.getByRole('button', { name: 'Pausar' })).toBeTruthy();

    const paused = within(await rowOf('Colmado Don Pepe'));
    expect(paused.getByText('En pausa')).toBeTruthy();
    expect(paused.getByRole('button', { name: 'Reanudar' })).toBeTruthy();

    // A finished retainer can be neither paused nor resumed.
    const finished = within(await rowOf('Clínica Sonrisas'));
    expect(finished.getByText('Finalizada')).toBeTruthy();
    expect(finished.queryByRole('button', { name: /Pausar|Reanudar/ })).toBeNull();
    expect(finished.getByRole('button', { name: 'Generar ahora' })).toBeTruthy();
  });

  it('pauses an active retainer and resumes a paused one with the right request', async () => {
    answer([ACTIVE, PAUSED]);
    renderWithProviders(<RetainersPage />, '/billing/retainers');
    fireEvent.click(within(await rowOf('Ferretería Los Pinos')).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('Iguala en pausa')).toBeTruthy();
    expect(updates).toEqual([{ id: ACTIVE._id, body: { status: 'paused' } }]);

    fireEvent.click(within(await rowOf('Colmado Don Pepe')).getByRole('button', { name: 'Reanudar' }));
    expect(await screen.findByText('Iguala reanudada')).toBeTruthy();
    expect(updates.at(-1)).toEqual({ id: PAUSED._id, body: { status: 'active' } });
  });

  it('tells when the server refuses the change', async () => {
    answer([ACTIVE]);
    server.use(
      http.put(apiUrl('/recurring-invoices/:id'), () =>
        fail(409, { code: 'CONFLICT', message: 'La iguala ya terminó' }),
      ),
    );
    renderWithProviders(<RetainersPage />, '/billing/retainers');
    fireEvent.click(within(await rowOf('Ferretería Los Pinos')).getByRole('button', { name: 'Pausar' }));
    expect(await screen.findByText('No se pudo cambiar la iguala')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('La iguala ya terminó')).toBeTruthy());
  });
});
