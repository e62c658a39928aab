import {
  CARD_RESULT_MESSAGES,
  type CardResult,
  CreateCardPaymentRequestSchema,
  CreatePaymentReportRequestSchema,
  DOMINICAN_BANKS,
  type Invoice,
  PAYMENT_REPORT_MESSAGES,
  toCents,
} from '@agencia/shared';
import {
  Alert,
  Autocomplete,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank, IconCreditCard, IconPaperclip } from '@tabler/icons-react';
import type React from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { formatMoney, todayIso } from '../../billing-shared/components/format';
import { postToAzul, useCreatePaymentReport, usePaymentOptions, useStartCardPayment } from '../api/payments';

const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);

/** The balance less what is reported under review, never below RD$0.01 (major units). */
export function remainderAfterReports(balance: number, reportedPending: number): number {
  return Math.max(0.01, (toCents(balance) - toCents(reportedPending)) / 100);
}

/** The amount must not pass the balance (the API says the same in the same words). */
function aboveBalance(amount: number, inv: Pick<Invoice, 'balance' | 'currency'>): string | null {
  return toCents(amount) > toCents(inv.balance)
    ? `El monto supera el saldo pendiente (${formatMoney(inv.balance, inv.currency)})`
    : null;
}

/**
 * "Reportar pago" (decision 147): amount (≤ the balance), date, bank, reference and the
 * transfer's receipt (image or PDF), validated with the shared schema, sent as multipart.
 */
export function ReportPaymentModal({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreatePaymentReport(invoice._id);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      amount: invoice.balance as number | string,
      date: todayIso(),
      bank: '',
      reference: '',
      file: null as File | null,
    },
    validate: (v) => {
      const errors: Record<string, React.ReactNode> = zodResolver(CreatePaymentReportRequestSchema)({
        amount: num(v.amount),
        date: v.date,
        bank: v.bank,
        reference: v.reference,
      } as never);
      const above = aboveBalance(num(v.amount), invoice);
      if (above && !errors.amount) errors.amount = above;
      if (!v.file) errors.file = PAYMENT_REPORT_MESSAGES.file;
      return errors;
    },
  });
  const close = () => {
    form.reset();
    setServerError(null);
    onClose();
  };
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      await create.mutateAsync({
        amount: num(v.amount),
        date: v.date,
        bank: v.bank,
        reference: v.reference,
        file: v.file!,
      });
      toastSuccess('Pago reportado', 'Revisaremos tu transferencia y te avisaremos cuando la confirmemos.');
      close();
    } catch (err) {
      setServerError(getErrorMessage(err, 'No se pudo reportar el pago'));
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Reportar pago · Factura ${invoice.invoiceNumber}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Saldo pendiente: {formatMoney(invoice.balance, invoice.currency)}. Adjunta el comprobante que te
            dio tu banco; confirmaremos el pago al verlo en nuestra cuenta.
          </Text>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Monto transferido"
              required
              min={0.01}
              decimalScale={2}
              thousandSeparator=","
              prefix={invoice.currency === 'DOP' ? 'RD$ ' : `${invoice.currency} `}
              {...form.getInputProps('amount')}
            />
            {/* The shared date field (user's date format, Spanish calendar), never the browser's native one. */}
            <DateField
              label="Fecha de la transferencia"
              required
              min={invoice.issueDate}
              max={todayIso()}
              {...form.getInputProps('date')}
            />
            <Autocomplete
              label="Banco"
              required
              data={[...DOMINICAN_BANKS]}
              placeholder="Banco desde el que transferiste"
              {...form.getInputProps('bank')}
            />
            <TextInput
              label="Número de referencia"
              required
              maxLength={100}
              {...form.getInputProps('reference')}
            />
          </SimpleGrid>
          <FileInput
            label="Comprobante de la transferencia"
            description="Imagen (PNG, JPEG, WebP) o PDF, hasta 10 MB"
            required
            accept="image/png,image/jpeg,image/webp,application/pdf"
            leftSection={<IconPaperclip size={16} />}
            placeholder="Selecciona el archivo"
            clearable
            {...form.getInputProps('file')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Reportar pago
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Pagar con tarjeta" (decision 147): the amount (≤ the balance, the balance by default), then
 * the browser posts the signed form to Azul's Payment Page; the card is typed there.
 */
export function CardPaymentModal({
  invoice,
  opened,
  onClose,
  reportedPending = 0,
}: {
  invoice: Invoice;
  opened: boolean;
  onClose: () => void;
  /** What the client's transfers under review add up to: the card pre-fills the rest (decision 163). */
  reportedPending?: number;
}) {
  const start = useStartCardPayment(invoice._id);
  const [serverError, setServerError] = useState<string | null>(null);
  const rest = remainderAfterReports(invoice.balance, reportedPending);
  const form = useForm({
    initialValues: { amount: rest as number | string },
    validate: (v) => {
      const errors: Record<string, React.ReactNode> = zodResolver(CreateCardPaymentRequestSchema)({
        amount: num(v.amount),
      } as never);
      const above = aboveBalance(num(v.amount), invoice);
      if (above && !errors.amount) errors.amount = above;
      return errors;
    },
  });
  const submit = form.onSubmit(async (v) => {
    setServerError(null);
    try {
      const { redirect } = await start.mutateAsync(num(v.amount));
      postToAzul(redirect);
    } catch (err) {
      setServerError(getErrorMessage(err, 'No se pudo iniciar el pago con tarjeta'));
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={`Pagar con tarjeta · Factura ${invoice.invoiceNumber}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Te llevaremos a la página segura de Azul (Banco Popular) para escribir los datos de tu tarjeta. Al
            terminar volverás a esta factura.
          </Text>
          {reportedPending > 0 && (
            <Alert color="blue" data-testid="reported-pending">
              Tienes {formatMoney(reportedPending, invoice.currency)} reportados en revisión. Te sugerimos
              pagar el resto ({formatMoney(rest, invoice.currency)}); si rechazamos la transferencia podrás
              pagarla aquí.
            </Alert>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <NumberInput
            label="Monto a pagar"
            required
            min={0.01}
            decimalScale={2}
            thousandSeparator=","
            prefix={invoice.currency === 'DOP' ? 'RD$ ' : `${invoice.currency} `}
            {...form.getInputProps('amount')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" leftSection={<IconCreditCard size={16} />} loading={start.isPending}>
              Continuar a Azul
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The client's pay buttons on an open invoice ("Reportar pago", "Pagar con tarjeta") and their modals. */
export function PortalPaymentActions({ invoice }: { invoice: Invoice }) {
  const options = usePaymentOptions(invoice._id);
  const [open, setOpen] = useState<'report' | 'card' | null>(null);
  if (!options.data?.report && !options.data?.card) {
    // Open but with nowhere to send money yet (no bank account, no card): say whom to ask (decision 163).
    if (!options.data?.open) return null;
    return (
      <Text size="sm" c="dimmed" data-testid="contact-agency">
        Para pagar esta factura, contacta a la agencia.
      </Text>
    );
  }
  const reportedPending = options.data.reportedPending;
  return (
    <>
      {options.data.card && (
        <Button color="green" leftSection={<IconCreditCard size={16} />} onClick={() => setOpen('card')}>
          Pagar con tarjeta
        </Button>
      )}
      {options.data.report && (
        <Button
          variant="light"
          leftSection={<IconBuildingBank size={16} />}
          onClick={() => setOpen('report')}
        >
          Reportar pago
        </Button>
      )}
      <ReportPaymentModal invoice={invoice} opened={open === 'report'} onClose={() => setOpen(null)} />
      <CardPaymentModal
        invoice={invoice}
        opened={open === 'card'}
        onClose={() => setOpen(null)}
        reportedPending={reportedPending}
      />
    </>
  );
}

/** The message of a return from Azul (`?pago=aprobado|declinado|cancelado`), dismissible. */
export function CardResultAlert() {
  const [params, setParams] = useSearchParams();
  const result = params.get('pago') as CardResult | null;
  if (!result || !(result in CARD_RESULT_MESSAGES)) return null;
  const color = result === 'aprobado' ? 'green' : result === 'declinado' ? 'red' : 'yellow';
  return (
    <Alert
      color={color}
      role="status"
      title={
        result === 'aprobado' ? 'Pago aprobado' : result === 'declinado' ? 'Pago declinado' : 'Pago cancelado'
      }
      withCloseButton
      closeButtonLabel="Cerrar mensaje"
      onClose={() => {
        params.delete('pago');
        setParams(params, { replace: true });
      }}
    >
      {CARD_RESULT_MESSAGES[result]}
    </Alert>
  );
}
