import {
  type InvoiceSummary,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PayInvoiceRequestSchema,
  type PaymentMethod,
} from '@agencia/shared';
import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { usePayInvoice } from '../api/invoices';
import { formatMoney, todayIso } from './format';

interface PayValues {
  amount: number | string;
  paidDate: string;
  paymentMethod: string;
  reference: string;
}

/** Records a payment (`PUT /invoices/{id}/pay`): amount defaults to the balance; partial payments allowed. */
export function PayInvoiceModal({
  invoice,
  onClose,
}: {
  invoice: InvoiceSummary | null;
  onClose: () => void;
}) {
  const pay = usePayInvoice();
  const form = useForm<PayValues>({
    initialValues: { amount: 0, paidDate: todayIso(), paymentMethod: 'bank_transfer', reference: '' },
    validate: (v) =>
      zodResolver(PayInvoiceRequestSchema)({
        amount: typeof v.amount === 'number' ? v.amount : Number.parseFloat(v.amount),
        paidDate: v.paidDate,
        paymentMethod: v.paymentMethod,
        reference: v.reference || undefined,
      } as never),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    if (invoice)
      form.setValues({
        amount: invoice.balance,
        paidDate: todayIso(),
        paymentMethod: invoice.paymentMethod ?? 'bank_transfer',
        reference: '',
      });
  }, [invoice?._id]);

  const submit = form.onSubmit(async (v) => {
    if (!invoice) return;
    try {
      const saved = await pay.mutateAsync({
        id: invoice._id,
        body: {
          amount: typeof v.amount === 'number' ? v.amount : Number.parseFloat(v.amount),
          paidDate: v.paidDate,
          paymentMethod: v.paymentMethod as PaymentMethod,
          reference: v.reference || undefined,
        },
      });
      notifications.show({
        color: 'green',
        position: 'top-right',
        title: saved.status === 'paid' ? 'Factura marcada como pagada' : 'Pago registrado',
        message:
          saved.status === 'paid'
            ? `${saved.invoiceNumber} está pagada`
            : `Saldo pendiente: ${formatMoney(saved.balance, saved.currency)}`,
      });
      onClose();
    } catch (error) {
      notifications.show({
        color: 'red',
        position: 'top-right',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo registrar el pago'),
      });
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={Boolean(invoice)}
      onClose={onClose}
      title="Marcar como pagada"
    >
      {invoice && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {invoice.invoiceNumber} · saldo pendiente {formatMoney(invoice.balance, invoice.currency)}
            </Text>
            <NumberInput
              label="Monto"
              min={0.01}
              max={invoice.balance}
              decimalScale={2}
              thousandSeparator=","
              required
              {...form.getInputProps('amount')}
            />
            <TextInput type="date" label="Fecha de pago" required {...form.getInputProps('paidDate')} />
            <Select
              label="Método de pago"
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
              allowDeselect={false}
              {...form.getInputProps('paymentMethod')}
            />
            <TextInput
              label="Referencia"
              placeholder="Nº de transferencia, cheque…"
              {...form.getInputProps('reference')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" color="green" loading={pay.isPending}>
                Registrar pago
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
