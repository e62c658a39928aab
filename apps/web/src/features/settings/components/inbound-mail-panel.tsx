import {
  INBOUND_MAIL_STATUS_COLORS,
  INBOUND_MAIL_STATUS_LABELS,
  INBOUND_MODE_LABELS,
  type InboundMail,
  TicketNumberInputSchema,
} from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Flex,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '../../../components/ui/list-pagination';
import { getErrorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import {
  useClientChoices,
  useInboundMail,
  useInboundMailAction,
  useInboundMailStatus,
} from '../api/inbound-mail';

/**
 * Configuración → Correos, received side (decision 168): how mail comes in (mode, support
 * address, each source's last message and last error), the "Correo sin asignar" list (assign to
 * a ticket, create a ticket, discard after a confirmation) and the log of received mail.
 */
export function InboundMailPanel() {
  useDateDisplay();
  const status = useInboundMailStatus();
  const [view, setView] = useState<'unassigned' | 'all'>('unassigned');
  const [page, setPage] = useState(1);
  const list = useInboundMail({ status: view === 'unassigned' ? 'unassigned' : undefined, page, limit: 10 });

  return (
    <Stack gap="md">
      <Card
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="inbound-title"
      >
        <Title order={3} size="h4" id="inbound-title" mb="sm">
          Recepción de correo
        </Title>
        {status.isLoading ? (
          <Center py="md">
            <Loader aria-label="Cargando estado de la recepción" />
          </Center>
        ) : status.error || !status.data ? (
          <Alert color="red">{getErrorMessage(status.error, 'No se pudo cargar el estado')}</Alert>
        ) : (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  Modo
                </Text>
                <Text fw={600}>{INBOUND_MODE_LABELS[status.data.mode]}</Text>
              </Stack>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  Dirección de soporte
                </Text>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {status.data.address}
                </Text>
              </Stack>
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  Último correo recibido
                </Text>
                <Text fw={600}>
                  {status.data.lastMessageAt ? formatDateTime(status.data.lastMessageAt) : 'Ninguno todavía'}
                </Text>
              </Stack>
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Las respuestas a los avisos de tickets vuelven a una dirección como{' '}
              <Code style={{ overflowWrap: 'anywhere' }}>{status.data.plusExample}</Code> y se añaden a la
              conversación del ticket.
            </Text>
            {status.data.mode === 'off' && (
              <Alert color="yellow" title="La recepción está desactivada">
                Configure INBOUND_SMTP_PORT (servidor propio) o INBOUND_IMAP_URL (buzón de Google Workspace o
                Microsoft 365). El README explica cada opción.
              </Alert>
            )}
            {status.data.sources.map((s) => (
              <Paper key={s.source} withBorder radius="md" p="sm">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fw={600}>{s.source === 'smtp' ? 'Servidor SMTP' : 'Buzón IMAP'}</Text>
                  <Badge color={s.lastError ? 'red' : 'green'} variant="light">
                    {s.lastError ? 'Con errores' : 'Funcionando'}
                  </Badge>
                </Group>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {s.detail}
                  {s.lastCheckAt && ` · Última revisión ${formatDateTime(s.lastCheckAt)}`}
                  {s.lastMessageAt && ` · Último correo ${formatDateTime(s.lastMessageAt)}`}
                </Text>
                {s.lastError && (
                  <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                    Último error{s.lastErrorAt && ` (${formatDateTime(s.lastErrorAt)})`}: {s.lastError}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Card>

      <Card
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        component="section"
        aria-labelledby="inbound-list-title"
      >
        <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
          <Title order={3} size="h4" id="inbound-list-title">
            {view === 'unassigned' ? 'Correo sin asignar' : 'Correos recibidos'}
          </Title>
          <SegmentedControl
            aria-label="Correos recibidos que ver"
            data={[
              { value: 'unassigned', label: 'Sin asignar' },
              { value: 'all', label: 'Todos los recibidos' },
            ]}
            value={view}
            onChange={(v) => {
              setView(v as 'unassigned' | 'all');
              setPage(1);
            }}
            w={{ base: '100%', xs: 'auto' }}
          />
        </Group>
        {list.isLoading ? (
          <Center py="lg">
            <Loader aria-label="Cargando correos recibidos" />
          </Center>
        ) : list.error || !list.data ? (
          <Alert color="red">
            {getErrorMessage(list.error, 'No se pudieron cargar los correos recibidos')}
          </Alert>
        ) : list.data.messages.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {view === 'unassigned' ? 'No hay correo sin asignar' : 'Todavía no se ha recibido ningún correo'}
          </Text>
        ) : (
          <>
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {list.data.messages.map((m) => (
                <InboundRow key={m._id} mail={m} />
              ))}
            </Stack>
            <ListPagination
              pagination={list.data.pagination}
              noun="correos"
              singular="correo"
              onChange={setPage}
            />
          </>
        )}
      </Card>
    </Stack>
  );
}

/** One received message: sender, subject, status, the text; the actions while unassigned. */
function InboundRow({ mail }: { mail: InboundMail }) {
  useDateDisplay();
  const action = useInboundMailAction();
  const [assignOpen, setAssignOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const from = mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress;

  const discard = () =>
    modals.openConfirmModal({
      title: 'Descartar correo',
      children: (
        <Text size="sm">
          El correo de {from} saldrá de la lista y sus adjuntos se borrarán. Esta acción no se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Descartar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await action.mutateAsync({ kind: 'discard', id: mail._id });
          toastSuccess('Correo descartado', `El correo de ${mail.fromAddress} salió de la lista.`);
        } catch (err) {
          toastError('No se pudo descartar', getErrorMessage(err, 'Inténtalo de nuevo.'));
        }
      },
    });

  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" justify="space-between">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {mail.subject || '(sin asunto)'}
            </Text>
            <Badge color={INBOUND_MAIL_STATUS_COLORS[mail.status]} variant="light" style={{ flexShrink: 0 }}>
              {INBOUND_MAIL_STATUS_LABELS[mail.status]}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            De: {from} · {formatDateTime(mail.receivedAt)} · {mail.source === 'smtp' ? 'SMTP' : 'IMAP'}
          </Text>
          {mail.body && (
            <Text
              size="sm"
              c="dimmed"
              lineClamp={3}
              style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            >
              {mail.body}
            </Text>
          )}
          {(mail.ticket || mail.suggestedTicket) && (
            <Text size="xs">
              {mail.ticket ? 'Ticket' : 'Parece del ticket'} {(mail.ticket ?? mail.suggestedTicket)!.number}:{' '}
              {(mail.ticket ?? mail.suggestedTicket)!.title}
            </Text>
          )}
          {mail.reason && (
            <Text
              size="xs"
              c={mail.status === 'failed' ? 'red' : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {mail.reason}
            </Text>
          )}
          {mail.attachmentCount > 0 && (
            <Text size="xs" c="dimmed">
              {mail.attachmentCount === 1 ? '1 adjunto' : `${mail.attachmentCount} adjuntos`}
            </Text>
          )}
        </Stack>
        {mail.status === 'unassigned' && (
          <Flex direction={{ base: 'row', sm: 'column' }} gap="xs" wrap="wrap" style={{ flexShrink: 0 }}>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconLink size={14} />}
              onClick={() => setAssignOpen(true)}
              aria-label={`Asignar a un ticket el correo de ${mail.fromAddress}`}
            >
              Asignar a ticket
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setCreateOpen(true)}
              aria-label={`Crear un ticket con el correo de ${mail.fromAddress}`}
            >
              Crear ticket
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={discard}
              aria-label={`Descartar el correo de ${mail.fromAddress}`}
            >
              Descartar
            </Button>
          </Flex>
        )}
      </Flex>
      <AssignModal mail={mail} opened={assignOpen} onClose={() => setAssignOpen(false)} />
      <CreateTicketModal mail={mail} opened={createOpen} onClose={() => setCreateOpen(false)} />
    </Paper>
  );
}

function AssignModal({ mail, opened, onClose }: { mail: InboundMail; opened: boolean; onClose: () => void }) {
  const action = useInboundMailAction();
  const [value, setValue] = useState(mail.suggestedTicket?.number ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = TicketNumberInputSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Número inválido');
      return;
    }
    try {
      const done = await action.mutateAsync({
        kind: 'assign',
        id: mail._id,
        body: { ticketNumber: parsed.data },
      });
      toastSuccess('Correo asignado', `Se añadió al ticket ${done.ticket?.number ?? ''}.`);
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo asignar'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Asignar a un ticket">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            Si el remitente es un usuario del cliente del ticket, el correo se añade como su mensaje; si no,
            como nota interna.
          </Text>
          <TextInput
            label="Número de ticket"
            placeholder="TK-0007"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={action.isPending}>
              Asignar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CreateTicketModal({
  mail,
  opened,
  onClose,
}: {
  mail: InboundMail;
  opened: boolean;
  onClose: () => void;
}) {
  const action = useInboundMailAction();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const clients = useClientChoices(debounced, opened);
  const [clientId, setClientId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!clientId) {
      setError('Elija el cliente del ticket');
      return;
    }
    try {
      const done = await action.mutateAsync({ kind: 'create-ticket', id: mail._id, body: { clientId } });
      toastSuccess('Ticket creado', `Se creó el ticket ${done.ticket?.number ?? ''}.`);
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo crear el ticket'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Crear ticket con este correo">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm">
            El asunto será el título y el texto la descripción (categoría «Otro», prioridad media).
          </Text>
          <Select
            label="Cliente"
            placeholder="Buscar cliente"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={(clients.data ?? []).map((c) => ({
              value: c._id,
              label: c.companyName || `${c.firstName} ${c.lastName}`.trim(),
            }))}
            value={clientId}
            onChange={(v) => {
              setClientId(v);
              setError(null);
            }}
            error={error}
            nothingFoundMessage={clients.isFetching ? 'Buscando…' : 'Sin resultados'}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={action.isPending}>
              Crear ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
