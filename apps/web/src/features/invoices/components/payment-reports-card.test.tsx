import {
  CreatePaymentReportResponseSchema,
  GetClientResponseSchema,
  GetCompanySettingsResponseSchema,
  GetInvoiceResponseSchema,
  ListPaymentReportsResponseSchema,
  type PaymentReport,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient, buildCompanySettings, buildInvoice } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { PendingPaymentReportsCard } from './payment-reports-card';

const REPORT: PaymentReport = {
  _id: '5f0c6f0e-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
  status: 'pending',
  amount: 5000,
  currency: 'DOP',
  date: '2026-11-27',
  bank: 'Banco Popular',
  reference: 'TRF-99120',
  invoice: {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
    invoiceNumber: 'FAC-2026-0008',
    clientName: 'Café Cibao SRL',
  },
  file: { filename: 'comprobante.png', contentType: 'image/png' },
  reportedBy: 'María Fernández',
  rejectionReason: null,
  paymentId: null,
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-11-27T14:00:00.000Z',
};

/** One pending report in the list; records each decision's path and body. */
function mockReports() {
  const decisions: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get(apiUrl('/payment-reports'), () =>
      ok(ListPaymentReportsResponseSchema, {
        paymentReports: [REPORT],
        pagination: { page: 1, limit: 10, total: 1 },
      }),
    ),
    http.post(apiUrl('/payment-reports/:id/:action'), async ({ request, params }) => {
      decisions.push({ path: new URL(request.url).pathname, body: await request.json() });
      const status = params.action === 'confirm' ? 'confirmed' : 'rejected';
      return ok(CreatePaymentReportResponseSchema, { paymentReport: { ...REPORT, status } });
    }),
  );
  return decisions;
}

describe('Facturación: transfers to review (decision 147)', () => {
  it('"Revisar y confirmar" opens the payment form pre-filled from the report, with the client’s withholding (decision 163)', async () => {
    const decisions = mockReports();
    // ITBIS 660.00 (the factory's), RD$5,198.00 owed: the client sent 5,000 and withheld 30 % (198).
    const invoice = buildInvoice({ _id: REPORT.invoice._id, issueDate: '2026-11-01', balance: 5198 });
    server.use(
      http.get(apiUrl(`/invoices/${REPORT.invoice._id}`), () => ok(GetInvoiceResponseSchema, { invoice })),
      http.get(apiUrl(`/clients/${invoice.client._id}`), () =>
        ok(GetClientResponseSchema, {
          client: buildClient({
            _id: invoice.client._id,
            clientType: 'company',
            taxpayerType: 'contribuyente',
          }),
        }),
      ),
      http.get(apiUrl('/settings'), () =>
        ok(GetCompanySettingsResponseSchema, {
          settings: buildCompanySettings({ taxpayerKind: 'persona_juridica' }),
        }),
      ),
    );
    renderWithProviders(<PendingPaymentReportsCard canDecide />);
    const card = await screen.findByRole('region', { name: 'Pagos reportados por revisar' });
    expect(within(card).getByRole('link', { name: 'Factura FAC-2026-0008' })).toBeTruthy();
    expect(within(card).getByText(/Banco Popular · Ref\. TRF-99120/)).toBeTruthy();
    // Nothing is recorded on the first click.
    expect(within(card).queryByRole('button', { name: 'Confirmar' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Revisar y confirmar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar transferencia reportada' });
    expect(decisions).toEqual([]);
    const value = (name: string) =>
      (
        within(dialog)
          .getAllByLabelText(new RegExp(`^${name}`))
          .find((e) => e.tagName === 'INPUT') as HTMLInputElement
      ).value;
    // The report's amount stays the cash received; the company's 30 % of the ITBIS share is added.
    await waitFor(() => expect(value('Retenciones')).toBe('Empresa cliente: 30 % del ITBIS'));
    expect(value('Monto recibido')).toBe('5,000.00');
    expect(value('ITBIS retenido')).toBe('198.00');
    expect(value('Referencia')).toBe('Banco Popular · Ref. TRF-99120');
    expect(within(dialog).getByTestId('pay-balance-after').textContent).toBe('RD$0.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pago' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]).toMatchObject({
      path: `/api/payment-reports/${REPORT._id}/confirm`,
      body: {
        amount: 5000,
        paidDate: REPORT.date,
        reference: 'Banco Popular · Ref. TRF-99120',
        itbisWithheld: 198,
        isrWithheld: 0,
        retentionDate: REPORT.date,
      },
    });
    expect(await screen.findByText('Se registró el pago y se envió el recibo al cliente.')).toBeTruthy();
  }, 20_000);

  it('rejects with a reason the client reads; an empty reason is refused in Spanish', async () => {
    const decisions = mockReports();
    renderWithProviders(<PendingPaymentReportsCard canDecide />);
    const card = await screen.findByRole('region', { name: 'Pagos reportados por revisar' });
    fireEvent.click(within(card).getByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Indica el motivo del rechazo')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'La referencia no aparece en el estado de cuenta' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(decisions).toEqual([
        {
          path: `/api/payment-reports/${REPORT._id}/reject`,
          body: { reason: 'La referencia no aparece en el estado de cuenta' },
        },
      ]),
    );
  });

  it('shows no decision buttons to an employee', async () => {
    mockReports();
    renderWithProviders(<PendingPaymentReportsCard canDecide={false} />);
    const card = await screen.findByRole('region', { name: 'Pagos reportados por revisar' });
    expect(within(card).queryByRole('button', { name: 'Revisar y confirmar' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Ver comprobante' })).toBeTruthy();
  });
});
