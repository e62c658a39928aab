import '@mantine/charts/styles.css';
import { PROJECT_STATUS_COLORS, PROJECT_STATUS_LABELS, type ProjectProgress } from '@agencia/shared';
import { BarChart, DonutChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { AccessibleChart } from '../../../components/ui/accessible-chart';

/** One sentence for screen readers: how many active projects, their average progress. */
function progressSummary(data: ProjectProgress): string {
  const count = data.projects.length;
  const average = Math.round(data.projects.reduce((sum, p) => sum + p.progressPercentage, 0) / count);
  return `Progreso de proyectos activos: ${count} ${count === 1 ? 'proyecto' : 'proyectos'}, ${average}% de avance medio`;
}

/**
 * Progress of active projects (horizontal bars) and the status distribution (donut).
 * Loaded lazily: recharts only downloads with the dashboard's chart.
 */
export default function ProgressChart({ data }: { data: ProjectProgress }) {
  const bars = data.projects.map((p) => ({
    project: p.title.length > 28 ? `${p.title.slice(0, 27)}…` : p.title,
    Progreso: p.progressPercentage,
  }));
  const donut = data.byStatus
    .filter((s) => s.count > 0)
    .map((s) => ({
      name: PROJECT_STATUS_LABELS[s.status],
      value: s.count,
      color: `${PROJECT_STATUS_COLORS[s.status]}.6`,
    }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Progreso de proyectos activos
        </Text>
        {bars.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hay proyectos activos.
          </Text>
        ) : (
          <AccessibleChart
            summary={progressSummary(data)}
            columns={['Proyecto', 'Progreso']}
            rows={data.projects.map((p) => ({ label: p.title, values: [`${p.progressPercentage}%`] }))}
          >
            <BarChart
              h={Math.max(160, bars.length * 36)}
              data={bars}
              dataKey="project"
              orientation="vertical"
              series={[{ name: 'Progreso', color: 'blue.7' }]}
              xAxisProps={{ domain: [0, 100] }}
              yAxisProps={{ width: 150 }}
              valueFormatter={(v) => `${v}%`}
              gridAxis="none"
              barChartProps={{ accessibilityLayer: false }}
            />
          </AccessibleChart>
        )}
      </Stack>
      <Stack gap="xs" align="center">
        <Text size="sm" fw={600} style={{ alignSelf: 'flex-start' }}>
          Proyectos por estado
        </Text>
        {donut.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin proyectos.
          </Text>
        ) : (
          <>
            <AccessibleChart
              summary={`Proyectos por estado: ${donut.map((d) => `${d.name}, ${d.value}`).join('; ')}`}
              columns={['Estado', 'Proyectos']}
              rows={donut.map((d) => ({ label: d.name, values: [String(d.value)] }))}
            >
              <DonutChart
                data={donut}
                size={160}
                thickness={26}
                withTooltip={false}
                pieChartProps={{ accessibilityLayer: false }}
              />
            </AccessibleChart>
            <Group gap="sm" justify="center">
              {donut.map((d) => (
                <Group key={d.name} gap={4} wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: 2,
                      background: `var(--mantine-color-${d.color.replace('.', '-')})`,
                    }}
                  />
                  <Text size="xs">
                    {d.name}: {d.value}
                  </Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </SimpleGrid>
  );
}
