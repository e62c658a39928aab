import type { Invoice } from '@agencia/shared';
import { PAYMENT_METHOD_LABELS } from '@agencia/shared';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatMoney } from '../../billing-shared/components/format';
import { downloadReceiptPdf } from '../api/payments';

/* The payments card of the invoice detail page (/billing/{id}), with each payment's receipt. */

/** Downloads a payment's "Recibo de pago" PDF (decision 147), labelled with its number. */
function ReceiptButton({ inv, payment }: { inv: Invoice; payment: Invoice['payments'][number] }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      px={4}
      leftSection={<IconDownload size={14} />}
      aria-label={`Descargar recibo ${payment.receiptNumber}`}
      onClick={() =>
        downloadReceiptPdf(inv._id, payment).catch((err) =>
          toastError('Error', getErrorMessage(err, 'No se pudo descargar el recibo')),
        )
      }
    >
      {payment.receiptNumber}
    </Button>
  );
}

/**
 * The 'Pagos' card (shown when the invoice has payments): stacked on phones, a table from sm up;
 * each payment links its receipt.
 */
export function InvoicePaymentsCard({ inv }: { inv: Invoice }) {
  useDateDisplay();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Pagos
      </Title>
      {/* Phones: one stacked block per payment, nothing off screen (issue 18). */}
      <Stack gap={0} hiddenFrom="sm" aria-label="Pagos registrados">
        {inv.payments.map((p, i) => (
          <Stack
            key={p._id}
            gap={2}
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{formatDate(p.paidDate)}</Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.amount, inv.currency)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {PAYMENT_METHOD_LABELS[p.paymentMethod]}
              {p.reference ? ` · Ref. ${p.reference}` : ''}
            </Text>
            {p.itbisWithheld + p.isrWithheld > 0 && (
              <Text size="xs" c="dimmed">
                Retenciones: ITBIS {formatMoney(p.itbisWithheld, inv.currency)} · ISR{' '}
                {formatMoney(p.isrWithheld, inv.currency)}
              </Text>
            )}
            <ReceiptButton inv={inv} payment={p} />
          </Stack>
        ))}
      </Stack>
      <TableScroll label="Pagos registrados" minWidth={600} visibleFrom="sm">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>Método</Table.Th>
              <Table.Th>Referencia</Table.Th>
              <Table.Th ta="right">Retenciones</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Recibo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inv.payments.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>{formatDate(p.paidDate)}</Table.Td>
                <Table.Td>{PAYMENT_METHOD_LABELS[p.paymentMethod]}</Table.Td>
                <Table.Td>{p.reference ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  {p.itbisWithheld + p.isrWithheld > 0
                    ? `ITBIS ${formatMoney(p.itbisWithheld, inv.currency)} · ISR ${formatMoney(p.isrWithheld, inv.currency)}`
                    : '—'}
                </Table.Td>
                <Table.Td ta="right" data-amount>
                  {formatMoney(p.amount, inv.currency)}
                </Table.Td>
                <Table.Td>
                  <ReceiptButton inv={inv} payment={p} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}
