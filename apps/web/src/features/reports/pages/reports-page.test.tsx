import {
  GetConsumoSummaryResponseSchema,
  GetReportResponseSchema,
  ListReportsResponseSchema,
  PipelineReportSchema,
  ProfitabilityReportSchema,
  type Report,
  ReportDashboardSchema,
  type ReportPeriod,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildReport, buildReportDashboard } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { ReportsPage } from './reports-page';

const DASHBOARD = buildReportDashboard({
  totalRevenue: 1_250_000,
  revenueGrowth: 12.5,
  activeProjects: 7,
  projectsGrowth: -3,
  activeClients: 14,
  clientsGrowth: null,
  completionRate: 75,
  totalProjects: 8,
  revenueByMonth: [
    { month: '2026-10', invoiced: 500_000, revenue: 400_000 },
    { month: '2026-11', invoiced: 900_000, revenue: 850_000 },
  ],
  projectsByStatus: [
    { status: 'in_progress', count: 3 },
    { status: 'completed', count: 5 },
  ],
});

const REPORT = buildReport({
  _id: '4f3e2d1c-0b9a-4887-a665-544332211009',
  title: 'Cierre de octubre',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  createdBy: 'María Pérez',
  data: {
    ...buildReport().data,
    revenueByClient: [{ clientId: 'c1', client: 'Ferretería Los Pinos', revenue: 75_000 }],
    totals: { invoiced: 120_000, collected: 75_000, pending: 45_000, taxInvoiced: 18_305.08 },
  },
});
const { data: _data, ...REPORT_SUMMARY } = REPORT;

/** Periods `GET /reports/dashboard` was asked for, bodies `POST /reports/{type}` received. */
let periods: string[] = [];
/** Query strings `GET /reports/profitability` received. */
let profitabilityQueries: Record<string, string>[] = [];
let generated: Array<{ type: string; body: unknown }> = [];

/** Stubs the download: the blobs handed to `URL.createObjectURL` and the names of the clicked links. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

/** A blob's text (jsdom's Blob has no `text()`). */
function readText(blob: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('ReportsPage', () => {
  beforeEach(() => {
    periods = [];
    generated = [];
    profitabilityQueries = [];
    server.use(
      http.get(apiUrl('/reports/dashboard'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period') as ReportPeriod;
        periods.push(period);
        return ok(ReportDashboardSchema, { ...DASHBOARD, period });
      }),
      http.get(apiUrl('/reports'), () =>
        ok(ListReportsResponseSchema, {
          reports: [REPORT_SUMMARY],
          pagination: { page: 1, limit: 10, total: 1 },
        }),
      ),
      // The DGII card's consumo totals (issue 27): an empty month.
      http.get(apiUrl('/reports/dgii/consumo'), ({ request }) =>
        ok(GetConsumoSummaryResponseSchema, {
          summary: {
            period: new URL(request.url).searchParams.get('period') ?? '',
            count: 0,
            invoicedAmount: 0,
            itbis: 0,
            total: 0,
            cash: 0,
            bank: 0,
            card: 0,
            creditSale: 0,
          },
        }),
      ),
      // Rentabilidad (decision 142): a profitable project and one at a loss.
      http.get(apiUrl('/reports/pipeline'), () =>
        ok(PipelineReportSchema, {
          startDate: '2026-01-01',
          endDate: '2026-06-30',
          stages: [
            {
              stageId: '00000000-0000-4000-8000-000000000901',
              name: 'Negociación',
              kind: 'open',
              count: 3,
              values: [{ currency: 'USD', amount: 4500 }],
            },
            {
              stageId: '00000000-0000-4000-8000-000000000902',
              name: 'Ganado',
              kind: 'won',
              count: 2,
              values: [{ currency: 'DOP', amount: 220000 }],
            },
          ],
          won: { count: 2, values: [{ currency: 'DOP', amount: 220000 }] },
        }),
      ),
      http.get(apiUrl('/reports/profitability'), ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        profitabilityQueries.push(query);
        const byClient = query.groupBy === 'client';
        return ok(ProfitabilityReportSchema, {
          from: query.from ?? '',
          to: query.to ?? '',
          groupBy: byClient ? 'client' : 'project',
          rows: [
            {
              id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
              name: byClient ? 'Café Cibao SRL' : 'Tienda en línea',
              clientName: byClient ? null : 'Café Cibao SRL',
              revenue: 19_000,
              expenses: 8_080,
              timeCost: 1_000,
              unratedHours: 2.5,
              margin: 9_920,
              marginPercent: 52.2,
            },
            {
              id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c02',
              name: byClient ? 'Hotel Playa Dorada' : 'Mantenimiento',
              clientName: byClient ? null : 'Hotel Playa Dorada',
              revenue: 0,
              expenses: 500,
              timeCost: 0,
              unratedHours: 0,
              margin: -500,
              marginPercent: null,
            },
          ],
          totals: {
            revenue: 19_000,
            expenses: 8_580,
            timeCost: 1_000,
            unratedHours: 2.5,
            margin: 9_420,
            marginPercent: 49.6,
          },
        });
      }),
      http.get(apiUrl('/reports/:id'), () => ok(GetReportResponseSchema, { report: REPORT })),
      http.post(apiUrl('/reports/:type'), async ({ params, request }) => {
        const body = (await request.json()) as Partial<Report>;
        generated.push({ type: String(params.type), body });
        return ok(GetReportResponseSchema, { report: { ...REPORT, ...body } as Report });
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('ranks projects by margin in a table that is the chart’s text; "Cliente" asks for clients', async () => {
    renderWithProviders(<ReportsPage />, '/reports');
    // The card waits for the dashboard and loads its own query: allow for a slow (shared) machine.
    const table = await screen.findByRole('table', { name: 'Rentabilidad por proyecto' }, { timeout: 5000 });
    expect(
      screen.getByRole('img', {
        name: /Gráfico del margen por proyecto; los datos están en la tabla "Rentabilidad por proyecto"/,
      }),
    ).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Tienda en línea');
    expect(rows[1]!.textContent).toContain('52.2 %');
    expect(rows[2]!.textContent).toContain('-RD$500.00');
    // Hours of people without a cost rate are flagged, on the row and above the table (decision 163).
    expect(rows[1]!.textContent).toContain('+ 2.5 h sin tarifa');
    expect(screen.getByTestId('profitability-unrated').textContent).toMatch(
      /^Horas sin tarifa de costo2\.5 h del período/,
    );
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('RD$9,420.00');
    expect(profitabilityQueries[0]).toMatchObject({ groupBy: 'project' });
    fireEvent.click(screen.getByRole('radio', { name: 'Cliente' }));
    const byClient = await screen.findByRole(
      'table',
      { name: 'Rentabilidad por cliente' },
      { timeout: 5000 },
    );
    expect(within(byClient).getByRole('row', { name: /Hotel Playa Dorada/ })).toBeTruthy();
    expect(profitabilityQueries.at(-1)).toMatchObject({ groupBy: 'client' });
  });

  it('shows the KPIs, their growth and the charts from the API numbers', async () => {
    renderWithProviders(<ReportsPage />, '/reports');
    const revenue = (await screen.findByText('Ingresos totales')).parentElement as HTMLElement;
    expect(within(revenue).getByText(/1,250,000/)).toBeTruthy();
    expect(within(revenue).getByText('+12.5% vs. período anterior')).toBeTruthy();
    const projects = screen.getByText('Proyectos activos').parentElement as HTMLElement;
    expect(within(projects).getByText('7')).toBeTruthy();
    expect(within(projects).getByText('-3% vs. período anterior')).toBeTruthy();
    const clients = screen.getByText('Clientes activos').parentElement as HTMLElement;
    expect(within(clients).getByText('14')).toBeTruthy();
    expect(within(clients).getByText('Sin datos del período anterior')).toBeTruthy();
    expect(screen.getByText('75%')).toBeTruthy();
    expect(screen.getByText('8 proyectos nuevos en el período')).toBeTruthy();
    expect(periods).toEqual(['6m']);

    // The charts are a lazy chunk (recharts): the first import takes a while.
    const revenueChart = await screen.findByRole(
      'img',
      { name: /^Ingresos por mes: facturado .*1,400,000 y cobrado .*1,250,000 en 2 meses$/ },
      { timeout: 10_000 },
    );
    expect(revenueChart).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Proyectos por estado: En progreso, 3; Completado, 5' }),
    ).toBeTruthy();
  }, 20_000);

  it('asks for the period the user picks', async () => {
    renderWithProviders(<ReportsPage />, '/reports');
    await screen.findByText('Ingresos totales');
    // The header's select (the DGII card below has its own "Período").
    fireEvent.click(screen.getAllByRole('combobox', { name: 'Período' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Último año' }));
    await waitFor(() => expect(periods.at(-1)).toBe('1y'));
  }, 20_000);

  it('exports the dashboard as CSV with the figures of the screen', async () => {
    const downloads = captureDownloads();
    renderWithProviders(<ReportsPage />, '/reports');
    await screen.findByText('Ingresos totales');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(downloads.names).toEqual([`reporte-6m-${DASHBOARD.endDate}.csv`]);
    const csv = await readText(downloads.blobs[0] as Blob);
    expect(csv).toContain('Ingresos totales (DOP),1250000,12.5');
    expect(csv).toContain('Clientes activos,14,\r\n');
    expect(csv).toContain('2026-11,900000,850000');
    expect(csv).toContain('completed,5');
  }, 20_000);

  it('opens a generated report with its totals and exports it', async () => {
    const downloads = captureDownloads();
    renderWithProviders(<ReportsPage />, '/reports');
    // The list loads once the dashboard has.
    expect(await screen.findByText('Cierre de octubre', undefined, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver Cierre de octubre' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cierre de octubre' }, { timeout: 5_000 });
    expect(within(dialog).getByText('Financiero · 2026-10-01 a 2026-10-31')).toBeTruthy();
    const invoiced = within(dialog).getByText('Facturado').closest('tr') as HTMLElement;
    expect(invoiced.textContent).toMatch(/120,000\.00/);
    const client = within(dialog).getByText('Ferretería Los Pinos').closest('tr') as HTMLElement;
    expect(client.textContent).toMatch(/75,000\.00/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Exportar CSV' }));
    expect(downloads.names).toEqual(['reporte-2026-10-01-2026-10-31.csv']);
    const csv = await readText(downloads.blobs[0] as Blob);
    expect(csv).toContain('invoiced,120000');
    expect(csv).toContain('Ferretería Los Pinos,75000');
  }, 20_000);

  it('generates a report only with a title, sending the type and dates', async () => {
    renderWithProviders(<ReportsPage />, '/reports');
    const generate = await screen.findByRole('button', { name: 'Generar' });
    fireEvent.click(generate);
    expect(await screen.findByText('Título es requerido')).toBeTruthy();
    expect(generated).toEqual([]);

    fireEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Proyectos' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Título' }), { target: { value: 'Avance anual' } });
    fireEvent.change(screen.getByLabelText(/^Desde/), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText(/^Hasta/), { target: { value: '2026-06-30' } });
    fireEvent.click(generate);
    expect(await screen.findByText('Reporte generado')).toBeTruthy();
    expect(generated).toEqual([
      {
        type: 'projects',
        body: { title: 'Avance anual', description: null, startDate: '2026-01-01', endDate: '2026-06-30' },
      },
    ]);
  }, 20_000);

  it('shows the leads pipeline: won in the period and every stage with count and value (decision 170)', async () => {
    renderWithProviders(<ReportsPage />);
    expect(await screen.findByRole('heading', { name: 'Embudo de prospectos' })).toBeTruthy();
    expect((await screen.findByTestId('pipeline-won-count')).textContent).toBe('2');
    expect(screen.getByTestId('pipeline-won-value').textContent).toBe('RD$220,000');
    const table = screen.getByRole('table', { name: 'Prospectos por etapa' });
    const row = within(table).getByRole('row', { name: /Negociación/ });
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('US$4,500')).toBeTruthy();
  });
});
