import { CreateDebitNoteRequestSchema, debitNoteTypeFor, type Invoice } from '@agencia/shared';
import { Modal, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zodResolver } from '../../../lib/form';
import { useDateDisplay } from '../../../stores/display-store';
import { formatMoney } from '../../billing-shared/components/format';
import { useCreateDebitNote } from '../api/invoices';
import {
  initialNoteAmount,
  NoteAmountFields,
  type NoteAmountValues,
  noteAmountBody,
} from './note-amount-fields';
import { NoteModalFrame, useNoteSubmit } from './note-modal-frame';

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
  const form = useForm<Values>({
    initialValues: { ...initialNoteAmount(), reason: '' },
    validate: (v) => zodResolver(CreateDebitNoteRequestSchema)(toRequest(v) as never),
  });
  const frame = useNoteSubmit({ kind: 'débito', invoice, form, create, toRequest, onClose });

  if (!invoice) return <Modal opened={false} onClose={onClose} title="Nota de débito" />;
  const noteType = invoice.documentType ? debitNoteTypeFor(invoice.documentType) : 'B03';

  return (
    <NoteModalFrame {...frame} noteType={noteType} invoice={invoice}>
      <Text size="sm" c="dimmed">
        La nota de débito aumenta el saldo de la factura (intereses, cargos adicionales o un precio corregido
        al alza). Saldo pendiente: <b>{formatMoney(invoice.balance, invoice.currency)}</b>.{' '}
        {`Lleva ITBIS (${invoice.taxRate} %) en lo gravado.`}
      </Text>
      <NoteAmountFields form={form} currency={invoice.currency} taxRate={invoice.taxRate} />
    </NoteModalFrame>
  );
}
