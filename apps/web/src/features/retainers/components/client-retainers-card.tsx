import { RECURRING_FREQUENCY_LABELS } from '@agencia/shared';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useRecurringInvoices } from '../api/recurring-invoices';
import { RetainerAmount } from './retainer-amount';

/** Mis Facturas (client): the client's active retainers with next date, amount and hour bank (decision 111). */
export function ClientRetainersCard() {
  useDateDisplay();
  const { data } = useRecurringInvoices();
  if (!data || data.length === 0) return null;
  return (
    <Paper withBorder p="md" mb="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Mis igualas
        </Title>
        <TableScroll label="Mis igualas" minWidth={500}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Servicio</Table.Th>
                <Table.Th>Frecuencia</Table.Th>
                <Table.Th>Monto</Table.Th>
                <Table.Th>Próxima factura</Table.Th>
                <Table.Th>Bolsa de horas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((r) => (
                <Table.Tr key={r._id}>
                  <Table.Td>{r.project?.title ?? r.items[0]?.description ?? 'Iguala'}</Table.Td>
                  <Table.Td>{RECURRING_FREQUENCY_LABELS[r.frequency]}</Table.Td>
                  <Table.Td data-amount>
                    <RetainerAmount retainer={r} />
                  </Table.Td>
                  <Table.Td>{r.nextInvoiceDate ? formatDate(r.nextInvoiceDate) : '—'}</Table.Td>
                  <Table.Td>
                    {r.hoursIncluded == null ? (
                      '—'
                    ) : (
                      <Text size="sm">
                        {r.hoursUsed ?? 0} h de {r.hoursIncluded} h
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Paper>
  );
}
