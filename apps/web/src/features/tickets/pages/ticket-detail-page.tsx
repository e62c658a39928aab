import {
  TICKET_STATUS_LABELS,
  TICKET_TYPE_LABELS,
  type TicketDetail,
  type TicketStatus,
  WORK_TYPE_LABELS,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Menu,
  Progress,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconCheck,
  IconClock,
  IconDots,
  IconEdit,
  IconEye,
  IconEyeOff,
  IconLock,
  IconPaperclip,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconTrash,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session-store';
import { useTicket } from '../api/get-ticket';
import { openTicketAttachment, useTicketActions } from '../api/ticket-mutations';
import {
  formatDateTime,
  formatHours,
  TicketPriorityBadge,
  TicketSeverityBadge,
  TicketStatusBadge,
} from '../components/ticket-badges';
import { AddCommentBox, TicketMessages, TicketTimeline } from '../components/ticket-conversation';
import {
  AssignTicketModal,
  EditTicketModal,
  ResolutionModal,
  TimeLogModal,
} from '../components/ticket-modals';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** /tickets/{id} (spec doc 2 §2 "Ticket detail"), wired: every menu item and modal saves for real. */
export function TicketDetailPage() {
  const { id = '' } = useParams();
  const query = useTicket(id);
  const navigate = useNavigate();

  useEffect(() => {
    if (query.isError && getErrorStatus(query.error) !== 404)
      notifications.show({ color: 'red', title: 'Error', message: 'No se pudo cargar el ticket' });
  }, [query.isError, query.error]);

  if (query.isPending)
    return (
      <Center mih="40vh" role="status">
        <Loader aria-label="Cargando ticket" />
      </Center>
    );
  if (query.isError)
    return (
      <Stack>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => navigate('/tickets')}
          w="fit-content"
        >
          Volver a tickets
        </Button>
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="Ticket no encontrado">
          {getErrorStatus(query.error) === 404
            ? 'El ticket no existe o no tienes permiso para verlo.'
            : getErrorMessage(query.error, 'Error al cargar el ticket')}
        </Alert>
      </Stack>
    );
  return <TicketView ticket={query.data} />;
}

function TicketView({ ticket }: { ticket: TicketDetail }) {
  const user = useSessionStore((s) => s.user);
  const staff = user?.role === 'admin' || user?.role === 'employee';
  const actions = useTicketActions(ticket._id);
  const navigate = useNavigate();
  const [edit, editCtl] = useDisclosure(false);
  const [assign, assignCtl] = useDisclosure(false);
  const [timeLog, timeLogCtl] = useDisclosure(false);
  const [resolution, setResolution] = useState<'resolved' | 'closed' | null>(null);
  const watching = ticket.watchers.some((w) => w._id === user?._id);
  const finished = ticket.status === 'closed' || ticket.status === 'cancelled';

  const setStatus = async (status: TicketStatus) => {
    try {
      await actions.status.mutateAsync({ status });
      notifications.show({
        color: 'green',
        title: 'Estado actualizado',
        message: TICKET_STATUS_LABELS[status],
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo cambiar el estado'),
      });
    }
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Eliminar ticket',
      children: (
        <Text size="sm">
          ¿Eliminar {ticket.ticketNumber} con sus mensajes, adjuntos y registros de tiempo? Esta acción no se
          puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await actions.remove.mutateAsync();
          notifications.show({ color: 'green', title: 'Ticket eliminado', message: ticket.ticketNumber });
          navigate('/tickets', { replace: true });
        } catch (error) {
          notifications.show({
            color: 'red',
            title: 'Error',
            message: getErrorMessage(error, 'No se pudo eliminar el ticket'),
          });
        }
      },
    });

  const toggleWatch = async () => {
    try {
      if (watching && user) await actions.unwatch.mutateAsync(user._id);
      else await actions.watch.mutateAsync();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo actualizar'),
      });
    }
  };

  const s = ticket.status;
  const est = ticket.estimatedResolutionTime;
  const progress = est ? Math.min(100, Math.round((ticket.actualTimeSpent / est) * 100)) : 0;
  const clientEditable = !staff && (s === 'open' || s === 'pending_client');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Anchor component={Link} to="/tickets" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden /> Volver a tickets
            </Group>
          </Anchor>
          <Group gap="xs">
            <Text c="dimmed" ff="monospace">
              {ticket.ticketNumber}
            </Text>
            <TicketStatusBadge status={s} />
            <TicketPriorityBadge priority={ticket.priority} />
          </Group>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {ticket.title}
          </Title>
        </Stack>
        <Group gap="xs">
          {(staff || clientEditable) && (
            <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={editCtl.open}>
              Editar
            </Button>
          )}
          {staff && (
            <Button
              variant="default"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={assignCtl.open}
            >
              Asignar
            </Button>
          )}
          {staff && (
            <Button
              variant="default"
              leftSection={<IconClock size={16} aria-hidden />}
              onClick={timeLogCtl.open}
            >
              Registrar tiempo
            </Button>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Más acciones">
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {staff ? (
                <>
                  <Menu.Item
                    leftSection={<IconPlayerPlay size={14} />}
                    disabled={s === 'in_progress' || s === 'closed' || s === 'cancelled'}
                    onClick={() => void setStatus('in_progress')}
                  >
                    Marcar en progreso
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconPlayerPause size={14} />}
                    disabled={!['open', 'in_progress'].includes(s)}
                    onClick={() => void setStatus('pending_client')}
                  >
                    Pausar (esperando cliente)
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCheck size={14} />}
                    disabled={!['open', 'in_progress', 'pending_client'].includes(s)}
                    onClick={() => setResolution('resolved')}
                  >
                    Marcar como resuelto
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconLock size={14} />}
                    disabled={s === 'closed' || s === 'cancelled'}
                    onClick={() => setResolution('closed')}
                  >
                    Cerrar ticket
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconRefresh size={14} />}
                    disabled={!['resolved', 'closed', 'cancelled'].includes(s)}
                    onClick={() => void setStatus('open')}
                  >
                    Reabrir
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconX size={14} />}
                    disabled={['closed', 'cancelled', 'resolved'].includes(s)}
                    onClick={() => void setStatus('cancelled')}
                  >
                    Cancelar ticket
                  </Menu.Item>
                </>
              ) : (
                <>
                  <Menu.Item
                    leftSection={<IconRefresh size={14} />}
                    disabled={s !== 'resolved'}
                    onClick={() => void setStatus('open')}
                  >
                    Reabrir
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconX size={14} />}
                    disabled={!['open', 'pending_client'].includes(s)}
                    onClick={() => void setStatus('cancelled')}
                  >
                    Cancelar ticket
                  </Menu.Item>
                </>
              )}
              <Menu.Item
                leftSection={watching ? <IconEyeOff size={14} /> : <IconEye size={14} />}
                onClick={() => void toggleWatch()}
              >
                {watching ? 'Dejar de seguir' : 'Seguir ticket'}
              </Menu.Item>
              {user?.role === 'admin' && (
                <>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={confirmDelete}>
                    Eliminar
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                Descripción
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.description}</Text>
              {(ticket.environment || ticket.browserInfo || ticket.steps || ticket.tags.length > 0) && (
                <Stack gap={6} mt="md">
                  <Title order={3} size="h5">
                    Información técnica
                  </Title>
                  {ticket.environment && <Field label="Entorno">{ticket.environment}</Field>}
                  {ticket.browserInfo && <Field label="Navegador">{ticket.browserInfo}</Field>}
                  {ticket.steps && (
                    <div>
                      <Text size="sm" c="dimmed">
                        Pasos para reproducir
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {ticket.steps}
                      </Text>
                    </div>
                  )}
                  {ticket.tags.length > 0 && (
                    <Group gap={4}>
                      {ticket.tags.map((t) => (
                        <Badge key={t} variant="light" color="gray" tt="none">
                          {t}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Stack>
              )}
              {ticket.resolution && (
                <Alert mt="md" color="green" title="Resolución" icon={<IconCheck size={18} aria-hidden />}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {ticket.resolution}
                  </Text>
                  {ticket.preventionMeasures && (
                    <Text size="sm" mt="xs">
                      <strong>Medidas preventivas:</strong> {ticket.preventionMeasures}
                    </Text>
                  )}
                </Alert>
              )}
            </Card>

            <Card withBorder radius="md">
              <Tabs defaultValue="conversation">
                <Tabs.List mb="md">
                  <Tabs.Tab value="conversation">Conversación ({ticket.messagesTotal})</Tabs.Tab>
                  <Tabs.Tab value="activity">Actividad</Tabs.Tab>
                  {staff && <Tabs.Tab value="time">Tiempo ({formatHours(ticket.actualTimeSpent)})</Tabs.Tab>}
                </Tabs.List>
                <Tabs.Panel value="conversation">
                  <Stack gap="md">
                    <TicketMessages ticket={ticket} />
                    <AddCommentBox actions={actions} staff={staff} disabled={finished} />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="activity">
                  <TicketTimeline entries={ticket.timeline} />
                </Tabs.Panel>
                {staff && (
                  <Tabs.Panel value="time">
                    {ticket.timeLogs.length === 0 ? (
                      <Text c="dimmed" size="sm">
                        Todavía no hay tiempo registrado.
                      </Text>
                    ) : (
                      <TableScroll label="Tiempo registrado en el ticket" minWidth={480}>
                        <Table striped>
                          <Table.Thead>
                            <Table.Tr>
                              <Table.Th>Fecha</Table.Th>
                              <Table.Th>Persona</Table.Th>
                              <Table.Th>Tipo</Table.Th>
                              <Table.Th>Horas</Table.Th>
                              <Table.Th>Descripción</Table.Th>
                            </Table.Tr>
                          </Table.Thead>
                          <Table.Tbody>
                            {ticket.timeLogs.map((l) => (
                              <Table.Tr key={l._id}>
                                <Table.Td>
                                  {new Date(`${l.date}T12:00:00`).toLocaleDateString('es-DO')}
                                </Table.Td>
                                <Table.Td>{l.user ? `${l.user.firstName} ${l.user.lastName}` : '—'}</Table.Td>
                                <Table.Td>{WORK_TYPE_LABELS[l.workType]}</Table.Td>
                                <Table.Td>{formatHours(l.hours)}</Table.Td>
                                <Table.Td>{l.description}</Table.Td>
                              </Table.Tr>
                            ))}
                          </Table.Tbody>
                        </Table>
                      </TableScroll>
                    )}
                  </Tabs.Panel>
                )}
              </Tabs>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Detalles
              </Title>
              <Stack gap={8}>
                <Field label="Estado">
                  <TicketStatusBadge status={s} />
                </Field>
                <Field label="Prioridad">
                  <TicketPriorityBadge priority={ticket.priority} />
                </Field>
                <Field label="Severidad">
                  <TicketSeverityBadge severity={ticket.severity} />
                </Field>
                <Field label="Tipo">{TICKET_TYPE_LABELS[ticket.type]}</Field>
                {ticket.category && <Field label="Categoría">{ticket.category}</Field>}
                {staff && ticket.client && (
                  <Field label="Cliente">
                    {ticket.client.companyName ?? `${ticket.client.firstName} ${ticket.client.lastName}`}
                  </Field>
                )}
                <Field label="Proyecto">{ticket.project?.title ?? 'Sin proyecto'}</Field>
                <Field label="Asignado a">
                  {ticket.assignedTo
                    ? `${ticket.assignedTo.firstName} ${ticket.assignedTo.lastName}`
                    : 'Sin asignar'}
                </Field>
                <Field label="Reportado por">
                  {ticket.reportedBy ? `${ticket.reportedBy.firstName} ${ticket.reportedBy.lastName}` : '—'}
                </Field>
              </Stack>
            </Card>

            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Tiempo
              </Title>
              <Group justify="space-between" mb={6}>
                <Text size="sm">Trabajado: {formatHours(ticket.actualTimeSpent)}</Text>
                <Text size="sm" c="dimmed">
                  Estimado: {formatHours(est)}
                </Text>
              </Group>
              <Progress
                value={progress}
                color={est && ticket.actualTimeSpent > est ? 'red' : 'blue'}
                aria-label="Tiempo trabajado frente al estimado"
              />
              <Stack gap={6} mt="md">
                <Field label="Reportado">{formatDateTime(ticket.reportedDate)}</Field>
                <Field label="Actualizado">{formatDateTime(ticket.updatedAt)}</Field>
                {ticket.resolvedAt && <Field label="Resuelto">{formatDateTime(ticket.resolvedAt)}</Field>}
                {ticket.closedAt && <Field label="Cerrado">{formatDateTime(ticket.closedAt)}</Field>}
              </Stack>
            </Card>

            <Card withBorder radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  Seguidores
                </Title>
                <Button size="compact-sm" variant="light" onClick={() => void toggleWatch()}>
                  {watching ? 'Dejar de seguir' : 'Seguir'}
                </Button>
              </Group>
              {ticket.watchers.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nadie sigue este ticket.
                </Text>
              ) : (
                <Stack gap={4}>
                  {ticket.watchers.map((w) => (
                    <Text key={w._id} size="sm">
                      {w.firstName} {w.lastName}
                    </Text>
                  ))}
                </Stack>
              )}
            </Card>

            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Tickets relacionados
              </Title>
              {ticket.relatedTickets.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Sin tickets relacionados.
                </Text>
              ) : (
                <Stack gap={6}>
                  {ticket.relatedTickets.map((r) => (
                    <Group key={r._id} justify="space-between" wrap="nowrap" gap="xs">
                      <Anchor component={Link} to={`/tickets/${r._id}`} size="sm" truncate>
                        {r.ticketNumber} · {r.title}
                      </Anchor>
                      <TicketStatusBadge status={r.status} />
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>

            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="sm">
                Adjuntos
              </Title>
              {ticket.attachments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Sin adjuntos.
                </Text>
              ) : (
                <Stack gap={6}>
                  {ticket.attachments.map((a) => (
                    <Anchor
                      key={a._id}
                      component="button"
                      type="button"
                      size="sm"
                      ta="left"
                      onClick={() => void openTicketAttachment(a)}
                    >
                      <Group gap={4} wrap="nowrap">
                        <IconPaperclip size={14} aria-hidden />
                        <span>
                          {a.filename} ({Math.max(1, Math.round(a.size / 1024))} KB)
                        </span>
                      </Group>
                    </Anchor>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      {edit && (
        <EditTicketModal
          opened={edit}
          onClose={editCtl.close}
          ticket={ticket}
          actions={actions}
          staff={staff}
        />
      )}
      {assign && (
        <AssignTicketModal opened={assign} onClose={assignCtl.close} ticket={ticket} actions={actions} />
      )}
      {timeLog && (
        <TimeLogModal opened={timeLog} onClose={timeLogCtl.close} ticket={ticket} actions={actions} />
      )}
      {resolution && (
        <ResolutionModal
          opened
          mode={resolution}
          onClose={() => setResolution(null)}
          ticket={ticket}
          actions={actions}
        />
      )}
    </Stack>
  );
}
