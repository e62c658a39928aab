import {
  type Client,
  type CompanySettings,
  GetClientResponseSchema,
  GetCompanySettingsResponseSchema,
  GetInvoiceResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildClient,
  buildCompanySettings,
  buildCreditNote,
  buildInvoice,
  buildInvoiceSummary,
} from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { PayInvoiceModal } from './pay-invoice-modal';
import { defaultWithholdingPreset, withholdingShare } from './withholding';

// The factory's invoice: 3,666.66 + ITBIS 660.00 = 4,326.66, for Café Cibao SRL.
const invoice = buildInvoice();

/** GET /clients/{id} and /settings answer this client profile and agency kind. */
function mockProfiles(
  clientType: Client['clientType'],
  taxpayerType: Client['taxpayerType'],
  taxpayerKind: CompanySettings['taxpayerKind'],
) {
  server.use(
    http.get(apiUrl(`/clients/${invoice.client._id}`), () =>
      ok(GetClientResponseSchema, {
        client: buildClient({ _id: invoice.client._id, clientType, taxpayerType }),
      }),
    ),
    http.get(apiUrl('/settings'), () =>
      ok(GetCompanySettingsResponseSchema, { settings: buildCompanySettings({ taxpayerKind }) }),
    ),
  );
}

/** Answers `PUT /invoices/{id}/pay` with `answer`; records the path and JSON body of each call. */
function mockPay(answer: () => Response) {
  const puts: { path: string; body: unknown }[] = [];
  server.use(
    http.put(apiUrl('/invoices/:id/pay'), async ({ request }) => {
      puts.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return puts;
}

const field = (dialog: HTMLElement, name: string) =>
  (
    within(dialog)
      .getAllByLabelText(new RegExp(`^${name}`))
      .find((e) => e.tagName === 'INPUT') as HTMLInputElement
  ).value;

describe('defaultWithholdingPreset', () => {
  it('suggests by payer and payee, and nothing once something was withheld', () => {
    const p = (over: Partial<Parameters<typeof defaultWithholdingPreset>[0]>) =>
      defaultWithholdingPreset({
        agencyKind: 'persona_juridica',
        clientType: 'company',
        taxpayerType: 'contribuyente',
        alreadyWithheld: 0,
        ...over,
      });
    expect(p({})).toBe('company_services');
    expect(p({ taxpayerType: 'gubernamental' })).toBe('government');
    expect(p({ agencyKind: 'persona_fisica' })).toBe('persona_fisica');
    expect(
      p({ agencyKind: 'persona_fisica', clientType: 'individual', taxpayerType: 'consumidor_final' }),
    ).toBe('none');
    expect(p({ clientType: 'individual', taxpayerType: 'consumidor_final' })).toBe('none');
    expect(p({ alreadyWithheld: 198 })).toBe('none');
  });
});

describe('Registrar pago: withholdings net of credit notes (issue 27, point 5)', () => {
  // A credit note of 1,000.00 + ITBIS 180.00 leaves ITBIS 480.00: 30 % is 144.00, not 198.00.
  const note = buildCreditNote({ subtotal: 1000, taxAmount: 180, total: 1180 });
  const credited = {
    amountCredited: 1180,
    balance: 3146.66,
  };

  it('from the invoice screen: the 30 % preset applies to the ITBIS net of the note', async () => {
    mockProfiles('company', 'contribuyente', 'persona_juridica');
    renderWithProviders(
      <PayInvoiceModal invoice={{ ...invoice, ...credited, creditNotes: [note] }} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'Retenciones')).toBe('Empresa cliente: 30 % del ITBIS'));
    expect(field(dialog, 'ITBIS retenido')).toBe('144.00');
    expect(field(dialog, 'Monto recibido')).toBe('3,002.66');
  }, 20_000);

  it('from a list row (no notes in it): reads the invoice and applies the same net figure', async () => {
    mockProfiles('company', 'contribuyente', 'persona_juridica');
    let detailReads = 0;
    server.use(
      http.get(apiUrl(`/invoices/${invoice._id}`), () => {
        detailReads += 1;
        return ok(GetInvoiceResponseSchema, { invoice: { ...invoice, ...credited, creditNotes: [note] } });
      }),
    );
    renderWithProviders(
      <PayInvoiceModal invoice={buildInvoiceSummary({ ...credited })} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'ITBIS retenido')).toBe('144.00'));
    expect(detailReads).toBe(1);
  }, 20_000);
});

describe('withholdingShare (issue 32, point 4)', () => {
  it('gives a partial payment its share of the preset and the rest of the balance the whole of it', () => {
    // 30 % of ITBIS 660.00 = 198.00 on a balance of 4,326.66: 4,128.66 in cash settles everything.
    const full = { itbisCents: 19_800, isrCents: 0 };
    expect(withholdingShare(full, 432_666, 200_000)).toEqual({ itbisCents: 9_591, isrCents: 0 });
    expect(withholdingShare(full, 432_666, 412_866)).toEqual(full);
    expect(withholdingShare(full, 432_666, 500_000)).toEqual(full);
    expect(withholdingShare({ itbisCents: 0, isrCents: 0 }, 432_666, 100_000)).toEqual({
      itbisCents: 0,
      isrCents: 0,
    });
  });
});

describe('Registrar pago: a partial payment withholds its share (issue 32, point 4)', () => {
  it('typing a partial amount rescales the preset and shows the balance after the payment', async () => {
    mockProfiles('company', 'contribuyente', 'persona_juridica');
    renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'ITBIS retenido')).toBe('198.00'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Monto recibido/ }), {
      target: { value: '2000' },
    });
    // 2,000.00 × 198.00 / 4,128.66 = 95.91: the balance drops by 2,095.91, not by 2,198.00.
    await waitFor(() => expect(field(dialog, 'ITBIS retenido')).toBe('95.91'));
    expect(within(dialog).getByTestId('pay-balance-after').textContent).toBe('RD$2,230.75');
  }, 20_000);

  it('withholdings the user typed are kept when the amount changes', async () => {
    mockProfiles('company', 'contribuyente', 'persona_juridica');
    renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'ITBIS retenido')).toBe('198.00'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^ITBIS retenido/ }), {
      target: { value: '150' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Monto recibido/ }), {
      target: { value: '2000' },
    });
    await waitFor(() => expect(field(dialog, 'Monto recibido')).toBe('2,000.00'));
    expect(field(dialog, 'ITBIS retenido')).toBe('150.00');
  }, 20_000);
});

describe('Registrar pago: withholding presets (issue 12)', () => {
  it('preselects 30 % of the ITBIS for a company client and posts the balance less the withholding', async () => {
    mockProfiles('company', 'contribuyente', 'persona_juridica');
    const puts = mockPay(() =>
      ok(GetInvoiceResponseSchema, {
        invoice: { ...invoice, status: 'paid', amountPaid: 4128.66, amountWithheld: 198, balance: 0 },
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'Retenciones')).toBe('Empresa cliente: 30 % del ITBIS'));
    expect(field(dialog, 'ITBIS retenido')).toBe('198.00');
    expect(field(dialog, 'ISR retenido')).toBe('0.00');
    expect(field(dialog, 'Monto recibido')).toBe('4,128.66');
    expect(within(dialog).getByTestId('pay-balance-after').textContent).toBe('RD$0.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toEqual([
      {
        path: `/api/invoices/${invoice._id}/pay`,
        body: {
          amount: 4128.66,
          paidDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          paymentMethod: 'bank_transfer',
          itbisWithheld: 198,
          isrWithheld: 0,
          retentionDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      },
    ]);
  }, 20_000);

  it('preselects 100 % ITBIS + 10 % ISR when the agency is a persona física, and 5 % ISR for the State', async () => {
    mockProfiles('company', 'contribuyente', 'persona_fisica');
    const first = renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={() => {}} />);
    let dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() =>
      expect(field(dialog, 'Retenciones')).toBe('Agencia persona física: 100 % del ITBIS + 10 % ISR'),
    );
    expect(field(dialog, 'ITBIS retenido')).toBe('660.00');
    expect(field(dialog, 'ISR retenido')).toBe('366.67');
    expect(field(dialog, 'Monto recibido')).toBe('3,299.99');
    first.unmount();
    server.resetHandlers();

    mockProfiles('company', 'gubernamental', 'persona_juridica');
    renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={() => {}} />);
    dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'Retenciones')).toBe('Gobierno: 5 % ISR'));
    expect(field(dialog, 'ITBIS retenido')).toBe('0.00');
    expect(field(dialog, 'ISR retenido')).toBe('183.33');
    expect(field(dialog, 'Monto recibido')).toBe('4,143.33');
  }, 20_000);

  it('back to Sin retenciones restores the whole balance; a server refusal shows in the modal and keeps the values', async () => {
    mockProfiles('company', 'contribuyente', 'persona_juridica');
    const puts = mockPay(() =>
      fail(400, {
        code: 'VALIDATION_ERROR',
        message: 'La fecha de pago no puede ser anterior a la fecha de emisión',
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'ITBIS retenido')).toBe('198.00'));

    fireEvent.click(
      within(dialog)
        .getAllByLabelText('Retenciones')
        .find((e) => e.tagName === 'INPUT')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Sin retenciones' }));
    expect(within(dialog).queryByLabelText('ITBIS retenido')).toBeNull();
    expect(field(dialog, 'Monto recibido')).toBe('4,326.66');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Referencia' }), {
      target: { value: 'TRF-8841' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'La fecha de pago no puede ser anterior a la fecha de emisión',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toMatchObject({
      amount: 4326.66,
      reference: 'TRF-8841',
      itbisWithheld: 0,
      isrWithheld: 0,
    });
    expect((within(dialog).getByRole('textbox', { name: 'Referencia' }) as HTMLInputElement).value).toBe(
      'TRF-8841',
    );
    expect(field(dialog, 'Monto recibido')).toBe('4,326.66');
  }, 20_000);

  it('validates with the shared schema before posting: amount at least RD$0.01', async () => {
    mockProfiles('individual', 'consumidor_final', 'persona_juridica');
    const puts = mockPay(() => {
      throw new Error('no PUT expected');
    });
    renderWithProviders(<PayInvoiceModal invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pago' });
    await waitFor(() => expect(field(dialog, 'Retenciones')).toBe('Sin retenciones'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Monto recibido/ }), {
      target: { value: '0' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    expect(await within(dialog).findByText('El monto mínimo es RD$0.01')).toBeTruthy();
    expect(puts).toEqual([]);
  }, 20_000);
});
