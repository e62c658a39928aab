import '@mantine/dates/styles.css';
import {
  BILL_TIME_GROUP_LABELS,
  BILL_TIME_GROUPS,
  type BillTimeGroup,
  BillTimeRequestSchema,
  formatMoney,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { useDateInputFormat } from '../../../lib/format';
import { useBillTime, useBillTimePreview } from '../api/bill-time';

const hoursLabel = (h: number) => `${h.toLocaleString('es-DO', { maximumFractionDigits: 1 })} h`;

/**
 * "Facturar horas" (decision 115): a date range and a grouping, a live preview of the lines
 * (hours × rate = amount, before ITBIS) and "Crear factura", which opens the new draft.
 */
export function BillTimeModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const dateInputFormat = useDateInputFormat();
  const [from, setFrom] = useState<string | null>(
    dayjs().subtract(1, 'month').startOf('month').format('YYYY-MM-DD'),
  );
  const [to, setTo] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [groupBy, setGroupBy] = useState<BillTimeGroup>('person');
  const body = { from: from ?? '', to: to ?? '', groupBy };
  const parsed = BillTimeRequestSchema.safeParse(body);
  const rangeError = parsed.success ? null : parsed.error.issues.find((i) => i.path[0] === 'to')?.message;
  const [debounced] = useDebouncedValue(body, 250);
  const preview = useBillTimePreview(projectId, debounced, opened && parsed.success);
  const bill = useBillTime(projectId);
  const data = preview.data;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'DOP');

  return (
    <Modal opened={opened} onClose={onClose} title="Facturar horas" size="lg" centered>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
            <DateInput label="Desde" valueFormat={dateInputFormat} value={from} onChange={setFrom} />
            <DateInput
              label="Hasta"
              valueFormat={dateInputFormat}
              value={to}
              onChange={setTo}
              error={rangeError}
            />
          </DatesProvider>
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="bill-time-group-label">
            Agrupar por
          </Text>
          <SegmentedControl
            aria-labelledby="bill-time-group-label"
            value={groupBy}
            onChange={(v) => setGroupBy(v as BillTimeGroup)}
            data={BILL_TIME_GROUPS.map((g) => ({ value: g, label: BILL_TIME_GROUP_LABELS[g] }))}
          />
        </Stack>
        {preview.isError ? (
          <Alert color="red">{getErrorMessage(preview.error, 'No se pudo calcular la vista previa')}</Alert>
        ) : !data ? (
          <Group justify="center" p="md">
            {parsed.success && <Loader size="sm" aria-label="Calculando" />}
          </Group>
        ) : data.lines.length === 0 ? (
          <Alert color="gray">No hay horas facturables en ese rango.</Alert>
        ) : (
          <TableScroll label="Horas por facturar" minWidth={480}>
            <Table striped aria-label="Líneas de la factura">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Concepto</Table.Th>
                  <Table.Th ta="right">Horas</Table.Th>
                  <Table.Th ta="right">Tarifa</Table.Th>
                  <Table.Th ta="right">Monto</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.lines.map((l) => (
                  <Table.Tr key={`${l.description}-${l.rate}`} data-testid="bill-time-line">
                    <Table.Td>
                      <Text size="sm">{l.description}</Text>
                      {l.details && (
                        <Text size="xs" c="dimmed">
                          {l.details}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{hoursLabel(l.hours)}</Table.Td>
                    <Table.Td ta="right" data-amount>
                      {money(l.rate)}
                    </Table.Td>
                    <Table.Td ta="right" data-amount>
                      {money(l.amount)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Subtotal (sin ITBIS)</Table.Th>
                  <Table.Th ta="right">{hoursLabel(data.totalHours)}</Table.Th>
                  <Table.Th />
                  <Table.Th ta="right">{money(data.subtotal)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </TableScroll>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            loading={bill.isPending}
            disabled={!parsed.success || !data || data.lines.length === 0 || preview.isFetching}
            onClick={async () => {
              try {
                const { invoice, billedEntries } = await bill.mutateAsync(body);
                notifications.show({
                  color: 'green',
                  title: 'Factura en borrador creada',
                  message: `${invoice.invoiceNumber}: ${billedEntries} ${billedEntries === 1 ? 'registro facturado' : 'registros facturados'}`,
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
