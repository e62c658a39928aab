import {
  isStaff as isStaffRole,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_LABELS,
  TASK_STATUS_LABELS,
  type TaskDetail,
  TaskPrioritySchema,
  TaskRecurrenceSchema,
  TaskStatusSchema,
  type UpdateTaskRequest,
  UpdateTaskRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Divider,
  Drawer,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TimerButton } from '../../../components/timer/timer-button';
import { DateField } from '../../../components/ui/date-field';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { formatNumericDate, todayDateOnly } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useTask, useTaskProjectContext } from '../api/get-tasks';
import { useDeleteTask, useUpdateTask } from '../api/task-mutations';
import { useMilestoneOffer } from './milestone-offer';
import { TaskAssignees, TaskDueDate, TaskPriorityBadge, TaskStatusBadge } from './task-badges';
import {
  ChecklistSection,
  CommentsSection,
  FilesSection,
  Section,
  TimeSection,
} from './task-drawer-sections';

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

type Context = NonNullable<ReturnType<typeof useTaskProjectContext>['data']>;

/** The editable fields (staff with `canEdit`). Saves with `PUT /tasks/{id}`. */
function TaskEditForm({ task, context }: { task: TaskDetail; context: Context | undefined }) {
  const update = useUpdateTask(task._id);
  const offerMilestone = useMilestoneOffer();
  const [preview, setPreview] = useState<'edit' | 'preview'>('edit');
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      title: task.title,
      description: task.description,
      status: task.status as string,
      priority: task.priority as string,
      assigneeIds: task.assignees.map((person) => person._id),
      startDate: task.startDate ?? '',
      dueDate: task.dueDate ?? '',
      estimateHours: task.estimateMinutes != null ? task.estimateMinutes / 60 : ('' as number | ''),
      milestoneId: task.milestone?._id ?? '',
      labels: task.labels,
      visibleToClient: task.visibleToClient,
      recurrence: task.recurrence as string,
    },
  });
  const team = (context?.team ?? [])
    .filter((member) => member.userRole !== 'client')
    .map((member) => ({ value: member._id, label: `${member.firstName} ${member.lastName}` }));
  // Keep assignees the team list no longer has (an admin assigned from outside the team).
  for (const person of task.assignees) {
    if (!team.some((option) => option.value === person._id)) {
      team.push({ value: person._id, label: `${person.firstName} ${person.lastName}` });
    }
  }
  const milestones = (context?.milestones ?? []).map((m) => ({ value: m._id, label: m.title }));

  const submit = form.onSubmit(async (values) => {
    const body: UpdateTaskRequest = {
      title: values.title,
      description: values.description,
      status: TaskStatusSchema.parse(values.status),
      priority: TaskPrioritySchema.parse(values.priority),
      assigneeIds: values.assigneeIds,
      startDate: values.startDate || null,
      dueDate: values.dueDate || null,
      estimateMinutes: values.estimateHours === '' ? null : Math.round(Number(values.estimateHours) * 60),
      milestoneId: values.milestoneId || null,
      labels: values.labels,
      visibleToClient: values.visibleToClient,
      recurrence: TaskRecurrenceSchema.parse(values.recurrence),
    };
    const checked = UpdateTaskRequestSchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field =
        issue?.path[0] === 'estimateMinutes' ? 'estimateHours' : String(issue?.path[0] ?? 'title');
      form.setFieldError(field, issue?.message ?? 'Valor inválido');
      return;
    }
    try {
      const result = await update.mutateAsync(body);
      toastSuccess('Tarea guardada', result.task.title);
      form.resetDirty();
      offerMilestone(task.project._id, result.milestoneReady);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo guardar la tarea'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Datos de la tarea">
      <Stack gap="sm">
        <TextInput label="Título" required {...form.getInputProps('title')} />
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500} component="label" htmlFor="task-description">
              Descripción
            </Text>
            <SegmentedControl
              size="xs"
              value={preview}
              onChange={(value) => setPreview(value as 'edit' | 'preview')}
              data={[
                { value: 'edit', label: 'Editar' },
                { value: 'preview', label: 'Vista previa' },
              ]}
              aria-label="Modo de la descripción"
            />
          </Group>
          {preview === 'edit' ? (
            <Textarea
              id="task-description"
              description="Markdown: **negrita**, *cursiva*, listas con guiones, [enlaces](https://…)."
              autosize
              minRows={3}
              maxRows={14}
              {...form.getInputProps('description')}
            />
          ) : (
            <MarkdownText source={form.getValues().description} />
          )}
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
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
          <DateField label="Fecha de inicio" {...form.getInputProps('startDate')} />
          <DateField label="Fecha de entrega" {...form.getInputProps('dueDate')} />
          <NumberInput
            label="Estimado (horas)"
            min={0}
            step={0.5}
            decimalScale={2}
            decimalSeparator=","
            {...form.getInputProps('estimateHours')}
          />
          <Select
            label="Hito"
            data={milestones}
            clearable
            placeholder="Sin hito"
            {...form.getInputProps('milestoneId')}
          />
          <Select
            label="Repetir"
            data={options(TASK_RECURRENCE_LABELS)}
            allowDeselect={false}
            {...form.getInputProps('recurrence')}
          />
        </SimpleGrid>
        <MultiSelect label="Responsables" data={team} searchable {...form.getInputProps('assigneeIds')} />
        <TagsInput
          label="Etiquetas"
          description="Pulsa Intro después de cada etiqueta."
          {...form.getInputProps('labels')}
        />
        <Switch
          label="Visible para el cliente"
          description="El cliente la verá en su tablero y podrá comentarla."
          {...form.getInputProps('visibleToClient', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Read-only details (clients, and staff who may not edit). */
function TaskDetails({ task, isStaff }: { task: TaskDetail; isStaff: boolean }) {
  useDateDisplay();
  const today = todayDateOnly();
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <TaskStatusBadge status={task.status} />
        <TaskPriorityBadge priority={task.priority} />
        {task.labels.map((label) => (
          <Badge key={label} size="sm" variant="outline" color="gray">
            {label}
          </Badge>
        ))}
      </Group>
      <TaskDueDate task={task} today={today} />
      {task.startDate && (
        <Text size="sm" c="dimmed">
          Inicio: {formatNumericDate(task.startDate)}
        </Text>
      )}
      {task.milestone && <Text size="sm">Hito: {task.milestone.title}</Text>}
      {isStaff && <TaskAssignees people={task.assignees} max={6} />}
      <Section title="Descripción">
        <MarkdownText source={task.description} />
      </Section>
    </Stack>
  );
}

/**
 * The task detail as a drawer (deep link: `?tarea=<id>` on the board, the list or "Mis tareas").
 * Staff edit every field, tick the checklist, comment (with mentions, internal or not), upload
 * files, run the timer and see the time logged; a client reads, comments and sees the files.
 */
export function TaskDrawer({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const role = useSessionStore((state) => state.user?.role);
  const isStaff = !!role && isStaffRole(role);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const query = useTask(taskId);
  const task = query.data;
  const context = useTaskProjectContext(task?.project._id, !!task && isStaff);
  const remove = useDeleteTask();

  const confirmDelete = (current: TaskDetail) =>
    modals.openConfirmModal({
      title: 'Eliminar tarea',
      children: (
        <Text size="sm">
          ¿Eliminar «{current.title}»? Se borran también su lista, comentarios y archivos. El tiempo ya
          registrado se conserva en el proyecto.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(current._id);
          toastSuccess('Tarea eliminada', current.title);
          onClose();
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar la tarea'));
        }
      },
    });

  const people = (context.data?.team ?? []).map((member) => ({
    _id: member._id,
    firstName: member.firstName,
    lastName: member.lastName,
  }));

  return (
    <Drawer
      opened={!!taskId}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={task ? task.title : 'Tarea'}
      closeButtonProps={{ 'aria-label': 'Cerrar tarea' }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {query.isPending && taskId ? (
        <Center py="xl" role="status" aria-live="polite">
          <Loader aria-label="Cargando tarea" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {getErrorStatus(query.error) === 404
            ? 'La tarea no existe o no tienes acceso a ella.'
            : getErrorMessage(query.error, 'No se pudo cargar la tarea')}
        </Alert>
      ) : task ? (
        <Stack gap="lg" data-task-drawer={task._id}>
          <Group justify="space-between" gap="xs">
            <Anchor
              component={Link}
              to={`/projects/${task.project._id}?tab=tareas`}
              size="sm"
              underline="always"
            >
              {task.project.title}
            </Anchor>
            <Group gap="xs">
              {isStaff && <TimerButton taskId={task._id} taskTitle={task.title} variant="button" />}
              {task.canEdit && (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => confirmDelete(task)}
                >
                  Eliminar
                </Button>
              )}
            </Group>
          </Group>
          {task.clientRequest && (
            <Alert color="blue" variant="light">
              Solicitud del cliente: muévela a una columna del tablero para aceptarla.
            </Alert>
          )}
          {task.canEdit ? (
            <TaskEditForm key={task.updatedAt} task={task} context={context.data} />
          ) : (
            <TaskDetails task={task} isStaff={isStaff} />
          )}
          <Divider />
          <ChecklistSection task={task} />
          <Divider />
          <CommentsSection task={task} isStaff={isStaff} people={people} />
          <Divider />
          <FilesSection task={task} />
          {isStaff && task.timeEntries && (
            <>
              <Divider />
              <TimeSection task={task} />
            </>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
