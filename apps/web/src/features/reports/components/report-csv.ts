import { REPORT_PERIOD_LABELS, type Report, type ReportDashboard } from '@agencia/shared';
import { toCsv } from './csv';

/** The CSV of the /reports dashboard: KPIs with growth, revenue by month and projects by status. */
export function dashboardCsv(d: ReportDashboard) {
  return toCsv([
    {
      title: `Reporte ${REPORT_PERIOD_LABELS[d.period]} (${d.startDate} a ${d.endDate})`,
      header: ['Indicador', 'Valor', 'Crecimiento %'],
      rows: [
        [`Ingresos totales (${d.currency})`, d.totalRevenue, d.revenueGrowth ?? ''],
        ['Proyectos nuevos', d.totalProjects, d.projectsGrowth ?? ''],
        ['Proyectos activos', d.activeProjects, ''],
        ['Clientes activos', d.activeClients, d.clientsGrowth ?? ''],
        ['Tasa de finalización %', d.completionRate, ''],
      ],
    },
    {
      title: 'Ingresos por mes',
      header: ['Mes', 'Facturado', 'Cobrado'],
      rows: d.revenueByMonth.map((r) => [r.month, r.invoiced, r.revenue]),
    },
    {
      title: 'Proyectos por estado',
      header: ['Estado', 'Cantidad'],
      rows: d.projectsByStatus.map((p) => [p.status, p.count]),
    },
  ]);
}

/** The CSV of a generated report: totals, then the financial or project breakdowns. */
export function reportCsv(r: Report) {
  const d = r.data;
  const sections: Array<{ title?: string; header: string[]; rows: unknown[][] }> = [
    {
      title: `${r.title} (${r.startDate} a ${r.endDate})`,
      header: ['Total', 'Valor'],
      rows: Object.entries(d.totals),
    },
  ];
  if (r.type === 'financial') {
    sections.push(
      {
        title: 'Ingresos por mes',
        header: ['Mes', 'Facturado', 'Cobrado'],
        rows: d.revenueByMonth.map((m) => [m.month, m.invoiced, m.revenue]),
      },
      {
        title: 'Ingresos por cliente',
        header: ['Cliente', 'Cobrado'],
        rows: d.revenueByClient.map((c) => [c.client, c.revenue]),
      },
      {
        title: 'Facturas por estado',
        header: ['Estado', 'Cantidad', 'Total'],
        rows: d.invoicesByStatus.map((s) => [s.status, s.count, s.total]),
      },
    );
  } else {
    sections.push(
      {
        title: 'Proyectos por estado',
        header: ['Estado', 'Cantidad'],
        rows: d.projectsByStatus.map((p) => [p.status, p.count]),
      },
      {
        title: 'Proyectos por categoría',
        header: ['Categoría', 'Cantidad'],
        rows: d.projectsByCategory.map((p) => [p.category, p.count]),
      },
      { title: 'Horas registradas', header: ['Horas'], rows: [[d.hoursLogged ?? 'No disponible']] },
    );
  }
  return toCsv(sections);
}
