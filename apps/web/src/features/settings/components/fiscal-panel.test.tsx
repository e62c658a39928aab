import type { FiscalSequence } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
import { AddRangeModal, FiscalPanel, sequenceBadges, VoidModal } from './fiscal-panel';

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
                  used: 69,
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
    expect(b15.textContent).toContain('69 usados · quedan 31 (31\u00a0%)');
    expect(within(b15).getByRole('progressbar', { name: 'Usados 69 de 100' })).toHaveProperty(
      'ariaValueNow',
      '69',
    );
    const b01 = within(table).getByRole('row', { name: /^Rango B01/ });
    expect(b01.textContent).toContain('B0100000001B0100000500');
    expect(b01.textContent).toContain('31/12/2027');
    expect(within(b01).queryByText('Quedan pocos')).toBeNull();
    expect(within(b01).getByText('Activo')).toBeTruthy();
  });

  it('offers Editar, Desactivar and Anular números per range; deactivating asks first', async () => {
    const put = vi.spyOn(apiClient, 'put').mockResolvedValue({
      data: { success: true, data: { sequence: sequence({ active: false }) } },
    });
    renderWithProviders(<FiscalPanel />);
    const table = await screen.findByRole('table', { name: 'Rangos de comprobantes' });
    const b01 = within(table).getByRole('row', { name: /^Rango B01/ });
    fireEvent.click(within(b01).getByRole('button', { name: 'Acciones del rango B01' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Editar', 'Desactivar', 'Anular números']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Desactivar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desactivar rango B01' });
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/fiscal/sequences/00000000-0000-4000-8000-000000000001', {
        active: false,
      }),
    );
  });

  it('shows an empty state that leads to Agregar rango', async () => {
    vi.mocked(apiClient.get).mockImplementation(async (url: string) =>
      url === '/fiscal/sequences'
        ? { data: { success: true, data: { sequences: [] } } }
        : {
            data: {
              success: true,
              data: { settings: { fiscalMode: 'paper', taxpayerKind: 'persona_juridica' } },
            },
          },
    );
    renderWithProviders(<FiscalPanel />);
    expect(await screen.findByText('Aún no hay rangos de comprobantes')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar rango' }));
    expect(await screen.findByRole('dialog', { name: 'Agregar rango' })).toBeTruthy();
  });
});

describe('Anular números', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the NCFs it will annul and posts only after the confirmation', async () => {
    const post = vi.spyOn(apiClient, 'post').mockResolvedValue({
      data: {
        success: true,
        data: { voids: [{ ncf: 'B0100000054' }, { ncf: 'B0100000055' }], sequence: sequence() },
      },
    });
    renderWithProviders(<VoidModal sequence={sequence()} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Anular números B01' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Cantidad de números' }), {
      target: { value: '2' },
    });
    expect(within(dialog).getByTestId('void-preview').textContent).toBe(
      'Se anularán: B0100000054 – B0100000055',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Motivo' }), {
      target: { value: 'Talonario dañado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anular' }));
    expect(await within(dialog).findByText('¿Anular estos números?')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, anular' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/fiscal/sequences/00000000-0000-4000-8000-000000000001/void', {
        annulmentType: '01',
        reason: 'Talonario dañado',
        count: 2,
      }),
    );
  });

  it('refuses more numbers than the range has left', async () => {
    renderWithProviders(<VoidModal sequence={sequence({ remaining: 3 })} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Anular números B01' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Cantidad de números' }), {
      target: { value: '5' },
    });
    expect(within(dialog).getByTestId('void-preview').textContent).toBe(
      'El rango solo tiene 3 números sin usar.',
    );
    expect(within(dialog).getByRole('button', { name: 'Anular' })).toHaveProperty('disabled', true);
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
