import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { DgiiReportsCard, recentPeriods } from './dgii-reports-card';

describe('Reportes DGII', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the last 24 months, newest first', () => {
    const periods = recentPeriods(new Date(2026, 0, 15));
    expect(periods).toHaveLength(24);
    expect(periods[0]).toEqual({ value: '202601', label: 'enero 2026' });
    expect(periods[1]).toEqual({ value: '202512', label: 'diciembre 2025' });
  });

  it('asks for the month the user picks', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: '608|131855423|202609|0\r\n',
      headers: { 'content-disposition': 'attachment; filename="DGII_F_608_131855423_202609.txt"' },
    });
    renderWithProviders(<DgiiReportsCard />);
    const [, , third] = recentPeriods();
    fireEvent.click(screen.getByRole('combobox', { name: 'Período' }));
    fireEvent.click(await screen.findByRole('option', { name: third!.label }));
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 608' }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/reports/dgii/608', {
        params: { period: third!.value },
        responseType: 'text',
      }),
    );
  });

  it('downloads the 607 of the chosen period and shows the server message on an error', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const get = vi.spyOn(apiClient, 'get').mockResolvedValueOnce({
      data: '607|131855423|202610|0\r\n',
      headers: { 'content-disposition': 'attachment; filename="DGII_F_607_131855423_202610.txt"' },
    });
    renderWithProviders(<DgiiReportsCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 607' }));
    const previous = recentPeriods()[1]!.value;
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/reports/dgii/607', {
        params: { period: previous },
        responseType: 'text',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    // Saved under the server's file name.
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('DGII_F_607_131855423_202610.txt');
    get.mockRejectedValueOnce(
      new AxiosError('Bad Request', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 400,
        data: JSON.stringify({
          success: false,
          message:
            'Configura el RNC de la empresa (Configuración → Empresa) antes de generar los reportes de la DGII.',
        }),
      } as never),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Descargar 608' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Configura el RNC de la empresa (Configuración → Empresa) antes de generar los reportes de la DGII.',
    );
  });
});
