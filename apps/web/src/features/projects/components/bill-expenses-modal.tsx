import { formatMoney } from '@agencia/shared';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useBillableExpenses, useBillExpenses } from '../api/project-finances';

/**
 * "Facturar gastos" (decision 142): the project's billable, unbilled purchases as invoice lines
 * at cost (USD converted at each purchase's rate), all checked; "Crear factura" makes a draft
 * with the checked ones (ITBIS added by the invoice) and opens it.
 */
export function BillExpensesModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const preview = useBillableExpenses(projectId, opened);
  const bill = useBillExpenses(projectId);
  const [picked, setPicked] = useState<string[]>([]);
  const data = preview.data;
  useEffect(() => {
    if (data) setPicked(data.lines.map((l) => l.expenseId));
  }, [data]);
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'DOP');
  const subtotal =
    data?.lines.filter((l) => picked.includes(l.expenseId)).reduce((s, l) => s + l.amount, 0) ?? 0;

  return (
    <Modal opened={opened} onClose={onClose} title="Facturar gastos" size="lg" centered>
      <Stack gap="sm">
        {preview.isError ? (
          <Alert color="red">{getErrorMessage(preview.error, 'No se pudieron cargar los gastos')}</Alert>
        ) : !data ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Cargando gastos" />
          </Group>
        ) : data.lines.length === 0 ? (
          <Alert color="gray">No hay gastos facturables sin facturar.</Alert>
        ) : (
          <TableScroll label="Gastos por facturar" minWidth={300}>
            <Table striped aria-label="Líneas de la factura">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Elegir todos"
                      checked={picked.length === data.lines.length}
                      indeterminate={picked.length > 0 && picked.length < data.lines.length}
                      onChange={(e) =>
                        setPicked(e.currentTarget.checked ? data.lines.map((l) => l.expenseId) : [])
                      }
                    />
                  </Table.Th>
                  <Table.Th>Concepto</Table.Th>
                  <Table.Th ta="right">Monto</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((l) => (
                  <Table.Tr key={l.expenseId} data-testid="bill-expense-line">
                    <Table.Td>
                      <Checkbox
                        aria-label={`Facturar ${l.description}`}
                        checked={picked.includes(l.expenseId)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setPicked((p) => (on ? [...p, l.expenseId] : p.filter((id) => id !== l.expenseId)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{l.description}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(l.issueDate)} · {l.details.split(' · ').slice(1).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" data-amount>
                      {money(l.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>Subtotal (sin ITBIS)</Table.Th>
                  <Table.Th ta="right">{money(subtotal)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </TableScroll>
        )}
        {data && data.blocked.length > 0 && (
          <Alert color="yellow" title="No se pueden facturar en esta moneda">
            {data.blocked.map((b) => `${b.description}: ${b.reason}`).join('; ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            loading={bill.isPending}
            disabled={picked.length === 0 || preview.isFetching}
            onClick={async () => {
              try {
                const { invoice, billedExpenses } = await bill.mutateAsync({ expenseIds: picked });
                notifications.show({
                  color: 'green',
                  title: 'Factura en borrador creada',
                  message: `${invoice.invoiceNumber}: ${billedExpenses} ${billedExpenses === 1 ? 'gasto facturado' : 'gastos facturados'}`,
                });
                onClose();
                navigate(`/billing/${invoice._id}`);
              } catch (error) {
                notifications.show({
                  color: 'red',
                  title: 'Error',
                  message: getErrorMessage(error, 'No se pudo crear la factura'),
                });
                void preview.refetch();
              }
            }}
          >
            Crear factura
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
