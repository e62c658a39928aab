import { businessToday, CreateCreditNoteResponseSchema, GetInvoiceResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCreditNote, buildInvoice } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { CreditNoteModal } from './credit-note-modal';

/** A B04 note of RD$1,180.00 on the factory's invoice (RD$4,326.66). */
const note = buildCreditNote();

/**
 * Answers `POST /invoices/{id}/credit-notes` with `answer` (a note issued, or an error);
 * records the path and JSON body of each call.
 */
function mockCreditNotes(answer: () => Response) {
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.post(apiUrl('/invoices/:id/credit-notes'), async ({ request }) => {
      posts.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return posts;
}

describe('Nota de crédito modal', () => {
  it('shows what is left to credit, prices lines with the invoice ITBIS, and keeps the values on a 400', async () => {
    const posts = mockCreditNotes(() =>
      fail(400, {
        code: 'VALIDATION_ERROR',
        message: 'Las notas de crédito no pueden superar el total de la factura (disponible: RD$3,146.66)',
      }),
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
    // Dated today, not chosen (decision 132): no date field, and none is sent.
    const [y, m, d] = businessToday().split('-');
    expect(within(dialog).getByTestId('credit-note-date').textContent).toBe(
      `Fecha de la nota: hoy, ${d}/${m}/${y}. Las notas de crédito se fechan el día en que se emiten.`,
    );
    expect(within(dialog).queryByLabelText(/Fecha de la nota/)).toBeNull();

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
      expect(posts).toEqual([
        {
          path: `/api/invoices/${invoice._id}/credit-notes`,
          body: {
            lines: [{ description: 'Hora no prestada', quantity: 1, unitPrice: 500, taxExempt: false }],
            reason: 'Servicio no prestado',
            modificationCode: 3,
          },
        },
      ]),
    );
    expect((within(dialog).getByRole('textbox', { name: 'Motivo' }) as HTMLTextAreaElement).value).toBe(
      'Servicio no prestado',
    );
  });

  it('by amount: refuses more than is available before posting, then posts amount, code and reason', async () => {
    const invoice = buildInvoice({ amountCredited: 1180, balance: 3146.66, creditNotes: [note] });
    const posts = mockCreditNotes(() =>
      ok(
        CreateCreditNoteResponseSchema,
        {
          creditNote: buildCreditNote({
            _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e10',
            ncf: 'B0400000008',
            modificationCode: 1,
            reason: 'Anulación acordada con el cliente',
            subtotal: 2666.66,
            taxAmount: 480,
            total: 3146.66,
          }),
        },
        { status: 201 },
      ),
    );
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
    expect(posts).toEqual([]);

    fireEvent.change(amount, { target: { value: '3146.66' } });
    fireEvent.click(
      within(dialog)
        .getAllByLabelText(/^Código de modificación/)
        .find((e) => e.tagName === 'INPUT')!,
    );
    fireEvent.click(await screen.findByRole('option', { name: '1 · Anula el NCF modificado' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        path: `/api/invoices/${invoice._id}/credit-notes`,
        body: {
          amount: 3146.66,
          reason: 'Anulación acordada con el cliente',
          modificationCode: 1,
        },
      },
    ]);
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
    server.use(
      http.get(apiUrl(`/invoices/${full._id}`), () => ok(GetInvoiceResponseSchema, { invoice: full })),
    );
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
