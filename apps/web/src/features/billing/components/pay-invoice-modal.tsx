import {
  fromCents,
  type InvoiceSummary,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PayInvoiceRequestSchema,
  type PaymentMethod,
  toCents,
  WITHHOLDING_PRESET_LABELS,
  WITHHOLDING_PRESETS,
  type WithholdingPreset,
  withholdingForPreset,
} from '@agencia/shared';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
  withholdingPreset: WithholdingPreset;
  itbisWithheld: number | string;
  isrWithheld: number | string;
}

const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);

function toBody(v: PayValues) {
  const itbis = num(v.itbisWithheld);
  const isr = num(v.isrWithheld);
  return {
    amount: num(v.amount),
    paidDate: v.paidDate,
    paymentMethod: v.paymentMethod as PaymentMethod,
    reference: v.reference || undefined,
    ...(itbis + isr > 0 ? { itbisWithheld: itbis, isrWithheld: isr, retentionDate: v.paidDate } : {}),
  };
}

/**
 * Records a payment (`PUT /invoices/{id}/pay`): amount defaults to the balance; partial payments
 * allowed. Withholdings (issue 12): a preset fills the ITBIS and ISR the client withheld
 * (editable) and the amount becomes the balance less them; they count towards settling the invoice.
 */
export function PayInvoiceModal({
  invoice,
  onClose,
}: {
  invoice: InvoiceSummary | null;
  onClose: () => void;
}) {
  const pay = usePayInvoice();
  const form = useForm<PayValues>({
    initialValues: {
      amount: 0,
      paidDate: todayIso(),
      paymentMethod: 'bank_transfer',
      reference: '',
      withholdingPreset: 'none',
      itbisWithheld: 0,
      isrWithheld: 0,
    },
    validate: (v) => zodResolver(PayInvoiceRequestSchema)(toBody(v) as never),
  });
  /** Applies a preset: withholdings from the invoice's ITBIS and amount before ITBIS; amount = balance − them. */
  const applyPreset = (preset: WithholdingPreset) => {
    if (!invoice) return;
    const w = withholdingForPreset(preset, {
      taxCents: toCents(invoice.taxAmount),
      baseCents: toCents(invoice.subtotal) - toCents(invoice.discountAmount),
    });
    form.setValues({
      withholdingPreset: preset,
      itbisWithheld: fromCents(w.itbisWithheldCents),
      isrWithheld: fromCents(w.isrWithheldCents),
      amount: fromCents(Math.max(0, toCents(invoice.balance) - w.itbisWithheldCents - w.isrWithheldCents)),
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    if (invoice)
      form.setValues({
        amount: invoice.balance,
        paidDate: todayIso(),
        paymentMethod: invoice.paymentMethod ?? 'bank_transfer',
        reference: '',
        withholdingPreset: 'none',
        itbisWithheld: 0,
        isrWithheld: 0,
      });
  }, [invoice?._id]);

  const submit = form.onSubmit(async (v) => {
    if (!invoice) return;
    try {
      const saved = await pay.mutateAsync({
        id: invoice._id,
        body: toBody(v),
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
      title="Registrar pago"
    >
      {invoice && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {invoice.invoiceNumber} · saldo pendiente {formatMoney(invoice.balance, invoice.currency)}
            </Text>
            <Select
              label="Retenciones"
              data={WITHHOLDING_PRESETS.map((p) => ({ value: p, label: WITHHOLDING_PRESET_LABELS[p] }))}
              allowDeselect={false}
              value={form.values.withholdingPreset}
              onChange={(v) => v && applyPreset(v as WithholdingPreset)}
            />
            {form.values.withholdingPreset !== 'none' && (
              <SimpleGrid cols={2} spacing="sm">
                <NumberInput
                  label="ITBIS retenido"
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  {...form.getInputProps('itbisWithheld')}
                />
                <NumberInput
                  label="ISR retenido"
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  {...form.getInputProps('isrWithheld')}
                />
              </SimpleGrid>
            )}
            <NumberInput
              label="Monto recibido"
              min={0.01}
              max={invoice.balance}
              decimalScale={2}
              fixedDecimalScale
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
