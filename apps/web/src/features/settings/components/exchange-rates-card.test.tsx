import {
  businessToday,
  type ExchangeRate,
  ImportExchangeRatesResponseSchema,
  ListExchangeRatesResponseSchema,
  UpsertExchangeRateResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { ExchangeRatesCard } from './exchange-rates-card';

// "Tasas de cambio" (Configuración → Fiscal, issue 27, decision 137).

const RATE: ExchangeRate = {
  date: '2026-11-27',
  currency: 'USD',
  rate: 58.95,
  source: 'bcrd_csv',
  createdBy: { _id: '00000000-0000-4000-8000-000000000001', name: 'Ana Admin' },
  updatedAt: '2026-11-27T20:00:00.000Z',
};

/** Answers the list with `rates` (any currency and page) and records the query strings. */
function mockRates(rates: ExchangeRate[]) {
  const queries: string[] = [];
  server.use(
    http.get(apiUrl('/fiscal/exchange-rates'), ({ request }) => {
      queries.push(new URL(request.url).search);
      return ok(ListExchangeRatesResponseSchema, {
        rates,
        pagination: { page: 1, limit: 10, total: rates.length },
      });
    }),
  );
  return queries;
}

const card = () => screen.findByRole('region', { name: 'Tasas de cambio' });

describe('Configuración → Fiscal: Tasas de cambio', () => {
  it('lists the recent USD rates with their source, and shows an empty state per currency', async () => {
    const queries = mockRates([RATE, { ...RATE, date: '2026-11-26', rate: 58.9123, source: 'manual' }]);
    const { unmount } = renderWithProviders(<ExchangeRatesCard />);
    const region = await card();
    const table = await within(region).findByRole('table', { name: 'Tasas de cambio del Dólar (USD)' });
    expect(within(table).getByText('27/11/2026')).toBeTruthy();
    expect(within(table).getByText('58.95')).toBeTruthy();
    expect(within(table).getByText('58.9123')).toBeTruthy();
    expect(within(table).getByText('Banco Central (CSV)')).toBeTruthy();
    expect(queries[0]).toContain('currency=USD');
    unmount();

    mockRates([]);
    renderWithProviders(<ExchangeRatesCard />);
    expect(await screen.findByText('Ninguna tasa registrada para dólar (usd).')).toBeTruthy();
  });

  it('shows an error when the list cannot be loaded', async () => {
    server.use(
      http.get(apiUrl('/fiscal/exchange-rates'), () =>
        fail(500, { code: 'INTERNAL_ERROR', message: 'Error del servidor' }),
      ),
    );
    renderWithProviders(<ExchangeRatesCard />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('saves a day’s rate, validating it first in Spanish', async () => {
    mockRates([]);
    const posts: unknown[] = [];
    server.use(
      http.post(apiUrl('/fiscal/exchange-rates'), async ({ request }) => {
        posts.push(await request.json());
        return ok(
          UpsertExchangeRateResponseSchema,
          { rate: { ...RATE, source: 'manual' }, created: true },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<ExchangeRatesCard />);
    const form = await screen.findByRole('form', { name: 'Registrar la tasa de un día' });
    const rate = within(form).getByLabelText(/RD\$ por US\$1/);
    fireEvent.change(rate, { target: { value: '58.95123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar tasa' }));
    expect(await within(form).findByText('La tasa admite como máximo 4 decimales')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(rate, { target: { value: '58.95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar tasa' }));
    await waitFor(() => expect(posts).toEqual([{ date: businessToday(), currency: 'USD', rate: '58.95' }]));
  });

  it('imports the BCRD CSV and reports the counts; a malformed file shows the line at the file field', async () => {
    mockRates([]);
    let answer = () =>
      ok(ImportExchangeRatesResponseSchema, {
        imported: 20,
        updated: 1,
        skipped: 3,
        from: '2026-11-01',
        to: '2026-11-27',
      });
    server.use(http.post(apiUrl('/fiscal/exchange-rates/import'), () => answer()));
    renderWithProviders(<ExchangeRatesCard />);
    const form = await screen.findByRole('form', { name: 'Importar la serie del Banco Central' });
    fireEvent.click(within(form).getByRole('button', { name: 'Importar' }));
    expect(
      await within(form).findByText('Selecciona el archivo CSV de la tasa de cambio del Banco Central.'),
    ).toBeTruthy();

    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    const csv = new File(['Año,Mes,Día,Compra,Venta\n2026,Nov,27,58.74,58.95\n'], 'tasas.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [csv] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Importar' }));
    expect(
      await within(form).findByText(
        '20 días nuevos, 1 actualizados, 3 sin cambios (del 01/11/2026 al 27/11/2026).',
      ),
    ).toBeTruthy();

    const message = 'Línea 3: el mes no es válido (1–12 o Ene … Dic) («2026;13;1;58,1;58,3»).';
    answer = () => fail(400, { code: 'VALIDATION_ERROR', message, errors: [{ field: 'file', message }] });
    fireEvent.change(input, { target: { files: [csv] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Importar' }));
    expect(await within(form).findByText(message)).toBeTruthy();
  });

  it('switches to the euro: no BCRD import, a note to type each day', async () => {
    const queries = mockRates([]);
    renderWithProviders(<ExchangeRatesCard />);
    const region = await card();
    fireEvent.click(within(region).getByText('Euro (EUR)'));
    expect(await within(region).findByText(/registra la tasa del euro de cada día/)).toBeTruthy();
    expect(within(region).queryByRole('form', { name: 'Importar la serie del Banco Central' })).toBeNull();
    expect(within(region).getByLabelText(/RD\$ por €1/)).toBeTruthy();
    await waitFor(() => expect(queries.some((q) => q.includes('currency=EUR'))).toBe(true));
  });
});
