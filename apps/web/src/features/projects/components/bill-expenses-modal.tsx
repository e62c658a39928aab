import { formatMoney } from '@agencia/shared';
import { Alert, Checkbox, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { BillWorkActions, BillWorkPreview } from '../../../components/billing/bill-work-preview';
import { formatDate } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
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
  useDateDisplay();
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
        <BillWorkPreview
          preview={{ isError: preview.isError, error: preview.error, hasData: Boolean(data) }}
          errorFallback="No se pudieron cargar los gastos"
          loader={<Loader size="sm" aria-label="Cargando gastos" />}
          empty={data?.lines.length === 0}
          emptyText="No hay gastos facturables sin facturar."
          label="Gastos por facturar"
          minWidth={300}
          head={
            data && (
              <>
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
              </>
            )
          }
          foot={
            <>
              <Table.Th />
              <Table.Th>Subtotal (sin ITBIS)</Table.Th>
              <Table.Th ta="right">{money(subtotal)}</Table.Th>
            </>
          }
        >
          {data?.lines.map((l) => (
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
        </BillWorkPreview>
        {data && data.blocked.length > 0 && (
          <Alert color="yellow" title="No se pueden facturar en esta moneda">
            {data.blocked.map((b) => `${b.description}: ${b.reason}`).join('; ')}
          </Alert>
        )}
        <BillWorkActions
          onClose={onClose}
          pending={bill.isPending}
          disabled={picked.length === 0 || preview.isFetching}
          create={async () => {
            const { invoice, billedExpenses: n } = await bill.mutateAsync({ expenseIds: picked });
            return { invoice, billed: `${n} ${n === 1 ? 'gasto facturado' : 'gastos facturados'}` };
          }}
          onFailed={() => void preview.refetch()}
        />
      </Stack>
    </Modal>
  );
}
