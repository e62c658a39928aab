import {
  type CreateMeetingRequest,
  CreateMeetingRequestSchema,
  PROJECT_CATEGORY_LABELS,
  PROJECT_PRIORITY_LABELS,
  type ProjectDetail,
  type ProjectMeeting,
  projectClientName,
  UpdateMeetingRequestSchema,
} from '@agencia/shared';
import {
  ActionIcon,
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
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarPlus, IconPencil, IconTrash, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { PagedSection, useUrlPage } from '../../../components/ui/paged-section';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatDate, formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useProjectMeetings } from '../api/get-project-sub-lists';
import { useAddMeeting, useDeleteMeeting, useUpdateMeeting } from '../api/project-mutations';
import { confirmDelete } from './confirm-delete';

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
/** ISO date-time → the `datetime-local` value in Santo Domingo (UTC−4), e.g. "2026-12-02T15:00". */
const toLocal = (iso: string) => new Date(Date.parse(iso) - 4 * 3_600_000).toISOString().slice(0, 16);

/** Schedules a meeting, or with `meeting` edits it (decision 036): same fields and rules. */
function MeetingModal({
  project,
  meeting,
  opened,
  onClose,
}: {
  project: ProjectDetail;
  meeting?: ProjectMeeting;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddMeeting(project._id);
  const update = useUpdateMeeting(project._id);
  const validate = zodResolver(meeting ? UpdateMeetingRequestSchema : CreateMeetingRequestSchema);
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
    initialValues: meeting
      ? {
          title: meeting.title,
          localDate: toLocal(meeting.date),
          duration: meeting.duration,
          attendees: meeting.attendees.map((a) => a._id),
          notes: meeting.notes,
          link: meeting.link ?? '',
        }
      : { title: '', localDate: '', duration: 60, attendees: [], notes: '', link: '' },
    validate: (values) => {
      const errors = validate(toRequest(values));
      if (errors.date) errors.localDate = 'Fecha y hora requeridas';
      return errors;
    },
  });
  // Attendees the API accepted (client users, admins) stay selectable when editing.
  const people = new Map(project.team.map((m) => [m._id, `${m.firstName} ${m.lastName}`]));
  for (const a of meeting?.attendees ?? [])
    if (!people.has(a._id)) people.set(a._id, `${a.firstName} ${a.lastName}`);
  return (
    <Modal opened={opened} onClose={onClose} title={meeting ? 'Editar reunión' : 'Agendar reunión'} centered>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            if (meeting) {
              // Attendees only when changed: someone who has since left the team stays listed
              // on the meeting, and re-sending them would be refused.
              const { attendees, ...rest } = toRequest(values);
              const before = meeting.attendees
                .map((a) => a._id)
                .sort()
                .join(',');
              const changed = [...(attendees ?? [])].sort().join(',') !== before;
              await update.mutateAsync({
                meetingId: meeting._id,
                ...rest,
                ...(changed ? { attendees } : {}),
              });
              toastSuccess('Reunión actualizada', values.title);
            } else {
              await add.mutateAsync(toRequest(values));
              toastSuccess('Reunión agendada', values.title);
              form.reset();
            }
            onClose();
          } catch (error) {
            toastError(
              'Error',
              getErrorMessage(
                error,
                meeting ? 'No se pudo actualizar la reunión' : 'No se pudo agendar la reunión',
              ),
            );
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
            data={[...people].map(([value, label]) => ({ value, label }))}
            {...form.getInputProps('attendees')}
          />
          <TextInput label="Enlace" placeholder="https://meet.google.com/…" {...form.getInputProps('link')} />
          <Textarea label="Notas" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {meeting ? 'Guardar' : 'Agendar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Summary tab: description, key facts, and the meetings, 20 a page (`GET /projects/{id}/meetings`,
 * latest date first, page in the URL). `isStaff` (staff with `projects.write`) schedules, edits
 * and deletes meetings; everyone else reads them.
 */
export function OverviewTab({ project, isStaff }: { project: ProjectDetail; isStaff: boolean }) {
  useDateDisplay();
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState<ProjectMeeting | null>(null);
  const remove = useDeleteMeeting(project._id);
  const [page, setPage] = useUrlPage();
  const list = useProjectMeetings(project._id, page);
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
            label="Hitos"
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
        <Stack gap="sm">
          <PagedSection
            query={list}
            label="Cargando reuniones"
            empty="No hay reuniones registradas."
            noun="reuniones"
            singular="reunión"
            onPage={setPage}
          >
            {list.data?.meetings.map((m) => (
              <Group
                key={m._id}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                data-testid="project-meeting"
              >
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
                <Group gap={4} wrap="nowrap">
                  {m.link && (
                    <Anchor href={m.link} target="_blank" rel="noopener noreferrer" size="sm" mr={4}>
                      <Group gap={4} wrap="nowrap">
                        <IconVideo size={16} aria-hidden /> Unirse
                      </Group>
                    </Anchor>
                  )}
                  {isStaff && (
                    <>
                      <Tooltip label="Editar">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Editar reunión ${m.title}`}
                          onClick={() => setEditing(m)}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Eliminar">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Eliminar reunión ${m.title}`}
                          onClick={() =>
                            confirmDelete({
                              title: 'Eliminar reunión',
                              message: `¿Eliminar la reunión «${m.title}» del ${formatDateTime(m.date)}? Esta acción no se puede deshacer.`,
                              remove: () => remove.mutateAsync(m._id),
                              done: { title: 'Reunión eliminada', message: m.title },
                              failure: 'No se pudo eliminar la reunión',
                            })
                          }
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </>
                  )}
                </Group>
              </Group>
            ))}
          </PagedSection>
        </Stack>
      </Paper>
      {isStaff && <MeetingModal project={project} opened={opened} onClose={() => setOpened(false)} />}
      {isStaff && editing && (
        <MeetingModal
          key={editing._id}
          project={project}
          meeting={editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
