import { formatMoney, type LeadTotals, type PipelineReport, type ReportPeriod } from '@agencia/shared';
import {
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { usePipelineReport } from '../api/reports';

const values = (t: Pick<LeadTotals, 'values'>) =>
  t.values.length ? t.values.map((v) => formatMoney(v.amount, v.currency, 0)).join(' · ') : '—';

const barColor = (kind: PipelineReport['stages'][number]['kind']) =>
  kind === 'won' ? 'teal' : kind === 'lost' ? 'red' : 'blue';

/**
 * Reportes → "Embudo de prospectos" (decision 170): what was won in the period (count and value
 * per currency) and every stage's leads now, as a table with a bar per stage (the bar is
 * decoration: the numbers are in the cells).
 */
export function PipelineCard({ period }: { period: ReportPeriod }) {
  const q = usePipelineReport(period);
  const d = q.data;
  const max = Math.max(1, ...(d?.stages.map((s) => s.count) ?? [1]));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Embudo de prospectos
        </Title>
        <Anchor component={Link} to="/leads" size="sm" underline="always">
          Ver tablero
        </Anchor>
      </Group>
      {q.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Cargando embudo de prospectos" />
        </Center>
      ) : q.isError || !d ? (
        <Alert color="red" title="Error">
          No se pudo cargar el embudo de prospectos
        </Alert>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <div>
              <Text size="xs" c="dimmed">
                Ganados en el período
              </Text>
              <Text fw={700} size="lg" data-testid="pipeline-won-count">
                {d.won.count}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Valor ganado
              </Text>
              <Text fw={700} size="lg" data-testid="pipeline-won-value">
                {values(d.won)}
              </Text>
            </div>
          </SimpleGrid>
          <TableScroll label="Prospectos por etapa" minWidth={520}>
            <Table aria-label="Prospectos por etapa">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Etapa</Table.Th>
                  <Table.Th ta="right">Prospectos</Table.Th>
                  <Table.Th>Valor</Table.Th>
                  <Table.Th w="30%">
                    <VisuallyHidden>Proporción</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.stages.map((s) => (
                  <Table.Tr key={s.stageId}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td ta="right">{s.count}</Table.Td>
                    <Table.Td>{values(s)}</Table.Td>
                    <Table.Td>
                      <Progress value={(s.count / max) * 100} color={barColor(s.kind)} aria-hidden />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      )}
    </Card>
  );
}
