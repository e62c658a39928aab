import {
  addDays,
  businessToday,
  GetInvoiceResponseSchema,
  GetPaymentInstructionsResponseSchema,
  type Invoice,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInvoice, buildUser } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
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

const INVOICE = buildInvoice();

function open(path = `/billing/${INVOICE._id}`) {
  return renderRoutes(
    [
      { path: '/billing/:id', element: <InvoiceDetailPage /> },
      { path: '/invoice/:id', element: <InvoiceDetailPage /> },
    ],
    path,
  );
}

describe('invoice detail: payment reminder (moved from e2e, issue 25)', () => {
  /** The invoice as the server holds it; `POST …/remind` adds the history entry. */
  let current: Invoice;
  let reminders: number;

  beforeEach(() => {
    current = INVOICE;
    reminders = 0;
    useSessionStore.setState({
      user: buildUser({ role: 'admin', permissions: ['billing.read', 'billing.write'] }),
      isAuthenticated: true,
    } as never);
    server.use(
      http.get(apiUrl('/settings/payment-instructions'), () =>
        ok(GetPaymentInstructionsResponseSchema, {
          paymentInstructions: { bankAccounts: [], otherMethods: '' },
        }),
      ),
      http.get(apiUrl(`/invoices/${INVOICE._id}`), () => ok(GetInvoiceResponseSchema, { invoice: current })),
      http.post(apiUrl(`/invoices/${INVOICE._id}/remind`), () => {
        reminders += 1;
        // The server allows one reminder per invoice in 24 hours (invoices.routes.test.ts).
        if (reminders > 1)
          return fail(409, {
            code: 'CONFLICT',
            message: 'Ya se envió un recordatorio de esta factura en las últimas 24 horas.',
          });
        current = {
          ...current,
          history: [
            ...current.history,
            { event: 'reminded', by: 'Ana Admin', at: new Date().toISOString(), note: null },
          ],
        };
        return ok(GetInvoiceResponseSchema, { invoice: current });
      }),
    );
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('sends a reminder from "Más acciones", shows it in the history, and shows the reason when a second one is refused', async () => {
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: `Factura ${INVOICE.invoiceNumber}` }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Enviar recordatorio de pago' }));
    expect(await screen.findByText('Recordatorio enviado')).toBeTruthy();
    expect(
      screen.getByText(`${INVOICE.invoiceNumber}: recordatorio de pago enviado a ${INVOICE.client.email}`),
    ).toBeTruthy();
    expect(await screen.findByText('Recordatorio de pago enviado', { exact: true })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Más acciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Enviar recordatorio de pago' }));
    expect(
      await screen.findByText('Ya se envió un recordatorio de esta factura en las últimas 24 horas.'),
    ).toBeTruthy();
    await waitFor(() => expect(reminders).toBe(2));
  }, 30_000);
});

describe('invoice detail: an invoice the user may not see (moved from e2e, issue 25)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('a client opening another client’s invoice (the API answers 404) reads "Factura no encontrada"', async () => {
    useSessionStore.setState({
      user: buildUser({ role: 'client', permissions: ['billing.read'] }),
      isAuthenticated: true,
    } as never);
    const id = '00000000-0000-4000-8000-000000000000';
    server.use(
      http.get(apiUrl(`/invoices/${id}`), () =>
        fail(404, { code: 'NOT_FOUND', message: 'Factura no encontrada' }),
      ),
    );
    open(`/invoice/${id}`);
    expect(await screen.findByText('La factura no existe o no tienes permiso para verla.')).toBeTruthy();
    expect(screen.getAllByText('Factura no encontrada').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Volver a Mis Facturas' }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByRole('button', { name: 'Más acciones' })).toBeNull();
  }, 30_000);
});

describe('invoice detail: a foreign-currency invoice in both currencies (issue 27, decision 137)', () => {
  beforeEach(() => useSessionStore.setState({ user: buildUser({ role: 'admin' }) } as never));
  afterEach(() => useSessionStore.getState().logout());

  it('shows the totals in US$ and their peso equivalent with the rate and its date', async () => {
    answer(buildInvoice({ currency: 'USD', exchangeRate: 58.95, exchangeRateDate: '2026-11-27' }));
    render();
    const pesos = await screen.findByRole('group', { name: 'Equivalente en pesos dominicanos' });
    expect(screen.getAllByText(/US\$\s?4,326\.66/).length).toBeGreaterThan(0);
    // 3,666.66 × 58.95 = 216,149.607 → 216,149.61; 660.00 × 58.95 = 38,907.00.
    expect(within(pesos).getByText(/RD\$\s?216,149\.61/)).toBeTruthy();
    expect(within(pesos).getByText(/RD\$\s?38,907\.00/)).toBeTruthy();
    expect(within(pesos).getByText(/RD\$\s?255,056\.61/)).toBeTruthy();
    expect(within(pesos).getByText('Tasa: RD$58.95 por US$1 (27/11/2026)')).toBeTruthy();
  });

  it('says a USD draft takes the rate when issued, and shows nothing extra for pesos', async () => {
    answer(buildInvoice({ currency: 'USD', status: 'draft', ncf: null, documentType: null }));
    const { unmount } = render();
    expect(await screen.findByText(/Al emitirla se fija la tasa de cambio del día/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Equivalente en pesos dominicanos' })).toBeNull();
    unmount();
    answer(buildInvoice());
    render();
    await screen.findAllByText(/RD\$\s?4,326\.66/);
    expect(screen.queryByText(/Tasa: RD\$/)).toBeNull();
    expect(screen.queryByText(/Al emitirla se fija la tasa/)).toBeNull();
  });
});

describe('invoice detail: issued is not sent, and a payment can be voided (decision 163)', () => {
  beforeEach(() =>
    useSessionStore.setState({
      user: buildUser({ role: 'admin', permissions: ['billing.read', 'billing.write'] }),
      isAuthenticated: true,
    } as never),
  );
  afterEach(() => useSessionStore.getState().logout());

  const payment = {
    _id: '0f0e0d0c-0b0a-4909-8807-060504030201',
    amount: 1000,
    itbisWithheld: 0,
    isrWithheld: 0,
    retentionDate: null,
    paidDate: businessToday(),
    paymentMethod: 'bank_transfer' as const,
    reference: 'Banco Popular · Ref. 123',
    recordedBy: 'Ana Admin',
    createdAt: new Date().toISOString(),
    receiptNumber: 'REC-2026-0007',
    balanceAfter: 3326.66,
  };

  it('an invoice issued and never e-mailed reads "Emitida (sin enviar)" and offers "Enviar por email"; the latest payment has "Anular" with a reason', async () => {
    const invoice = buildInvoice({
      _id: ID,
      status: 'issued',
      sentAt: null,
      dueDate: addDays(businessToday(), 30),
      amountPaid: 1000,
      balance: 3326.66,
      payments: [payment],
    });
    answer(invoice);
    const voids: unknown[] = [];
    server.use(
      http.post(apiUrl(`/invoices/${ID}/payments/${payment._id}/void`), async ({ request }) => {
        voids.push(await request.json());
        return ok(GetInvoiceResponseSchema, { invoice: { ...invoice, payments: [], amountPaid: 0 } });
      }),
    );
    render();
    expect((await screen.findAllByText('Emitida (sin enviar)')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Enviada')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enviar por email' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Anular pago REC-2026-0007' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Anular pago' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular pago' }));
    expect(await within(dialog).findByText('Indica el motivo de la anulación')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Se registró dos veces' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular pago' }));
    await waitFor(() => expect(voids).toEqual([{ reason: 'Se registró dos veces' }]));
  }, 30_000);
});
