import { GetClientResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildClient } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { ClientFormModal } from './client-form-modal';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

const client = buildClient();

/** Answers `PUT /clients/{id}` with the client and its new RNC; records the path and JSON body of each call. */
function mockUpdate() {
  const puts: { path: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.put(apiUrl('/clients/:id'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push({ path: new URL(request.url).pathname, body });
      return ok(GetClientResponseSchema, {
        client: { ...client, companyRUC: String(body.companyRUC ?? client.companyRUC) },
      });
    }),
  );
  return puts;
}

const input = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') as HTMLInputElement;

describe('Editar cliente: fiscal profile and tax id override (issue 12)', () => {
  it('a failing check digit shows the error; "Aceptar de todos modos" asks for a required Motivo that is sent', async () => {
    const puts = mockUpdate();
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
    expect(puts).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar de todos modos' }));
    expect(within(dialog).queryByText('RNC o cédula inválido (revisa el dígito verificador)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Indica el motivo para aceptar este número')).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(input(dialog, /^Motivo/), {
      target: { value: 'Verificado en la consulta de RNC de la DGII' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toHaveLength(1);
    expect(puts[0]!.path).toBe(`/api/clients/${client._id}`);
    expect(puts[0]!.body).toMatchObject({
      companyRUC: '130458716',
      taxpayerType: 'contribuyente',
      taxIdOverrideReason: 'Verificado en la consulta de RNC de la DGII',
    });
  }, 20_000);

  it('a valid number sends no reason, and the fiscal profile follows the client type while it is the default', async () => {
    const puts = mockUpdate();
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
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toMatchObject({
      clientType: 'individual',
      companyRUC: '130458715',
      taxpayerType: 'consumidor_final',
      taxIdOverrideReason: null,
    });
  }, 20_000);

  it('a foreign client takes its passport or foreign tax id and country; another profile clears the id (issue 42)', async () => {
    const puts = mockUpdate();
    const onClose = vi.fn();
    renderWithProviders(
      <ClientFormModal
        client={{ ...client, companyRUC: null, taxpayerType: 'extranjero' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' });
    fireEvent.change(input(dialog, /^Identificación extranjera/), { target: { value: 'ab-1234567' } });
    fireEvent.change(input(dialog, /^País/), { target: { value: 'Estados Unidos' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[0]!.body).toMatchObject({
      taxpayerType: 'extranjero',
      foreignTaxId: 'ab-1234567',
      address: expect.objectContaining({ country: 'Estados Unidos' }),
    });
  }, 20_000);

  it('hides the foreign id for a Dominican profile and sends none', async () => {
    const puts = mockUpdate();
    const onClose = vi.fn();
    renderWithProviders(
      <ClientFormModal
        client={{ ...client, companyRUC: '130458715', taxpayerType: 'contribuyente', foreignTaxId: 'X1' }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' });
    expect(within(dialog).queryByLabelText(/^Identificación extranjera/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts[0]!.body.foreignTaxId).toBeNull();
  }, 20_000);
});
