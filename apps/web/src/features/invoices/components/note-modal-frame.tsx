import type { Currency } from '@agencia/shared';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatMoney, todayIso } from '../../billing-shared/components/format';

/** Which note a modal issues, as its texts name it ("Nota de crédito", "Emitir nota de débito"). */
export type NoteKind = 'crédito' | 'débito';

/** The English word of each kind, in the test id of the note's date line (`credit-note-date`). */
const KIND_ID: Record<NoteKind, string> = { crédito: 'credit', débito: 'debit' };

/** What issuing a note answers that the success toast names. */
interface IssuedNote {
  ncf: string | null;
  total: number;
}

/** The parts of {@link NoteModalFrame} that {@link useNoteSubmit} provides. */
export interface NoteFrameState {
  kind: NoteKind;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  serverError: string | null;
  submitting: boolean;
  /** The reason's input ("Motivo"), bound to the form's `reason`. */
  reasonInput: GetInputPropsReturnType;
  /** The note's date, `YYYY-MM-DD`: the day it is issued, today (decision 132). */
  today: string;
}

/**
 * The submit handling of a note modal: posts `toRequest(values)` with `create` (the note's
 * mutation), then toasts "Nota de {kind} emitida" with the note's NCF and total and closes; on a
 * failure the modal stays open with the typed values and the server's message ("No se pudo emitir
 * la nota de {kind}" when it has none). The form and the message are reset whenever another
 * invoice is chosen. Answers what {@link NoteModalFrame} needs besides the invoice and note type,
 * the reason's input and today's date (the note's) included.
 */
export function useNoteSubmit<Values extends { reason: string }, Body>({
  kind,
  invoice,
  form,
  create,
  toRequest,
  onClose,
}: {
  kind: NoteKind;
  invoice: { _id: string; currency: Currency } | null;
  form: UseFormReturnType<Values>;
  create: { mutateAsync: (variables: { id: string; body: Body }) => Promise<IssuedNote>; isPending: boolean };
  toRequest: (values: Values) => Body;
  onClose: () => void;
}): NoteFrameState {
  const [serverError, setServerError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    if (invoice) {
      form.reset();
      setServerError(null);
    }
  }, [invoice?._id]);

  const onSubmit = form.onSubmit(async (values) => {
    if (!invoice) return;
    setServerError(null);
    try {
      const note = await create.mutateAsync({ id: invoice._id, body: toRequest(values) });
      toastSuccess(`Nota de ${kind} emitida`, `${note.ncf} por ${formatMoney(note.total, invoice.currency)}`);
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, `No se pudo emitir la nota de ${kind}`));
    }
  });
  return {
    kind,
    onClose,
    onSubmit,
    serverError,
    submitting: create.isPending,
    reasonInput: form.getInputProps('reason'),
    today: todayIso(),
  };
}

/**
 * The frame of a note modal: the open modal titled "Nota de {kind} ({noteType}) · {NCF or
 * number}" and its form: `children` (the note's own fields) first, then the reason ("Motivo",
 * `reasonInput` from the form), the line saying the note is dated `today` (decision 132), the
 * server's message when there is one, and Cancelar and "Emitir nota de {kind}".
 */
export function NoteModalFrame({
  kind,
  noteType,
  invoice,
  reasonInput,
  today,
  onClose,
  onSubmit,
  serverError,
  submitting,
  children,
}: NoteFrameState & {
  noteType: string;
  invoice: { ncf: string | null; invoiceNumber: string };
  children: ReactNode;
}) {
  // The note's date follows the user's date format (decision 123).
  useDateDisplay();
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Nota de ${kind} (${noteType}) · ${invoice.ncf ?? invoice.invoiceNumber}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Textarea label="Motivo" required rows={3} maxLength={500} {...reasonInput} />
          <Text size="sm" data-testid={`${KIND_ID[kind]}-note-date`}>
            Fecha de la nota: <b>hoy, {formatDate(today)}</b>.{' '}
            {`Las notas de ${kind} se fechan el día en que se emiten.`}
          </Text>
          <ModalFormFooter
            error={serverError}
            alertIcon={<IconInfoCircle />}
            onCancel={onClose}
            loading={submitting}
            submitLabel={`Emitir nota de ${kind}`}
          />
        </Stack>
      </form>
    </Modal>
  );
}
