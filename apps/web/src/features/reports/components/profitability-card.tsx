import '@mantine/dates/styles.css';
import {
  formatMoney,
  PROFITABILITY_GROUP_LABELS,
  PROFITABILITY_GROUPS,
  type ProfitabilityGroup,
  ProfitabilityQuerySchema,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { useDateInputFormat } from '../../../lib/format';
import { useProfitabilityReport } from '../api/reports';

const ProfitabilityChart = lazy(() => import('./profitability-chart'));

const dop = (v: number) => formatMoney(v, 'DOP');
const percent = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('es-DO')} %`);
/** "12.5 h": hours with at most two decimals. */
const hours = (h: number) => `${Number(h.toFixed(2))} h`;

/**
 * Reportes → "Rentabilidad" (decision 142): a period and a grouping (project or client), a bar
 * chart of the margin and the ranking table, which is the chart's text alternative: the chart
 * is one image whose name points to the table.
 */
export function ProfitabilityCard() {
  const dateInputFormat = useDateInputFormat();
  const [from, setFrom] = useState<string | null>(dayjs().startOf('year').format('YYYY-MM-DD'));
  const [to, setTo] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [groupBy, setGroupBy] = useState<ProfitabilityGroup>('project');
  const query = { from: from ?? '', to: to ?? '', groupBy };
  const parsed = ProfitabilityQuerySchema.safeParse(query);
  const rangeError = parsed.success ? null : parsed.error.issues[0]?.message;
  const report = useProfitabilityReport(query, parsed.success);
  const data = report.data;
  const label = PROFITABILITY_GROUP_LABELS[groupBy];

  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Rentabilidad
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
            <DateInput
              label="Inicio del período"
              valueFormat={dateInputFormat}
              value={from}
              onChange={setFrom}
            />
            <DateInput
              label="Fin del período"
              valueFormat={dateInputFormat}
              value={to}
              onChange={setTo}
              error={rangeError}
            />
          </DatesProvider>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="profitability-group-label">
              Agrupar por
            </Text>
            <SegmentedControl
              aria-labelledby="profitability-group-label"
              value={groupBy}
              onChange={(v) => setGroupBy(v as ProfitabilityGroup)}
              data={PROFITABILITY_GROUPS.map((g) => ({ value: g, label: PROFITABILITY_GROUP_LABELS[g] }))}
            />
          </Stack>
        </SimpleGrid>
        {report.isError ? (
          <Alert color="red">{getErrorMessage(report.error, 'No se pudo calcular la rentabilidad')}</Alert>
        ) : !data ? (
          parsed.success && (
            <Center py="md">
              <Loader size="sm" aria-label="Calculando rentabilidad" />
            </Center>
          )
        ) : data.rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Sin ingresos, gastos ni horas en el período.
          </Text>
        ) : (
          <>
            {data.totals.unratedHours > 0 && (
              <Alert color="yellow" title="Horas sin tarifa de costo" data-testid="profitability-unrated">
                {hours(data.totals.unratedHours)} del período son de personas sin costo por hora: no cuentan
                en el costo del tiempo, así que esos márgenes salen más altos de lo real. Asigna el costo en{' '}
                <Anchor component={Link} to="/users" underline="always">
                  Usuarios
                </Anchor>{' '}
                (Editar usuario → Costo por hora).
              </Alert>
            )}
            <div
              role="img"
              aria-label={`Gráfico del margen por ${label.toLowerCase()}; los datos están en la tabla "Rentabilidad por ${label.toLowerCase()}".`}
            >
              <div aria-hidden inert>
                <Suspense
                  fallback={
                    <Center h={160}>
                      <Loader size="sm" />
                    </Center>
                  }
                >
                  <ProfitabilityChart rows={data.rows} />
                </Suspense>
              </div>
            </div>
            <TableScroll label={`Rentabilidad por ${label.toLowerCase()}`} minWidth={720}>
              <Table
                striped
                aria-label={`Rentabilidad por ${label.toLowerCase()}`}
                data-testid="profitability-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{label}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Ingresos
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Gastos
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Costo del tiempo
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Margen
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Margen %
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Th scope="row" fw={400}>
                        {data.groupBy === 'project' ? (
                          <>
                            <Anchor component={Link} to={`/projects/${r.id}?tab=finanzas`} size="sm">
                              {r.name}
                            </Anchor>
                            <Text size="xs" c="dimmed">
                              {r.clientName}
                            </Text>
                          </>
                        ) : (
                          <Anchor component={Link} to={`/clients/${r.id}`} size="sm">
                            {r.name}
                          </Anchor>
                        )}
                      </Table.Th>
                      <Table.Td ta="right" data-amount>
                        {dop(r.revenue)}
                      </Table.Td>
                      <Table.Td ta="right" data-amount>
                        {dop(r.expenses)}
                      </Table.Td>
                      <Table.Td ta="right" data-amount>
                        {dop(r.timeCost)}
                        {r.unratedHours > 0 && (
                          <Text size="xs" c="dimmed">
                            + {hours(r.unratedHours)} sin tarifa
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td
                        ta="right"
                        data-amount
                        c={r.margin < 0 ? 'var(--mantine-color-red-text)' : undefined}
                      >
                        {dop(r.margin)}
                      </Table.Td>
                      <Table.Td ta="right">{percent(r.marginPercent)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row">Total</Table.Th>
                    <Table.Th ta="right">{dop(data.totals.revenue)}</Table.Th>
                    <Table.Th ta="right">{dop(data.totals.expenses)}</Table.Th>
                    <Table.Th ta="right">{dop(data.totals.timeCost)}</Table.Th>
                    <Table.Th ta="right">{dop(data.totals.margin)}</Table.Th>
                    <Table.Th ta="right">{percent(data.totals.marginPercent)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </TableScroll>
            <Group>
              <Text size="xs" c="dimmed">
                Montos en pesos: ingresos sin ITBIS y netos de notas de crédito; gastos al costo; tiempo a
                costo por hora de cada persona.
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
