import {
  businessToday,
  type ClosedFiscalPeriod,
  type FiscalPeriodCorrection,
  fiscalPeriodLabel,
  GetFiscalPeriodResponseSchema,
  ListFiscalPeriodCorrectionsResponseSchema,
  ListFiscalPeriodsResponseSchema,
  pastFiscalPeriods,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { ClosedPeriodsCard } from './closed-periods-card';

const OCT: ClosedFiscalPeriod = {
  period: '202610',
  closedAt: '2026-11-15T14:00:00.000Z',
  closedBy: { _id: '00000000-0000-4000-8000-000000000001', name: 'Ana Admin' },
};

function mockPeriods(periods: ClosedFiscalPeriod[], corrections: FiscalPeriodCorrection[] = []) {
  server.use(
    http.get(apiUrl('/fiscal/periods'), () => ok(ListFiscalPeriodsResponseSchema, { periods })),
    http.get(apiUrl('/fiscal/periods/corrections'), () =>
      ok(ListFiscalPeriodCorrectionsResponseSchema, { corrections }),
    ),
  );
}

/** Records the path and JSON body of each `method` request to `path`, answering `answer()`. */
function record(method: 'post' | 'delete', path: string, answer: () => Response) {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http[method](apiUrl(path), async ({ request }) => {
      calls.push({ path: new URL(request.url).pathname, body: await request.json() });
      return answer();
    }),
  );
  return calls;
}

describe('Períodos cerrados', () => {
  it('lists closed months in Spanish with who and when, and shows an empty state', async () => {
    mockPeriods([OCT]);
    const { unmount } = renderWithProviders(<ClosedPeriodsCard />);
    const card = await screen.findByRole('region', { name: 'Períodos cerrados' });
    expect(await within(card).findByText('Octubre de 2026')).toBeTruthy();
    expect(within(card).getByText(/^Cerrado por Ana Admin el/).textContent).toMatch(
      /^Cerrado por Ana Admin el 15 nov(\.)? (de )?2026, 10:00/,
    );
    expect(within(card).getByRole('button', { name: 'Reabrir Octubre de 2026' })).toBeTruthy();
    unmount();

    mockPeriods([]);
    renderWithProviders(<ClosedPeriodsCard />);
    expect(await screen.findByText('Ningún período cerrado todavía.')).toBeTruthy();
  });

  it('closes a past month only after a confirmation that says it blocks changes', async () => {
    mockPeriods([]);
    const last = pastFiscalPeriods(businessToday(), 1)[0]!;
    const posts = record('post', '/fiscal/periods', () =>
      ok(GetFiscalPeriodResponseSchema, { period: { ...OCT, period: last } }, { status: 201 }),
    );
    renderWithProviders(<ClosedPeriodsCard />);
    await screen.findByText('Ningún período cerrado todavía.');
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar período' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar período' });
    fireEvent.click(within(dialog).getByPlaceholderText('Elige un mes'));
    fireEvent.click(await within(dialog).findByRole('option', { name: fiscalPeriodLabel(last) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar período' }));
    expect(await within(dialog).findByText(/Ya no se podrán registrar ni cambiar pagos/)).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, cerrar' }));
    await waitFor(() => expect(posts).toEqual([{ path: '/api/fiscal/periods', body: { period: last } }]));
  });

  it('reopens with a required reason and shows the API error', async () => {
    mockPeriods([OCT]);
    const deletes = record('delete', '/fiscal/periods/:period', () =>
      fail(404, { code: 'NOT_FOUND', message: 'El período 2026-10 no está cerrado.' }),
    );
    renderWithProviders(<ClosedPeriodsCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir Octubre de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir Octubre de 2026' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    expect(await within(dialog).findByText('El motivo debe tener al menos 5 caracteres')).toBeTruthy();
    expect(deletes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Motivo/ }), {
      target: { value: 'Retención recibida tarde' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'El período 2026-10 no está cerrado.',
    );
    expect(deletes).toEqual([
      { path: '/api/fiscal/periods/202610', body: { reason: 'Retención recibida tarde' } },
    ]);
  });
});

describe('Períodos cerrados: reportes por rectificar (issue 27)', () => {
  it('names the filed months with changes after their closing, and nothing when there are none', async () => {
    mockPeriods(
      [],
      [
        {
          period: '202609',
          firstClosedAt: '2026-10-14T14:00:00.000Z',
          payments: 2,
          creditNotes: 1,
          voids: 0,
        },
      ],
    );
    const { unmount } = renderWithProviders(<ClosedPeriodsCard />);
    const alert = await screen.findByText('Reportes por rectificar');
    const box = alert.closest('[role="alert"]') ?? alert.parentElement!.parentElement!;
    expect(box.textContent).toContain('Septiembre de 2026');
    expect(box.textContent).toContain('2 pagos o retenciones, 1 nota de crédito después del');
    unmount();
    mockPeriods([]);
    renderWithProviders(<ClosedPeriodsCard />);
    expect(await screen.findByText('Ningún período cerrado todavía.')).toBeTruthy();
    expect(screen.queryByText('Reportes por rectificar')).toBeNull();
  });
});
