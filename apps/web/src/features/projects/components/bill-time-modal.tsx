import '@mantine/dates/styles.css';
import {
  BILL_TIME_GROUP_LABELS,
  BILL_TIME_GROUPS,
  type BillTimeGroup,
  BillTimeRequestSchema,
  formatMoney,
} from '@agencia/shared';
import { Loader, Modal, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState } from 'react';
import { BillWorkActions, BillWorkPreview } from '../../../components/billing/bill-work-preview';
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
        <BillWorkPreview
          preview={{ isError: preview.isError, error: preview.error, hasData: Boolean(data) }}
          errorFallback="No se pudo calcular la vista previa"
          loader={parsed.success && <Loader size="sm" aria-label="Calculando" />}
          empty={data?.lines.length === 0}
          emptyText="No hay horas facturables en ese rango."
          label="Horas por facturar"
          minWidth={480}
          head={
            <>
              <Table.Th>Concepto</Table.Th>
              <Table.Th ta="right">Horas</Table.Th>
              <Table.Th ta="right">Tarifa</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
            </>
          }
          foot={
            data && (
              <>
                <Table.Th>Subtotal (sin ITBIS)</Table.Th>
                <Table.Th ta="right">{hoursLabel(data.totalHours)}</Table.Th>
                <Table.Th />
                <Table.Th ta="right">{money(data.subtotal)}</Table.Th>
              </>
            )
          }
        >
          {data?.lines.map((l) => (
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
        </BillWorkPreview>
        <BillWorkActions
          onClose={onClose}
          pending={bill.isPending}
          disabled={!parsed.success || !data || data.lines.length === 0 || preview.isFetching}
          create={async () => {
            const { invoice, billedEntries: n } = await bill.mutateAsync(body);
            return { invoice, billed: `${n} ${n === 1 ? 'registro facturado' : 'registros facturados'}` };
          }}
          onFailed={() => void preview.refetch()}
        />
      </Stack>
    </Modal>
  );
}
