import {
  GetPaymentInstructionsResponseSchema,
  InvoiceStatsSchema,
  type InvoiceSummary,
  ListInvoicesResponseSchema,
  ListRecurringInvoicesResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildInvoiceStats,
  buildInvoiceSummary,
  buildRecurringInvoice,
  buildUser,
} from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { BillingPage } from './billing-page';

const TOTAL = 23;

/** Invoice number `n` (1 = oldest) as `GET /invoices` lists it. */
function invoice(n: number): InvoiceSummary {
  return buildInvoiceSummary({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    invoiceNumber: `FAC-2026-${String(n).padStart(4, '0')}`,
  });
}

/** Query strings `GET /invoices` received. */
let calls: Record<string, string>[] = [];

/** Answers `GET /invoices` with `TOTAL` invoices (newest first) paged by the query, and the stats. */
function answerInvoices(stats = buildInvoiceStats()) {
  server.use(
    http.get(apiUrl('/invoices/stats'), () => ok(InvoiceStatsSchema, stats)),
    http.get(apiUrl('/invoices'), ({ request }) => {
      const q = Object.fromEntries(new URL(request.url).searchParams);
      calls.push(q);
      const page = Number(q.page);
      const limit = Number(q.limit);
      const total = q.search === 'nada' ? 0 : TOTAL;
      const from = (page - 1) * limit;
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) =>
        invoice(total - from - i),
      );
      return ok(ListInvoicesResponseSchema, { invoices: rows, pagination: { page, limit, total } });
    }),
  );
}

describe('BillingPage', () => {
  beforeEach(() => {
    calls = [];
  });
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  describe('as admin', () => {
    beforeEach(() => {
      useSessionStore.setState({ user: buildUser({ role: 'admin', permissions: ['invoices.read'] }) });
    });

    it('shows the page of the URL with its status filter, and paging keeps the filter in the URL', async () => {
      answerInvoices();
      const { router } = renderWithProviders(<BillingPage />, '/billing?status=sent&page=2');
      expect(await screen.findByText('Mostrando 11–20 de 23 facturas')).toBeTruthy();
      expect(calls.at(-1)).toMatchObject({ status: 'sent', page: '2', limit: '10' });
      expect(screen.getByRole('row', { name: 'Factura FAC-2026-0013' })).toBeTruthy();
      expect(screen.queryByRole('row', { name: 'Factura FAC-2026-0023' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
      expect(await screen.findByText('Mostrando 21–23 de 23 facturas')).toBeTruthy();
      expect(calls.at(-1)).toMatchObject({ status: 'sent', page: '3' });
      expect(router.state.location.search).toBe('?status=sent&page=3');
    }, 20_000);

    it('sends the typed search to the server, back on page 1, and says when nothing matches', async () => {
      answerInvoices();
      const { router } = renderWithProviders(<BillingPage />, '/billing?page=2');
      await screen.findByText('Mostrando 11–20 de 23 facturas');
      fireEvent.change(screen.getByRole('textbox', { name: 'Buscar facturas' }), {
        target: { value: 'nada' },
      });
      // The search waits for a 300 ms pause in typing.
      await waitFor(() => expect(calls.at(-1)).toMatchObject({ search: 'nada', page: '1' }), {
        timeout: 5_000,
      });
      expect(await screen.findByText('No hay facturas')).toBeTruthy();
      expect(screen.getByText('Prueba con otros filtros.')).toBeTruthy();
      expect(router.state.location.search).toBe('?search=nada');
    }, 20_000);

    it('filters by e-CF status from the URL, keeps the choice in the URL and badges each row', async () => {
      answerInvoices();
      server.use(
        http.get(apiUrl('/invoices'), ({ request }) => {
          const q = Object.fromEntries(new URL(request.url).searchParams);
          calls.push(q);
          const rows = q.ecfStatus
            ? [
                buildInvoiceSummary({
                  ...invoice(7),
                  documentType: 'E31',
                  ncf: 'E310000000007',
                  ecfStatus: 'rejected',
                }),
              ]
            : [invoice(2), invoice(1)];
          return ok(ListInvoicesResponseSchema, {
            invoices: rows,
            pagination: { page: 1, limit: 10, total: rows.length },
          });
        }),
      );
      const { router } = renderWithProviders(<BillingPage />, '/billing?ecfStatus=rejected');
      const row = await screen.findByRole('row', { name: 'Factura FAC-2026-0007' });
      expect(calls.at(-1)).toMatchObject({ ecfStatus: 'rejected', page: '1' });
      expect(within(row).getByText('e-CF · Rechazado')).toBeTruthy();
      const filter = screen.getByRole('combobox', { name: 'Filtrar por estado e-CF' });
      expect((filter as HTMLInputElement).value).toBe('Rechazado');

      // Back to every invoice: the filter leaves the URL and the request.
      fireEvent.click(filter);
      fireEvent.click(await screen.findByRole('option', { name: 'Todos' }));
      expect(await screen.findByRole('row', { name: 'Factura FAC-2026-0002' })).toBeTruthy();
      expect(calls.at(-1)).not.toHaveProperty('ecfStatus');
      expect(router.state.location.search).toBe('');
      expect(screen.queryByText(/^e-CF · /)).toBeNull();

      // Each of the five DGII statuses can be chosen; the choice is written to the URL.
      fireEvent.click(filter);
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual([
        'Todos',
        'Pendiente',
        'Enviado',
        'Aceptado',
        'Aceptado condicional',
        'Rechazado',
      ]);
      fireEvent.click(screen.getByRole('option', { name: 'Aceptado condicional' }));
      await waitFor(() => expect(router.state.location.search).toBe('?ecfStatus=conditionally_accepted'));
      await waitFor(() => expect(calls.at(-1)).toMatchObject({ ecfStatus: 'conditionally_accepted' }));
    }, 20_000);

    it("shows the agency's figures with the admin's wording and the management buttons", async () => {
      answerInvoices(
        buildInvoiceStats({
          totalRevenue: 150_000,
          pendingRevenue: 42_500.5,
          paidInvoices: 12,
          unpaidInvoices: 3,
          partiallyPaidInvoices: 1,
          overdueInvoices: 2,
          totalInvoices: 16,
          averageInvoiceValue: 12_000,
        }),
      );
      renderWithProviders(<BillingPage />, '/billing');
      expect(await screen.findByRole('heading', { name: 'Facturación' })).toBeTruthy();
      const revenue = (await screen.findByText('Ingresos totales')).closest('div')?.parentElement;
      expect(revenue?.textContent).toContain('150,000.00');
      expect(screen.getByText('12 facturas pagadas')).toBeTruthy();
      expect(screen.getByText('Pendiente por cobrar')).toBeTruthy();
      expect(screen.getByText('3 facturas sin pagar · 1 con pago parcial')).toBeTruthy();
      expect(screen.getByText('16 facturas en total')).toBeTruthy();
      expect(screen.queryByText('Total pagado')).toBeNull();
      expect(screen.queryByText('Pendiente de pago')).toBeNull();
      expect(screen.getByRole('button', { name: 'Nueva Factura' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Igualas' }).getAttribute('href')).toBe('/billing/retainers');
      expect(screen.getByRole('link', { name: 'Cotizaciones' })).toBeTruthy();
    }, 20_000);
  });

  describe('as client', () => {
    beforeEach(() => {
      useSessionStore.setState({ user: buildUser({ role: 'client', permissions: ['invoices.read'] }) });
    });

    it("words the cards for the client, lists its retainers and shows how to pay what's pending", async () => {
      answerInvoices(
        buildInvoiceStats({
          totalRevenue: 8_000,
          pendingRevenue: 4_326.66,
          paidInvoices: 1,
          unpaidInvoices: 1,
        }),
      );
      server.use(
        http.get(apiUrl('/recurring-invoices'), () =>
          ok(ListRecurringInvoicesResponseSchema, {
            recurringInvoices: [
              buildRecurringInvoice({ items: [], project: { _id: 'p1', title: 'Soporte mensual' } }),
            ],
          }),
        ),
        http.get(apiUrl('/settings/payment-instructions'), () =>
          ok(GetPaymentInstructionsResponseSchema, {
            paymentInstructions: { bankAccounts: [], otherMethods: 'Pago en efectivo en la oficina' },
          }),
        ),
      );
      renderWithProviders(<BillingPage />, '/billing');
      expect(await screen.findByRole('heading', { name: 'Mis Facturas' })).toBeTruthy();
      expect(await screen.findByText('Total pagado')).toBeTruthy();
      expect(screen.getByText('Pendiente de pago')).toBeTruthy();
      expect(screen.getByText('Promedio por factura')).toBeTruthy();
      expect(screen.queryByText('Ingresos totales')).toBeNull();
      expect(screen.queryByText('Pendiente por cobrar')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Nueva Factura' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Igualas' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Mis cotizaciones' })).toBeTruthy();

      expect(await screen.findByRole('heading', { name: 'Mis igualas' })).toBeTruthy();
      expect(screen.getByText('Soporte mensual')).toBeTruthy();
      expect(await screen.findByText('Pago en efectivo en la oficina')).toBeTruthy();
      await waitFor(() => expect(calls.length).toBeGreaterThan(0));
      // Its own name in every row says nothing: no "Cliente" column for a client (decision 163).
      expect(screen.queryByRole('columnheader', { name: 'Cliente' })).toBeNull();
    }, 20_000);
  });
});
