import { GetOnlinePaymentSettingsResponseSchema, type OnlinePaymentSettings } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { OnlinePaymentsCard } from './online-payments-card';

const OFF: OnlinePaymentSettings = {
  azul: {
    enabled: false,
    environment: 'pruebas',
    merchantId: '',
    merchantName: '',
    merchantType: '',
    hasAuthKey: false,
    currencies: ['DOP'],
  },
};

describe('Configuración → Pagos en línea (decision 147)', () => {
  it('turns Azul on with the merchant data and the key, which is sent once and never shown', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get(apiUrl('/settings/online-payments'), () =>
        ok(GetOnlinePaymentSettingsResponseSchema, { onlinePayments: OFF }),
      ),
      http.put(apiUrl('/settings/online-payments'), async ({ request }) => {
        const body = (await request.json()) as { azul: { authKey?: string } };
        puts.push(body);
        if (!body.azul.authKey)
          return fail(400, {
            code: 'VALIDATION_ERROR',
            message: 'Indica la llave de autenticación (AuthKey) que te entregó Azul',
          });
        const { authKey: _key, ...azul } = body.azul;
        return ok(GetOnlinePaymentSettingsResponseSchema, {
          onlinePayments: { azul: { ...(azul as OnlinePaymentSettings['azul']), hasAuthKey: true } },
        });
      }),
    );
    renderWithProviders(<OnlinePaymentsCard />);
    const card = await screen.findByRole('region', { name: 'Pagos en línea' });
    expect(within(card).getByText('Desactivados')).toBeTruthy();
    fireEvent.click(within(card).getByRole('switch', { name: 'Aceptar pagos con tarjeta (Azul)' }));
    fireEvent.change(within(card).getByRole('textbox', { name: 'MerchantID' }), {
      target: { value: '39038540035' },
    });
    fireEvent.change(within(card).getByRole('textbox', { name: 'Nombre del comercio' }), {
      target: { value: 'Agencia Digital RD' },
    });
    // Azul's usual merchant type is a real value from the start, not a placeholder (decision 163).
    expect((within(card).getByRole('textbox', { name: 'Tipo de comercio' }) as HTMLInputElement).value).toBe(
      'ECommerce',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(card).findByText('Indica la llave de autenticación (AuthKey) que te entregó Azul'),
    ).toBeTruthy();

    fireEvent.change(within(card).getByLabelText(/Llave de autenticación/), {
      target: { value: 'llave-secreta' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      azul: {
        enabled: true,
        environment: 'pruebas',
        merchantId: '39038540035',
        merchantName: 'Agencia Digital RD',
        merchantType: 'ECommerce',
        authKey: 'llave-secreta',
        currencies: ['DOP'],
      },
    });
    expect(await within(card).findByText('Activos')).toBeTruthy();
    expect(within(card).getByText('Guardada cifrada. Escribe una nueva solo para cambiarla.')).toBeTruthy();
    expect((within(card).getByLabelText(/Llave de autenticación/) as HTMLInputElement).value).toBe('');
  });
});
