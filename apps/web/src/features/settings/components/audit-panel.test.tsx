import { type AuditEntry, ListAuditResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { AuditPanel } from './audit-panel';

const LAURA = {
  _id: '00000000-0000-4000-8000-0000000000aa',
  firstName: 'Laura',
  lastName: 'Céspedes',
  email: 'laura@agencia.do',
};
const INVOICE_ID = '11111111-1111-4111-8111-111111111111';

function entry(i: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    action: 'auth.login.succeeded',
    actor: null,
    targetType: null,
    targetId: null,
    ip: '10.0.0.1',
    requestId: null,
    metadata: null,
    createdAt: '2026-01-01T12:00:00.000Z',
    ...over,
  };
}

/** Answers `GET /audit`: 45 entries in all, the page asked for; records each call's query string. */
function mockAudit(entries?: AuditEntry[]) {
  const calls: Record<string, string>[] = [];
  server.use(
    http.get(apiUrl('/audit'), ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      calls.push(params);
      if (entries) {
        return ok(ListAuditResponseSchema, {
          entries,
          pagination: { page: 1, limit: 20, total: entries.length, pages: 1 },
        });
      }
      const page = Number(params.page ?? 1);
      const limit = Number(params.limit ?? 20);
      const count = Math.max(0, Math.min(limit, 45 - (page - 1) * limit));
      return ok(ListAuditResponseSchema, {
        entries: Array.from({ length: count }, (_, i) => entry((page - 1) * limit + i)),
        pagination: { page, limit, total: 45, pages: 3 },
      });
    }),
  );
  return calls;
}

/** The main line of each entry as it reads. */
function sentences(): string[] {
  return screen.getAllByTestId('audit-entry').map((li) => li.querySelector('p')?.textContent ?? '');
}

describe('Configuración → Auditoría', () => {
  it('reads the page and kind of action from the URL, shows the range and total, and pages through', async () => {
    const calls = mockAudit();
    const { router } = renderWithProviders(<AuditPanel />, '/settings?tab=audit&action=auth.&page=2');
    expect(await screen.findByText('Mostrando 21–40 de 45 entradas')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ action: 'auth.', page: '2' });
    expect(screen.getByRole('combobox', { name: 'Tipo de acción' })).toHaveProperty(
      'value',
      'Seguridad y sesiones',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41–45 de 45 entradas')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=audit&action=auth.&page=3');
  });

  it('filters by kind of action: the category’s prefixes go to the URL and the API, back to page 1', async () => {
    const calls = mockAudit();
    const { router } = renderWithProviders(<AuditPanel />, '/settings?tab=audit&page=3');
    await screen.findByText('Mostrando 41–45 de 45 entradas');
    fireEvent.click(screen.getByRole('combobox', { name: 'Tipo de acción' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Facturación' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('action')).toBe(
        'invoice.,recurring_invoice.,share_link.',
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(await screen.findByText('Mostrando 1–20 de 45 entradas')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ action: 'invoice.,recurring_invoice.,share_link.', page: '1' });

    fireEvent.click(screen.getByRole('combobox', { name: 'Tipo de acción' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Usuarios' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('action')).toBe('user.,account.'),
    );
  });

  it('reads each entry as a sentence, actor first, the object linked to its screen', async () => {
    mockAudit([
      entry(1, {
        action: 'invoice.created',
        actor: LAURA,
        targetType: 'invoice',
        targetId: INVOICE_ID,
        metadata: { invoiceNumber: 'FAC-2026-0042' },
        requestId: 'abcdef1234567890',
      }),
      entry(2, {
        action: 'invoice.payment_recorded',
        actor: LAURA,
        targetType: 'invoice',
        targetId: INVOICE_ID,
        metadata: { amountCents: 150000, withheldCents: 0, fullyPaid: false },
      }),
      entry(3, { action: 'quote_request.created', targetType: 'quote_request', targetId: 'q-1', ip: null }),
      entry(4, {
        action: 'settings.payment_instructions_updated',
        actor: LAURA,
        targetType: 'company_settings',
        targetId: '1',
        metadata: { bankAccounts: 2, otherMethods: true },
      }),
      entry(5, {
        action: 'fiscal.certificate_uploaded',
        actor: LAURA,
        targetType: 'settings',
        metadata: { subject: 'AGENCIA SRL' },
      }),
      entry(6, {
        action: 'auth.login.failed',
        metadata: { email: 'nadie@ejemplo.do', reason: 'unknown_email' },
      }),
      entry(7, { action: 'robot.did_something', actor: LAURA }),
    ]);
    const { router } = renderWithProviders(<AuditPanel />, '/settings?tab=audit');
    await screen.findAllByTestId('audit-entry');
    expect(sentences()).toEqual([
      'Laura Céspedes creó la factura FAC-2026-0042',
      'Laura Céspedes registró un pago en la factura',
      'El portal recibió una solicitud de cotización',
      'Laura Céspedes actualizó las instrucciones de pago',
      'Laura Céspedes cargó el certificado digital de AGENCIA SRL',
      'Alguien no pudo iniciar sesión con nadie@ejemplo.do (correo no registrado)',
      'Laura Céspedes realizó la acción «did something»',
    ]);
    // No raw code in the main line; it stays in the small print for support, with IP and request.
    const codes = [
      'invoice.created',
      'invoice.payment_recorded',
      'quote_request',
      'settings.',
      'fiscal.',
      'auth.',
      'robot.',
    ];
    for (const line of sentences()) for (const code of codes) expect(line).not.toContain(code);
    const [first] = screen.getAllByTestId('audit-entry');
    expect(within(first!).getByText(/IP 10\.0\.0\.1 · solicitud abcdef12/)).toBeTruthy();
    expect(within(first!).getByText('invoice.created')).toBeTruthy();

    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['FAC-2026-0042', `/billing/${INVOICE_ID}`],
      ['la factura', `/billing/${INVOICE_ID}`],
      ['una solicitud de cotización', '/clients/requests?kind=quote&id=q-1'],
      ['las instrucciones de pago', '/settings?tab=payments'],
      ['el certificado digital', '/settings?tab=fiscal'],
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'FAC-2026-0042' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/billing/${INVOICE_ID}`));
  });
});
