import type { FiscalSequence } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { AddRangeModal, FiscalPanel, sequenceBadges } from './fiscal-panel';

function sequence(overrides: Partial<FiscalSequence> = {}): FiscalSequence {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    documentType: 'B01',
    rangeFrom: 1,
    rangeTo: 500,
    nextNumber: 54,
    nextNcf: 'B0100000054',
    used: 53,
    remaining: 447,
    remainingPercent: 89.4,
    expiresOn: '2027-12-31',
    alertThreshold: 35,
    active: true,
    isExpired: false,
    isExhausted: false,
    isLow: false,
    expiresSoon: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('sequenceBadges', () => {
  it('says active/inactive and flags low, exhausted, expired and expiring ranges', () => {
    expect(sequenceBadges(sequence()).map((b) => b.label)).toEqual(['Activo']);
    expect(sequenceBadges(sequence({ isLow: true, expiresSoon: true })).map((b) => b.label)).toEqual([
      'Activo',
      'Quedan pocos',
      'Vence pronto',
    ]);
    expect(
      sequenceBadges(sequence({ active: false, isExhausted: true, isLow: true, isExpired: true })).map(
        (b) => b.label,
      ),
    ).toEqual(['Inactivo', 'Agotado', 'Vencido']);
  });
});

describe('Configuración → Fiscal', () => {
  beforeEach(() => {
    vi.spyOn(apiClient, 'get').mockImplementation(async (url: string) => {
      if (url === '/fiscal/sequences')
        return {
          data: {
            success: true,
            data: {
              sequences: [
                sequence(),
                sequence({
                  _id: '00000000-0000-4000-8000-000000000002',
                  documentType: 'B15',
                  rangeTo: 100,
                  nextNumber: 70,
                  nextNcf: 'B1500000070',
                  remaining: 31,
                  remainingPercent: 31,
                  isLow: true,
                }),
              ],
            },
          },
        };
      if (url === '/settings')
        return {
          data: {
            success: true,
            data: { settings: { fiscalMode: 'paper', taxpayerKind: 'persona_juridica', taxId: '131855423' } },
          },
        };
      throw new Error(`unexpected GET ${url}`);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists each range with its next NCF, remaining share and status badges', async () => {
    renderWithProviders(<FiscalPanel />);
    const table = await screen.findByRole('table', { name: 'Rangos de comprobantes' });
    const b15 = within(table).getByRole('row', { name: /^Rango B15/ });
    expect(b15.textContent).toContain('B1500000070');
    expect(b15.textContent).toContain('Quedan pocos');
    expect(b15.textContent).toContain('Quedan 31 (31\u00a0%)');
    expect(within(table).getByRole('row', { name: /^Rango B01/ }).textContent).toContain(
      'B0100000001B0100000500',
    );
  });
});

describe('Agregar rango', () => {
  afterEach(() => vi.restoreAllMocks());

  it('previews the NCFs as typed, offers to replace the active range, and keeps the values on a 409', async () => {
    vi.spyOn(apiClient, 'post').mockRejectedValue(
      new AxiosError('Conflict', 'ERR_BAD_REQUEST', undefined, undefined, {
        status: 409,
        data: {
          success: false,
          message: 'El rango se solapa con otro rango de B01 (1–500).',
          code: 'CONFLICT',
        },
      } as never),
    );
    renderWithProviders(<AddRangeModal opened onClose={() => {}} sequences={[sequence()]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agregar rango' });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de comprobante' }));
    fireEvent.click(await screen.findByRole('option', { name: 'B01 · Crédito Fiscal' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hasta (número)' }), {
      target: { value: '600' },
    });
    expect(within(dialog).getByTestId('range-preview').textContent).toBe(
      'B0100000001 – B0100000600 (600 comprobantes)',
    );
    const replace = within(dialog).getByRole('checkbox', {
      name: /^Reemplazar el rango activo B0100000001 – B0100000500/,
    });
    expect((replace as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Vence el/), { target: { value: '2028-12-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agregar rango' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'El rango se solapa con otro rango de B01 (1–500).',
    );
    await waitFor(() =>
      expect(apiClient.post).toHaveBeenCalledWith('/fiscal/sequences', {
        documentType: 'B01',
        rangeFrom: 1,
        rangeTo: 600,
        expiresOn: '2028-12-31',
        alertThreshold: 35,
        replaceActive: true,
      }),
    );
    expect((within(dialog).getByRole('textbox', { name: 'Hasta (número)' }) as HTMLInputElement).value).toBe(
      '600',
    );
  });
});
