import {
  GetProjectResponseSchema,
  ListProjectMeetingsResponseSchema,
  type ProjectFinances,
  ProjectFinancesSchema,
  type User,
} from '@agencia/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProjectDetail, buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderRoutes } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ProjectDetailPage } from '../pages/project-detail-page';

const PERSON_A = '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a01';
const PERSON_B = '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a02';
const INVOICE = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const EXPENSE = '8b1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function finances(projectId: string): ProjectFinances {
  return {
    projectId,
    currency: 'DOP',
    revenue: {
      total: 19000,
      count: 2,
      lines: [
        {
          kind: 'credit_note',
          invoiceId: INVOICE,
          number: 'B0400000001',
          issueDate: '2026-03-12',
          currency: 'DOP',
          amount: -1000,
        },
        {
          kind: 'invoice',
          invoiceId: INVOICE,
          number: 'FAC-2026-0007',
          issueDate: '2026-03-10',
          currency: 'DOP',
          amount: 20000,
        },
      ],
    },
    expenses: {
      total: 1050,
      count: 1,
      billableUnbilled: 1,
      lines: [
        {
          expenseId: EXPENSE,
          issueDate: '2026-03-02',
          supplier: 'Imprenta Duarte',
          description: 'Impresión de brochures',
          billable: true,
          invoiceId: null,
          amount: 1050,
        },
      ],
    },
    timeCost: {
      total: 1000,
      count: 2,
      hours: 3.5,
      unrated: { entries: 1, hours: 1.5 },
      lines: [
        {
          userId: PERSON_A,
          name: 'Laura Céspedes',
          hours: 2,
          entries: 1,
          costRate: 500,
          amount: 1000,
          hidden: false,
        },
        {
          userId: PERSON_B,
          name: 'Pedro Martínez',
          hours: 1.5,
          entries: 1,
          costRate: null,
          amount: null,
          hidden: false,
        },
      ],
    },
    margin: 16950,
    marginPercent: 89.2,
  };
}

function open(user: User) {
  const project = buildProjectDetail();
  useSessionStore.setState({ user, isAuthenticated: true } as never);
  server.use(
    http.get(apiUrl(`/projects/${project._id}`), () => ok(GetProjectResponseSchema, { project })),
    // The summary (where a client lands) lists the meetings.
    http.get(apiUrl(`/projects/${project._id}/meetings`), () =>
      ok(ListProjectMeetingsResponseSchema, { meetings: [], pagination: { page: 1, limit: 20, total: 0 } }),
    ),
    http.get(apiUrl(`/projects/${project._id}/finances`), () =>
      ok(ProjectFinancesSchema, finances(project._id)),
    ),
  );
  renderRoutes(
    [{ path: '/projects/:id', element: <ProjectDetailPage /> }],
    `/projects/${project._id}?tab=finanzas`,
  );
}

describe('project detail → Finanzas (decision 142)', () => {
  afterEach(() => useSessionStore.getState().logout());

  it('an admin reads the four figures, the lines, the unrated hours and may bill the expenses', async () => {
    open(buildUser({ role: 'admin', permissions: ['projects.read', 'projects.write', 'invoices.write'] }));
    const margin = (await screen.findAllByTestId('stat-card')).find((c) =>
      c.textContent?.includes('Margen'),
    )!;
    expect(margin.textContent).toContain('RD$16,950.00');
    expect(margin.textContent).toContain('89.2 % de los ingresos');
    const revenue = screen.getByRole('table', { name: 'Ingresos del proyecto' });
    expect(within(revenue).getByRole('row', { name: /Nota de crédito B0400000001/ }).textContent).toContain(
      '-RD$1,000.00',
    );
    const expenses = screen.getByRole('table', { name: 'Gastos del proyecto' });
    expect(within(expenses).getByRole('row', { name: /Imprenta Duarte/ }).textContent).toContain(
      'Por facturar',
    );
    const time = screen.getByRole('table', { name: 'Costo del tiempo por persona' });
    expect(within(time).getByRole('row', { name: /Pedro Martínez/ }).textContent).toContain('Sin tarifa');
    expect(screen.getByText('Horas sin tarifa de costo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Facturar gastos' })).toBeTruthy();
  });

  it('an employee reads the figures but has no "Facturar gastos"', async () => {
    open(buildUser({ role: 'employee', permissions: ['projects.read', 'projects.write'] }));
    expect(await screen.findByRole('table', { name: 'Gastos del proyecto' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Facturar gastos' })).toBeNull();
  });

  it('a client has no Finanzas tab: the link to it opens the summary', async () => {
    open(buildUser({ role: 'client', permissions: ['projects.read'] }));
    expect(await screen.findByRole('tab', { name: 'Resumen', selected: true })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Finanzas' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Gastos del proyecto' })).toBeNull();
  });
});
