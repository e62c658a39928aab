import '@mantine/dates/styles.css';
import {
  CloseTicketRequestSchema,
  CreateTicketTimeLogRequestSchema,
  TICKET_HOURS,
  TICKET_PRIORITY_LABELS,
  TICKET_SEVERITY_LABELS,
  TICKET_TYPE_LABELS,
  type TicketDetail,
  UpdateTicketRequestSchema,
  WORK_TYPE_LABELS,
  type WorkType,
} from '@agencia/shared';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { ProjectPicker } from '../../../components/pickers/pickers';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useDateInputFormat } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAssignees } from '../api/get-ticket-stats';
import { useTickets } from '../api/get-tickets';
import type { useTicketActions } from '../api/ticket-mutations';
import { optionsOf } from './ticket-badges';

type Actions = ReturnType<typeof useTicketActions>;
interface ModalProps {
  opened: boolean;
  onClose: () => void;
  ticket: TicketDetail;
  actions: Actions;
}

const fail = (error: unknown, fallback: string) => toastError('Error', getErrorMessage(error, fallback));

/**
 * Options of the 'Tickets relacionados' select: the server's first 20 matches of the typed text
 * (issue 14: no whole list in the browser), plus every ticket already chosen, so its pill keeps
 * its label when a later search no longer returns it.
 */
function useRelatedTicketOptions(ticket: TicketDetail, enabled: boolean) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const found = useTickets({ search: debounced || undefined, limit: 20 }, enabled);
  const labels = useRef(
    new Map(ticket.relatedTickets.map((r) => [r._id, `${r.ticketNumber} · ${r.title}`] as const)),
  );
  for (const t of found.data?.tickets ?? []) labels.current.set(t._id, `${t.ticketNumber} · ${t.title}`);
  return {
    search,
    setSearch,
    loading: found.isFetching,
    options: (selected: string[]) => {
      const ids = new Set([...selected, ...(found.data?.tickets ?? []).map((t) => t._id)]);
      ids.delete(ticket._id);
      return [...ids].map((id) => ({ value: id, label: labels.current.get(id) ?? id }));
    },
  };
}

/** Edit modal: every field for staff; title, description and priority for clients. */
export function EditTicketModal({
  opened,
  onClose,
  ticket,
  actions,
  staff,
}: ModalProps & { staff: boolean }) {
  const related = useRelatedTicketOptions(ticket, opened && staff);
  const form = useForm({
    initialValues: {
      title: ticket.title,
      description: ticket.description,
      priority: ticket.priority,
      type: ticket.type,
      severity: ticket.severity,
      category: ticket.category ?? '',
      projectId: ticket.project?._id ?? null,
      environment: ticket.environment ?? '',
      browserInfo: ticket.browserInfo ?? '',
      steps: ticket.steps ?? '',
      tags: ticket.tags,
      estimatedResolutionTime: ticket.estimatedResolutionTime as number | string | null,
      relatedTicketIds: ticket.relatedTickets.map((r) => r._id),
    },
    validate: zodResolver(UpdateTicketRequestSchema),
  });
  const submit = form.onSubmit(async (v) => {
    const body = staff
      ? {
          ...v,
          estimatedResolutionTime:
            v.estimatedResolutionTime === '' || v.estimatedResolutionTime === null
              ? null
              : Number(v.estimatedResolutionTime),
        }
      : { title: v.title, description: v.description, priority: v.priority };
    try {
      await actions.update.mutateAsync(body);
      toastSuccess('Ticket actualizado', 'Los cambios se guardaron');
      onClose();
    } catch (error) {
      fail(error, 'No se pudo actualizar el ticket');
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Editar ticket" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Título" withAsterisk {...form.getInputProps('title')} />
          <Textarea
            label="Descripción"
            withAsterisk
            autosize
            minRows={3}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: staff ? 3 : 1 }}>
            <Select
              label="Prioridad"
              data={optionsOf(TICKET_PRIORITY_LABELS)}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
            {staff && (
              <Select
                label="Tipo"
                data={optionsOf(TICKET_TYPE_LABELS)}
                allowDeselect={false}
                {...form.getInputProps('type')}
              />
            )}
            {staff && (
              <Select
                label="Severidad"
                data={optionsOf(TICKET_SEVERITY_LABELS)}
                allowDeselect={false}
                {...form.getInputProps('severity')}
              />
            )}
          </SimpleGrid>
          {staff && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Categoría" {...form.getInputProps('category')} />
                <ProjectPicker
                  enabled={opened}
                  selected={
                    ticket.project ? { value: ticket.project._id, label: ticket.project.title } : null
                  }
                  clearable
                  value={form.values.projectId}
                  onChange={(v) => form.setFieldValue('projectId', v)}
                  error={form.errors.projectId}
                />
                <TextInput
                  label="Entorno"
                  placeholder="Producción, pruebas…"
                  {...form.getInputProps('environment')}
                />
                <TextInput label="Navegador / dispositivo" {...form.getInputProps('browserInfo')} />
              </SimpleGrid>
              <Textarea label="Pasos para reproducir" autosize minRows={2} {...form.getInputProps('steps')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label="Tiempo estimado (horas)"
                  min={0}
                  step={0.5}
                  decimalScale={2}
                  {...form.getInputProps('estimatedResolutionTime')}
                />
                <TagsInput label="Etiquetas" {...form.getInputProps('tags')} />
              </SimpleGrid>
              <MultiSelect
                label="Tickets relacionados"
                placeholder="Busca por número o título"
                searchable
                searchValue={related.search}
                onSearchChange={related.setSearch}
                // The server already filtered by the typed text (title, description or number).
                filter={({ options }) => options}
                nothingFoundMessage={related.loading ? 'Buscando…' : 'Ningún ticket coincide'}
                data={related.options(form.values.relatedTicketIds)}
                {...form.getInputProps('relatedTicketIds')}
              />
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={actions.update.isPending}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Assign modal (staff): any active admin or employee, or nobody. */
export function AssignTicketModal({ opened, onClose, ticket, actions }: ModalProps) {
  const assignees = useAssignees();
  const form = useForm({
    initialValues: { assignedTo: ticket.assignedTo?._id ?? null } as { assignedTo: string | null },
  });
  const submit = form.onSubmit(async ({ assignedTo }) => {
    try {
      await actions.assign.mutateAsync(assignedTo);
      toastSuccess(
        'Ticket asignado',
        assignedTo ? 'El responsable fue notificado' : 'El ticket quedó sin asignar',
      );
      onClose();
    } catch (error) {
      fail(error, 'No se pudo asignar el ticket');
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Asignar ticket">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Responsable"
            placeholder="Sin asignar"
            clearable
            searchable
            data={(assignees.data ?? []).map((a) => ({
              value: a._id,
              label: `${a.firstName} ${a.lastName}`,
            }))}
            {...form.getInputProps('assignedTo')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={actions.assign.isPending}>
              Asignar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Time-log modal (spec doc 2 §5): hours 0.25–24 step 0.25, work type, description required. */
export function TimeLogModal({ opened, onClose, actions }: ModalProps) {
  const dateInputFormat = useDateInputFormat();
  const form = useForm({
    initialValues: {
      hours: 1 as number | string,
      workType: 'coding' as WorkType,
      description: '',
      date: dayjs().format('YYYY-MM-DD'),
    },
    validate: (v) =>
      zodResolver(CreateTicketTimeLogRequestSchema)({
        ...v,
        hours: v.hours === '' ? undefined : Number(v.hours),
      }),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await actions.logTime.mutateAsync({ ...v, hours: Number(v.hours) });
      toastSuccess('Tiempo registrado', `${v.hours} h registradas`);
      form.reset();
      onClose();
    } catch (error) {
      fail(error, 'No se pudo registrar el tiempo');
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Registrar tiempo">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <NumberInput
              label="Horas"
              withAsterisk
              min={TICKET_HOURS.min}
              max={TICKET_HOURS.max}
              step={TICKET_HOURS.step}
              decimalScale={2}
              {...form.getInputProps('hours')}
            />
            <DateInput
              label="Fecha"
              valueFormat={dateInputFormat}
              maxDate={dayjs().format('YYYY-MM-DD')}
              {...form.getInputProps('date')}
            />
          </SimpleGrid>
          <Select
            label="Tipo de trabajo"
            withAsterisk
            data={optionsOf(WORK_TYPE_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('workType')}
          />
          <Textarea
            label="Descripción"
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={actions.logTime.isPending}>
              Registrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Resolve or close: resolution required, prevention measures optional (spec doc 2 §7 close). */
export function ResolutionModal({
  opened,
  onClose,
  ticket,
  actions,
  mode,
}: ModalProps & { mode: 'resolved' | 'closed' }) {
  const form = useForm({
    initialValues: {
      resolution: ticket.resolution ?? '',
      preventionMeasures: ticket.preventionMeasures ?? '',
    },
    validate: zodResolver(CloseTicketRequestSchema),
  });
  const pending = actions.close.isPending || actions.status.isPending;
  const submit = form.onSubmit(async (v) => {
    try {
      if (mode === 'closed') await actions.close.mutateAsync(v);
      else await actions.status.mutateAsync({ status: 'resolved', ...v });
      toastSuccess(mode === 'closed' ? 'Ticket cerrado' : 'Ticket resuelto', 'El cliente fue notificado');
      onClose();
    } catch (error) {
      fail(error, 'No se pudo cambiar el estado');
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'closed' ? 'Cerrar ticket' : 'Marcar como resuelto'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Resolución"
            withAsterisk
            autosize
            minRows={3}
            {...form.getInputProps('resolution')}
          />
          <Textarea
            label="Medidas preventivas"
            autosize
            minRows={2}
            {...form.getInputProps('preventionMeasures')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={pending} color={mode === 'closed' ? 'gray' : 'green'}>
              {mode === 'closed' ? 'Cerrar ticket' : 'Marcar como resuelto'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
