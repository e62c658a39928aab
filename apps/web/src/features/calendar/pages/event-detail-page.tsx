import {
  ATTENDEE_STATUS_COLORS,
  ATTENDEE_STATUS_LABELS,
  type AttendeeStatus,
  type CalendarEvent,
  EVENT_PRIORITY_COLORS,
  EVENT_PRIORITY_LABELS,
  EVENT_TYPE_COLORS,
  EVENT_TYPE_LABELS,
} from '@agencia/shared';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconArrowLeft, IconEdit, IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useEvent, useEventMutations } from '../api/calendar-api';
import { EventFormModal } from '../components/event-form-modal';
import { formatEventDate } from '../components/event-labels';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** /calendar/{id} (spec doc 2 §2 "Event detail") with working edit, delete and attendance. */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useEvent(id);
  const notFound = query.isError && getErrorStatus(query.error) === 404;

  useEffect(() => {
    if (query.isError && !notFound) toastError('Error', 'No se pudo cargar el evento');
  }, [query.isError, notFound]);

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      onClick={() => navigate('/calendar')}
      w="fit-content"
    >
      Volver al calendario
    </Button>
  );

  if (query.isPending)
    return (
      <Center mih="40vh" role="status">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">Cargando evento...</Text>
        </Stack>
      </Center>
    );
  if (query.isError)
    return (
      <Stack>
        {back}
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={notFound ? 'Evento no encontrado' : 'Error al cargar el evento'}
        >
          {notFound
            ? 'El evento no existe o no tienes acceso a él.'
            : getErrorMessage(query.error, 'Error al cargar el evento')}
        </Alert>
      </Stack>
    );
  return <EventView event={query.data} back={back} />;
}

function EventView({ event, back }: { event: CalendarEvent; back: React.ReactNode }) {
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const { attendance, remove } = useEventMutations();
  const minutes = Math.round((Date.parse(event.endDate) - Date.parse(event.startDate)) / 60_000);

  const answer = async (status: AttendeeStatus) => {
    try {
      await attendance.mutateAsync({ id: event._id, status });
      toastSuccess('Asistencia actualizada', ATTENDEE_STATUS_LABELS[status]);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo actualizar la asistencia'));
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Eliminar evento',
      children: (
        <Text size="sm">¿Eliminar "{event.title}"? Los asistentes recibirán un aviso de cancelación.</Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(event._id);
          toastSuccess('Evento eliminado', event.title);
          navigate('/calendar', { replace: true });
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar el evento'));
        }
      },
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        {back}
        <Group gap="xs">
          {event.meetingLink && (
            <Button
              component="a"
              href={event.meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              Unirse a Reunión
            </Button>
          )}
          {event.canEdit && (
            <>
              <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={edit.open}>
                Editar
              </Button>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={confirmDelete}
              >
                Eliminar
              </Button>
            </>
          )}
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md">
            <Group gap="xs" mb="xs">
              <Badge color={EVENT_TYPE_COLORS[event.type]}>{EVENT_TYPE_LABELS[event.type]}</Badge>
              <Badge color={EVENT_PRIORITY_COLORS[event.priority]} variant="outline">
                Prioridad {EVENT_PRIORITY_LABELS[event.priority].toLowerCase()}
              </Badge>
            </Group>
            <Title order={1} size="h2" mb="sm" style={{ overflowWrap: 'anywhere' }}>
              {event.title}
            </Title>
            {event.description && (
              <Text mb="md" style={{ whiteSpace: 'pre-wrap' }}>
                {event.description}
              </Text>
            )}
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Row label="Inicio">
                  {event.isAllDay
                    ? `${formatEventDate(event.startDate, true)} · Todo el día`
                    : formatEventDate(event.startDate)}
                </Row>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Row label="Duración">{event.isAllDay ? 'Todo el día' : `${minutes} minutos`}</Row>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Row label="Ubicación">{event.location ?? 'Sin ubicación'}</Row>
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Row label="Zona horaria">{event.timezone}</Row>
              </Grid.Col>
              {event.project && (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Row label="Proyecto">{event.project.title}</Row>
                </Grid.Col>
              )}
              {event.client && (
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Row label="Cliente">{event.client.name}</Row>
                </Grid.Col>
              )}
            </Grid>
          </Card>

          {event.myStatus && (
            <Card withBorder radius="md" mt="lg">
              <Title order={2} size="h5" mb="sm">
                ¿Asistirás?
              </Title>
              <SegmentedControl
                fullWidth
                value={event.myStatus}
                onChange={(v) => void answer(v as AttendeeStatus)}
                disabled={attendance.isPending}
                data={[
                  { value: 'accepted', label: 'Aceptar' },
                  { value: 'tentative', label: 'Tentativo' },
                  { value: 'declined', label: 'Rechazar' },
                ]}
              />
            </Card>
          )}
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="sm">
                Organizador
              </Title>
              {event.organizer ? (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={event.organizer.avatar} radius="xl" color="blue">
                    {event.organizer.firstName[0]}
                    {event.organizer.lastName[0]}
                  </Avatar>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {event.organizer.firstName} {event.organizer.lastName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {event.organizer.email}
                    </Text>
                  </div>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              )}
              <Text size="xs" c="dimmed" mt="sm">
                Creado el {formatEventDate(event.createdAt)}
              </Text>
            </Card>
            <Card withBorder radius="md">
              <Title order={2} size="h5" mb="sm">
                Asistentes ({event.attendees.length})
              </Title>
              {event.attendees.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Sin asistentes invitados.
                </Text>
              ) : (
                <Stack gap="sm">
                  {event.attendees.map((a) => (
                    <Group key={a.user._id} gap="sm" wrap="nowrap" justify="space-between">
                      <Group gap="sm" wrap="nowrap" miw={0}>
                        <Avatar src={a.user.avatar} radius="xl" size="sm">
                          {a.user.firstName[0]}
                          {a.user.lastName[0]}
                        </Avatar>
                        <div style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate>
                            {a.user.firstName} {a.user.lastName}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {a.user.email}
                          </Text>
                        </div>
                      </Group>
                      <Badge
                        size="sm"
                        variant="light"
                        color={ATTENDEE_STATUS_COLORS[a.status]}
                        style={{ flexShrink: 0 }}
                      >
                        {ATTENDEE_STATUS_LABELS[a.status]}
                      </Badge>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      {editing && <EventFormModal opened onClose={edit.close} event={event} />}
    </Stack>
  );
}
