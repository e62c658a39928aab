import { CLIENT_TYPE_LABELS, clientStatusBadge, formatMoney } from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StatGrid } from '../../../components/ui/stat-grid';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { publicSettingsQuery } from '../../../lib/public-settings';
import { DocumentsSection } from '../../proposals';
import { useClient } from '../api/clients';
import { ClientCommunicationTab } from '../components/client-communication-tab';
import { ClientBillingTab, ClientProjectsTab, ClientTicketsTab } from '../components/client-detail-tabs';
import { ClientEmailBounce } from '../components/client-email-bounce';
import { ClientFormModal } from '../components/client-form-modal';
import { ClientOverview } from '../components/client-overview';
import { RegistrationLinkModal } from '../components/registration-link-modal';
import { useClientActions } from '../components/use-client-actions';

/** /clients/{id} (spec doc 2 §2 "Client detail") on real data. */
export function ClientDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useClient(id);
  const settings = useQuery(publicSettingsQuery);
  const currency = settings.data?.currency ?? 'DOP';
  const actions = useClientActions(() => navigate('/clients'));
  const [notesFor, setNotesFor] = useState(false);

  const back = (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      component={Link}
      to="/clients"
      w="fit-content"
      px={0}
    >
      Volver a Clientes
    </Button>
  );
  if (q.isLoading)
    return (
      <Center mih="50vh">
        <Loader aria-label="Cargando cliente" />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Stack>
        {back}
        <Alert
          color="red"
          icon={<IconAlertTriangle />}
          title={getErrorStatus(q.error) === 404 ? 'Cliente no encontrado' : 'Error'}
        >
          {getErrorStatus(q.error) === 404
            ? 'El cliente no existe o fue eliminado.'
            : getErrorMessage(q.error, 'Error al cargar el cliente')}
        </Alert>
      </Stack>
    );

  const c = q.data;
  const badge = clientStatusBadge(c.status);
  const name = `${c.firstName} ${c.lastName}`.trim();

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start">
        <Group gap="md" wrap="nowrap">
          <Avatar src={c.avatar} size="lg" radius="xl" color="blue">
            {`${c.firstName[0] ?? ''}${c.lastName[0] ?? ''}`.toUpperCase()}
          </Avatar>
          {/* A long company name breaks inside the header instead of widening the page at 320 px. */}
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {c.companyName ?? name}
              </Title>
              <Badge color={badge.color} variant="light">
                {badge.label}
              </Badge>
              {c.archivedAt && (
                <Badge color="gray" variant="outline">
                  Archivado
                </Badge>
              )}
            </Group>
            <Text c="dimmed">
              {c.companyName ? `${name} · ` : ''}
              {CLIENT_TYPE_LABELS[c.clientType]}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconLink size={16} />}
            onClick={() => actions.setLinkFor(c)}
          >
            Generar link
          </Button>
          <Button leftSection={<IconPencil size={16} />} onClick={() => actions.setEditing(c)}>
            Editar
          </Button>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label="Eliminar cliente"
            onClick={() => actions.confirmDelete(c)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>

      <ClientEmailBounce client={c} />

      {/* Two columns on phones, four at 1440 px, fewer with the text at 200 % (decision 112). */}
      <StatGrid minColumn="9rem">
        {[
          ['Proyectos', String(c.totalProjects)],
          ['Proyectos activos', String(c.activeProjects)],
          ['Ingresos', formatMoney(c.totalRevenue, currency, 0)],
          ['Valor promedio por proyecto', formatMoney(c.averageProjectValue, currency, 0)],
        ].map(([label, value]) => (
          <Card key={label} withBorder radius="md" padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="lg">
              {value}
            </Text>
          </Card>
        ))}
      </StatGrid>

      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Resumen</Tabs.Tab>
          <Tabs.Tab value="projects">Proyectos</Tabs.Tab>
          <Tabs.Tab value="tickets">Tickets</Tabs.Tab>
          <Tabs.Tab value="billing">Facturación</Tabs.Tab>
          <Tabs.Tab value="communication">Comunicación</Tabs.Tab>
          <Tabs.Tab value="proposals">Propuestas</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <ClientOverview client={c} onEditNotes={() => setNotesFor(true)} />
        </Tabs.Panel>
        <Tabs.Panel value="projects" pt="md">
          <ClientProjectsTab id={c._id} currency={currency} />
        </Tabs.Panel>
        <Tabs.Panel value="tickets" pt="md">
          <ClientTicketsTab id={c._id} />
        </Tabs.Panel>
        <Tabs.Panel value="billing" pt="md">
          <ClientBillingTab id={c._id} />
        </Tabs.Panel>
        <Tabs.Panel value="communication" pt="md">
          <ClientCommunicationTab id={c._id} />
        </Tabs.Panel>
        <Tabs.Panel value="proposals" pt="md">
          {/* Proposals and contracts of this client (decision 173). */}
          <DocumentsSection clientId={c._id} />
        </Tabs.Panel>
      </Tabs>

      <ClientFormModal client={actions.editing} onClose={() => actions.setEditing(null)} />
      <ClientFormModal client={notesFor ? c : null} mode="notes" onClose={() => setNotesFor(false)} />
      <RegistrationLinkModal
        opened={Boolean(actions.linkFor)}
        client={actions.linkFor}
        onClose={() => actions.setLinkFor(null)}
      />
    </Stack>
  );
}
