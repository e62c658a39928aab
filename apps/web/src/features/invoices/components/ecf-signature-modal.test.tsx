import { GetInvoiceResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildInvoice } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { EcfSignatureModal } from './ecf-signature-modal';

/** Answers `PUT /invoices/{id}/ecf` with the invoice carrying the code sent; records each body. */
function mockRecord() {
  const bodies: unknown[] = [];
  server.use(
    http.put(apiUrl('/invoices/:id/ecf'), async ({ request }) => {
      const body = (await request.json()) as { securityCode: string };
      bodies.push(body);
      return ok(GetInvoiceResponseSchema, {
        invoice: buildInvoice({ ncf: 'E310000000007', documentType: 'E31', securityCode: body.securityCode }),
      });
    }),
  );
  return bodies;
}

const ecfInvoice = (securityCode: string | null) =>
  buildInvoice({
    ncf: 'E310000000007',
    documentType: 'E31',
    securityCode,
    signedAt: securityCode ? '2026-11-24T14:15:00.000Z' : null,
  });

describe('Registrar e-CF firmado (issue 27)', () => {
  it('sends a base64 code exactly as typed: case, + and /', async () => {
    const bodies = mockRecord();
    renderWithProviders(<EcfSignatureModal invoice={ecfInvoice(null)} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar e-CF firmado' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Código de seguridad/ }), {
      target: { value: 'a+B/c3' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Fecha y hora de firma/), {
      target: { value: '2026-11-24T10:15:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ securityCode: 'a+B/c3', signedAt: '2026-11-24T10:15:00-04:00' }]),
    );
  });

  it('replacing a recorded code asks for the box to be ticked, then sends replace', async () => {
    const bodies = mockRecord();
    renderWithProviders(<EcfSignatureModal invoice={ecfInvoice('a+B/c3')} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar e-CF firmado' });
    const code = within(dialog).getByRole('textbox', { name: /Código de seguridad/ });
    expect((code as HTMLInputElement).value).toBe('a+B/c3');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();

    fireEvent.change(code, { target: { value: 'Zz9+/0' } });
    const box = within(dialog).getByRole('checkbox', { name: 'Reemplazar el código a+B/c3' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('Confirma que quieres reemplazar el código registrado'),
    ).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { securityCode: 'Zz9+/0', signedAt: '2026-11-24T10:15:00-04:00', replace: true },
      ]),
    );
  });
});
