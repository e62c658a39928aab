import { CreateDebitNoteRequestSchema, debitNoteTypeFor, type Invoice } from '@agencia/shared';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatMoney, todayIso } from '../../billing-shared/components/format';
import { useCreateDebitNote } from '../api/invoices';
import {
  initialNoteAmount,
  NoteAmountFields,
  type NoteAmountValues,
  noteAmountBody,
} from './note-amount-fields';

interface Values extends NoteAmountValues {
  reason: string;
}

const toRequest = (v: Values) => ({ ...noteAmountBody(v), reason: v.reason });

/**
 * Issues a debit note (B03 / E33, decision 138) on an issued invoice (`POST
 * /invoices/{id}/debit-notes`): by amount (ITBIS included, split like the invoice) or by lines at
 * the invoice's ITBIS rate, with a reason (interest, an additional charge, a price corrected
 * upwards), dated today (decision 132). Says what the invoice owes now and that the note raises it.
 * On a 400/409 the modal stays open with the typed values and the server's message.
 */
export function DebitNoteModal({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  useDateDisplay();
  const create = useCreateDebitNote();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { ...initialNoteAmount(), reason: '' },
    validate: (v) => zodResolver(CreateDebitNoteRequestSchema)(toRequest(v) as never),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    if (invoice) {
      form.reset();
      setServerError(null);
    }
  }, [invoice?._id]);

  if (!invoice) return <Modal opened={false} onClose={onClose} title="Nota de débito" />;
  const noteType = invoice.documentType ? debitNoteTypeFor(invoice.documentType) : 'B03';
  // The note is dated the day it is issued (decision 132): today.
  const today = todayIso();

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const note = await create.mutateAsync({ id: invoice._id, body: toRequest(values) });
      toastSuccess('Nota de débito emitida', `${note.ncf} por ${formatMoney(note.total, invoice.currency)}`);
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo emitir la nota de débito'));
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Nota de débito (${noteType}) · ${invoice.ncf ?? invoice.invoiceNumber}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            La nota de débito aumenta el saldo de la factura (intereses, cargos adicionales o un precio
            corregido al alza). Saldo pendiente: <b>{formatMoney(invoice.balance, invoice.currency)}</b>.
            Lleva ITBIS ({invoice.taxRate} %) en lo gravado.
          </Text>
          <NoteAmountFields form={form} currency={invoice.currency} taxRate={invoice.taxRate} />
          <Textarea label="Motivo" required rows={3} maxLength={500} {...form.getInputProps('reason')} />
          <Text size="sm" data-testid="debit-note-date">
            Fecha de la nota: <b>hoy, {formatDate(today)}</b>. Las notas de débito se fechan el día en que se
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
              Emitir nota de débito
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
