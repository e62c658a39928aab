import { TICKET_STATUS_LABELS, type TicketDetail, type TicketStatus } from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useTicket } from '../api/get-ticket';
import { useTicketActions } from '../api/ticket-mutations';
import { formatHours } from '../components/ticket-badges';
import { AddCommentBox, TicketMessages } from '../components/ticket-conversation';
import { TicketField } from '../components/ticket-field';
import { TicketHeader } from '../components/ticket-header';
import {
  AssignTicketModal,
  EditTicketModal,
  ResolutionModal,
  TimeLogModal,
} from '../components/ticket-modals';
import { TicketActivity, TicketTimeLogs } from '../components/ticket-parts';
import { TicketSidebar } from '../components/ticket-sidebar';

/** /tickets/{id} (spec doc 2 §2 "Ticket detail"), wired: every menu item and modal saves for real. */
export function TicketDetailPage() {
  const { id = '' } = useParams();
  const query = useTicket(id);
  const navigate = useNavigate();

  useEffect(() => {
    if (query.isError && getErrorStatus(query.error) !== 404)
      toastError('Error', 'No se pudo cargar el ticket');
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
      toastSuccess('Estado actualizado', TICKET_STATUS_LABELS[status]);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo cambiar el estado'));
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
          toastSuccess('Ticket eliminado', ticket.ticketNumber);
          navigate('/tickets', { replace: true });
        } catch (error) {
          toastError('Error', getErrorMessage(error, 'No se pudo eliminar el ticket'));
        }
      },
    });

  const toggleWatch = async () => {
    try {
      if (watching && user) await actions.unwatch.mutateAsync(user._id);
      else await actions.watch.mutateAsync();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo actualizar'));
    }
  };

  return (
    <Stack gap="lg">
      <TicketHeader
        ticket={ticket}
        staff={staff}
        canDelete={user?.role === 'admin'}
        watching={watching}
        onEdit={editCtl.open}
        onAssign={assignCtl.open}
        onTimeLog={timeLogCtl.open}
        onResolve={setResolution}
        onStatus={setStatus}
        onToggleWatch={() => void toggleWatch()}
        onDelete={confirmDelete}
      />

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
                  {ticket.environment && <TicketField label="Entorno">{ticket.environment}</TicketField>}
                  {ticket.browserInfo && <TicketField label="Navegador">{ticket.browserInfo}</TicketField>}
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
                  <Tabs.Tab value="activity">Actividad ({ticket.timelineTotal})</Tabs.Tab>
                  {staff && <Tabs.Tab value="time">Tiempo ({formatHours(ticket.actualTimeSpent)})</Tabs.Tab>}
                </Tabs.List>
                <Tabs.Panel value="conversation">
                  <Stack gap="md">
                    <TicketMessages ticket={ticket} />
                    <AddCommentBox actions={actions} staff={staff} disabled={finished} />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="activity">
                  <TicketActivity ticketId={ticket._id} />
                </Tabs.Panel>
                {staff && (
                  <Tabs.Panel value="time">
                    <TicketTimeLogs ticketId={ticket._id} />
                  </Tabs.Panel>
                )}
              </Tabs>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <TicketSidebar
            ticket={ticket}
            staff={staff}
            watching={watching}
            onToggleWatch={() => void toggleWatch()}
          />
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
