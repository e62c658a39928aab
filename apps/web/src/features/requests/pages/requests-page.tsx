import {
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_COLORS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type RequestKind,
  type RequestStatus,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconInbox, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSocketEvent } from '../../../components/realtime/realtime-provider';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatNumericDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { useDateDisplay } from '../../../stores/display-store';
import { useRequest, useRequests } from '../api/requests-api';
import { RequestDetail } from '../components/request-detail';

const PAGE_SIZE = 20;

/**
 * `/clients/requests` (admin): the 'Solicitudes' view of quote and access requests from the
 * public site, with filters, detail drawer (`?kind=&id=`, also what notifications link to) and
 * status actions.
 */
export function RequestsPage() {
  useDateDisplay();
  const [params, setParams] = useSearchParams();
  // Filters and page live in the URL (issue 14); `kind`/`id` are the open drawer, so the list's
  // kind filter is `type`.
  const [filters, setFilters] = useListParams({ type: 'all', status: '', search: '' });
  const { type: kind, status, page } = filters;
  const [search, setSearch] = useState(filters.search);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => setFilters({ search: debouncedSearch }), [debouncedSearch]);

  const list = useRequests({
    kind: kind === 'all' ? undefined : (kind as RequestKind),
    status: (status as RequestStatus) || undefined,
    search: filters.search || undefined,
    page,
    limit: PAGE_SIZE,
  });
  const openKind = params.get('kind') as RequestKind | null;
  const openId = params.get('id');
  const detail = useRequest(openKind, openId);

  // A new lead arrives as a notification: refresh the list.
  useSocketEvent(
    'notification',
    () => void queryClient.invalidateQueries({ queryKey: ['requests', 'list'] }),
  );

  // The drawer keeps the list's filters and page in the URL.
  const open = (k: RequestKind, id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('kind', k);
      next.set('id', id);
      return next;
    });
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('kind');
      next.delete('id');
      return next;
    });

  return (
    <>
      <PageHeader
        title="Solicitudes"
        description="Cotizaciones y solicitudes de acceso recibidas desde el sitio público."
        actions={
          <Button component={Link} to="/clients" variant="default" leftSection={<IconArrowLeft size={16} />}>
            Volver a Clientes
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={kind}
            onChange={(value) => setFilters({ type: value })}
            data={[
              { value: 'all', label: 'Todas' },
              { value: 'quote', label: 'Cotizaciones' },
              { value: 'access', label: 'Acceso' },
            ]}
            aria-label="Tipo de solicitud"
          />
          <Select
            placeholder="Todos los estados"
            aria-label="Estado"
            clearable
            value={status || null}
            onChange={(value) => setFilters({ status: value ?? '' })}
            data={REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }))}
            w={200}
          />
          <TextInput
            placeholder="Buscar por nombre, email o empresa"
            aria-label="Buscar"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>

        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Cargando solicitudes" />
          </Center>
        ) : list.isError ? (
          <Alert color="red" title="No se pudieron cargar las solicitudes">
            <Button variant="light" color="red" size="xs" onClick={() => void list.refetch()}>
              Reintentar
            </Button>
          </Alert>
        ) : list.data.requests.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <IconInbox size={40} aria-hidden />
            <Text fw={600}>No hay solicitudes</Text>
            <Text size="sm" c="dimmed">
              Las cotizaciones y solicitudes de acceso del sitio público aparecerán aquí.
            </Text>
          </Stack>
        ) : (
          <>
            <TableScroll label="Solicitudes" minWidth={720}>
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nombre</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Asunto</Table.Th>
                    <Table.Th>Contacto</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Fecha</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.requests.map((r) => (
                    <Table.Tr key={r._id} style={{ cursor: 'pointer' }} onClick={() => open(r.kind, r._id)}>
                      <Table.Td>
                        <Anchor
                          component="button"
                          type="button"
                          fw={600}
                          ta="left"
                          onClick={(event) => {
                            event.stopPropagation();
                            open(r.kind, r._id);
                          }}
                        >
                          {r.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{REQUEST_KIND_LABELS[r.kind]}</Table.Td>
                      <Table.Td>{r.subject}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{r.email}</Text>
                        <Text size="xs" c="dimmed">
                          {r.phone}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={REQUEST_STATUS_COLORS[r.status]}>
                          {REQUEST_STATUS_LABELS[r.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{formatNumericDate(r.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <ListPagination
              pagination={list.data.pagination}
              noun="solicitudes"
              singular="solicitud"
              onChange={(p) => setFilters({ page: p })}
            />
          </>
        )}
      </Paper>

      <Drawer
        opened={Boolean(openKind && openId)}
        onClose={close}
        position="right"
        size="xl"
        title={<Text fw={700}>{detail.data?.name ?? 'Solicitud'}</Text>}
      >
        {detail.isPending ? (
          <Center py="xl">
            <Loader aria-label="Cargando solicitud" />
          </Center>
        ) : detail.isError ? (
          <Alert color="red" title="No se pudo cargar la solicitud">
            Es posible que ya no exista.
          </Alert>
        ) : (
          <RequestDetail request={detail.data} />
        )}
      </Drawer>
    </>
  );
}
