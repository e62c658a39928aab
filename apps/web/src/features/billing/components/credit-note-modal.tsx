import {
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  CREDIT_NOTE_MODIFICATION_CODES,
  CREDIT_NOTE_MODIFICATION_LABELS,
  CreateCreditNoteRequestSchema,
  computeInvoiceTotals,
  creditNoteTypeFor,
  daysBetween,
  fromCents,
  type Invoice,
  type InvoiceSummary,
  toCents,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useDateDisplay } from '../../../stores/display-store';
import { useCreateCreditNote, useInvoice } from '../api/invoices';
import { formatDate, formatMoney, todayIso } from './format';
import { creditedCentsOf } from './invoice-rules';

interface LineValues {
  key: string;
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  taxExempt: boolean;
}
interface Values {
  mode: 'amount' | 'lines';
  amount: number | string;
  lines: LineValues[];
  modificationCode: string;
  reason: string;
}

const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseFloat(v) || 0);
const newLine = (): LineValues => ({
  key: Math.random().toString(36).slice(2),
  description: '',
  quantity: 1,
  unitPrice: 0,
  taxExempt: false,
});

/** What the invoice's credit notes can still take, in centavos (its total less the notes issued). */
const availableCents = (invoice: InvoiceSummary | Invoice) =>
  toCents(invoice.total) - creditedCentsOf(invoice);

function toRequest(v: Values) {
  return {
    ...(v.mode === 'amount'
      ? { amount: num(v.amount) }
      : {
          lines: v.lines.map((l) => ({
            description: l.description,
            quantity: num(l.quantity),
            unitPrice: num(l.unitPrice),
            taxExempt: l.taxExempt,
          })),
        }),
    reason: v.reason,
    modificationCode: Number(v.modificationCode),
  };
}

/**
 * Issues a credit note (B04 / E34) on an issued invoice (`POST /invoices/{id}/credit-notes`):
 * by amount (ITBIS included) or by lines, with the DGII modification code and a reason, dated
 * today (decision 132). Shows what is still available and whether the note carries ITBIS (no
 * ITBIS after 30 days). On a
 * 400/409 the modal stays open with the typed values and the server's message.
 */
export function CreditNoteModal({
  invoice: given,
  onClose,
}: {
  invoice: InvoiceSummary | Invoice | null;
  onClose: () => void;
}) {
  // From the list a summary arrives: the full invoice (cached when it was opened) lists the notes.
  const detail = useInvoice(given && !('creditNotes' in given) ? given._id : undefined);
  const invoice = given && !('creditNotes' in given) && detail.data ? detail.data : given;
  useDateDisplay();
  const create = useCreateCreditNote();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      mode: 'amount',
      amount: '',
      lines: [newLine()],
      modificationCode: '3',
      reason: '',
    },
    validate: (v) => {
      const errors = zodResolver(CreateCreditNoteRequestSchema)(toRequest(v) as never);
      // What the server refuses anyway (the notes of an invoice never exceed its total), said before posting.
      if (
        invoice &&
        v.mode === 'amount' &&
        !errors.amount &&
        toCents(num(v.amount)) > availableCents(invoice)
      )
        errors.amount = `Supera lo disponible para acreditar (${formatMoney(fromCents(availableCents(invoice)), invoice.currency)})`;
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    if (invoice) {
      form.reset();
      setServerError(null);
    }
  }, [invoice?._id]);

  if (!invoice) return <Modal opened={false} onClose={onClose} title="Nota de crédito" />;
  const available = fromCents(availableCents(invoice));
  const balance = invoice.status === 'draft' ? invoice.total : invoice.balance;
  const v = form.values;
  // The note is dated the day it is issued (decision 132): today.
  const today = todayIso();
  const withItbis = daysBetween(invoice.issueDate, today) <= CREDIT_NOTE_ITBIS_MAX_DAYS;
  const noteLines = v.lines.map((l) => ({
    quantity: num(l.quantity),
    unitPrice: num(l.unitPrice),
    taxExempt: l.taxExempt,
  }));
  const linesTotal = fromCents(
    computeInvoiceTotals(noteLines, withItbis ? invoice.taxRate : 0, 0).totalCents,
  );
  const noteType = invoice.documentType ? creditNoteTypeFor(invoice.documentType) : 'B04';

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const note = await create.mutateAsync({ id: invoice._id, body: toRequest(values) });
      notifications.show({
        color: 'green',
        title: 'Nota de crédito emitida',
        message: `${note.ncf} por ${formatMoney(note.total, invoice.currency)}`,
      });
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo emitir la nota de crédito'));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Nota de crédito (${noteType}) · ${invoice.ncf ?? invoice.invoiceNumber}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Disponible para acreditar: <b>{formatMoney(available, invoice.currency)}</b> de{' '}
            {formatMoney(invoice.total, invoice.currency)}.{' '}
            {withItbis
              ? `Lleva ITBIS (${invoice.taxRate} %).`
              : `Sin ITBIS: han pasado más de ${CREDIT_NOTE_ITBIS_MAX_DAYS} días desde la factura.`}
            {balance < available &&
              ` Saldo pendiente ${formatMoney(balance, invoice.currency)}: lo que la nota supere se devuelve al cliente (reembolso).`}
          </Text>
          <SegmentedControl
            aria-label="Calcular la nota por"
            data={[
              { value: 'amount', label: 'Por monto' },
              { value: 'lines', label: 'Por líneas' },
            ]}
            {...form.getInputProps('mode')}
          />
          {v.mode === 'amount' ? (
            <NumberInput
              label="Monto (ITBIS incluido)"
              min={0.01}
              decimalScale={2}
              thousandSeparator=","
              prefix={formatMoney(0, invoice.currency).replace(/[\d.,\s]/g, '')}
              required
              {...form.getInputProps('amount')}
            />
          ) : (
            <Stack gap="xs">
              {v.lines.map((line, i) => (
                <Paper key={line.key} withBorder p="sm" radius="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    <TextInput
                      label="Descripción"
                      required
                      {...form.getInputProps(`lines.${i}.description`)}
                    />
                    <Group gap="xs" grow wrap="nowrap" align="flex-end">
                      <NumberInput
                        label="Cantidad"
                        min={0.0001}
                        decimalScale={4}
                        {...form.getInputProps(`lines.${i}.quantity`)}
                      />
                      <NumberInput
                        label="Precio"
                        min={0}
                        decimalScale={2}
                        thousandSeparator=","
                        {...form.getInputProps(`lines.${i}.unitPrice`)}
                      />
                    </Group>
                  </SimpleGrid>
                  <Group justify="space-between" mt="xs">
                    <Checkbox
                      label="Exento de ITBIS"
                      {...form.getInputProps(`lines.${i}.taxExempt`, { type: 'checkbox' })}
                    />
                    {v.lines.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Quitar línea ${i + 1}`}
                        onClick={() => form.removeListItem('lines', i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Paper>
              ))}
              <Group justify="space-between">
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem('lines', newLine())}
                >
                  Agregar línea
                </Button>
                <Text size="sm" fw={600} c={linesTotal > available ? 'red' : undefined}>
                  Total de la nota: {formatMoney(linesTotal, invoice.currency)}
                  {linesTotal > available ? ' · supera lo disponible' : ''}
                </Text>
              </Group>
            </Stack>
          )}
          <Select
            label="Código de modificación (DGII)"
            data={CREDIT_NOTE_MODIFICATION_CODES.map((c) => ({
              value: String(c),
              label: `${c} · ${CREDIT_NOTE_MODIFICATION_LABELS[c]}`,
            }))}
            allowDeselect={false}
            {...form.getInputProps('modificationCode')}
          />
          <Textarea label="Motivo" required rows={3} maxLength={500} {...form.getInputProps('reason')} />
          <Text size="sm" data-testid="credit-note-date">
            Fecha de la nota: <b>hoy, {formatDate(today)}</b>. Las notas de crédito se fechan el día en que se
            emiten.
          </Text>
          {serverError && (
            <Alert color="red" icon={<IconInfoCircle />} role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Emitir nota de crédito
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
