import type { Report, ReportDashboard } from '@agencia/shared';

// Test data builders: financial reports and the reports dashboard.

/** `GET /reports/dashboard` for the last 6 months with every figure at zero and no growth data, with overrides. */
export function buildReportDashboard(overrides: Partial<ReportDashboard> = {}): ReportDashboard {
  return {
    period: '6m',
    startDate: '2026-05-25',
    endDate: '2026-11-25',
    currency: 'DOP',
    totalRevenue: 0,
    revenueGrowth: null,
    totalProjects: 0,
    activeProjects: 0,
    projectsGrowth: null,
    activeClients: 0,
    clientsGrowth: null,
    completionRate: 0,
    revenueByMonth: [],
    projectsByStatus: [],
    ...overrides,
  };
}

/** A generated financial report of 2026 with empty sections and zero totals, with overrides. */
export function buildReport(overrides: Partial<Report> = {}): Report {
  return {
    _id: '4f3e2d1c-0b9a-4887-a665-544332211001',
    type: 'financial',
    title: 'Reporte financiero de prueba',
    description: null,
    startDate: '2026-01-01',
    endDate: '2026-11-25',
    data: {
      currency: 'DOP',
      revenueByMonth: [],
      revenueByClient: [],
      invoicesByStatus: [],
      projectsByStatus: [],
      projectsByCategory: [],
      hoursLogged: null,
      totals: { invoiced: 0, collected: 0, pending: 0, taxInvoiced: 0 },
    },
    createdBy: null,
    createdAt: '2026-11-25T14:00:00.000Z',
    ...overrides,
  };
}
