import { type AuditEntry, ListAuditResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { AuditPanel } from './audit-panel';

function entry(i: number): AuditEntry {
  return {
    _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    action: 'auth.login.success',
    actor: null,
    targetType: null,
    targetId: null,
    ip: '10.0.0.1',
    requestId: null,
    metadata: null,
    createdAt: '2026-01-01T12:00:00.000Z',
  };
}

/** Answers `GET /audit`: 45 entries in all, the page asked for; records each call's query string. */
function mockAudit() {
  const calls: Record<string, string>[] = [];
  server.use(
    http.get(apiUrl('/audit'), ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      calls.push(params);
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

describe('Configuración → Auditoría', () => {
  it('reads the page and category from the URL, shows the range and total, and pages through', async () => {
    const calls = mockAudit();
    const { router } = renderWithProviders(<AuditPanel />, '/settings?tab=audit&action=auth.&page=2');
    expect(await screen.findByText('Mostrando 21–40 de 45 entradas')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ action: 'auth.', page: '2' });

    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(await screen.findByText('Mostrando 41–45 de 45 entradas')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=audit&action=auth.&page=3');
  });

  it('goes back to page 1 when the category changes', async () => {
    mockAudit();
    const { router } = renderWithProviders(<AuditPanel />, '/settings?tab=audit&page=3');
    await screen.findByText('Mostrando 41–45 de 45 entradas');
    fireEvent.click(screen.getByRole('combobox', { name: 'Categoría' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Usuarios' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=audit&action=user.'));
    expect(await screen.findByText('Mostrando 1–20 de 45 entradas')).toBeTruthy();
  });
});
