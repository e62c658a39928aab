import {
  GetInvoiceResponseSchema,
  GetPaymentInstructionsResponseSchema,
  type Invoice,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDebitNote, buildInvoice, buildUser } from '../../../../test/factories';
import { apiUrl, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { InvoiceDetailPage } from './invoice-detail-page';

// Debit notes on the invoice detail page (issue 27, decision 138): the "Nota de débito" action of
// "Más acciones", the "Notas de débito" card with its downloads, and the totals.

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01';
const NOTE_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e0d';

function answer(invoice: Invoice) {
  server.use(
    http.get(apiUrl(`/invoices/${ID}`), () => ok(GetInvoiceResponseSchema, { invoice })),
    http.get(apiUrl('/settings/payment-instructions'), () =>
      ok(GetPaymentInstructionsResponseSchema, {
        paymentInstructions: { bankAccounts: [], otherMethods: null },
      }),
    ),
  );
}
const render = () =>
  renderRoutes([{ path: '/billing/:id', element: <InvoiceDetailPage /> }], `/billing/${ID}`);
const signIn = (role: 'admin' | 'employee' | 'client') =>
  useSessionStore.setState({ user: buildUser({ role }) } as never);

/** Records the file names the page saves (blob + temporary link). */
function captureDownloads() {
  const names: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:x') as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

/** The invoice with a RD$590.00 debit note: total 4,326.66 + 590.00 owed. */
const debited = (overrides: Partial<Invoice> = {}) =>
  buildInvoice({ amountDebited: 590, balance: 4916.66, debitNotes: [buildDebitNote()], ...overrides });

describe('invoice detail: debit notes (decision 138)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
    vi.restoreAllMocks();
  });

  it('"Más acciones" offers "Nota de débito" to admins on an issued invoice and opens its modal', async () => {
    signIn('admin');
    answer(buildInvoice());
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Más acciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Nota de débito' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nota de débito (B03) · B0100000051' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no "Nota de débito" on a draft or a cancelled invoice', async () => {
    signIn('admin');
    for (const invoice of [
      buildInvoice({ status: 'draft', ncf: null, documentType: 'B01' }),
      buildInvoice({ status: 'cancelled', balance: 0 }),
    ]) {
      answer(invoice);
      const { unmount } = render();
      fireEvent.click(await screen.findByRole('button', { name: 'Más acciones' }));
      expect(await screen.findByRole('menuitem', { name: 'Duplicar' })).toBeTruthy();
      expect(screen.queryByRole('menuitem', { name: 'Nota de débito' })).toBeNull();
      unmount();
    }
  });

  it('the client sees the "Notas de débito" card (code 3, no refund column) and downloads its PDF; the totals add it', async () => {
    signIn('client');
    answer(debited());
    let asked = '';
    server.use(
      http.get(apiUrl(`/invoices/${ID}/debit-notes/${NOTE_ID}/pdf`), ({ request }) => {
        asked = new URL(request.url).pathname;
        return new HttpResponse(new Blob(['%PDF-1.4']), { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const names = captureDownloads();
    render();
    const card = await screen.findByRole('region', { name: 'Notas de débito' });
    expect(within(card).getAllByText('B0300000003').length).toBeGreaterThan(0);
    expect(within(card).getAllByText('Intereses por mora').length).toBeGreaterThan(0);
    expect(card.textContent).toContain('3 · Corrige montos del NCF modificado');
    expect(card.textContent).toContain('RD$590.00');
    expect(within(card).queryByText('Reembolso')).toBeNull();
    // A paper note has no XML.
    expect(within(card).queryByRole('button', { name: /^XML/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Más acciones' })).toBeNull();

    fireEvent.click(within(card).getAllByRole('button', { name: 'PDF de la nota B0300000003' })[0]!);
    await waitFor(() => expect(names).toEqual(['Nota-de-debito-B0300000003.pdf']));
    expect(asked).toBe(`/api/invoices/${ID}/debit-notes/${NOTE_ID}/pdf`);

    const totals = screen.getByText('Notas de débito', { selector: 'p' }).closest('div')!;
    expect(totals.textContent).toContain('+ RD$590.00');
    expect(
      screen
        .getAllByText('Saldo pendiente')
        .some((e) => e.parentElement!.textContent?.includes('RD$4,916.66')),
    ).toBe(true);
  });

  it('offers the XML of an E33 the portal signed', async () => {
    signIn('admin');
    answer(
      debited({
        documentType: 'E31',
        ncf: 'E310000000051',
        ecfStatus: 'accepted',
        securityCode: 'Ab3xK9',
        signedAt: '2026-11-20T14:00:00.000Z',
        debitNotes: [
          buildDebitNote({
            documentType: 'E33',
            ncf: 'E330000000001',
            modifiedNcf: 'E310000000051',
            securityCode: 'Zx12Cd',
            signedAt: '2026-12-22T14:00:00.000Z',
            ecfStatus: 'accepted',
          }),
        ],
      }),
    );
    server.use(
      http.get(apiUrl(`/invoices/${ID}/ecf`), () =>
        HttpResponse.json({ success: true, data: { submission: null } }),
      ),
      http.get(apiUrl(`/invoices/${ID}/debit-notes/${NOTE_ID}/ecf.xml`), () =>
        HttpResponse.text('<ECF/>', { headers: { 'content-type': 'application/xml' } }),
      ),
    );
    const names = captureDownloads();
    render();
    const card = await screen.findByRole('region', { name: 'Notas de débito' });
    fireEvent.click(within(card).getAllByRole('button', { name: 'XML de la nota E330000000001' })[0]!);
    await waitFor(() => expect(names).toEqual(['E330000000001.xml']));
  });
});
