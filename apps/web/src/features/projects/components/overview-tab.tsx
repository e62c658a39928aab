import {
  type CreateMeetingRequest,
  CreateMeetingRequestSchema,
  PROJECT_CATEGORY_LABELS,
  PROJECT_PRIORITY_LABELS,
  type ProjectDetail,
  projectClientName,
} from '@agencia/shared';
import {
  Anchor,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useAddMeeting } from '../api/project-mutations';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

interface MeetingValues {
  title: string;
  localDate: string;
  duration: number;
  attendees: string[];
  notes: string;
  link: string;
}

/** Santo Domingo is UTC−4 all year (no DST): a local date-time input → ISO with offset. */
const toIso = (local: string) => (local ? `${local}:00-04:00` : '');

function MeetingModal({
  project,
  opened,
  onClose,
}: {
  project: ProjectDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddMeeting(project._id);
  const validate = zodResolver(CreateMeetingRequestSchema);
  const toRequest = (v: MeetingValues): CreateMeetingRequest => ({
    title: v.title,
    date: toIso(v.localDate),
    duration: v.duration,
    attendees: v.attendees,
    notes: v.notes,
    link: v.link,
  });
  const form = useForm<MeetingValues>({
    mode: 'controlled',
    initialValues: { title: '', localDate: '', duration: 60, attendees: [], notes: '', link: '' },
    validate: (values) => {
      const errors = validate(toRequest(values));
      if (errors.date) errors.localDate = 'Fecha y hora requeridas';
      return errors;
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Agendar reunión" centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await add.mutateAsync(toRequest(values));
            notifications.show({ color: 'green', title: 'Reunión agendada', message: values.title });
            form.reset();
            onClose();
          } catch (error) {
            notifications.show({
              color: 'red',
              title: 'Error',
              message: getErrorMessage(error, 'No se pudo agendar la reunión'),
            });
          }
        })}
      >
        <Stack gap="sm">
          <TextInput label="Título" withAsterisk data-autofocus {...form.getInputProps('title')} />
          <SimpleGrid cols={2}>
            <TextInput
              type="datetime-local"
              label="Fecha y hora"
              withAsterisk
              {...form.getInputProps('localDate')}
            />
            <NumberInput
              label="Duración (min)"
              min={5}
              max={600}
              step={15}
              {...form.getInputProps('duration')}
            />
          </SimpleGrid>
          <MultiSelect
            label="Asistentes"
            data={project.team.map((m) => ({ value: m._id, label: `${m.firstName} ${m.lastName}` }))}
            {...form.getInputProps('attendees')}
          />
          <TextInput label="Enlace" placeholder="https://meet.google.com/…" {...form.getInputProps('link')} />
          <Textarea label="Notas" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={add.isPending}>
              Agendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Summary tab: description, key facts, upcoming and past meetings (staff schedule new ones). */
export function OverviewTab({ project, isStaff }: { project: ProjectDetail; isStaff: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          Descripción
        </Title>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {project.description || 'Sin descripción'}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label="Cliente" value={projectClientName(project.client)} />
          <Field label="Categoría" value={PROJECT_CATEGORY_LABELS[project.category]} />
          <Field label="Prioridad" value={PROJECT_PRIORITY_LABELS[project.priority]} />
          <Field label="Inicio" value={project.startDate ? formatDate(project.startDate) : 'Sin fecha'} />
          <Field
            label="Fin estimado"
            value={project.estimatedEndDate ? formatDate(project.estimatedEndDate) : 'Sin fecha'}
          />
          <Field label="Fin real" value={project.actualEndDate ? formatDate(project.actualEndDate) : '—'} />
          <Field
            label="Milestones"
            value={`${project.milestones.filter((m) => m.status === 'completed').length}/${project.milestones.length}`}
          />
          <Field label="Horas registradas" value={`${project.timeSummary.totalHours} h`} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h5">
            Reuniones
          </Title>
          {isStaff && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCalendarPlus size={16} />}
              onClick={() => setOpened(true)}
            >
              Agendar reunión
            </Button>
          )}
        </Group>
        {project.meetings.length === 0 && (
          <Text size="sm" c="dimmed">
            No hay reuniones registradas.
          </Text>
        )}
        <Stack gap="sm">
          {project.meetings.map((m) => (
            <Group key={m._id} justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600}>
                  {m.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(m.date)} · {m.duration} min
                  {m.attendees.length ? ` · ${m.attendees.map((a) => a.firstName).join(', ')}` : ''}
                </Text>
                {m.notes && (
                  <Text size="xs" c="dimmed">
                    {m.notes}
                  </Text>
                )}
              </Stack>
              {m.link && (
                <Anchor href={m.link} target="_blank" rel="noopener noreferrer" size="sm">
                  <Group gap={4} wrap="nowrap">
                    <IconVideo size={16} aria-hidden /> Unirse
                  </Group>
                </Anchor>
              )}
            </Group>
          ))}
        </Stack>
      </Paper>
      {isStaff && <MeetingModal project={project} opened={opened} onClose={() => setOpened(false)} />}
    </Stack>
  );
}
