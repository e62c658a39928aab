import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
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
  beforeEach(() => {
    // The pickers ask the options endpoints (decision 100), never whole lists.
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
      const options = (list: Array<{ value: string; label: string }>) => ({
        data: { success: true, data: { options: list } },
      });
      if (url === '/clients/options')
        return options([
          { value: CAFE, label: 'Café Cibao (Ana Díaz)' },
          { value: QUISQUEYA, label: 'Quisqueya (Ana Díaz)' },
        ]);
      if (url === '/projects/options')
        return options(
          (config?.params as { clientId?: string } | undefined)?.clientId === QUISQUEYA
            ? [{ value: P2, label: 'Portal de obras' }]
            : [
                { value: '33333333-3333-4333-8333-333333333333', label: 'Tienda en línea' },
                { value: P2, label: 'Portal de obras' },
              ],
        );
      throw new Error(`unexpected GET ${url}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.getState().logout();
  });

  it('staff pick a client; the project list narrows to its projects and both are sent', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'employee', permissions: ['clients.read'] }),
    } as never);
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      data: { success: true, data: { ticket: { _id: 't1', ticketNumber: 'TK-0001', title: 'X' } } },
    });
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
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/tickets');
    expect(post.mock.calls[0]![1]).toMatchObject({ clientId: QUISQUEYA, projectId: P2 });
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
    expect(vi.mocked(apiClient.get).mock.calls.map((c) => c[0])).not.toContain('/clients/options');
  }, 20_000);
});
