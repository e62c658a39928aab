import '@mantine/charts/styles.css';
import type { ReportDashboard } from '@agencia/shared';
import { BarChart } from '@mantine/charts';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';

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
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="md">
          Ingresos por mes
        </Title>
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
        />
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
          <BarChart
            h={260}
            data={data.projectsByStatus.map((p) => ({
              estado: PROJECT_STATUS_LABELS[p.status] ?? p.status,
              Proyectos: p.count,
            }))}
            dataKey="estado"
            series={[{ name: 'Proyectos', color: 'indigo.6' }]}
            tickLine="y"
          />
        )}
      </Card>
    </SimpleGrid>
  );
}
