import { formatMoney, type ProjectFinances } from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { StatCard } from '../../../components/ui/stat-card';
import { StatGrid } from '../../../components/ui/stat-grid';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useProjectFinances } from '../api/project-finances';

const BillExpensesModal = lazy(() =>
  import('./bill-expenses-modal').then((m) => ({ default: m.BillExpensesModal })),
);

const dop = (amount: number) => formatMoney(amount, 'DOP');
const hours = (h: number) => `${h.toLocaleString('es-DO', { maximumFractionDigits: 2 })} h`;
const KIND_LABELS: Record<ProjectFinances['revenue']['lines'][number]['kind'], string> = {
  invoice: 'Factura',
  credit_note: 'Nota de crédito',
  debit_note: 'Nota de débito',
};

/** "Mostrando N de M" under a capped list. */
function Capped({ shown, count }: { shown: number; count: number }) {
  if (count <= shown) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      Mostrando los {shown} más recientes de {count}.
    </Text>
  );
}

function Section({ title, total, children }: { title: string; total: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text fw={600} data-amount>
          {total}
        </Text>
      </Group>
      {children}
    </Card>
  );
}

/**
 * Project detail → "Finanzas" (staff only; decision 142): revenue invoiced (without ITBIS, net
 * of credit notes), expenses at cost, time cost (hours × each person's cost rate) and the margin,
 * all in pesos, each with the lines that make it. Admins bill the billable purchases here.
 */
export function FinancesTab({ projectId, canBill }: { projectId: string; canBill: boolean }) {
  const query = useProjectFinances(projectId);
  const [billing, setBilling] = useState(false);
  if (query.isPending)
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Cargando finanzas" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {getErrorMessage(query.error, 'No se pudieron cargar las finanzas del proyecto')}
      </Alert>
    );
  const f = query.data;
  const negative = f.margin < 0;
  return (
    <Stack gap="md">
      <StatGrid minColumn="12rem">
        <StatCard
          label="Ingresos facturados"
          value={dop(f.revenue.total)}
          hint="Sin ITBIS, neto de notas de crédito"
        />
        <StatCard label="Gastos" value={dop(f.expenses.total)} hint="Al costo, sin ITBIS deducible" />
        <StatCard
          label="Costo del tiempo"
          value={dop(f.timeCost.total)}
          hint={`${hours(f.timeCost.hours)} registradas`}
        />
        <StatCard
          label="Margen"
          value={dop(f.margin)}
          color={negative ? 'var(--mantine-color-red-text)' : 'teal.7'}
          hint={
            f.marginPercent === null
              ? 'Sin ingresos aún'
              : `${f.marginPercent.toLocaleString('es-DO')} % de los ingresos`
          }
        />
      </StatGrid>

      {f.timeCost.unrated.entries > 0 && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Horas sin tarifa de costo">
          {f.timeCost.unrated.entries} {f.timeCost.unrated.entries === 1 ? 'registro' : 'registros'} (
          {hours(f.timeCost.unrated.hours)}) de personas sin costo por hora no suman al costo del tiempo. Un
          administrador fija el costo por hora en Usuarios.
        </Alert>
      )}

      <Section title="Ingresos" total={dop(f.revenue.total)}>
        {f.revenue.lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            Aún no hay facturas emitidas para este proyecto.
          </Text>
        ) : (
          <TableScroll label="Ingresos del proyecto" minWidth={520}>
            <Table striped aria-label="Ingresos del proyecto">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Documento</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th ta="right">Monto (RD$, sin ITBIS)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {f.revenue.lines.map((l) => (
                  <Table.Tr key={`${l.kind}-${l.number}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/billing/${l.invoiceId}`} size="sm">
                        {KIND_LABELS[l.kind]} {l.number}
                      </Anchor>
                      {l.currency !== 'DOP' && (
                        <Badge ml="xs" size="xs" variant="light">
                          {l.currency}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(l.issueDate)}</Table.Td>
                    <Table.Td
                      ta="right"
                      data-amount
                      c={l.amount < 0 ? 'var(--mantine-color-red-text)' : undefined}
                    >
                      {dop(l.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <Capped shown={f.revenue.lines.length} count={f.revenue.count} />
      </Section>

      <Section title="Gastos" total={dop(f.expenses.total)}>
        {canBill && f.expenses.billableUnbilled > 0 && (
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Text size="sm">
              {f.expenses.billableUnbilled}{' '}
              {f.expenses.billableUnbilled === 1
                ? 'gasto facturable sin facturar'
                : 'gastos facturables sin facturar'}
            </Text>
            <Button size="xs" leftSection={<IconFileInvoice size={16} />} onClick={() => setBilling(true)}>
              Facturar gastos
            </Button>
          </Group>
        )}
        {f.expenses.lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            Aún no hay gastos registrados en este proyecto.
          </Text>
        ) : (
          <TableScroll label="Gastos del proyecto" minWidth={560}>
            <Table striped aria-label="Gastos del proyecto">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Suplidor y concepto</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Facturación</Table.Th>
                  <Table.Th ta="right">Costo (RD$)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {f.expenses.lines.map((l) => (
                  <Table.Tr key={l.expenseId} data-testid="finance-expense">
                    <Table.Td>
                      <Text size="sm">{l.supplier}</Text>
                      <Text size="xs" c="dimmed">
                        {l.description}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(l.issueDate)}</Table.Td>
                    <Table.Td>
                      {l.invoiceId ? (
                        <Anchor component={Link} to={`/billing/${l.invoiceId}`} size="sm">
                          Facturado
                        </Anchor>
                      ) : l.billable ? (
                        <Badge variant="light" color="blue">
                          Por facturar
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No facturable
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" data-amount>
                      {dop(l.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <Capped shown={f.expenses.lines.length} count={f.expenses.count} />
      </Section>

      <Section title="Costo del tiempo" total={dop(f.timeCost.total)}>
        {f.timeCost.lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            Aún no hay horas registradas.
          </Text>
        ) : (
          <TableScroll label="Costo del tiempo por persona" minWidth={520}>
            <Table striped aria-label="Costo del tiempo por persona">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Persona</Table.Th>
                  <Table.Th ta="right">Horas</Table.Th>
                  <Table.Th ta="right">Costo por hora</Table.Th>
                  <Table.Th ta="right">Costo (RD$)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {f.timeCost.lines.map((l) => (
                  <Table.Tr key={l.userId}>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td ta="right">{hours(l.hours)}</Table.Td>
                    <Table.Td ta="right" data-amount>
                      {l.hidden ? (
                        <Text size="sm" c="dimmed">
                          Reservado
                        </Text>
                      ) : l.costRate === null ? (
                        <Badge variant="light" color="yellow">
                          Sin tarifa
                        </Badge>
                      ) : (
                        dop(l.costRate)
                      )}
                    </Table.Td>
                    <Table.Td ta="right" data-amount>
                      {l.amount === null ? '—' : dop(l.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        <Capped shown={f.timeCost.lines.length} count={f.timeCost.count} />
      </Section>

      {billing && (
        <Suspense fallback={null}>
          <BillExpensesModal projectId={projectId} opened onClose={() => setBilling(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
