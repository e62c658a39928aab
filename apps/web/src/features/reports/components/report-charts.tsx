import '@mantine/charts/styles.css';
import type { ReportDashboard } from '@agencia/shared';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { AccessibleChart } from '../../../components/ui/accessible-chart';

const PROJECT_STATUS_LABELS: Record<string, string> = {
  requested: 'Solicitado',
  approved: 'Aprobado',
  in_progress: 'En progreso',
  in_review: 'En revisión',
  completed: 'Completado',
  on_hold: 'En pausa',
  cancelled: 'Cancelado',
};

const monthLabel = (m: string) =>
  new Date(`${m}-15T12:00:00`).toLocaleDateString('es-DO', { month: 'short', year: '2-digit' });

/** Revenue by month and projects by status (lazy chunk: @mantine/charts + recharts). */
export default function ReportCharts({ data }: { data: ReportDashboard }) {
  const money = (v: number) =>
    new Intl.NumberFormat('es-DO', {
      style: 'currency',
      currency: data.currency,
      maximumFractionDigits: 0,
    }).format(v);
  const invoiced = data.revenueByMonth.reduce((sum, r) => sum + r.invoiced, 0);
  const collected = data.revenueByMonth.reduce((sum, r) => sum + r.revenue, 0);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="md">
          Ingresos por mes
        </Title>
        <AccessibleChart
          summary={`Ingresos por mes: facturado ${money(invoiced)} y cobrado ${money(collected)} en ${data.revenueByMonth.length} meses`}
          columns={['Mes', 'Facturado', 'Cobrado']}
          rows={data.revenueByMonth.map((r) => ({
            label: monthLabel(r.month),
            values: [money(r.invoiced), money(r.revenue)],
          }))}
        >
          <BarChart
            h={260}
            data={data.revenueByMonth.map((r) => ({
              mes: monthLabel(r.month),
              Cobrado: r.revenue,
              Facturado: r.invoiced,
            }))}
            dataKey="mes"
            series={[
              { name: 'Facturado', color: 'blue.3' },
              { name: 'Cobrado', color: 'teal.7' },
            ]}
            valueFormatter={money}
            withLegend
            tickLine="y"
            yAxisProps={{ width: 90 }}
            barChartProps={{ accessibilityLayer: false }}
          />
        </AccessibleChart>
      </Card>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="md">
          Proyectos por estado
        </Title>
        {data.projectsByStatus.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Aún no hay proyectos
          </Text>
        ) : (
          <AccessibleChart
            summary={`Proyectos por estado: ${data.projectsByStatus
              .map((p) => `${PROJECT_STATUS_LABELS[p.status] ?? p.status}, ${p.count}`)
              .join('; ')}`}
            columns={['Estado', 'Proyectos']}
            rows={data.projectsByStatus.map((p) => ({
              label: PROJECT_STATUS_LABELS[p.status] ?? p.status,
              values: [String(p.count)],
            }))}
          >
            <BarChart
              h={260}
              data={data.projectsByStatus.map((p) => ({
                estado: PROJECT_STATUS_LABELS[p.status] ?? p.status,
                Proyectos: p.count,
              }))}
              dataKey="estado"
              series={[{ name: 'Proyectos', color: 'indigo.6' }]}
              tickLine="y"
              barChartProps={{ accessibilityLayer: false }}
            />
          </AccessibleChart>
        )}
      </Card>
    </SimpleGrid>
  );
}
