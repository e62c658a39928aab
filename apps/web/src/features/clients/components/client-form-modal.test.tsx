import type { Client } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { ClientFormModal } from './client-form-modal';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

const client: Client = {
  _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
  firstName: 'María',
  lastName: 'Fernández',
  email: 'cliente@demo.do',
  phone: null,
  avatar: null,
  clientType: 'company',
  companyName: 'Café Cibao SRL',
  companyRUC: '130458715',
  taxpayerType: 'contribuyente',
  taxIdOverrideReason: null,
  industry: null,
  website: null,
  address: { street: null, city: null, state: null, country: 'República Dominicana', postalCode: null },
  status: 'active',
  joinDate: '2026-01-10',
  lastActivity: null,
  lastContact: null,
  totalProjects: 0,
  activeProjects: 0,
  completedProjects: 0,
  totalRevenue: 0,
  averageProjectValue: 0,
  satisfactionRating: null,
  preferredCommunication: 'email',
  timezone: 'America/Santo_Domingo',
  notes: null,
  registeredUsers: 0,
  archivedAt: null,
  createdAt: '2026-01-10T14:00:00.000Z',
  updatedAt: '2026-01-10T14:00:00.000Z',
};

const input = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') as HTMLInputElement;

describe('Editar cliente: fiscal profile and tax id override (issue 12)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a failing check digit shows the error; "Aceptar de todos modos" asks for a required Motivo that is sent', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({
      data: { success: true, data: { client: { ...client, companyRUC: '130458716' } } },
    });
    const onClose = vi.fn();
    renderWithProviders(<ClientFormModal client={client} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' });
    expect(input(dialog, /^Perfil fiscal/).value).toBe('Contribuyente (crédito fiscal)');

    fireEvent.change(input(dialog, /^RNC \/ Cédula/), { target: { value: '130458716' } });
    expect(
      await within(dialog).findByText('RNC o cédula inválido (revisa el dígito verificador)'),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText(/^Motivo/)).toBeNull();

    // Saving as is is refused on the client, like the server would.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(put).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar de todos modos' }));
    expect(within(dialog).queryByText('RNC o cédula inválido (revisa el dígito verificador)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica el motivo para aceptar este número')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(input(dialog, /^Motivo/), {
      target: { value: 'Verificado en la consulta de RNC de la DGII' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put.mock.calls[0]![0]).toBe(`/clients/${client._id}`);
    expect(put.mock.calls[0]![1]).toMatchObject({
      companyRUC: '130458716',
      taxpayerType: 'contribuyente',
      taxIdOverrideReason: 'Verificado en la consulta de RNC de la DGII',
    });
  }, 20_000);

  it('a valid number sends no reason, and the fiscal profile follows the client type while it is the default', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({ data: { success: true, data: { client } } });
    const onClose = vi.fn();
    renderWithProviders(
      <ClientFormModal
        client={{ ...client, companyRUC: '130458716', taxIdOverrideReason: 'Verificado en la DGII' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' });
    // An accepted number opens with its reason.
    expect(input(dialog, /^Motivo/).value).toBe('Verificado en la DGII');

    fireEvent.change(input(dialog, /^RNC \/ Cédula/), { target: { value: '130458715' } });
    expect(within(dialog).queryByLabelText(/^Motivo/)).toBeNull();
    fireEvent.click(input(dialog, /^Tipo de cliente/));
    fireEvent.click(await screen.findByRole('option', { name: 'Persona física' }));
    expect(input(dialog, /^Perfil fiscal/).value).toBe('Consumidor final');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(put.mock.calls[0]![1]).toMatchObject({
      clientType: 'individual',
      companyRUC: '130458715',
      taxpayerType: 'consumidor_final',
      taxIdOverrideReason: null,
    });
  }, 20_000);
});
