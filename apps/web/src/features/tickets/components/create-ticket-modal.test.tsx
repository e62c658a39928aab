import { GetTicketResponseSchema, ListOptionsResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTicketDetail, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { CreateTicketModal } from './create-ticket-modal';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

const CAFE = '11111111-1111-4111-8111-111111111111';
const QUISQUEYA = '22222222-2222-4222-8222-222222222222';
const P2 = '44444444-4444-4444-8444-444444444444';

describe("'Nuevo Ticket' client picker (decision 072)", () => {
  /** Paths of the GETs answered. */
  let gets: string[] = [];
  beforeEach(() => {
    gets = [];
    // The pickers ask the options endpoints (decision 100), never whole lists.
    server.use(
      http.get(apiUrl('/clients/options'), ({ request }) => {
        gets.push(new URL(request.url).pathname);
        return ok(ListOptionsResponseSchema, {
          options: [
            { value: CAFE, label: 'Café Cibao (Ana Díaz)' },
            { value: QUISQUEYA, label: 'Quisqueya (Ana Díaz)' },
          ],
        });
      }),
      http.get(apiUrl('/projects/options'), ({ request }) => {
        const url = new URL(request.url);
        gets.push(url.pathname);
        return ok(ListOptionsResponseSchema, {
          options:
            url.searchParams.get('clientId') === QUISQUEYA
              ? [{ value: P2, label: 'Portal de obras' }]
              : [
                  { value: '33333333-3333-4333-8333-333333333333', label: 'Tienda en línea' },
                  { value: P2, label: 'Portal de obras' },
                ],
        });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('staff pick a client; the project list narrows to its projects and both are sent', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'employee', permissions: ['clients.read'] }),
    } as never);
    const posted: unknown[] = [];
    server.use(
      http.post(apiUrl('/tickets'), async ({ request }) => {
        posted.push(await request.json());
        return ok(GetTicketResponseSchema, { ticket: buildTicketDetail() }, { status: 201 });
      }),
    );
    renderWithProviders(<CreateTicketModal opened onClose={() => {}} />);
    const clientSelect = await screen.findByPlaceholderText('Selecciona un cliente (opcional)');
    fireEvent.click(clientSelect);
    fireEvent.click(await screen.findByRole('option', { name: 'Quisqueya (Ana Díaz)' }));
    fireEvent.click(await screen.findByPlaceholderText('Selecciona un proyecto (opcional)'));
    expect(await screen.findByRole('option', { name: 'Portal de obras' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Tienda en línea' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Portal de obras' }));
    fireEvent.change(screen.getByLabelText(/^Título/), { target: { value: 'Error en el formulario' } });
    fireEvent.change(screen.getByLabelText(/^Descripción/), {
      target: { value: 'El formulario de contacto no envía.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crear Ticket' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      title: 'Error en el formulario',
      clientId: QUISQUEYA,
      projectId: P2,
    });
  }, 20_000);

  it('clients get no picker and never send a clientId', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'client', permissions: ['tickets.write'], clientId: CAFE }),
    } as never);
    renderWithProviders(<CreateTicketModal opened onClose={() => {}} />);
    expect(await screen.findByPlaceholderText('Selecciona un proyecto (opcional)')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Selecciona un cliente (opcional)')).toBeNull();
    fireEvent.click(screen.getByPlaceholderText('Selecciona un proyecto (opcional)'));
    expect(await screen.findByRole('option', { name: 'Tienda en línea' })).toBeTruthy();
    expect(gets).toContain('/api/projects/options');
    expect(gets).not.toContain('/api/clients/options');
  }, 20_000);
});
