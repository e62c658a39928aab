import {
  addDays,
  businessToday,
  GetInvoiceResponseSchema,
  GetPaymentInstructionsResponseSchema,
  type Invoice,
} from '@agencia/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInvoice, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { InvoiceDetailPage } from './invoice-detail-page';

const ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01';

/** Answers `GET /invoices/{ID}` with `invoice` and the agency's (empty) payment instructions. */
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

describe('invoice detail: the buyer as issued (decision 132)', () => {
  beforeEach(() => useSessionStore.setState({ user: buildUser({ role: 'client' }) } as never));
  afterEach(() => useSessionStore.getState().logout());

  it("shows the buyer's name and RNC the invoice was issued with, not the client's record of today", async () => {
    // Since the invoice was issued the client was renamed and its RNC removed.
    answer(
      buildInvoice({
        client: {
          ...buildInvoice().client,
          company: 'Ferretería Nueva SA',
          firstName: 'Pedro',
          lastName: 'Gómez',
          companyRUC: null,
        },
      }),
    );
    render();
    const card = (await screen.findByRole('heading', { name: 'Cliente' })).parentElement!;
    expect(within(card).getByText('Café Cibao SRL')).toBeTruthy();
    expect(within(card).getByText('María Fernández')).toBeTruthy();
    expect(within(card).getByText('RNC: 1-30-45871-5')).toBeTruthy();
    expect(within(card).getByText('Datos fiscales al emitir la factura')).toBeTruthy();
    expect(screen.queryByText(/Ferretería Nueva SA|Pedro Gómez/)).toBeNull();
  });

  it('a draft shows the client as it is now', async () => {
    answer(
      buildInvoice({
        status: 'draft',
        ncf: null,
        client: { ...buildInvoice().client, company: 'Ferretería Nueva SA', companyRUC: null },
      }),
    );
    render();
    const card = (await screen.findByRole('heading', { name: 'Cliente' })).parentElement!;
    expect(within(card).getByText('Ferretería Nueva SA')).toBeTruthy();
    expect(within(card).queryByText(/RNC/)).toBeNull();
    expect(within(card).queryByText('Datos fiscales al emitir la factura')).toBeNull();
  });
});

describe('invoice detail: issuing says the dates it will take (decision 132)', () => {
  beforeEach(() => useSessionStore.setState({ user: buildUser({ role: 'admin' }) } as never));
  afterEach(() => useSessionStore.getState().logout());

  it('the Emitir confirmation dates the draft today and keeps its 15-day term', async () => {
    answer(
      buildInvoice({
        status: 'draft',
        ncf: null,
        issueDate: '2026-09-01',
        dueDate: '2026-09-16',
        paymentTerms: 15,
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emitir factura' });
    const today = businessToday();
    const dmy = (day: string) => day.split('-').reverse().join('/');
    expect(dialog.textContent).toContain(
      `Fecha: Se fechará hoy, ${dmy(today)}, y vencerá el ${dmy(addDays(today, 15))}: conserva su plazo de 15 días.`,
    );
  });
});
