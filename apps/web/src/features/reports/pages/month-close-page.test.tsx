import { type DgiiMonthSummary, dgiiDeadlines, GetDgiiMonthSummaryResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, HttpResponse, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { recentPeriods } from '../components/dgii-reports-card';
import { MonthClosePage } from './month-close-page';

const previous = recentPeriods()[1]!.value;
const line = (ncf: string, party: string, date: string, amount: number, source: '606' | '607' = '606') => ({
  source,
  ncf,
  party,
  date,
  amount,
});

function summaryOf(period: string, closed = false): DgiiMonthSummary {
  return {
    period,
    it1: {
      itbisCharged: { amount: 660, lines: [line('B0100000001', 'Café Cibao', '2026-10-05', 660, '607')] },
      itbisPaid: {
        amount: 9900,
        lines: [
          line('B0100000101', 'Ana Pérez', '2026-10-03', 9000),
          line('B0100000777', 'Restaurante', '2026-10-12', 900),
        ],
      },
      itbisToCost: { amount: 900, lines: [line('B0100000777', 'Restaurante', '2026-10-12', 900)] },
      itbisDeductible: { amount: 9000, lines: [line('B0100000101', 'Ana Pérez', '2026-10-03', 9000)] },
      itbisWithheldByClients: {
        amount: 198,
        lines: [line('B0100000001', 'Café Cibao', '2026-10-20', 198, '607')],
      },
      balance: -8538,
      itbisWithheldFromSuppliers: {
        amount: 9000,
        lines: [line('B0100000101', 'Ana Pérez', '2026-10-18', 9000)],
      },
      totalToPay: 9000,
      carryForward: 8538,
    },
    ir17: {
      byType: [
        {
          type: '02',
          label: 'Honorarios por servicios independientes',
          figure: { amount: 5000, lines: [line('B0100000101', 'Ana Pérez', '2026-10-18', 5000)] },
        },
      ],
      total: 5000,
    },
    deadlines: dgiiDeadlines(period),
    closed,
    rejectedEcf: [],
    unreconciledBank: [],
  };
}

describe('Cierre del mes (decision 141)', () => {
  it('shows the IT-1 and IR-17 figures, each opening onto its documents, and the deadlines', async () => {
    const asked: Array<string | null> = [];
    server.use(
      http.get(apiUrl('/reports/dgii/summary'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period')!;
        asked.push(period);
        return ok(GetDgiiMonthSummaryResponseSchema, { summary: summaryOf(period) });
      }),
    );
    renderWithProviders(<MonthClosePage />);
    const it1 = await screen.findByRole('region', { name: 'IT-1 · ITBIS del mes' });
    expect(asked).toEqual([previous]);
    expect(it1.textContent).toContain('Saldo a favor (se arrastra al próximo mes)RD$8,538.00');
    expect(it1.textContent).toContain('Total a pagar con el IT-1RD$9,000.00');
    // A figure opens onto the 606 lines behind it.
    fireEvent.click(within(it1).getByRole('button', { name: /ITBIS pagado en compras/ }));
    const table = await within(it1).findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.textContent).toContain('B0100000777');
    expect(table.textContent).toContain('Restaurante');
    const ir17 = screen.getByRole('region', { name: 'IR-17 · Retenciones de ISR' });
    expect(ir17.textContent).toContain('02 · Honorarios por servicios independientes');
    expect(ir17.textContent).toContain('Total a pagar con el IR-17RD$5,000.00');
    // The five filings of the month, each with its date and a "vence en N días" / "vencido" badge.
    const deadlines = screen.getByRole('region', { name: 'Fechas límite' });
    expect(within(deadlines).getAllByRole('listitem')).toHaveLength(5);
    expect(deadlines.textContent).toContain('IT-1 (ITBIS)');
    expect(deadlines.textContent).toMatch(/Vence|Vencido/);
    expect(screen.getByRole('button', { name: /Descargar 606/ })).toBeTruthy();
  });

  it('lists the month’s rejected e-CF with the DGII’s reasons, out of the figures (issue 42)', async () => {
    server.use(
      http.get(apiUrl('/reports/dgii/summary'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period')!;
        const summary: DgiiMonthSummary = {
          ...summaryOf(period),
          rejectedEcf: [
            {
              ncf: 'E310000000005',
              kind: 'invoice',
              invoiceId: '6f1c1b1e-0000-4000-8000-000000000005',
              party: 'Café Cibao SRL',
              date: '2026-11-12',
              total: 14160,
              currency: 'DOP',
              cancelled: true,
              sequenceUsed: true,
              messages: [{ code: '107', message: 'El comprobante no cumple las validaciones.' }],
            },
          ],
        };
        return ok(GetDgiiMonthSummaryResponseSchema, { summary });
      }),
    );
    renderWithProviders(<MonthClosePage />);
    const card = await screen.findByRole('region', { name: 'e-CF rechazados por la DGII' });
    expect(within(card).getByRole('link', { name: 'Factura E310000000005' }).getAttribute('href')).toBe(
      '/billing/6f1c1b1e-0000-4000-8000-000000000005',
    );
    expect(card.textContent).toContain('107: El comprobante no cumple las validaciones.');
    expect(card.textContent).toContain('Cancelada');
    expect(card.textContent).toContain('no tiene efecto fiscal');
  });

  it('shows no rejected e-CF card when the month has none', async () => {
    server.use(
      http.get(apiUrl('/reports/dgii/summary'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period')!;
        return ok(GetDgiiMonthSummaryResponseSchema, { summary: summaryOf(period) });
      }),
    );
    renderWithProviders(<MonthClosePage />);
    await screen.findByRole('region', { name: 'IT-1 · ITBIS del mes' });
    expect(screen.queryByRole('region', { name: 'e-CF rechazados por la DGII' })).toBeNull();
  });

  it('closes the month after a confirmation and then shows it closed', async () => {
    let closed = false;
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/reports/dgii/summary'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period')!;
        return ok(GetDgiiMonthSummaryResponseSchema, { summary: summaryOf(period, closed) });
      }),
      http.post(apiUrl('/fiscal/periods'), async ({ request }) => {
        posted.push(await request.json());
        closed = true;
        return HttpResponse.json(
          {
            success: true,
            data: { period: { period: previous, closedAt: new Date().toISOString(), closedBy: null } },
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<MonthClosePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar mes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ya no se podrán registrar ni cambiar pagos');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cerrar el mes' }));
    await waitFor(() => expect(posted).toEqual([{ period: previous }]));
    expect(await screen.findByText('Mes cerrado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar mes' })).toBeNull();
  });

  it('warns before closing about each bank account with unmatched lines of the month, with a link; still closes', async () => {
    const ACCOUNT = '11111111-1111-4111-8111-111111111111';
    let closed = false;
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/reports/dgii/summary'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period')!;
        return ok(GetDgiiMonthSummaryResponseSchema, {
          summary: {
            ...summaryOf(period, closed),
            unreconciledBank: [
              {
                bankAccountId: ACCOUNT,
                bank: 'Banco BHD',
                accountNumber: '0000-111122-3',
                currency: 'DOP',
                unmatched: 3,
              },
            ],
          },
        });
      }),
      http.post(apiUrl('/fiscal/periods'), async ({ request }) => {
        posted.push(await request.json());
        closed = true;
        return HttpResponse.json(
          {
            success: true,
            data: { period: { period: previous, closedAt: new Date().toISOString(), closedBy: null } },
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<MonthClosePage />);
    const month = `${previous.slice(0, 4)}-${previous.slice(4, 6)}`;
    // On the page, before anything is confirmed.
    const alert = await screen.findByText('Líneas del banco sin conciliar');
    const box = alert.closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(box.textContent).toContain('Banco BHD 0000-111122-3 (DOP): 3 líneas sin conciliar');
    expect(
      within(box).getByRole('link', { name: 'Conciliar Banco BHD 0000-111122-3' }).getAttribute('href'),
    ).toBe(`/billing/reconciliation?cuenta=${ACCOUNT}&mes=${month}&estado=unmatched`);
    // And again in the confirmation, which still lets the month be closed.
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar mes' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('3 líneas sin conciliar');
    expect(within(dialog).getByRole('link', { name: 'Conciliar Banco BHD 0000-111122-3' })).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cerrar el mes' }));
    await waitFor(() => expect(posted).toEqual([{ period: previous }]));
    expect(await screen.findByText('Mes cerrado')).toBeTruthy();
  });

  it('shows the server’s message when the figures cannot be computed, and keeps the downloads', async () => {
    server.use(
      http.get(apiUrl('/reports/dgii/summary'), () =>
        fail(409, {
          code: 'CONFLICT',
          message: 'El 606 necesita el RNC o la cédula del proveedor de: B0100000555 (Figma Inc.).',
        }),
      ),
    );
    renderWithProviders(<MonthClosePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('B0100000555 (Figma Inc.)');
    expect(screen.getByRole('button', { name: /Descargar 607/ })).toBeTruthy();
  });
});
