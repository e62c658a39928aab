import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@agencia/shared';
import { Alert, Button, Center, Grid, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { StatGrid } from '../../../components/ui/stat-grid';
import { toastError } from '../../../lib/toast';
import { useReportDashboard } from '../api/reports';
import { downloadCsv } from '../components/csv';
import { DgiiReportsCard } from '../components/dgii-reports-card';
import { GenerateReportCard } from '../components/generate-report-card';
import { Kpi } from '../components/kpi';
import { PipelineCard } from '../components/pipeline-card';
import { ProfitabilityCard } from '../components/profitability-card';
import { dashboardCsv } from '../components/report-csv';
import { ReportsList } from '../components/reports-list';

const ReportCharts = lazy(() => import('../components/report-charts'));

/**
 * /reports (spec doc 2 §2 "Reports"): period select (default 6m), CSV export, four cards with
 * growth arrows, real charts (lazy) and generated financial / project reports.
 */
export function ReportsPage() {
  const [period, setPeriod] = useState<ReportPeriod>('6m');
  const q = useReportDashboard(period);
  const d = q.data;
  useEffect(() => {
    if (q.isError) toastError('Error', 'No se pudieron cargar los datos del reporte');
  }, [q.isError]);
  const money = (v: number) =>
    new Intl.NumberFormat('es-DO', {
      style: 'currency',
      currency: d?.currency ?? 'DOP',
      maximumFractionDigits: 0,
    }).format(v);

  return (
    <>
      <PageHeader
        title="Reportes"
        description="Indicadores del negocio por período"
        actions={
          <Group gap="sm">
            <Select
              aria-label="Período"
              data={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] }))}
              value={period}
              onChange={(v) => v && setPeriod(v as ReportPeriod)}
              allowDeselect={false}
              w={190}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              disabled={!d}
              onClick={() => d && downloadCsv(`reporte-${d.period}-${d.endDate}.csv`, dashboardCsv(d))}
            >
              Exportar CSV
            </Button>
          </Group>
        }
      />
      {q.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando reporte" />
        </Center>
      ) : q.isError || !d ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="Error">
          No se pudieron cargar los datos del reporte
        </Alert>
      ) : (
        <Stack gap="lg">
          <StatGrid>
            <Kpi label="Ingresos totales" value={money(d.totalRevenue)} growth={d.revenueGrowth} />
            <Kpi label="Proyectos activos" value={String(d.activeProjects)} growth={d.projectsGrowth} />
            <Kpi label="Clientes activos" value={String(d.activeClients)} growth={d.clientsGrowth} />
            <Kpi
              label="Tasa de finalización"
              value={`${d.completionRate}%`}
              hint={
                <Text size="xs" c="dimmed">
                  {d.totalProjects} proyectos nuevos en el período
                </Text>
              }
            />
          </StatGrid>
          <Suspense
            fallback={
              <Center h={300}>
                <Loader aria-label="Cargando gráficos" />
              </Center>
            }
          >
            <ReportCharts data={d} />
          </Suspense>
          <ProfitabilityCard />
          <PipelineCard period={period} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                <GenerateReportCard />
                <DgiiReportsCard />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <ReportsList />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </>
  );
}
