import '@mantine/dates/styles.css';
import {
  type CalendarEvent,
  CreateEventRequestSchema,
  type EventPriority,
  type EventType,
} from '@agencia/shared';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { ProjectPicker } from '../../../components/pickers/pickers';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useDateInputFormat } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useEventMutations, useInvitees } from '../api/calendar-api';
import { priorityOptions, typeOptions } from './event-labels';

const PICKER = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  title: string;
  description: string;
  type: EventType;
  priority: EventPriority;
  startDate: string | null;
  endDate: string | null;
  isAllDay: boolean;
  location: string;
  meetingLink: string;
  attendees: string[];
  projectId: string | null;
}

function toBody(v: Values) {
  const start = v.startDate ? dayjs(v.startDate) : null;
  const end = v.endDate ? dayjs(v.endDate) : null;
  return {
    title: v.title,
    description: v.description,
    type: v.type,
    priority: v.priority,
    startDate: start ? (v.isAllDay ? start.startOf('day') : start).toISOString() : undefined,
    endDate: end ? (v.isAllDay ? end.endOf('day') : end).toISOString() : undefined,
    isAllDay: v.isAllDay,
    location: v.location,
    meetingLink: v.meetingLink,
    attendees: v.attendees,
    projectId: v.projectId,
  };
}

/**
 * Create/edit event modal (spec doc 2 §2, §5): title, description, start and end, type,
 * priority, location, plus all-day, meeting link and attendees. 'Crear Evento' saves for real.
 * `initialDate` pre-fills the start when opened from a click on a calendar date.
 */
export function EventFormModal({
  opened,
  onClose,
  event,
  initialDate,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  event?: CalendarEvent | null;
  initialDate?: Date | null;
  onSaved?: (event: CalendarEvent) => void;
}) {
  const dateTimeInputFormat = useDateInputFormat(true);
  const { create, update } = useEventMutations();
  const me = useSessionStore((s) => s.user?._id);
  const invitees = useInvitees(opened);
  const base = initialDate ? dayjs(initialDate) : dayjs().add(1, 'hour').startOf('hour');
  const startAt = base.hour() === 0 && base.minute() === 0 ? base.hour(9) : base;
  const form = useForm<Values>({
    initialValues: event
      ? {
          title: event.title,
          description: event.description ?? '',
          type: event.type,
          priority: event.priority,
          startDate: dayjs(event.startDate).format(PICKER),
          endDate: dayjs(event.endDate).format(PICKER),
          isAllDay: event.isAllDay,
          location: event.location ?? '',
          meetingLink: event.meetingLink ?? '',
          attendees: event.attendees.map((a) => a.user._id),
          projectId: event.project?._id ?? null,
        }
      : {
          title: '',
          description: '',
          type: 'meeting',
          priority: 'medium',
          startDate: startAt.format(PICKER),
          endDate: startAt.add(1, 'hour').format(PICKER),
          isAllDay: false,
          location: '',
          meetingLink: '',
          attendees: [],
          projectId: null,
        },
    validate: (v) => zodResolver(CreateEventRequestSchema)(toBody(v)),
  });

  const submit = form.onSubmit(async (v) => {
    const body = toBody(v) as Parameters<typeof create.mutateAsync>[0];
    try {
      const saved = event
        ? await update.mutateAsync({ id: event._id, body })
        : await create.mutateAsync(body);
      toastSuccess(event ? 'Evento actualizado' : 'Evento creado', saved.title);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      toastError(
        'Error',
        getErrorMessage(error, event ? 'No se pudo actualizar el evento' : 'No se pudo crear el evento'),
      );
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={event ? 'Editar Evento' : 'Nuevo Evento'} size="lg">
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Título" withAsterisk data-autofocus {...form.getInputProps('title')} />
            <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimePicker
                label="Inicio"
                withAsterisk
                valueFormat={dateTimeInputFormat}
                {...form.getInputProps('startDate')}
              />
              <DateTimePicker
                label="Fin"
                withAsterisk
                valueFormat={dateTimeInputFormat}
                {...form.getInputProps('endDate')}
              />
            </SimpleGrid>
            <Switch label="Todo el día" {...form.getInputProps('isAllDay', { type: 'checkbox' })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Tipo"
                withAsterisk
                data={typeOptions}
                allowDeselect={false}
                {...form.getInputProps('type')}
              />
              <Select
                label="Prioridad"
                withAsterisk
                data={priorityOptions}
                allowDeselect={false}
                {...form.getInputProps('priority')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Ubicación" {...form.getInputProps('location')} />
              <TextInput
                label="Enlace de reunión"
                placeholder="https://…"
                {...form.getInputProps('meetingLink')}
              />
            </SimpleGrid>
            <ProjectPicker
              enabled={opened}
              placeholder="Sin proyecto"
              selected={event?.project ? { value: event.project._id, label: event.project.title } : null}
              clearable
              value={form.values.projectId}
              onChange={(v) => form.setFieldValue('projectId', v)}
              error={form.errors.projectId}
            />
            <MultiSelect
              label="Asistentes"
              placeholder="Invitar personas"
              searchable
              data={(invitees.data ?? [])
                .filter((p) => p._id !== me)
                .map((p) => ({ value: p._id, label: `${p.firstName} ${p.lastName} (${p.email})` }))}
              {...form.getInputProps('attendees')}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {event ? 'Guardar cambios' : 'Crear Evento'}
              </Button>
            </Group>
          </Stack>
        </form>
      </DatesProvider>
    </Modal>
  );
}
