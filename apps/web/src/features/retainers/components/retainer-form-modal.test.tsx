import {
  GetRecurringInvoiceResponseSchema,
  InvoiceDefaultsSchema,
  ListOptionsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRecurringInvoice } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { RetainerFormModal } from './retainer-form-modal';

const CAFE = '11111111-1111-4111-8111-111111111111';

/** Bodies `POST /recurring-invoices` and `PUT /recurring-invoices/{id}` received. */
let posted: Record<string, unknown>[] = [];
let put: Record<string, unknown>[] = [];

describe('Nueva iguala: the invoice form’s lines and totals (issue 32 point 6)', () => {
  beforeEach(() => {
    posted = [];
    put = [];
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
      http.get(apiUrl('/clients/options'), () =>
        ok(ListOptionsResponseSchema, { options: [{ value: CAFE, label: 'Café Cibao SRL' }] }),
      ),
      http.get(apiUrl('/projects/options'), () => ok(ListOptionsResponseSchema, { options: [] })),
      http.post(apiUrl('/recurring-invoices'), async ({ request }) => {
        posted.push((await request.json()) as Record<string, unknown>);
        return ok(
          GetRecurringInvoiceResponseSchema,
          { recurringInvoice: buildRecurringInvoice() },
          { status: 201 },
        );
      }),
      http.put(apiUrl('/recurring-invoices/:id'), async ({ request }) => {
        put.push((await request.json()) as Record<string, unknown>);
        return ok(GetRecurringInvoiceResponseSchema, { recurringInvoice: buildRecurringInvoice() });
      }),
    );
  });

  it('says "Tarifa", separates thousands and shows the line total, ITBIS and total of each invoice', async () => {
    const { queryClient } = renderWithProviders(
      <RetainerFormModal opened retainer={null} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva iguala' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(within(dialog).queryByText('Precio unitario')).toBeNull();

    fireEvent.click(await within(dialog).findByPlaceholderText('Selecciona un cliente'));
    fireEvent.click(await screen.findByRole('option', { name: 'Café Cibao SRL' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Descripción' }), {
      target: { value: 'Mantenimiento web' },
    });
    const rate = within(dialog).getByRole('textbox', { name: 'Tarifa' }) as HTMLInputElement;
    fireEvent.change(rate, { target: { value: '15000' } });
    await waitFor(() => expect(rate.value).toBe('15,000'));

    expect(within(dialog).getByTestId('invoice-line-total-1').textContent).toBe('RD$15,000.00');
    const totals = within(dialog).getByTestId('retainer-form-totals');
    const rows = Array.from(totals.querySelectorAll('[data-total-row]')).map((r) => r.textContent);
    expect(rows).toEqual([
      'SubtotalRD$15,000.00',
      'Base imponible ITBISRD$15,000.00',
      'ITBIS (18\u00a0%)RD$2,700.00',
      'TotalRD$17,700.00',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear iguala' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The company's rate is kept as "the company's" (null), not frozen into the retainer.
    expect(posted[0]).toMatchObject({
      clientId: CAFE,
      taxRate: null,
      items: [{ description: 'Mantenimiento web', quantity: 1, unitPrice: 15000, taxExempt: false }],
    });
  }, 20_000);

  it('edits a retainer’s lines with their exempt box and its own ITBIS rate', async () => {
    const retainer = buildRecurringInvoice({
      items: [
        {
          description: 'Soporte',
          details: 'Horario laboral',
          quantity: 2,
          unitPrice: 5000,
          taxExempt: false,
        },
        { description: 'Curso', details: null, quantity: 1, unitPrice: 2000, taxExempt: true },
      ],
      taxRate: 16,
    });
    renderWithProviders(<RetainerFormModal opened retainer={retainer} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar iguala' });
    const totals = within(dialog).getByTestId('retainer-form-totals');
    // 10,000 taxed at 16 % + 2,000 exempt.
    await waitFor(() =>
      expect(within(totals).getByTestId('retainer-form-total').textContent).toBe('RD$13,600.00'),
    );
    expect(within(dialog).getByTestId('invoice-line-total-1').textContent).toBe('RD$10,000.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({
      taxRate: 16,
      items: [
        {
          description: 'Soporte',
          details: 'Horario laboral',
          quantity: 2,
          unitPrice: 5000,
          taxExempt: false,
        },
        { description: 'Curso', details: null, quantity: 1, unitPrice: 2000, taxExempt: true },
      ],
    });
  }, 20_000);
});
