import {
  fromCents,
  type Invoice,
  type InvoiceSummary,
  netOfCreditNotes,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PayInvoiceRequestSchema,
  type PaymentMethod,
  type PaymentReport,
  paymentDateError,
  toCents,
  WITHHOLDING_PRESET_LABELS,
  WITHHOLDING_PRESETS,
  type WithholdingPreset,
  withholdingForPreset,
} from '@agencia/shared';
import { Group, Modal, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { addDaysIso, formatDate, formatMoney, todayIso } from '../../billing-shared/components/format';
import { useAgencySettings, useInvoice, useInvoiceClient, usePayInvoice } from '../api/invoices';
import { useDecidePaymentReport } from '../api/payments';
import { defaultWithholdingPreset, withholdingShare } from './withholding';

interface PayValues {
  amount: number | string;
  paidDate: string;
  paymentMethod: string;
  reference: string;
  withholdingPreset: WithholdingPreset;
  itbisWithheld: number | string;
  isrWithheld: number | string;
  retentionDate: string;
}

const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);
const withheldCentsOf = (v: PayValues) => toCents(num(v.itbisWithheld)) + toCents(num(v.isrWithheld));

function toBody(v: PayValues) {
  const itbis = num(v.itbisWithheld);
  const isr = num(v.isrWithheld);
  return {
    amount: num(v.amount),
    paidDate: v.paidDate,
    paymentMethod: v.paymentMethod as PaymentMethod,
    reference: v.reference || undefined,
    // Explicit amounts (the preset only fills the fields): 0/0 when the client withheld nothing.
    itbisWithheld: itbis,
    isrWithheld: isr,
    ...(itbis + isr > 0 ? { retentionDate: v.retentionDate || v.paidDate } : {}),
  };
}

/** The reference a confirmed transfer report's payment carries: "Banco · Ref. 123". */
export const reportReference = (r: Pick<PaymentReport, 'bank' | 'reference'>) =>
  `${r.bank} · Ref. ${r.reference}`.slice(0, 100);

/**
 * 'Registrar pago' (`PUT /invoices/{id}/pay`): partial payments allowed. With `report` it is the
 * check before confirming a client's transfer report (decision 163): amount, date and reference
 * come from the report, the method is a transfer, the client's withholding preset applies to the
 * amount transferred, and the admin confirms (`POST /payment-reports/{id}/confirm`) what the bank
 * shows. Withholdings (issue 12):
 * the preset is preselected from the client (company, gubernamental) and the agency (persona
 * física), fills ITBIS and ISR retenido (editable) and the amount becomes the balance less them;
 * they count towards settling the invoice. Validated with the shared schema; a refusal from the
 * server shows in the modal with the typed values kept.
 */
export function PayInvoiceModal({
  invoice,
  report,
  onClose,
}: {
  /** A list row (summary) or the full invoice (its credit notes are then at hand). */
  invoice: InvoiceSummary | Invoice | null;
  /** A client's transfer report to check and confirm instead of a payment typed from scratch. */
  report?: PaymentReport | null;
  onClose: () => void;
}) {
  useDateDisplay();
  const pay = usePayInvoice();
  const decide = useDecidePaymentReport();
  const client = useInvoiceClient(invoice?.client._id);
  const settings = useAgencySettings(Boolean(invoice));
  // Credit notes lower the withholding base (issue 27): a list row carries only their total, so
  // the modal reads the invoice's notes when it has some.
  const withNotes = invoice && 'creditNotes' in invoice ? invoice : null;
  const needsNotes = Boolean(invoice && invoice.amountCredited > 0 && !withNotes);
  const detail = useInvoice(needsNotes ? invoice?._id : undefined);
  const notes = withNotes?.creditNotes ?? detail.data?.creditNotes ?? [];
  const [serverError, setServerError] = useState<string | null>(null);
  /** Whether the preset was set for this invoice (by the suggestion or by the user). */
  const presetSet = useRef(false);
  /** The preset's withholdings on the whole invoice, while the user has not typed other amounts. */
  const presetFull = useRef<{ itbisCents: number; isrCents: number } | null>(null);
  const form = useForm<PayValues>({
    initialValues: {
      amount: 0,
      paidDate: todayIso(),
      paymentMethod: 'bank_transfer',
      reference: '',
      withholdingPreset: 'none',
      itbisWithheld: 0,
      isrWithheld: 0,
      retentionDate: todayIso(),
    },
    validate: (v) => {
      const errors = zodResolver(PayInvoiceRequestSchema)(toBody(v) as never);
      if (invoice && !errors.amount && toCents(num(v.amount)) + withheldCentsOf(v) > toCents(invoice.balance))
        errors.amount = `El monto y las retenciones superan el saldo pendiente (${formatMoney(invoice.balance, invoice.currency)})`;
      // The server's date rule (decision 132), said before posting.
      const paidError = invoice && v.paidDate && paymentDateError('paidDate', v.paidDate, invoice.issueDate);
      if (paidError && !errors.paidDate) errors.paidDate = paidError;
      const retentionError =
        invoice &&
        withheldCentsOf(v) > 0 &&
        v.retentionDate &&
        paymentDateError('retentionDate', v.retentionDate, invoice.issueDate);
      if (retentionError && !errors.retentionDate) errors.retentionDate = retentionError;
      return errors;
    },
  });

  /**
   * Applies a preset: withholdings from the invoice's ITBIS and amount before ITBIS net of its
   * credit notes (as the server computes them, issue 27); amount = balance − them.
   */
  const applyPreset = (preset: WithholdingPreset) => {
    if (!invoice) return;
    const net = netOfCreditNotes(
      {
        taxCents: toCents(invoice.taxAmount),
        baseCents: toCents(invoice.subtotal) - toCents(invoice.discountAmount),
      },
      notes.map((n) => ({
        taxCents: toCents(n.taxAmount),
        subtotalCents: toCents(n.subtotal),
      })),
    );
    const w = withholdingForPreset(preset, net);
    presetFull.current =
      preset === 'none' ? null : { itbisCents: w.itbisWithheldCents, isrCents: w.isrWithheldCents };
    if (report) {
      // A reported transfer is the cash the client sent: the withholdings are the preset's share of it.
      const share = presetFull.current
        ? withholdingShare(
            presetFull.current,
            toCents(invoice.balance),
            toCents(num(form.getValues().amount)),
          )
        : { itbisCents: 0, isrCents: 0 };
      form.setValues({
        withholdingPreset: preset,
        itbisWithheld: fromCents(share.itbisCents),
        isrWithheld: fromCents(share.isrCents),
      });
      return;
    }
    form.setValues({
      withholdingPreset: preset,
      itbisWithheld: fromCents(w.itbisWithheldCents),
      isrWithheld: fromCents(w.isrWithheldCents),
      amount: fromCents(Math.max(0, toCents(invoice.balance) - w.itbisWithheldCents - w.isrWithheldCents)),
    });
  };

  /**
   * A partial amount with a preset: the withholdings become the share of the preset that belongs
   * to what is paid (issue 32), so the balance does not drop by the whole invoice's withholding.
   */
  const changeAmount = (value: string | number) => {
    form.setFieldValue('amount', value as number);
    if (!invoice || !presetFull.current) return;
    const share = withholdingShare(presetFull.current, toCents(invoice.balance), toCents(num(value)));
    form.setFieldValue('itbisWithheld', fromCents(share.itbisCents));
    form.setFieldValue('isrWithheld', fromCents(share.isrCents));
  };
  /** Typed withholdings are the user's: the amount no longer rescales them. */
  const typeWithholding = (field: 'itbisWithheld' | 'isrWithheld') => (value: string | number) => {
    presetFull.current = null;
    form.setFieldValue(field, value as number);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    presetSet.current = false;
    presetFull.current = null;
    setServerError(null);
    if (invoice)
      form.setValues({
        amount: report ? report.amount : invoice.balance,
        paidDate: report ? report.date : todayIso(),
        paymentMethod: report ? 'bank_transfer' : (invoice.paymentMethod ?? 'bank_transfer'),
        reference: report ? reportReference(report) : '',
        withholdingPreset: 'none',
        itbisWithheld: 0,
        isrWithheld: 0,
        retentionDate: report ? report.date : todayIso(),
      });
  }, [invoice?._id, report?._id]);

  // The suggested preset, once the client and the agency settings are known (never over the user's choice).
  const suggested =
    invoice &&
    (client.data || client.isError) &&
    (settings.data || settings.isError) &&
    (!needsNotes || detail.data || detail.isError)
      ? defaultWithholdingPreset({
          agencyKind: settings.data?.taxpayerKind,
          clientType: client.data?.clientType,
          taxpayerType: client.data?.taxpayerType,
          alreadyWithheld: invoice.amountWithheld,
        })
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applies once per invoice, when the suggestion is known
  useEffect(() => {
    if (!suggested || presetSet.current) return;
    presetSet.current = true;
    // Too late to suggest once the user started typing.
    if (form.isTouched()) return;
    if (suggested === 'none') return;
    applyPreset(suggested);
    // A report that already covers the balance means the client withheld nothing: keep 'none'.
    if (
      report &&
      invoice &&
      toCents(report.amount) + withheldCentsOf(form.getValues()) > toCents(invoice.balance)
    )
      applyPreset('none');
  }, [suggested, invoice?._id]);

  const submit = form.onSubmit(async (v) => {
    if (!invoice) return;
    setServerError(null);
    try {
      if (report) {
        const { paymentMethod: _transfer, ...body } = toBody(v);
        await decide.mutateAsync({ id: report._id, action: 'confirm', body });
        toastSuccess('Pago confirmado', 'Se registró el pago y se envió el recibo al cliente.');
        onClose();
        return;
      }
      const saved = await pay.mutateAsync({ id: invoice._id, body: toBody(v) });
      toastSuccess(
        saved.status === 'paid' ? 'Factura marcada como pagada' : 'Pago registrado',
        saved.status === 'paid'
          ? `${saved.invoiceNumber} está pagada`
          : `Saldo pendiente: ${formatMoney(saved.balance, saved.currency)}`,
      );
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo registrar el pago'));
    }
  });

  const v = form.values;
  const withheld = withheldCentsOf(v);
  const showWithholdings = v.withholdingPreset !== 'none' || withheld > 0;
  const left = invoice ? toCents(invoice.balance) - withheld - toCents(num(v.amount)) : 0;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={Boolean(invoice)}
      onClose={onClose}
      title={report ? 'Confirmar transferencia reportada' : 'Registrar pago'}
    >
      {invoice && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {invoice.invoiceNumber}
              {invoice.ncf ? ` · NCF ${invoice.ncf}` : ''} · saldo pendiente{' '}
              <Text span fw={600} c="var(--mantine-color-text)">
                {formatMoney(invoice.balance, invoice.currency)}
              </Text>
            </Text>
            {report && (
              <Text size="sm">
                El cliente reportó {formatMoney(report.amount, invoice.currency)} el {formatDate(report.date)}{' '}
                desde {report.bank}. Compara con tu cuenta de banco y corrige lo que no coincida antes de
                confirmar: al confirmar se registra el pago y se envía el recibo.
              </Text>
            )}
            <Select
              label="Retenciones"
              description={
                invoice.amountWithheld > 0
                  ? `Ya se registraron retenciones por ${formatMoney(invoice.amountWithheld, invoice.currency)}`
                  : 'Lo que el cliente retiene y paga a la DGII por ti'
              }
              data={WITHHOLDING_PRESETS.map((p) => ({ value: p, label: WITHHOLDING_PRESET_LABELS[p] }))}
              allowDeselect={false}
              value={v.withholdingPreset}
              onChange={(p) => {
                if (!p) return;
                presetSet.current = true;
                applyPreset(p as WithholdingPreset);
              }}
            />
            {showWithholdings && (
              <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
                <NumberInput
                  label="ITBIS retenido"
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  {...form.getInputProps('itbisWithheld')}
                  onChange={typeWithholding('itbisWithheld')}
                />
                <NumberInput
                  label="ISR retenido"
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  {...form.getInputProps('isrWithheld')}
                  onChange={typeWithholding('isrWithheld')}
                />
                <DateField
                  label="Fecha de retención"
                  min={invoice.issueDate}
                  max={addDaysIso(todayIso(), 1)}
                  {...form.getInputProps('retentionDate')}
                />
              </SimpleGrid>
            )}
            <NumberInput
              label="Monto recibido"
              min={0.01}
              decimalScale={2}
              fixedDecimalScale
              thousandSeparator=","
              required
              {...form.getInputProps('amount')}
              onChange={changeAmount}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DateField
                label="Fecha de pago"
                required
                min={invoice.issueDate}
                max={addDaysIso(todayIso(), 1)}
                {...form.getInputProps('paidDate')}
                onChange={(next) => {
                  // The retention date follows the payment date until the user sets another.
                  if (v.retentionDate === v.paidDate) form.setFieldValue('retentionDate', next);
                  form.setFieldValue('paidDate', next);
                }}
              />
              <Select
                label="Método de pago"
                data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
                allowDeselect={false}
                disabled={Boolean(report)}
                {...form.getInputProps('paymentMethod')}
              />
            </SimpleGrid>
            <TextInput
              label="Referencia"
              placeholder="Nº de transferencia, cheque…"
              {...form.getInputProps('reference')}
            />
            <Paper withBorder radius="md" p="sm" aria-live="polite">
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">
                  Monto + retenciones
                </Text>
                <Text size="sm" fw={600}>
                  {formatMoney(fromCents(withheld + toCents(num(v.amount))), invoice.currency)}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="sm" c="dimmed">
                  Saldo después del pago
                </Text>
                <Text size="sm" fw={600} data-testid="pay-balance-after">
                  {formatMoney(fromCents(Math.max(0, left)), invoice.currency)}
                </Text>
              </Group>
            </Paper>
            <ModalFormFooter
              error={serverError}
              alertIcon={<IconInfoCircle />}
              onCancel={onClose}
              loading={pay.isPending || decide.isPending}
              submitLabel={report ? 'Confirmar pago' : 'Registrar pago'}
              submitColor="green"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
