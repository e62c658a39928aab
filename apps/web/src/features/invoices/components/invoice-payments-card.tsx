import type { Invoice } from '@agencia/shared';
import { PAYMENT_METHOD_LABELS, VoidPaymentRequestSchema } from '@agencia/shared';
import { Button, Card, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatMoney } from '../../billing-shared/components/format';
import { downloadReceiptPdf, useVoidPayment } from '../api/payments';

type Payment = Invoice['payments'][number];

/**
 * "Anular pago" (decision 163): takes back the invoice's latest payment with a reason kept in its
 * history and told to the client; a confirmed transfer report goes back to review.
 */
function VoidPaymentModal({
  inv,
  payment,
  onClose,
}: {
  inv: Invoice;
  payment: Payment | null;
  onClose: () => void;
}) {
  const voidPayment = useVoidPayment(inv._id);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: zodResolver(VoidPaymentRequestSchema) });
  const close = () => {
    form.reset();
    setServerError(null);
    onClose();
  };
  return (
    <Modal
      opened={Boolean(payment)}
      onClose={close}
      title="Anular pago"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {payment && (
        <form
          noValidate
          onSubmit={form.onSubmit(async ({ reason }) => {
            setServerError(null);
            try {
              await voidPayment.mutateAsync({ paymentId: payment._id, reason });
              toastSuccess('Pago anulado', `El recibo ${payment.receiptNumber} quedó anulado.`);
              close();
            } catch (err) {
              setServerError(getErrorMessage(err, 'No se pudo anular el pago'));
            }
          })}
        >
          <Stack>
            <Text size="sm">
              Se quitará el pago de {formatMoney(payment.amount, inv.currency)} del{' '}
              {formatDate(payment.paidDate)} (recibo {payment.receiptNumber}) y el saldo volverá a subir. Si
              venía de una transferencia reportada, esta vuelve a quedar por revisar. El cliente recibirá un
              aviso con el motivo.
            </Text>
            <Textarea
              label="Motivo (lo verá el cliente)"
              required
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps('reason')}
            />
            <ModalFormFooter
              error={serverError}
              alertIcon={<IconInfoCircle />}
              onCancel={close}
              loading={voidPayment.isPending}
              submitLabel="Anular pago"
              submitColor="red"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** "Anular" on the latest payment (admins), the only one that can be voided. */
function VoidButton({ payment, onVoid }: { payment: Payment; onVoid: (p: Payment) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      px={4}
      aria-label={`Anular pago ${payment.receiptNumber}`}
      onClick={() => onVoid(payment)}
    >
      Anular
    </Button>
  );
}

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
export function InvoicePaymentsCard({ inv, canManage = false }: { inv: Invoice; canManage?: boolean }) {
  useDateDisplay();
  const [voiding, setVoiding] = useState<Payment | null>(null);
  // Only the latest payment can be voided: each receipt states the balance after it.
  const lastId = inv.status === 'cancelled' ? null : inv.payments.at(-1)?._id;
  const voidable = (p: Payment) => canManage && p._id === lastId;
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
            <Group gap="xs">
              <ReceiptButton inv={inv} payment={p} />
              {voidable(p) && <VoidButton payment={p} onVoid={setVoiding} />}
            </Group>
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
                  <Group gap="xs" wrap="nowrap">
                    <ReceiptButton inv={inv} payment={p} />
                    {voidable(p) && <VoidButton payment={p} onVoid={setVoiding} />}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <VoidPaymentModal inv={inv} payment={voiding} onClose={() => setVoiding(null)} />
    </Card>
  );
}
