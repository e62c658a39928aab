import {
  addDays,
  businessToday,
  GetClientResponseSchema,
  GetInvoiceResponseSchema,
  InvoiceDefaultsSchema,
  ListExchangeRatesResponseSchema,
  ListOptionsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildClient, buildInvoice } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { InvoiceFormModal } from './invoice-form-modal';

// Autosize textareas listen to document.fonts, which jsdom lacks.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
    configurable: true,
  });

/** YYYY-MM-DD → DD/MM/YYYY, the default date format. */
const dmy = (day: string) => day.split('-').reverse().join('/');

const CAFE = '11111111-1111-4111-8111-111111111111';
const ANA = '22222222-2222-4222-8222-222222222222';

/** Bodies `POST /invoices` received. */
let posted: Record<string, unknown>[] = [];

describe('Nueva Factura: document type and totals (issue 12)', () => {
  beforeEach(() => {
    posted = [];
    server.use(
      http.get(apiUrl('/invoices/defaults'), () =>
        ok(InvoiceDefaultsSchema, {
          taxRate: 18,
          fiscalMode: 'paper',
          currency: 'DOP',
          series: 'FAC',
          paymentTerms: 30,
        }),
      ),
      // The client picker asks `/clients/options`; the chosen client's profile comes from `/clients/{id}`.
      http.get(apiUrl('/clients/options'), () =>
        ok(ListOptionsResponseSchema, {
          options: [
            { value: CAFE, label: 'Café Cibao SRL (María Fernández)' },
            { value: ANA, label: 'Ana Martínez' },
          ],
        }),
      ),
      http.get(apiUrl(`/clients/${CAFE}`), () =>
        ok(GetClientResponseSchema, {
          client: buildClient({
            _id: CAFE,
            firstName: 'María',
            lastName: 'Fernández',
            companyName: 'Café Cibao SRL',
            companyRUC: '130458715',
            taxpayerType: 'contribuyente',
          }),
        }),
      ),
      http.get(apiUrl(`/clients/${ANA}`), () =>
        ok(GetClientResponseSchema, {
          client: buildClient({
            _id: ANA,
            firstName: 'Ana',
            lastName: 'Martínez',
            clientType: 'individual',
            companyName: null,
            companyRUC: null,
            taxpayerType: 'consumidor_final',
          }),
        }),
      ),
      http.get(apiUrl('/projects/options'), () => ok(ListOptionsResponseSchema, { options: [] })),
      http.post(apiUrl('/invoices'), async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        return ok(
          GetInvoiceResponseSchema,
          { invoice: buildInvoice({ status: 'draft', invoiceNumber: `FAC-2026-000${posted.length + 8}` }) },
          { status: 201 },
        );
      }),
    );
  });

  const pickClient = async (name: string) => {
    fireEvent.click(await screen.findByPlaceholderText('Selecciona un cliente'));
    fireEvent.click(await screen.findByRole('option', { name }));
  };
  const typeInput = () =>
    screen.getAllByLabelText('Tipo de comprobante').find((e) => e.tagName === 'INPUT') as HTMLInputElement;

  it('offers only the document types the client’s fiscal profile may receive (issue 27, point 7)', async () => {
    renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Nueva Factura' });
    await pickClient('Café Cibao SRL (María Fernández)');
    await waitFor(() => expect(typeInput().value).toBe('B01 · Crédito Fiscal'));
    fireEvent.click(typeInput());
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent ?? '');
    expect(offered.some((t) => t.startsWith('B01'))).toBe(true);
    expect(offered.some((t) => t.startsWith('E31'))).toBe(true);
    // A contribuyente is neither a régimen especial, the State, nor a buyer abroad.
    for (const only of ['B14', 'B15', 'B16', 'E44', 'E45', 'E46'])
      expect(
        offered.some((t) => t.startsWith(only)),
        only,
      ).toBe(false);
  });

  it('preselects the type from the client profile, follows the client until the user picks one, and warns when the buyer id is missing', async () => {
    renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Nueva Factura' });

    await pickClient('Café Cibao SRL (María Fernández)');
    await waitFor(() => expect(typeInput().value).toBe('B01 · Crédito Fiscal'));
    expect(screen.queryByText(/requiere el RNC o la cédula/)).toBeNull();

    await pickClient('Ana Martínez');
    await waitFor(() => expect(typeInput().value).toBe('B02 · Consumo'));
    expect(screen.queryByText(/requiere el RNC o la cédula/)).toBeNull();

    // The user asks for crédito fiscal for a client without RNC: the form says so before issuing.
    fireEvent.click(typeInput());
    fireEvent.click(await screen.findByRole('option', { name: 'B01 · Crédito Fiscal' }));
    expect(typeInput().value).toBe('B01 · Crédito Fiscal');
    expect(screen.getByText('Sugerido para este cliente: B02 · Consumo')).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain(
      'El comprobante B01 · Crédito Fiscal requiere el RNC o la cédula del cliente',
    );

    // A type the user chose stays when the client changes.
    await pickClient('Café Cibao SRL (María Fernández)');
    expect(typeInput().value).toBe('B01 · Crédito Fiscal');
  }, 20_000);

  it('previews the totals with an exempt line and a discount taken before ITBIS, as the server computes them', async () => {
    renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Factura' });
    await pickClient('Café Cibao SRL (María Fernández)');

    const descriptions = () => within(dialog).getAllByRole('textbox', { name: 'Descripción' });
    fireEvent.change(descriptions()[0]!, { target: { value: 'Desarrollo web' } });
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Tarifa' })[0]!, {
      target: { value: '10000' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar ítem' }));
    fireEvent.change(descriptions()[1]!, { target: { value: 'Curso de capacitación' } });
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Tarifa' })[1]!, {
      target: { value: '2000' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Exento de ITBIS (ítem 2)' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Descuento \(RD\$\)/ }), {
      target: { value: '1200' },
    });

    // 12,000 − 1,200; the exempt line keeps 2,000 less its share of the discount (200);
    // ITBIS base 9,000 → ITBIS 1,620; total 12,420.
    const totals = within(dialog).getByTestId('invoice-form-totals');
    await waitFor(() =>
      expect(within(totals).getByTestId('invoice-form-total').textContent).toBe('RD$12,420.00'),
    );
    const rows = Array.from(totals.querySelectorAll('[data-total-row]')).map((r) => r.textContent);
    expect(rows).toEqual([
      'SubtotalRD$12,000.00',
      'Descuento− RD$1,200.00',
      'Subtotal exentoRD$1,800.00',
      'Base imponible ITBISRD$9,000.00',
      'ITBIS (18\u00a0%)RD$1,620.00',
      'TotalRD$12,420.00',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Factura' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      clientId: CAFE,
      documentType: null,
      discountAmount: 1200,
      items: [
        { description: 'Desarrollo web', quantity: 1, unitPrice: 10000, taxExempt: false },
        { description: 'Curso de capacitación', quantity: 1, unitPrice: 2000, taxExempt: true },
      ],
    });
  }, 20_000);

  it('refuses a discount above the subtotal with the shared message', async () => {
    renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Factura' });
    await pickClient('Café Cibao SRL (María Fernández)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Descripción' }), {
      target: { value: 'Logo' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tarifa' }), { target: { value: '500' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Descuento \(RD\$\)/ }), {
      target: { value: '600' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Factura' }));
    expect(await within(dialog).findByText('El descuento no puede superar el subtotal')).toBeTruthy();
    expect(posted).toEqual([]);
  }, 20_000);

  it('takes the discount as a percentage of the subtotal and sends its amount (issue 18)', async () => {
    renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Factura' });
    await pickClient('Café Cibao SRL (María Fernández)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Descripción' }), {
      target: { value: 'Tienda en línea' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tarifa' }), {
      target: { value: '3333.33' },
    });
    fireEvent.click(within(dialog).getByText('%'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Descuento \(%\)/ }), {
      target: { value: '15' },
    });
    // 15 % of 3,333.33 = 499.9995 → 500.00; base 2,833.33; ITBIS 510.00; total 3,343.33.
    const totals = within(dialog).getByTestId('invoice-form-totals');
    await waitFor(() =>
      expect(within(totals).getByTestId('invoice-form-total').textContent).toBe('RD$3,343.33'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear Factura' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ discountAmount: 500 });
  }, 20_000);

  it('converts the discount when its unit switches instead of resetting it (issue 32 point 10)', async () => {
    const { queryClient } = renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Factura' });
    // The form resets once the company defaults arrive: type after that.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tarifa' }), {
      target: { value: '15000' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Descuento \(RD\$\)/ }), {
      target: { value: '1000' },
    });
    // RD$1,000 of RD$15,000 = 6.666… % → 6.67 %.
    fireEvent.click(within(dialog).getByText('%'));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('textbox', { name: /^Descuento \(%\)/ }) as HTMLInputElement).value,
      ).toBe('6.67'),
    );
    // Back to an amount: 6.67 % of 15,000 = 1,000.50.
    fireEvent.click(within(dialog).getByText('RD$'));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('textbox', { name: /^Descuento \(RD\$\)/ }) as HTMLInputElement).value,
      ).toBe('1,000.5'),
    );
  }, 20_000);

  it('says before saving that issuing dates the invoice today and keeps its term in days (decision 132)', async () => {
    const { queryClient } = renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Factura' });
    const notice = () => within(dialog).getByTestId('issue-date-notice').textContent;
    // The form resets once the company defaults arrive: type the dates after that.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // A draft dated 1 September with 15 days to pay.
    fireEvent.change(within(dialog).getByLabelText(/^Fecha de emisión/), { target: { value: '2026-09-01' } });
    fireEvent.change(within(dialog).getByLabelText(/^Fecha de vencimiento/), {
      target: { value: '2026-09-16' },
    });
    await waitFor(() =>
      expect(notice()).toBe(
        'Al emitirla, la factura se fecha el día en que se emite y vence 15 días después (su plazo de pago); las fechas del borrador son provisionales.',
      ),
    );
    // Issued on creation: the dates it will really take.
    fireEvent.click(within(dialog).getByRole('switch', { name: /Guardar como borrador/ }));
    const today = businessToday();
    await waitFor(() =>
      expect(notice()).toBe(
        `Al crearla se emite: Se fechará hoy, ${dmy(today)}, y vencerá el ${dmy(addDays(today, 15))}: conserva su plazo de 15 días.`,
      ),
    );
    // No term to keep while the due date is before the issue date.
    fireEvent.change(within(dialog).getByLabelText(/^Fecha de vencimiento/), {
      target: { value: '2026-08-01' },
    });
    await waitFor(() => expect(within(dialog).queryByTestId('issue-date-notice')).toBeNull());
  }, 20_000);

  it('warns in the form as soon as USD is chosen when today has no usable rate, with a link to Tasas de cambio (decision 163)', async () => {
    const asked: Record<string, string>[] = [];
    server.use(
      http.get(apiUrl('/fiscal/exchange-rates'), ({ request }) => {
        asked.push(Object.fromEntries(new URL(request.url).searchParams));
        return ok(ListExchangeRatesResponseSchema, {
          rates: [],
          pagination: { page: 1, limit: 1, total: 0 },
        });
      }),
    );
    const { queryClient } = renderWithProviders(<InvoiceFormModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Factura' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(dialog).queryByTestId('exchange-rate-notice')).toBeNull();
    fireEvent.click(
      within(dialog)
        .getAllByLabelText('Moneda')
        .find((e) => e.tagName === 'INPUT')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: 'USD' }));
    const notice = await within(dialog).findByTestId('exchange-rate-notice');
    expect(notice.textContent).toContain(
      `No hay tasa del ${dmy(businessToday())} ni de los 7 días anteriores: sin ella no se puede emitir esta factura en USD.`,
    );
    expect(within(notice).getByRole('link', { name: 'Tasas de cambio' }).getAttribute('href')).toBe(
      '/settings?tab=fiscal',
    );
    expect(asked[0]).toMatchObject({
      currency: 'USD',
      to: businessToday(),
      from: addDays(businessToday(), -7),
    });
  }, 20_000);
});
