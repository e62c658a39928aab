import {
  businessToday,
  CreatePaymentReportResponseSchema,
  GetInvoicePaymentOptionsResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderRoutes, renderWithProviders } from '../../../../test/render';
import { CardResultAlert, PortalPaymentActions } from './portal-payment-actions';

// The factory's invoice: 3,666.66 + ITBIS 660.00 = 4,326.66, nothing paid yet.
const invoice = buildInvoice({ status: 'sent' });

/**
 * The parts of a multipart body: name → the file's name or the field's value, read from the raw
 * text (Node's `Request.formData()` refuses the File jsdom's XMLHttpRequest encodes).
 */
function multipartParts(contentType: string, body: string): Record<string, string> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1] ?? '';
  const parts: Record<string, string> = {};
  for (const chunk of body.split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(chunk)?.[1];
    if (!name) continue;
    const filename = /filename="([^"]+)"/.exec(chunk)?.[1];
    parts[name] = filename ?? chunk.split('\r\n\r\n')[1]?.replace(/\r\n$/, '') ?? '';
  }
  return parts;
}

function mockOptions(card: boolean, over: { report?: boolean; reportedPending?: number } = {}) {
  server.use(
    http.get(apiUrl('/invoices/:id/payment-options'), () =>
      ok(GetInvoicePaymentOptionsResponseSchema, {
        paymentOptions: { open: true, card, report: true, reportedPending: 0, ...over },
      }),
    ),
  );
}

describe('paying from the portal (decision 147)', () => {
  it('offers "Pagar con tarjeta" only when Azul is on for the invoice', async () => {
    mockOptions(false);
    renderWithProviders(<PortalPaymentActions invoice={invoice} />);
    expect(await screen.findByRole('button', { name: 'Reportar pago' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pagar con tarjeta' })).toBeNull();
  });

  it('reports a transfer: refuses more than the balance and no receipt in Spanish, then posts the form', async () => {
    mockOptions(true);
    const posted: Array<Record<string, string>> = [];
    server.use(
      http.post(apiUrl(`/invoices/${invoice._id}/payment-reports`), async ({ request }) => {
        posted.push(multipartParts(request.headers.get('content-type') ?? '', await request.text()));
        return ok(
          CreatePaymentReportResponseSchema,
          {
            paymentReport: {
              _id: '5f0c6f0e-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
              status: 'pending',
              amount: 1000,
              currency: 'DOP',
              date: '2026-11-27',
              bank: 'Banco BHD',
              reference: 'BHD-1',
              invoice: {
                _id: invoice._id,
                invoiceNumber: invoice.invoiceNumber,
                clientName: 'Café Cibao SRL',
              },
              file: { filename: 'comprobante.png', contentType: 'image/png' },
              reportedBy: 'María Fernández',
              rejectionReason: null,
              paymentId: null,
              decidedBy: null,
              decidedAt: null,
              createdAt: '2026-11-27T14:00:00.000Z',
            },
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<PortalPaymentActions invoice={invoice} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reportar pago' }));
    const dialog = await screen.findByRole('dialog');
    // The transfer date is the shared date field, in the user's format (DD/MM/YYYY), not a native input.
    expect(dialog.querySelector('input[type="date"]')).toBeNull();
    const day = businessToday();
    expect(
      (within(dialog).getByRole('textbox', { name: /Fecha de la transferencia/ }) as HTMLInputElement).value,
    ).toBe(day.split('-').reverse().join('/'));
    const amount = within(dialog).getByRole('textbox', { name: /Monto transferido/ });
    fireEvent.change(amount, { target: { value: '5000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reportar pago' }));
    expect(await within(dialog).findByText('El monto supera el saldo pendiente (RD$4,326.66)')).toBeTruthy();
    expect(
      within(dialog).getByText('Adjunta el comprobante de la transferencia (imagen o PDF)'),
    ).toBeTruthy();

    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Banco/ }), {
      target: { value: 'Banco BHD' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Número de referencia/ }), {
      target: { value: 'BHD-1' },
    });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'comprobante.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reportar pago' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      amount: '1000',
      bank: 'Banco BHD',
      reference: 'BHD-1',
      file: 'comprobante.png',
    });
    expect(
      await screen.findByText('Revisaremos tu transferencia y te avisaremos cuando la confirmemos.'),
    ).toBeTruthy();
  });

  it('a card payment while a transfer is under review says so and pre-fills the rest (decision 163)', async () => {
    // The factory's invoice owes RD$4,326.66; RD$1,000 were reported by transfer.
    mockOptions(true, { reportedPending: 1000 });
    renderWithProviders(<PortalPaymentActions invoice={invoice} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pagar con tarjeta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reported-pending').textContent).toMatch(
      /^Tienes RD\$1,000\.00 reportados en revisión\. Te sugerimos pagar el resto \(RD\$3,326\.66\)/,
    );
    expect((within(dialog).getByRole('textbox', { name: /Monto a pagar/ }) as HTMLInputElement).value).toBe(
      'RD$ 3,326.66',
    );
  });

  it('without a bank account or card, an open invoice tells the client to contact the agency (decision 163)', async () => {
    mockOptions(false, { report: false });
    renderWithProviders(<PortalPaymentActions invoice={invoice} />);
    expect((await screen.findByTestId('contact-agency')).textContent).toBe(
      'Para pagar esta factura, contacta a la agencia.',
    );
    expect(screen.queryByRole('button', { name: 'Reportar pago' })).toBeNull();
  });

  it('says how the card payment ended when the client comes back from Azul', async () => {
    renderRoutes(
      [{ path: '/billing/:id', element: <CardResultAlert /> }],
      `/billing/${invoice._id}?pago=declinado`,
    );
    expect(
      await screen.findByText(
        'El pago con tarjeta fue declinado. No se hizo ningún cargo; puedes intentarlo de nuevo.',
      ),
    ).toBeTruthy();
  });
});
