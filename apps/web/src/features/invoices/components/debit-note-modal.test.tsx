import { businessToday, CreateDebitNoteResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildDebitNote, buildInvoice } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { DebitNoteModal } from './debit-note-modal';

/**
 * Answers `POST /invoices/{id}/debit-notes` with `answer` (a note issued, or an error); records the
 * path and JSON body of each call.
 */
function mockDebitNotes(answer: () => Response) {
  const posts: { path: string; body: unknown }[] = [];
  server.use(
    http.post(apiUrl('/invoices/:id/debit-notes'), async ({ request }) => {
      posts.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return posts;
}

describe('Nota de débito modal (decision 138)', () => {
  it('says it raises the balance, dates it today, prices lines with the invoice ITBIS (exempt ones without) and keeps the values on a 409', async () => {
    const posts = mockDebitNotes(() =>
      fail(409, {
        code: 'CONFLICT',
        message:
          'No hay un rango de comprobantes activo para B03 (Nota de Débito). Agrégalo en Configuración → Fiscal.',
      }),
    );
    const invoice = buildInvoice();
    renderWithProviders(<DebitNoteModal invoice={invoice} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nota de débito (B03) · B0100000051' });
    expect(dialog.textContent).toContain('La nota de débito aumenta el saldo de la factura');
    expect(dialog.textContent).toContain('Saldo pendiente: RD$4,326.66');
    expect(dialog.textContent).toContain('Lleva ITBIS (18 %) en lo gravado');
    const [y, m, d] = businessToday().split('-');
    expect(within(dialog).getByTestId('debit-note-date').textContent).toBe(
      `Fecha de la nota: hoy, ${d}/${m}/${y}. Las notas de débito se fechan el día en que se emiten.`,
    );

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Por líneas' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Descripción' }), {
      target: { value: 'Horas adicionales' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Precio' }), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar línea' }));
    const descriptions = within(dialog).getAllByRole('textbox', { name: 'Descripción' });
    fireEvent.change(descriptions[1]!, { target: { value: 'Tasa (exenta)' } });
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: 'Precio' })[1]!, {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getAllByRole('checkbox', { name: 'Exento de ITBIS' })[1]!);
    // 200.00 + ITBIS 36.00 + 100.00 exempt.
    expect(dialog.textContent).toContain('Total de la nota: RD$336.00');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo' }), {
      target: { value: 'Cargos adicionales' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de débito' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'No hay un rango de comprobantes activo para B03',
    );
    expect(posts).toEqual([
      {
        path: `/api/invoices/${invoice._id}/debit-notes`,
        body: {
          lines: [
            { description: 'Horas adicionales', quantity: 1, unitPrice: 200, taxExempt: false },
            { description: 'Tasa (exenta)', quantity: 1, unitPrice: 100, taxExempt: true },
          ],
          reason: 'Cargos adicionales',
        },
      },
    ]);
    expect((within(dialog).getByRole('textbox', { name: 'Motivo' }) as HTMLTextAreaElement).value).toBe(
      'Cargos adicionales',
    );
  }, 20_000);

  it('by amount: asks for a reason before posting, then posts amount and reason and closes (E33 for an e-CF)', async () => {
    const posts = mockDebitNotes(() =>
      ok(
        CreateDebitNoteResponseSchema,
        {
          debitNote: buildDebitNote({
            documentType: 'E33',
            ncf: 'E330000000001',
            modifiedNcf: 'E310000000051',
          }),
        },
        { status: 201 },
      ),
    );
    const onClose = vi.fn();
    const invoice = buildInvoice({ documentType: 'E31', ncf: 'E310000000051' });
    renderWithProviders(<DebitNoteModal invoice={invoice} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nota de débito (E33) · E310000000051' });
    expect(within(dialog).getByRole('radio', { name: 'Por monto' })).toHaveProperty('checked', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Monto \(ITBIS incluido\)/ }), {
      target: { value: '590' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de débito' }));
    expect(await within(dialog).findByText('Indica el motivo de la nota de débito')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Motivo/ }), {
      target: { value: 'Intereses por mora' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de débito' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        path: `/api/invoices/${invoice._id}/debit-notes`,
        body: { amount: 590, reason: 'Intereses por mora' },
      },
    ]);
    expect(await screen.findByText('E330000000001 por RD$590.00')).toBeTruthy();
  }, 20_000);
});
