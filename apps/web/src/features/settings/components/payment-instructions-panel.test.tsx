import {
  GetCompanySettingsResponseSchema,
  GetPaymentInstructionsResponseSchema,
  type PaymentInstructions,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCompanySettings } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { PaymentInstructionsCard } from '../../../components/payment-instructions-card';
import { PaymentInstructionsPanel } from './payment-instructions-panel';

const popular = {
  bank: 'Banco Popular Dominicano',
  accountType: 'corriente' as const,
  currency: 'DOP' as const,
  accountNumber: '812-345678-9',
  holderName: 'Agencia Digital RD, SRL',
  holderId: '131855423',
};

let stored: PaymentInstructions;

/**
 * Answers `GET /settings/payment-instructions` with `stored`, `GET /settings` with the demo agency
 * and `PUT /settings/payment-instructions` by storing the body (ids as digits, like the API).
 * Records the PUT bodies and the GET paths; `failNextPut(response)` answers the next PUT with it.
 */
function mockApi() {
  const puts: PaymentInstructions[] = [];
  const gets: string[] = [];
  const failures: Response[] = [];
  server.use(
    http.get(apiUrl('/settings/payment-instructions'), ({ request }) => {
      gets.push(new URL(request.url).pathname);
      return ok(GetPaymentInstructionsResponseSchema, { paymentInstructions: stored });
    }),
    http.get(apiUrl('/settings'), () =>
      ok(GetCompanySettingsResponseSchema, {
        settings: buildCompanySettings({ name: 'Agencia Digital RD', taxId: '131855423' }),
      }),
    ),
    http.put(apiUrl('/settings/payment-instructions'), async ({ request }) => {
      const input = (await request.json()) as PaymentInstructions;
      puts.push(input);
      const failure = failures.shift();
      if (failure) return failure;
      stored = {
        bankAccounts: input.bankAccounts.map((a) => ({ ...a, holderId: a.holderId.replace(/\D/g, '') })),
        otherMethods: input.otherMethods || null,
      };
      return ok(GetPaymentInstructionsResponseSchema, { paymentInstructions: stored });
    }),
  );
  return { puts, gets, failNextPut: (response: Response) => failures.push(response) };
}

// Whole-form flows with many interactions: allow for a busy machine (the default 5 s is tight there).
describe('Configuración → Datos de pago', { timeout: 20_000 }, () => {
  beforeEach(() => {
    stored = { bankAccounts: [], otherMethods: null };
  });
  it('adds an account: Spanish messages for a bad number and RNC, holder prefilled with the company', async () => {
    const { puts } = mockApi();
    renderWithProviders(<PaymentInstructionsPanel />);
    expect(await screen.findByText('Aún no hay cuentas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar cuenta bancaria' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Titular' })).toHaveProperty(
        'value',
        'Agencia Digital RD',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /RNC o cédula del titular/ })).toHaveProperty(
      'value',
      '1-31-85542-3',
    );

    fireEvent.change(within(dialog).getByRole('textbox', { name: /RNC o cédula del titular/ }), {
      target: { value: '131855420' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número de cuenta' }), {
      target: { value: '12ab' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar cuenta' }));
    expect(await within(dialog).findByText('El banco es requerido')).toBeTruthy();
    expect(within(dialog).getByText(/^Número de cuenta inválido/)).toBeTruthy();
    expect(within(dialog).getByText(/^RNC o cédula inválido/)).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(within(dialog).getByRole('combobox', { name: /Banco/ }), {
      target: { value: 'Banco Popular Dominicano' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número de cuenta' }), {
      target: { value: '812-345678-9' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /RNC o cédula del titular/ }), {
      target: { value: '001-1391825-4' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Dólares (USD)' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Ahorros' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar cuenta' }));
    await waitFor(() =>
      expect(puts).toEqual([
        {
          bankAccounts: [
            {
              bank: 'Banco Popular Dominicano',
              accountType: 'ahorros',
              currency: 'USD',
              accountNumber: '812-345678-9',
              holderName: 'Agencia Digital RD',
              holderId: '001-1391825-4',
            },
          ],
          otherMethods: null,
        },
      ]),
    );
    const account = await screen.findByRole('article', { name: /Banco Popular Dominicano/ });
    expect(account.textContent).toContain('Cuenta ahorros · USD');
    expect(account.textContent).toContain('812-345678-9');
    expect(account.textContent).toContain('Titular: Agencia Digital RD · Cédula: 001-1391825-4');
  });

  it('refuses the same account twice and shows a server 400 on its field', async () => {
    stored = { bankAccounts: [popular], otherMethods: null };
    const { puts, failNextPut } = mockApi();
    renderWithProviders(<PaymentInstructionsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar cuenta bancaria' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Banco/ }), {
      target: { value: 'banco popular dominicano' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número de cuenta' }), {
      target: { value: '8123456789' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar cuenta' }));
    expect(await within(dialog).findByText('Esta cuenta ya está en la lista')).toBeTruthy();
    expect(puts).toEqual([]);

    failNextPut(
      fail(400, {
        code: 'VALIDATION_ERROR',
        message: 'Nombre de banco no permitido',
        errors: [{ field: 'bankAccounts.1.bank', message: 'Nombre de banco no permitido' }],
      }),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número de cuenta' }), {
      target: { value: '5555-5555' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar cuenta' }));
    expect(await within(dialog).findByText('Nombre de banco no permitido')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Agregar cuenta bancaria' })).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.bankAccounts.map((a) => a.accountNumber)).toEqual(['812-345678-9', '5555-5555']);
  });

  it('edits an account and removes one only after the confirmation', async () => {
    stored = {
      bankAccounts: [popular, { ...popular, bank: 'Banreservas', accountNumber: '9600123456' }],
      otherMethods: null,
    };
    const { puts } = mockApi();
    renderWithProviders(<PaymentInstructionsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar cuenta 812-345678-9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cuenta bancaria' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /RNC o cédula del titular/ })).toHaveProperty(
        'value',
        '1-31-85542-3',
      ),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número de cuenta' }), {
      target: { value: '812-000000-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.bankAccounts.map((a) => a.accountNumber)).toEqual(['812-000000-1', '9600123456']);

    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar cuenta 9600123456' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar cuenta bancaria' });
    expect(confirm.textContent).toContain('¿Eliminar la cuenta 9600123456 de Banreservas?');
    expect(puts).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.bankAccounts.map((a) => a.bank)).toEqual(['Banco Popular Dominicano']);
    await waitFor(() => expect(screen.queryByRole('article', { name: /Banreservas/ })).toBeNull());
  });

  it('saves the other payment methods with the accounts', async () => {
    stored = { bankAccounts: [popular], otherMethods: null };
    const { puts } = mockApi();
    renderWithProviders(<PaymentInstructionsPanel />);
    const text = await screen.findByRole('textbox', { name: 'Otras formas de pago' });
    fireEvent.change(text, { target: { value: 'PayPal: pagos@agenciadigital.do' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(puts).toEqual([{ bankAccounts: [popular], otherMethods: 'PayPal: pagos@agenciadigital.do' }]),
    );
  });
});

describe('Cómo pagar', () => {
  it('tells the client what to transfer, where, and the other methods', async () => {
    stored = { bankAccounts: [popular], otherMethods: 'Efectivo en la oficina' };
    mockApi();
    renderWithProviders(<PaymentInstructionsCard amount="RD$4,086.00" reference="FAC-2026-0042" />);
    const card = await screen.findByRole('region', { name: 'Cómo pagar' });
    expect(card.textContent).toContain(
      'Transfiere RD$4,086.00 a una de estas cuentas e indica la factura FAC-2026-0042 como referencia.',
    );
    expect(card.textContent).toContain('Banco Popular Dominicano');
    expect(card.textContent).toContain('Cuenta corriente · DOP');
    expect(card.textContent).toContain('Titular: Agencia Digital RD, SRL · RNC: 1-31-85542-3');
    expect(card.textContent).toContain('Otras formas de pago');
    expect(card.textContent).toContain('Efectivo en la oficina');
    expect(within(card).getByRole('button', { name: 'Copiar número de cuenta 812-345678-9' })).toBeTruthy();
  });

  it('lists the accounts in the invoice currency first', async () => {
    stored = {
      bankAccounts: [
        popular,
        { ...popular, bank: 'Banco BHD', currency: 'USD', accountNumber: '2233445566' },
      ],
      otherMethods: null,
    };
    mockApi();
    renderWithProviders(<PaymentInstructionsCard currency="USD" />);
    const card = await screen.findByRole('region', { name: 'Cómo pagar' });
    expect(
      within(card)
        .getAllByTestId('bank-account')
        .map((a) => a.textContent?.split('Cuenta')[0]),
    ).toEqual(['Banco BHD', 'Banco Popular Dominicano']);
  });

  it('a USD invoice with peso accounts only asks for the peso equivalent, never dollars into a peso account (decision 163)', async () => {
    stored = { bankAccounts: [popular], otherMethods: null };
    mockApi();
    const { unmount } = renderWithProviders(
      <PaymentInstructionsCard
        amount="US$2,360.00"
        pesoAmount="RD$139,122.00, el equivalente de US$2,360.00 a RD$58.95 por US$1 del 27/11/2026,"
        reference="FAC-2026-0050"
        currency="USD"
      />,
    );
    const card = await screen.findByRole('region', { name: 'Cómo pagar' });
    expect(card.textContent).toContain(
      'Transfiere RD$139,122.00, el equivalente de US$2,360.00 a RD$58.95 por US$1 del 27/11/2026, a una de estas cuentas e indica la factura FAC-2026-0050 como referencia.',
    );
    expect(card.textContent).not.toContain('US$2,360.00 a una');
    unmount();
    // A USD draft has no rate yet: no amount in the instruction.
    renderWithProviders(
      <PaymentInstructionsCard amount="US$2,360.00" reference="FAC-2026-0051" currency="USD" />,
    );
    const draft = await screen.findByRole('region', { name: 'Cómo pagar' });
    expect(draft.textContent).toContain(
      'Transfiere a una de estas cuentas e indica la factura FAC-2026-0051',
    );
    expect(draft.textContent).toContain('confirma con nosotros el monto equivalente a US$2,360.00');
  });

  it('shows nothing to a client when no instructions exist, and a link to settings to the admin', async () => {
    stored = { bankAccounts: [], otherMethods: null };
    const { gets } = mockApi();
    const { unmount } = renderWithProviders(<PaymentInstructionsCard />);
    await waitFor(() => expect(gets).toContain('/api/settings/payment-instructions'));
    expect(screen.queryByRole('region', { name: 'Cómo pagar' })).toBeNull();
    unmount();
    renderWithProviders(<PaymentInstructionsCard canManage />);
    const card = await screen.findByRole('region', { name: 'Cómo pagar' });
    expect(within(card).getByRole('link', { name: 'Agrega los datos de pago' }).getAttribute('href')).toBe(
      '/settings?tab=payments',
    );
  });
});
