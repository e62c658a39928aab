import {
  COMMUNICATION_DIRECTION_LABELS,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_TYPE_LABELS,
  COMMUNICATION_TYPES,
  CreateCommunicationRequestSchema,
} from '@agencia/shared';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateCommunication } from '../api/clients';

const nowLocal = () => {
  const d = new Date();
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};

/** Logs an email, call, meeting or WhatsApp with a client (communication tab). */
export function CommunicationModal({
  clientId,
  opened,
  onClose,
}: {
  clientId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateCommunication(clientId);
  const form = useForm({
    initialValues: {
      type: 'call',
      subject: '',
      date: nowLocal(),
      direction: 'outgoing',
      duration: '' as number | string,
      notes: '',
    },
  });
  const toBody = (v: typeof form.values) => ({
    type: v.type,
    subject: v.subject,
    date: v.date ? new Date(v.date).toISOString() : '',
    direction: v.direction,
    duration: v.duration === '' ? null : Number(v.duration),
    notes: v.notes || null,
  });
  const submit = form.onSubmit(async (v) => {
    const errors = zodResolver(CreateCommunicationRequestSchema)(toBody(v) as never);
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      return;
    }
    try {
      await create.mutateAsync(toBody(v) as never);
      toastSuccess('Comunicación registrada', v.subject);
      form.reset();
      onClose();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo registrar la comunicación'));
    }
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title="Registrar comunicación"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={2}>
            <Select
              label="Tipo"
              data={COMMUNICATION_TYPES.map((t) => ({ value: t, label: COMMUNICATION_TYPE_LABELS[t] }))}
              allowDeselect={false}
              {...form.getInputProps('type')}
            />
            <Select
              label="Dirección"
              data={COMMUNICATION_DIRECTIONS.map((d) => ({
                value: d,
                label: COMMUNICATION_DIRECTION_LABELS[d],
              }))}
              allowDeselect={false}
              {...form.getInputProps('direction')}
            />
          </SimpleGrid>
          <TextInput label="Asunto" required {...form.getInputProps('subject')} />
          <SimpleGrid cols={2}>
            <TextInput type="datetime-local" label="Fecha" required {...form.getInputProps('date')} />
            <NumberInput label="Duración (min)" min={0} max={1440} {...form.getInputProps('duration')} />
          </SimpleGrid>
          <Textarea label="Notas" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
