import type { AuditEntry } from '@agencia/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { apiClient } from '../../../lib/api-client';
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

/** Mocks `GET /audit`: 45 entries in all, the page asked for; records each call's params. */
function mockAudit() {
  const calls: Record<string, unknown>[] = [];
  vi.spyOn(apiClient, 'get').mockImplementation(async (_url: string, config?: { params?: unknown }) => {
    const params = { ...(config?.params as object) } as { page?: number; limit?: number };
    calls.push(params);
    const page = params.page ?? 1;
    const limit = params.limit ?? 20;
    const count = Math.max(0, Math.min(limit, 45 - (page - 1) * limit));
    return {
      data: {
        success: true,
        data: {
          entries: Array.from({ length: count }, (_, i) => entry((page - 1) * limit + i)),
          pagination: { page, limit, total: 45, pages: 3 },
        },
      },
    };
  });
  return calls;
}

describe('Configuración → Auditoría', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the page and category from the URL, shows the range and total, and pages through', async () => {
    const calls = mockAudit();
    const { router } = renderWithProviders(<AuditPanel />, '/settings?tab=audit&action=auth.&page=2');
    expect(await screen.findByText('Mostrando 21–40 de 45 entradas')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ action: 'auth.', page: 2 });

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
