import {
  CLIENT_TYPE_LABELS,
  COMMUNICATION_DIRECTION_LABELS,
  COMMUNICATION_TYPE_LABELS,
  clientStatusBadge,
  formatMoney,
  formatTaxId,
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  PREFERRED_COMMUNICATION_LABELS,
  TAXPAYER_TYPE_LABELS,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Progress,
  Rating,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconLink,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PaymentRemindersSwitch } from '../../../components/account/payment-reminders-switch';
import { ListPagination } from '../../../components/ui/list-pagination';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { publicSettingsQuery } from '../../../lib/public-settings';
import {
  useClient,
  useClientInvoices,
  useClientProjects,
  useClientTickets,
  useCommunications,
  useDeleteCommunication,
} from '../api/clients';
import { ClientFormModal } from '../components/client-form-modal';
import { CommunicationModal } from '../components/communication-modal';
import { RegistrationLinkModal } from '../components/registration-link-modal';
import { useClientActions } from '../components/use-client-actions';

const fmtDate = (v: string | null | undefined) => (v ? formatDate(v) : '—');

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {text}
    </Text>
  );
}

function ProjectsTab({ id, currency }: { id: string; currency: string }) {
  const [page, setPage] = useState(1);
  const q = useClientProjects(id, page);
  if (q.isLoading) return <Loader aria-label="Cargando proyectos" />;
  if (!q.data?.projects.length) return <Empty text="Este cliente no tiene proyectos" />;
  return (
    <>
      <TableScroll label="Proyectos del cliente" minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Proyecto</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Inicio</Table.Th>
              <Table.Th>Fin</Table.Th>
              <Table.Th ta="right">Presupuesto</Table.Th>
              <Table.Th w={140}>Progreso</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.projects.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/projects/${p._id}`}>
                    {p.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{p.status}</Badge>
                </Table.Td>
                <Table.Td>{fmtDate(p.startDate)}</Table.Td>
                <Table.Td>{fmtDate(p.endDate)}</Table.Td>
                <Table.Td ta="right">
                  {p.budget === null ? 'Sin presupuesto' : formatMoney(p.budget, currency)}
                </Table.Td>
                <Table.Td>
                  <Progress.Root>
                    <Progress.Section value={p.progress} aria-label={`Progreso ${p.progress}%`} />
                  </Progress.Root>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPagination
        pagination={q.data?.pagination}
        noun="proyectos"
        singular="proyecto"
        onChange={setPage}
      />
    </>
  );
}

function TicketsTab({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const q = useClientTickets(id, page);
  if (q.isLoading) return <Loader aria-label="Cargando tickets" />;
  if (!q.data?.tickets.length) return <Empty text="Este cliente no tiene tickets" />;
  return (
    <>
      <TableScroll label="Tickets del cliente" minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Ticket</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Prioridad</Table.Th>
              <Table.Th>Proyecto</Table.Th>
              <Table.Th>Creado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.tickets.map((t) => (
              <Table.Tr key={t._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/tickets/${t._id}`}>
                    {t.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.status}</Table.Td>
                <Table.Td>{t.priority}</Table.Td>
                <Table.Td>{t.project ?? '—'}</Table.Td>
                <Table.Td>{fmtDate(t.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPagination pagination={q.data?.pagination} noun="tickets" singular="ticket" onChange={setPage} />
    </>
  );
}

function BillingTab({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const q = useClientInvoices(id, page);
  if (q.isLoading) return <Loader aria-label="Cargando facturas" />;
  const invoices = q.data?.invoices ?? [];
  if (!invoices.length) return <Empty text="No hay facturas" />;
  return (
    <>
      <TableScroll label="Facturas del cliente" minWidth={620}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Factura</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Emisión</Table.Th>
              <Table.Th>Vencimiento</Table.Th>
              <Table.Th>Pagada</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((inv) => (
              <Table.Tr key={inv._id}>
                <Table.Td>
                  <Anchor component={Link} to={`/billing/${inv._id}`}>
                    {inv.invoiceNumber}
                  </Anchor>
                  {inv.project && (
                    <Text size="xs" c="dimmed">
                      {inv.project.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(inv.total, inv.currency)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={INVOICE_STATUS_COLORS[inv.status]}>
                    {INVOICE_STATUS_LABELS[inv.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{fmtDate(inv.issueDate)}</Table.Td>
                <Table.Td>{fmtDate(inv.dueDate)}</Table.Td>
                <Table.Td>{fmtDate(inv.paidDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ListPagination pagination={q.data?.pagination} noun="facturas" singular="factura" onChange={setPage} />
    </>
  );
}

function CommunicationTab({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const q = useCommunications(id, page);
  const remove = useDeleteCommunication(id);
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setAdding(true)}>
          Registrar comunicación
        </Button>
      </Group>
      {q.isLoading ? (
        <Loader aria-label="Cargando comunicaciones" />
      ) : !q.data?.communications.length ? (
        <Empty text="No hay comunicaciones registradas" />
      ) : (
        <Stack gap="sm">
          {q.data.communications.map((c) => (
            <Card key={c._id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge variant="light">{COMMUNICATION_TYPE_LABELS[c.type]}</Badge>
                    <Badge variant="outline" color="gray">
                      {COMMUNICATION_DIRECTION_LABELS[c.direction]}
                    </Badge>
                    <Text fw={600} size="sm">
                      {c.subject}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(c.date)}
                    {c.duration ? ` · ${c.duration} min` : ''}
                    {c.createdBy ? ` · ${c.createdBy}` : ''}
                  </Text>
                  {c.notes && <Text size="sm">{c.notes}</Text>}
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Eliminar comunicación ${c.subject}`}
                  onClick={() =>
                    modals.openConfirmModal({
                      title: 'Eliminar comunicación',
                      children: (
                        <Text size="sm">
                          ¿Eliminar "{c.subject}" del registro? Esta acción no se puede deshacer.
                        </Text>
                      ),
                      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
                      confirmProps: { color: 'red' },
                      onConfirm: () =>
                        remove.mutateAsync(c._id).catch((error) =>
                          notifications.show({
                            color: 'red',
                            title: 'Error',
                            message: getErrorMessage(error, 'No se pudo eliminar'),
                          }),
                        ),
                    })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <ListPagination
        pagination={q.data?.pagination}
        noun="comunicaciones"
        singular="comunicación"
        onChange={setPage}
      />
      <CommunicationModal clientId={id} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

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
  const address = [c.address.street, c.address.city, c.address.state, c.address.country]
    .filter(Boolean)
    .join(', ');

  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start">
        <Group gap="md" wrap="nowrap">
          <Avatar src={c.avatar} size="lg" radius="xl" color="blue">
            {`${c.firstName[0] ?? ''}${c.lastName[0] ?? ''}`.toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={1} size="h2">
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

      <SimpleGrid cols={{ base: 2, md: 4 }}>
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
      </SimpleGrid>

      <Tabs defaultValue="overview" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Resumen</Tabs.Tab>
          <Tabs.Tab value="projects">Proyectos</Tabs.Tab>
          <Tabs.Tab value="tickets">Tickets</Tabs.Tab>
          <Tabs.Tab value="billing">Facturación</Tabs.Tab>
          <Tabs.Tab value="communication">Comunicación</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="sm">
                  Información de contacto
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Info label="Email">{c.email}</Info>
                  <Info label="Teléfono">{c.phone ?? '—'}</Info>
                  <Info label="RNC / Cédula">
                    {c.companyRUC ? formatTaxId(c.companyRUC) : '—'}
                    {c.taxIdOverrideReason && (
                      <Badge color="orange" variant="light" ml="xs" size="sm">
                        Aceptado con motivo
                      </Badge>
                    )}
                  </Info>
                  <Info label="Perfil fiscal">{TAXPAYER_TYPE_LABELS[c.taxpayerType]}</Info>
                  {c.taxIdOverrideReason && (
                    <Info label="Motivo para aceptar el RNC / cédula (dígito verificador no válido)">
                      {c.taxIdOverrideReason}
                    </Info>
                  )}
                  <Info label="Industria">{c.industry ?? '—'}</Info>
                  <Info label="Sitio web">
                    {c.website ? (
                      <Anchor
                        href={c.website.startsWith('http') ? c.website : `https://${c.website}`}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {c.website}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Info>
                  <Info label="Dirección">{address || '—'}</Info>
                  <Info label="Comunicación preferida">
                    {PREFERRED_COMMUNICATION_LABELS[c.preferredCommunication]}
                  </Info>
                  <Info label="Zona horaria">{c.timezone}</Info>
                  <Info label="Usuarios en el portal">{c.registeredUsers}</Info>
                  <Info label="Satisfacción">
                    {c.satisfactionRating ? (
                      // The stars are one image named by the score (axe aria-prohibited-attr: a name
                      // on Rating's plain div is not read).
                      <Box role="img" aria-label={`${c.satisfactionRating} de 5`} w="fit-content">
                        <Rating value={c.satisfactionRating} readOnly size="sm" aria-hidden />
                      </Box>
                    ) : (
                      'Sin calificar'
                    )}
                  </Info>
                </SimpleGrid>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack>
                <Card withBorder radius="md">
                  <Title order={2} size="h4" mb="sm">
                    Actividad
                  </Title>
                  <SimpleGrid cols={2}>
                    <Info label="Cliente desde">{fmtDate(c.joinDate)}</Info>
                    <Info label="Última actividad">{fmtDate(c.lastActivity)}</Info>
                    <Info label="Último contacto">{fmtDate(c.lastContact)}</Info>
                    <Info label="Proyectos completados">{c.completedProjects}</Info>
                  </SimpleGrid>
                </Card>
                <Card withBorder radius="md">
                  <Title order={2} size="h4" mb="sm">
                    Cobros
                  </Title>
                  <PaymentRemindersSwitch
                    url={`/clients/${c._id}/reminders`}
                    description="Envía por correo los recordatorios programados de sus facturas pendientes."
                  />
                </Card>
                <Card withBorder radius="md">
                  <Group justify="space-between" mb="xs">
                    <Title order={2} size="h4">
                      Notas
                    </Title>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setNotesFor(true)}
                    >
                      Editar notas
                    </Button>
                  </Group>
                  <Text size="sm" c={c.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
                    {c.notes ?? 'Sin notas'}
                  </Text>
                </Card>
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="projects" pt="md">
          <ProjectsTab id={c._id} currency={currency} />
        </Tabs.Panel>
        <Tabs.Panel value="tickets" pt="md">
          <TicketsTab id={c._id} />
        </Tabs.Panel>
        <Tabs.Panel value="billing" pt="md">
          <BillingTab id={c._id} />
        </Tabs.Panel>
        <Tabs.Panel value="communication" pt="md">
          <CommunicationTab id={c._id} />
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
