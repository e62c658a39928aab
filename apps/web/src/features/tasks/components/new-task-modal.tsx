import {
  CreateTaskRequestSchema,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TaskPrioritySchema,
  type TaskStatus,
  TaskStatusSchema,
} from '@agencia/shared';
import { Button, Group, Modal, MultiSelect, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateTask } from '../api/task-mutations';

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

/**
 * "Nueva tarea" (staff) or "Nueva solicitud" (a client, when the project allows it: only title and
 * description, the task lands in "Solicitudes del cliente").
 */
export function NewTaskModal({
  projectId,
  opened,
  onClose,
  mode,
  team,
  initialStatus = 'todo',
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  mode: 'task' | 'request';
  team: { value: string; label: string }[];
  initialStatus?: TaskStatus;
}) {
  const create = useCreateTask(projectId);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      title: '',
      description: '',
      status: initialStatus as string,
      priority: 'medium' as string,
      assigneeIds: [] as string[],
      dueDate: '' as string,
      visibleToClient: false,
    },
    validate: zodResolver(CreateTaskRequestSchema),
    transformValues: (values) => ({ ...values, dueDate: values.dueDate || null }),
  });
  const isRequest = mode === 'request';

  const submit = form.onSubmit(async (values) => {
    try {
      const body = isRequest
        ? { title: values.title, description: values.description }
        : {
            ...values,
            status: TaskStatusSchema.parse(values.status),
            priority: TaskPrioritySchema.parse(values.priority),
          };
      await create.mutateAsync(body);
      toastSuccess(isRequest ? 'Solicitud enviada' : 'Tarea creada', values.title);
      form.reset();
      onClose();
    } catch (error) {
      toastError(
        'Error',
        getErrorMessage(error, isRequest ? 'No se pudo enviar la solicitud' : 'No se pudo crear la tarea'),
      );
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={isRequest ? 'Nueva solicitud' : 'Nueva tarea'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Título" required data-autofocus {...form.getInputProps('title')} />
          <Textarea
            label="Descripción"
            description="Admite Markdown: **negrita**, *cursiva*, listas con guiones y enlaces."
            autosize
            minRows={3}
            {...form.getInputProps('description')}
          />
          {!isRequest && (
            <>
              <Group grow align="flex-start">
                <Select
                  label="Estado"
                  data={options(TASK_STATUS_LABELS)}
                  allowDeselect={false}
                  {...form.getInputProps('status')}
                />
                <Select
                  label="Prioridad"
                  data={options(TASK_PRIORITY_LABELS)}
                  allowDeselect={false}
                  {...form.getInputProps('priority')}
                />
              </Group>
              <MultiSelect
                label="Responsables"
                data={team}
                searchable
                {...form.getInputProps('assigneeIds')}
              />
              <DateField label="Fecha de entrega" {...form.getInputProps('dueDate')} />
              <Switch
                label="Visible para el cliente"
                {...form.getInputProps('visibleToClient', { type: 'checkbox' })}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              {isRequest ? 'Enviar solicitud' : 'Crear tarea'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
