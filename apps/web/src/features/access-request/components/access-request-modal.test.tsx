import { AccessRequestSubmittedSchema } from '@agencia/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { AccessRequestModal } from './access-request-modal';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const next = () => screen.getByRole('button', { name: 'Continuar' });

/** Fills step 1 as a person with the cédula typed without dashes. */
function fillIdentification() {
  type(/^Nombre/, 'Pedro');
  type(/^Apellido/, 'Santos');
  type(/^Email principal/, 'pedro.santos@ejemplo.do');
  type(/^Teléfono principal/, '809-555-7788');
  type(/^Cédula/, '00112345673');
}

describe('AccessRequestModal (issue 32)', () => {
  afterEach(cleanup);

  it('a disabled "Continuar" names the fields still missing on the step', async () => {
    renderWithProviders(<AccessRequestModal opened onClose={() => {}} />, '/login');
    const hint = await screen.findByText(/^Para continuar, completa o corrige:/);
    expect(next()).toHaveProperty('disabled', true);
    expect(next().getAttribute('aria-describedby')).toBe(hint.id);
    expect(hint.textContent).toContain('Email principal');
    expect(hint.textContent).toContain('Cédula');
    type(/^Nombre/, 'Pedro');
    type(/^Apellido/, 'Santos');
    type(/^Email principal/, 'pedro.santos@ejemplo.do');
    type(/^Teléfono principal/, '809-555-7788');
    expect(screen.getByText(/^Para continuar/).textContent).toBe(
      'Para continuar, completa o corrige: Cédula.',
    );
    type(/^Cédula/, '00112345673');
    expect(screen.queryByText(/^Para continuar/)).toBeNull();
    expect(next()).toHaveProperty('disabled', false);
  });

  it('reviews the cédula formatted and ends on a confirmation with the reference and what happens next', async () => {
    server.use(
      http.post(apiUrl('/public/access-requests'), () =>
        ok(AccessRequestSubmittedSchema, { received: true, reference: 'SA-3F9A2C1B' }, { status: 201 }),
      ),
    );
    renderWithProviders(<AccessRequestModal opened onClose={() => {}} />, '/login');
    await screen.findByText(/^Para continuar/);
    fillIdentification();
    fireEvent.click(next());
    await screen.findByText(/Paso 2 de 6/);
    type(/^Descripción del proyecto/, 'Catálogo en línea para mi ferretería en La Vega.');
    await choose('Presupuesto estimado', '$3,000 - $5,000');
    fireEvent.click(next());
    await screen.findByText(/Paso 3 de 6/);
    type(/^Dirección/, 'Calle Duarte 12');
    type(/^Ciudad/, 'La Vega');
    await choose('Provincia', 'La Vega');
    fireEvent.click(next());
    await screen.findByText(/Paso 4 de 6/);
    fireEvent.click(next());
    await screen.findByText(/Paso 5 de 6/);
    fireEvent.click(next());
    await screen.findByText(/Paso 6 de 6/);
    expect(screen.getByText('001-1234567-3')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto los/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar Solicitud' }));

    expect(await screen.findByText('Solicitud enviada')).toBeTruthy();
    expect(screen.getByTestId('access-reference').textContent).toBe('SA-3F9A2C1B');
    expect(screen.getByText('Te enviamos esta confirmación a pedro.santos@ejemplo.do.')).toBeTruthy();
    expect(screen.getByText(/recibirás en ese correo un link para crear tu cuenta/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar Solicitud' })).toBeNull();
    await waitFor(() =>
      expect(within(document.body).getByRole('button', { name: 'Entendido' })).toBeTruthy(),
    );
  });
});
