import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInvoice } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { CreditNoteModal } from './credit-note-modal';

describe('Nota de crédito modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows what is left to credit, prices lines with the invoice ITBIS, and keeps the values on a 400', async () => {
    const post = vi.spyOn(apiClient, 'post').mockRejectedValue(
      new AxiosError('Bad Request', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 400,
        data: {
          success: false,
          code: 'VALIDATION_ERROR',
          message: 'Las notas de crédito no pueden superar el total de la factura (disponible: RD$3,146.66)',
        },
      } as never),
    );
    const invoice = buildInvoice({
      creditNotes: [
        {
          _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e09',
          invoiceId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
          documentType: 'B04',
          ncf: 'B0400000007',
          ncfExpiresOn: '2027-12-31',
          modifiedNcf: 'B0100000051',
          modifiedIssueDate: '2026-11-20',
          modificationCode: 3,
          reason: 'Ajuste',
          issueDate: '2026-11-21',
          lines: [],
          subtotal: 1000,
          taxAmount: 180,
          total: 1180,
          refundAmount: 0,
          createdAt: '2026-11-21T14:00:00.000Z',
        },
      ],
    });
    renderWithProviders(<CreditNoteModal invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nota de crédito (B04) · B0100000051' });
    expect(dialog.textContent).toContain('Disponible para acreditar: RD$3,146.66');
    expect(dialog.textContent).toContain('Lleva ITBIS (18 %)');

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Por líneas' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Descripción' }), {
      target: { value: 'Hora no prestada' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Precio' }), { target: { value: '500' } });
    expect(dialog.textContent).toContain('Total de la nota: RD$590.00');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo' }), {
      target: { value: 'Servicio no prestado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'no pueden superar el total de la factura',
    );
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/invoices/${invoice._id}/credit-notes`, {
        lines: [{ description: 'Hora no prestada', quantity: 1, unitPrice: 500, taxExempt: false }],
        reason: 'Servicio no prestado',
        modificationCode: 3,
        issueDate: expect.any(String),
      }),
    );
    expect((within(dialog).getByRole('textbox', { name: 'Motivo' }) as HTMLTextAreaElement).value).toBe(
      'Servicio no prestado',
    );
  });
});
