import {
  type FiscalSequence,
  GetCompanySettingsResponseSchema,
  GetFiscalSequenceResponseSchema,
  ListFiscalSequencesResponseSchema,
  VoidNcfResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCompanySettings, buildFiscalSequence } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { AddRangeModal, FiscalPanel, sequenceBadges, VoidModal } from './fiscal-panel';

const sequence = buildFiscalSequence;

const B15_LOW = sequence({
  _id: '00000000-0000-4000-8000-000000000002',
  documentType: 'B15',
  rangeTo: 100,
  nextNumber: 70,
  nextNcf: 'B1500000070',
  used: 69,
  remaining: 31,
  remainingPercent: 31,
  isLow: true,
});

/** Answers `GET /fiscal/sequences` with `sequences` and `GET /settings` with the demo agency (paper NCF). */
function mockFiscal(sequences: FiscalSequence[]) {
  server.use(
    http.get(apiUrl('/fiscal/sequences'), () => ok(ListFiscalSequencesResponseSchema, { sequences })),
    http.get(apiUrl('/settings'), () =>
      ok(GetCompanySettingsResponseSchema, {
        settings: buildCompanySettings({
          fiscalMode: 'paper',
          taxpayerKind: 'persona_juridica',
          taxId: '131855423',
        }),
      }),
    ),
  );
}

/** Records the path and JSON body of each `method` request to `path`, answering `answer()`. */
function record(method: 'post' | 'put', path: string, answer: () => Response) {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return calls;
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
  beforeEach(() => mockFiscal([sequence(), B15_LOW]));

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
    const puts = record('put', '/fiscal/sequences/:id', () =>
      ok(GetFiscalSequenceResponseSchema, { sequence: sequence({ active: false }) }),
    );
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
    expect(puts).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { path: '/api/fiscal/sequences/00000000-0000-4000-8000-000000000001', body: { active: false } },
      ]),
    );
  });

  it('shows an empty state that leads to Agregar rango', async () => {
    mockFiscal([]);
    renderWithProviders(<FiscalPanel />);
    expect(await screen.findByText('Aún no hay rangos de comprobantes')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar rango' }));
    expect(await screen.findByRole('dialog', { name: 'Agregar rango' })).toBeTruthy();
  });
});

describe('Anular números', () => {
  it('names the NCFs it will annul and posts only after the confirmation', async () => {
    const voided = (ncf: string, n: number) => ({
      _id: `00000000-0000-4000-8000-0000000001${n}`,
      ncf,
      documentType: 'B01' as const,
      annulmentType: '01' as const,
      reason: 'Talonario dañado',
      voidedOn: '2026-11-25',
      createdAt: '2026-11-25T14:00:00.000Z',
    });
    const posts = record('post', '/fiscal/sequences/:id/void', () =>
      ok(VoidNcfResponseSchema, {
        voids: [voided('B0100000054', 54), voided('B0100000055', 55)],
        sequence: sequence({ nextNumber: 56, nextNcf: 'B0100000056', used: 55, remaining: 445 }),
      }),
    );
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
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, anular' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          path: '/api/fiscal/sequences/00000000-0000-4000-8000-000000000001/void',
          body: { annulmentType: '01', reason: 'Talonario dañado', count: 2 },
        },
      ]),
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
  it('previews the NCFs as typed, offers to replace the active range, and keeps the values on a 409', async () => {
    const posts = record('post', '/fiscal/sequences', () =>
      fail(409, { code: 'CONFLICT', message: 'El rango se solapa con otro rango de B01 (1–500).' }),
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
      expect(posts).toEqual([
        {
          path: '/api/fiscal/sequences',
          body: {
            documentType: 'B01',
            rangeFrom: 1,
            rangeTo: 600,
            expiresOn: '2028-12-31',
            alertThreshold: 35,
            replaceActive: true,
          },
        },
      ]),
    );
    expect((within(dialog).getByRole('textbox', { name: 'Hasta (número)' }) as HTMLInputElement).value).toBe(
      '600',
    );
  });
});
