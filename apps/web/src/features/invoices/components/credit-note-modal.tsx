import {
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  CREDIT_NOTE_MODIFICATION_CODES,
  CREDIT_NOTE_MODIFICATION_LABELS,
  CreateCreditNoteRequestSchema,
  creditNoteTypeFor,
  daysBetween,
  fromCents,
  type Invoice,
  type InvoiceSummary,
  toCents,
} from '@agencia/shared';
import { Modal, Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zodResolver } from '../../../lib/form';
import { useDateDisplay } from '../../../stores/display-store';
import { formatMoney } from '../../billing-shared/components/format';
import { useCreateCreditNote, useInvoice } from '../api/invoices';
import { creditedCentsOf } from './invoice-rules';
import {
  initialNoteAmount,
  NoteAmountFields,
  type NoteAmountValues,
  noteAmountBody,
  noteNum,
} from './note-amount-fields';
import { NoteModalFrame, useNoteSubmit } from './note-modal-frame';

interface Values extends NoteAmountValues {
  modificationCode: string;
  reason: string;
}

/**
 * What the invoice's credit notes can still take, in centavos: its total plus its debit notes less
 * the credit notes issued (decision 138).
 */
const availableCents = (invoice: InvoiceSummary | Invoice) =>
  toCents(invoice.total) + toCents(invoice.amountDebited) - creditedCentsOf(invoice);

function toRequest(v: Values) {
  return { ...noteAmountBody(v), reason: v.reason, modificationCode: Number(v.modificationCode) };
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
  const form = useForm<Values>({
    initialValues: { ...initialNoteAmount(), modificationCode: '3', reason: '' },
    validate: (v) => {
      const errors = zodResolver(CreateCreditNoteRequestSchema)(toRequest(v) as never);
      // What the server refuses anyway (the notes of an invoice never exceed its total), said before posting.
      if (
        invoice &&
        v.mode === 'amount' &&
        !errors.amount &&
        toCents(noteNum(v.amount)) > availableCents(invoice)
      )
        errors.amount = `Supera lo disponible para acreditar (${formatMoney(fromCents(availableCents(invoice)), invoice.currency)})`;
      return errors;
    },
  });
  const frame = useNoteSubmit({ kind: 'crédito', invoice, form, create, toRequest, onClose });

  if (!invoice) return <Modal opened={false} onClose={onClose} title="Nota de crédito" />;
  const available = fromCents(availableCents(invoice));
  const balance = invoice.status === 'draft' ? invoice.total : invoice.balance;
  // ITBIS up to 30 days after the invoice, counted to the note's date: today (decision 132).
  const withItbis = daysBetween(invoice.issueDate, frame.today) <= CREDIT_NOTE_ITBIS_MAX_DAYS;
  const noteType = invoice.documentType ? creditNoteTypeFor(invoice.documentType) : 'B04';

  return (
    <NoteModalFrame {...frame} noteType={noteType} invoice={invoice}>
      <Text size="sm" c="dimmed">
        Disponible para acreditar: <b>{formatMoney(available, invoice.currency)}</b> de{' '}
        {formatMoney(invoice.total, invoice.currency)}.{' '}
        {withItbis
          ? `Lleva ITBIS (${invoice.taxRate} %).`
          : `Sin ITBIS: han pasado más de ${CREDIT_NOTE_ITBIS_MAX_DAYS} días desde la factura.`}
        {balance < available &&
          ` Saldo pendiente ${formatMoney(balance, invoice.currency)}: lo que la nota supere se devuelve al cliente (reembolso).`}
      </Text>
      <NoteAmountFields
        form={form}
        currency={invoice.currency}
        taxRate={withItbis ? invoice.taxRate : 0}
        max={available}
      />
      <Select
        label="Código de modificación (DGII)"
        data={CREDIT_NOTE_MODIFICATION_CODES.map((c) => ({
          value: String(c),
          label: `${c} · ${CREDIT_NOTE_MODIFICATION_LABELS[c]}`,
        }))}
        allowDeselect={false}
        {...form.getInputProps('modificationCode')}
      />
    </NoteModalFrame>
  );
}
