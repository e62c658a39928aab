import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, fail, HttpResponse, http, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { DgiiReportsCard, recentPeriods } from './dgii-reports-card';

/**
 * Answers `GET /reports/dgii/{format}` with the text file of the asked period (saved under
 * `DGII_F_{format}_131855423_{period}.txt`); records the path and period of each call.
 */
function mockDgii() {
  const calls: { path: string; period: string | null }[] = [];
  server.use(
    http.get(apiUrl('/reports/dgii/:format'), ({ request, params }) => {
      const url = new URL(request.url);
      const period = url.searchParams.get('period');
      // The consumo totals under the buttons (issue 27): an empty month.
      if (params.format === 'consumo')
        return HttpResponse.json({
          success: true,
          data: {
            summary: {
              period,
              count: 0,
              invoicedAmount: 0,
              itbis: 0,
              total: 0,
              cash: 0,
              bank: 0,
              card: 0,
              creditSale: 0,
            },
          },
        });
      calls.push({ path: url.pathname, period });
      return HttpResponse.text(`${params.format}|131855423|${period}|0\r\n`, {
        headers: {
          'content-disposition': `attachment; filename="DGII_F_${params.format}_131855423_${period}.txt"`,
        },
      });
    }),
  );
  return calls;
}

/** Stubs the download: the blobs handed to `URL.createObjectURL` and the clicked links. */
function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { blobs, click };
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

describe('Reportes DGII', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the last 24 months, newest first', () => {
    const periods = recentPeriods(new Date(2026, 0, 15));
    expect(periods).toHaveLength(24);
    expect(periods[0]).toEqual({ value: '202601', label: 'enero 2026' });
    expect(periods[1]).toEqual({ value: '202512', label: 'diciembre 2025' });
  });

  it('asks for the month the user picks', async () => {
    const calls = mockDgii();
    const { blobs } = captureDownloads();
    renderWithProviders(<DgiiReportsCard />);
    const [, , third] = recentPeriods();
    fireEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    fireEvent.click(await screen.findByRole('option', { name: third!.label }));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 608' }));
    await waitFor(() => expect(calls).toEqual([{ path: '/api/reports/dgii/608', period: third!.value }]));
    // Read as text: the file holds exactly what the server sent.
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await readText(blobs[0]!)).toBe(`608|131855423|${third!.value}|0\r\n`);
  });

  it('downloads the 607 of the chosen period and shows the server message on an error', async () => {
    const calls = mockDgii();
    const { click } = captureDownloads();
    renderWithProviders(<DgiiReportsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 607' }));
    const previous = recentPeriods()[1]!.value;
    await waitFor(() => expect(calls).toEqual([{ path: '/api/reports/dgii/607', period: previous }]));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // Saved under the server's file name.
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      `DGII_F_607_131855423_${previous}.txt`,
    );
    server.use(
      http.get(apiUrl('/reports/dgii/608'), () =>
        fail(400, {
          code: 'VALIDATION_ERROR',
          message:
            'Configura el RNC de la empresa (Configuración → Empresa) antes de generar los reportes de la DGII.',
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 608' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Configura el RNC de la empresa (Configuración → Empresa) antes de generar los reportes de la DGII.',
    );
    expect(click).toHaveBeenCalledTimes(1);
  });
});

describe('Reportes DGII: the 606 beside the 607 and 608 (decision 141)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the 606 of the chosen period under the server’s file name and links to Cierre del mes', async () => {
    const calls = mockDgii();
    const { blobs, click } = captureDownloads();
    renderWithProviders(<DgiiReportsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 606' }));
    const previous = recentPeriods()[1]!.value;
    await waitFor(() => expect(calls).toEqual([{ path: '/api/reports/dgii/606', period: previous }]));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await readText(blobs[0]!)).toBe(`606|131855423|${previous}|0\r\n`);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      `DGII_F_606_131855423_${previous}.txt`,
    );
    expect(screen.getByRole('link', { name: /Cierre del mes/ }).getAttribute('href')).toBe(
      '/reports/month-close',
    );
  });
});

describe('Reportes DGII: consumo under RD$250,000 (issue 27)', () => {
  it('shows the period’s consumo totals the Oficina Virtual asks for, and asks again when the month changes', async () => {
    const asked: Array<string | null> = [];
    server.use(
      http.get(apiUrl('/reports/dgii/consumo'), ({ request }) => {
        const period = new URL(request.url).searchParams.get('period');
        asked.push(period);
        return HttpResponse.json({
          success: true,
          data: {
            summary: {
              period,
              count: 2,
              invoicedAmount: 7333.32,
              itbis: 1320,
              total: 8653.32,
              cash: 4326.66,
              bank: 0,
              card: 0,
              creditSale: 4326.66,
            },
          },
        });
      }),
    );
    renderWithProviders(<DgiiReportsCard />);
    const section = await screen.findByRole('region', { name: 'Facturas de consumo menores de RD$250,000' });
    await waitFor(() => expect(section.textContent).toContain('RD$8,653.32'));
    expect(section.textContent).toContain('Facturas2');
    expect(section.textContent).toContain('Venta a créditoRD$4,326.66');
    expect(asked).toEqual([recentPeriods()[1]!.value]);
  });

  it('says when the period has none', async () => {
    server.use(
      http.get(apiUrl('/reports/dgii/consumo'), () =>
        HttpResponse.json({
          success: true,
          data: {
            summary: {
              period: '202610',
              count: 0,
              invoicedAmount: 0,
              itbis: 0,
              total: 0,
              cash: 0,
              bank: 0,
              card: 0,
              creditSale: 0,
            },
          },
        }),
      ),
    );
    renderWithProviders(<DgiiReportsCard />);
    expect(
      await screen.findByText('Sin facturas de consumo menores de RD$250,000 en este período.'),
    ).toBeTruthy();
  });

  it('shows the API’s message when it cannot be computed', async () => {
    server.use(
      http.get(apiUrl('/reports/dgii/consumo'), () =>
        fail(409, {
          code: 'CONFLICT',
          message: 'No se puede reportar en pesos sin la tasa de cambio de: B0200000007.',
        }),
      ),
    );
    renderWithProviders(<DgiiReportsCard />);
    expect(await screen.findByText(/sin la tasa de cambio de: B0200000007/)).toBeTruthy();
  });
});
