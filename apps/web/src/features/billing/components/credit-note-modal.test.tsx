import type { CreditNote } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildInvoice } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { CreditNoteModal } from './credit-note-modal';

/** A B04 note of RD$1,180.00 on the factory's invoice (RD$4,326.66). */
const note: CreditNote = {
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
};

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
      amountCredited: 1180,
      balance: 3146.66,
      creditNotes: [note],
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

  it('by amount: refuses more than is available before posting, then posts amount, code and reason', async () => {
    const invoice = buildInvoice({ amountCredited: 1180, balance: 3146.66, creditNotes: [note] });
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      data: { success: true, data: { creditNote: { _id: 'n1', ncf: 'B0400000008', total: 3146.66 } } },
    });
    const onClose = vi.fn();
    renderWithProviders(<CreditNoteModal invoice={invoice} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nota de crédito (B04) · B0100000051' });
    expect(within(dialog).getByRole('radio', { name: 'Por monto' })).toHaveProperty('checked', true);

    const amount = within(dialog).getByRole('textbox', { name: /^Monto \(ITBIS incluido\)/ });
    fireEvent.change(amount, { target: { value: '5000' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), {
      target: { value: 'Anulación acordada con el cliente' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(await within(dialog).findByText('Supera lo disponible para acreditar (RD$3,146.66)')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '3146.66' } });
    fireEvent.click(
      within(dialog)
        .getAllByLabelText(/^Código de modificación/)
        .find((e) => e.tagName === 'INPUT')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: '1 · Anula el NCF modificado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(`/invoices/${invoice._id}/credit-notes`, {
      amount: 3146.66,
      reason: 'Anulación acordada con el cliente',
      modificationCode: 1,
      issueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  }, 20_000);

  it('says what goes back to the client when the note exceeds the open balance', async () => {
    const invoice = buildInvoice({ status: 'paid', amountPaid: 4326.66, balance: 0 });
    renderWithProviders(<CreditNoteModal invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /^Nota de crédito \(B04\)/ });
    expect(dialog.textContent).toContain('Disponible para acreditar: RD$4,326.66');
    expect(dialog.textContent).toContain(
      'Saldo pendiente RD$0.00: lo que la nota supere se devuelve al cliente (reembolso).',
    );
  });

  it('opened from the list (a summary), counts every note of the full invoice, refunds included', async () => {
    // Paid, then a RD$1,180.00 note refunded: amountCredited (applied to the balance) is 0.
    const full = buildInvoice({
      status: 'paid',
      amountPaid: 4326.66,
      balance: 0,
      amountCredited: 0,
      creditNotes: [{ ...note, refundAmount: 1180 }],
    });
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
      if (url === `/invoices/${full._id}`) return { data: { success: true, data: { invoice: full } } };
      throw new Error(`unexpected GET ${url}`);
    });
    const {
      creditNotes: _notes,
      items: _items,
      payments: _payments,
      history: _history,
      notes: _n,
      sentAt: _s,
      ...summary
    } = full;
    renderWithProviders(<CreditNoteModal invoice={summary} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: /^Nota de crédito \(B04\)/ });
    await waitFor(() => expect(dialog.textContent).toContain('Disponible para acreditar: RD$3,146.66'));
  });
});
