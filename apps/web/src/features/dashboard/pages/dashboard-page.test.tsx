import {
  ActivityResponseSchema,
  type BackupStatus,
  BackupStatusSchema,
  DashboardStatsSchema,
  type EcfAlerts,
  type FiscalSequence,
  GetEcfAlertsResponseSchema,
  ListFiscalSequencesResponseSchema,
  ProjectProgressResponseSchema,
  QuickActionsResponseSchema,
  RecentProjectsResponseSchema,
  RecentTicketsResponseSchema,
} from '@agencia/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { DashboardPage } from './dashboard-page';

const b15: FiscalSequence = {
  _id: '00000000-0000-4000-8000-000000000015',
  documentType: 'B15',
  rangeFrom: 1,
  rangeTo: 100,
  nextNumber: 63,
  nextNcf: 'B1500000063',
  used: 62,
  remaining: 38,
  remainingPercent: 38,
  expiresOn: '2027-12-31',
  alertThreshold: 35,
  active: true,
  isExpired: false,
  isExhausted: false,
  isLow: false,
  expiresSoon: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Direct e-CF emission with nothing to report (issue 26). */
const QUIET_ECF: EcfAlerts = {
  ecfMode: 'direct',
  rejected: 0,
  stalePending: 0,
  certificateValidTo: new Date(Date.now() + 200 * 86_400_000).toISOString(),
};

/**
 * The dashboard's own endpoints answer empty; `/fiscal/sequences` answers `sequences` and
 * `/fiscal/ecf-alerts` answers `alerts`. Returns the paths requested, in order.
 */
function mockApi(
  sequences: FiscalSequence[],
  alerts: EcfAlerts = QUIET_ECF,
  backup: BackupStatus = { lastBackupAt: new Date(Date.now() - 3600_000).toISOString(), stale: false },
) {
  const requested: string[] = [];
  const answer = (path: string, reply: () => Response) =>
    http.get(apiUrl(path), () => {
      requested.push(path);
      return reply();
    });
  server.use(
    answer('/dashboard/stats', () =>
      ok(DashboardStatsSchema, {
        projects: { totalProjects: 0, activeProjects: 0, totalBudget: 0, avgProgress: 0 },
        tickets: { totalTickets: 0, openTickets: 0 },
      }),
    ),
    answer('/dashboard/recent-projects', () => ok(RecentProjectsResponseSchema, { projects: [] })),
    answer('/dashboard/recent-tickets', () => ok(RecentTicketsResponseSchema, { tickets: [] })),
    answer('/dashboard/activity', () => ok(ActivityResponseSchema, { activities: [] })),
    answer('/dashboard/project-progress', () =>
      ok(ProjectProgressResponseSchema, { projects: [], byStatus: [] }),
    ),
    answer('/dashboard/quick-actions', () => ok(QuickActionsResponseSchema, { actions: [] })),
    answer('/fiscal/sequences', () => ok(ListFiscalSequencesResponseSchema, { sequences })),
    answer('/fiscal/ecf-alerts', () => ok(GetEcfAlertsResponseSchema, { alerts })),
    answer('/backups/status', () => ok(BackupStatusSchema, backup)),
  );
  return requested;
}

const signIn = (role: 'admin' | 'employee') =>
  useSessionStore.setState({ user: buildUser({ role }), isAuthenticated: true } as never);

describe('Dashboard: fiscal ranges warning (issue 12)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('tells an admin how many numbers are left and when a range expires, linking to Configuración → Fiscal', async () => {
    signIn('admin');
    mockApi([
      { ...b15, isLow: true, remaining: 30, remainingPercent: 30 },
      { ...b15, _id: '00000000-0000-4000-8000-000000000031', documentType: 'E31', expiresSoon: true },
    ]);
    renderWithProviders(<DashboardPage />);
    const alert = await screen.findByRole('status', { name: 'Comprobantes fiscales' });
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Quedan 30 comprobantes B15 · Gubernamental (30\u00a0% del rango).',
      'El rango E31 · Crédito Fiscal Electrónica vence el 31/12/2027.',
    ]);
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/settings?tab=fiscal');
  });

  it('shows nothing to an admin whose ranges are fine', async () => {
    signIn('admin');
    const requested = mockApi([b15]);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Panel de Administración' })).toBeTruthy();
    await waitFor(() => expect(requested).toContain('/fiscal/sequences'));
    // The answer rendered before asserting the absence: the recent projects block shows its empty state.
    await screen.findByText('Proyectos Recientes');
    expect(screen.queryByText('Comprobantes fiscales')).toBeNull();
  });

  it('never asks for the ranges for other roles', async () => {
    signIn('employee');
    const requested = mockApi([{ ...b15, isLow: true }]);
    renderWithProviders(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Mi Dashboard' });
    await waitFor(() => expect(requested).toContain('/dashboard/stats'));
    expect(requested).not.toContain('/fiscal/sequences');
    expect(screen.queryByText('Comprobantes fiscales')).toBeNull();
  });
});

describe('Dashboard: e-CF warning (issue 26)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const dmy = (iso: string) => {
    const d = new Date(iso);
    const two = (n: number) => String(n).padStart(2, '0');
    // The company's zone (America/Santo_Domingo, UTC−4) names the day.
    const local = new Date(d.getTime() - 4 * 3_600_000);
    return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  };

  it('warns an admin about rejected and stale e-CF, linking to the rejected invoices and the settings', async () => {
    signIn('admin');
    mockApi([b15], { ...QUIET_ECF, rejected: 2, stalePending: 1 });
    renderWithProviders(<DashboardPage />);
    const alert = await screen.findByRole('status', { name: 'Facturación electrónica (e-CF)' });
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'La DGII rechazó 2 e-CF: no tienen validez fiscal hasta que emitas los que los sustituyan. Ver facturas con e-CF rechazado',
      '1 e-CF lleva más de una hora sin respuesta de la DGII. Probar la conexión en Configuración → Fiscal',
    ]);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/billing?ecfStatus=rejected');
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toBe('/settings?tab=fiscal');
  });

  it('warns when the certificate expires within 30 days or has expired (direct mode only)', async () => {
    signIn('admin');
    const soon = inDays(10);
    mockApi([b15], { ...QUIET_ECF, certificateValidTo: soon });
    const { unmount } = renderWithProviders(<DashboardPage />);
    let alert = await screen.findByRole('status', { name: 'Facturación electrónica (e-CF)' });
    expect(alert.textContent).toContain(`El certificado digital vence el ${dmy(soon)} (en 10 días).`);
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/settings?tab=fiscal');
    unmount();

    const past = inDays(-2);
    mockApi([b15], { ...QUIET_ECF, certificateValidTo: past });
    const second = renderWithProviders(<DashboardPage />);
    alert = await screen.findByRole('status', { name: 'Facturación electrónica (e-CF)' });
    expect(alert.textContent).toContain(`El certificado digital venció el ${dmy(past)}`);
    second.unmount();

    // Provider mode: the portal signs nothing, its certificate's expiry is no emergency.
    const requested = mockApi([b15], { ...QUIET_ECF, ecfMode: 'provider', certificateValidTo: past });
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(requested).toContain('/fiscal/ecf-alerts'));
    await screen.findByText('Proyectos Recientes');
    expect(screen.queryByText('Facturación electrónica (e-CF)')).toBeNull();
  });

  it('shows nothing when all is fine, and never asks for other roles', async () => {
    signIn('admin');
    let requested = mockApi([b15]);
    const { unmount } = renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(requested).toContain('/fiscal/ecf-alerts'));
    await screen.findByText('Proyectos Recientes');
    expect(screen.queryByText('Facturación electrónica (e-CF)')).toBeNull();
    unmount();

    signIn('employee');
    requested = mockApi([b15], { ...QUIET_ECF, rejected: 3 });
    renderWithProviders(<DashboardPage />);
    await screen.findByRole('heading', { name: 'Mi Dashboard' });
    await waitFor(() => expect(requested).toContain('/dashboard/stats'));
    expect(requested).not.toContain('/fiscal/ecf-alerts');
    expect(screen.queryByText('Facturación electrónica (e-CF)')).toBeNull();
  });
});

describe('Dashboard: backups (decision 143)', () => {
  afterEach(() => {
    useSessionStore.getState().logout();
  });

  it('shows the last good backup, and warns when there is none in 36 hours', async () => {
    signIn('admin');
    let requested = mockApi([b15]);
    const { unmount } = renderWithProviders(<DashboardPage />);
    expect(await screen.findByText(/Última copia de seguridad:/)).toBeTruthy();
    expect(screen.queryByText('Copias de seguridad')).toBeNull();
    unmount();

    requested = mockApi([b15], QUIET_ECF, {
      lastBackupAt: new Date(Date.now() - 40 * 3600_000).toISOString(),
      stale: true,
    });
    const second = renderWithProviders(<DashboardPage />);
    const alert = (await screen.findByText('Copias de seguridad')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText(/No hay una copia de seguridad en las últimas 36 horas/)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Configuración → Copias de seguridad' })).toBeTruthy();
    second.unmount();

    signIn('employee');
    requested = mockApi([b15]);
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(requested).toContain('/dashboard/stats'));
    expect(requested).not.toContain('/backups/status');
  });
});
