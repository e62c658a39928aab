import type { InvoiceSummary } from '@agencia/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { RecentInvoicesList } from './dashboard-widgets';

const invoice = (over: Partial<InvoiceSummary>): InvoiceSummary =>
  ({
    _id: '5b0d3c1e-1111-4111-8111-000000000001',
    invoiceNumber: 'FAC-2026-0007',
    dueDate: '2026-12-15',
    status: 'sent',
    total: 11800,
    currency: 'DOP',
    client: { _id: 'c', firstName: 'Ana', lastName: 'Díaz', company: 'Café Cibao', email: 'a@b.do' },
    ...over,
  }) as InvoiceSummary;

describe("'Facturas Recientes' (decision 074)", () => {
  it('shows the empty text of the billing list', () => {
    renderWithProviders(<RecentInvoicesList invoices={[]} showClient />);
    expect(screen.getByText('No hay facturas')).toBeTruthy();
  });

  it('links each number to its invoice, with client (staff) or due date (client), total and status', () => {
    const { unmount } = renderWithProviders(
      <RecentInvoicesList
        invoices={[invoice({}), invoice({ _id: 'x2', invoiceNumber: 'FAC-2026-0008', status: 'paid' })]}
        showClient
      />,
    );
    const link = screen.getByRole('link', { name: 'FAC-2026-0007' });
    expect(link.getAttribute('href')).toBe('/billing/5b0d3c1e-1111-4111-8111-000000000001');
    expect(screen.getAllByText('Café Cibao')).toHaveLength(2);
    expect(screen.getByText('Enviada')).toBeTruthy();
    expect(screen.getByText('Pagada')).toBeTruthy();
    expect(screen.getAllByText(/RD\$\s?11,800/)).toHaveLength(2);
    unmount();
    renderWithProviders(<RecentInvoicesList invoices={[invoice({})]} showClient={false} />);
    expect(screen.queryByText('Café Cibao')).toBeNull();
    expect(screen.getByText(/^Vence /)).toBeTruthy();
  });
});
