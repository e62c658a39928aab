import {
  COMMERCIAL_APPROVAL_LABELS,
  COMMERCIAL_APPROVAL_STATUSES,
  type CommercialApprovalStatus,
  type ReceivedEcf,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconInbox } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSocketEvent } from '../../../components/realtime/realtime-provider';
import { useListErrorToast } from '../../../components/ui/list-filters';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useDateDisplay } from '../../../stores/display-store';
import { formatDate, formatDateTime } from '../../billing-shared/components/format';
import { receivedEcfKeys, useReceivedEcfs } from '../api/ecf-received';
import {
  ApprovalStatusBadge,
  ReceivedEcfRowMenu,
  ReceiverTrustNotice,
  receivedMoney,
  receivedTypeLabel,
  useReceivedEcfActions,
  VerificationBadge,
} from '../components/received-ecf-actions';
import { ReceivedEcfDrawer } from '../components/received-ecf-drawer';

/** Rows per page (the API's default). */
export const RECEIVED_ECF_PAGE_SIZE = 20;

const STATUS_FILTER = [
  { value: 'all', label: 'Todos' },
  ...COMMERCIAL_APPROVAL_STATUSES.map((s) => ({ value: s, label: COMMERCIAL_APPROVAL_LABELS[s] })),
];

/** The URL parameter of the open detail (also what the admins' notification links to). */
const DOC_PARAM = 'doc';

/**
 * `/billing/received` (admin; issue 26, "Receiving"): the e-CF suppliers sent to the agency's
 * receiver. Filter by commercial status and page in the URL; each document opens in a drawer
 * (`?doc=`) with its amounts and the DGII's messages; "Descargar XML", "Aprobar" (confirmed) and
 * "Rechazar" (with a reason) from the row menu or the drawer. A table from 768 px, cards below.
 */
export function ReceivedEcfPage() {
  useDateDisplay();
  const [params, setParams] = useListParams({ status: 'all' });
  const status = (COMMERCIAL_APPROVAL_STATUSES as readonly string[]).includes(params.status)
    ? (params.status as CommercialApprovalStatus)
    : undefined;
  const list = useReceivedEcfs({ page: params.page, limit: RECEIVED_ECF_PAGE_SIZE, approvalStatus: status });
  const actions = useReceivedEcfActions();
  const queryClient = useQueryClient();
  useListErrorToast(list.isError, 'No se pudieron cargar los e-CF recibidos');

  // A supplier's new e-CF arrives as a notification: ask the list again.
  useSocketEvent(
    'notification',
    () => void queryClient.invalidateQueries({ queryKey: receivedEcfKeys.lists }),
  );

  // The drawer keeps the list's filter and page in the URL (`?doc=`: reload and links reopen it).
  const [search, setSearch] = useSearchParams();
  const openId = search.get(DOC_PARAM);
  const open = (id: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.set(DOC_PARAM, id);
      return next;
    });
  const close = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete(DOC_PARAM);
      return next;
    });
  // A click on the row opens the detail, except on its link or its menu.
  const openRow = (e: MouseEvent, id: string) => {
    if ((e.target as HTMLElement).closest('a, button, [role="menu"]')) return;
    open(id);
  };

  const documents = list.data?.documents ?? [];
  const encfLink = (d: ReceivedEcf) => (
    <Anchor
      component="button"
      type="button"
      fw={600}
      size="sm"
      ff="monospace"
      ta="left"
      onClick={() => open(d._id)}
      aria-label={`Ver el e-CF ${d.encf}`}
    >
      {d.encf}
    </Anchor>
  );

  return (
    <>
      <PageHeader
        title="e-CF recibidos"
        description="Comprobantes electrónicos que los proveedores envían a la empresa: apruébalos o recházalos ante la DGII."
        actions={
          <Button component={Link} to="/billing" variant="default" leftSection={<IconArrowLeft size={18} />}>
            Facturación
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <ReceiverTrustNotice receiver={list.data?.receiver} />
        <Group mb="md" gap="sm" align="flex-end">
          <Select
            label="Estado comercial"
            data={STATUS_FILTER}
            value={status ?? 'all'}
            onChange={(v) => setParams({ status: v ?? 'all' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
        </Group>
        {list.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Cargando e-CF recibidos" />
          </Center>
        ) : list.isError && documents.length === 0 ? (
          <Alert color="red" title="Error" icon={<IconAlertTriangle />}>
            {getErrorMessage(list.error, 'No se pudieron cargar los e-CF recibidos')}
          </Alert>
        ) : documents.length === 0 ? (
          <Stack align="center" py="xl" gap="xs">
            <IconInbox size={40} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600}>No hay e-CF recibidos</Text>
            <Text size="sm" c="dimmed" ta="center">
              {status
                ? 'Prueba con otro estado.'
                : 'Los comprobantes que tus proveedores envíen al receptor e-CF aparecerán aquí.'}
            </Text>
          </Stack>
        ) : (
          <>
            <TableScroll label="e-CF recibidos" minWidth={960} visibleFrom="sm">
              <Table highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Emisor</Table.Th>
                    <Table.Th>e-NCF</Table.Th>
                    <Table.Th>Emisión</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                    <Table.Th ta="right">ITBIS</Table.Th>
                    <Table.Th>Recibido</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th w={60}>
                      <span
                        style={{
                          position: 'absolute',
                          width: 1,
                          height: 1,
                          overflow: 'hidden',
                          clip: 'rect(0 0 0 0)',
                        }}
                      >
                        Acciones
                      </span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {documents.map((d) => (
                    <Table.Tr
                      key={d._id}
                      onClick={(e) => openRow(e, d._id)}
                      style={{ cursor: 'pointer' }}
                      aria-label={`e-CF ${d.encf}`}
                    >
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {d.issuerName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          RNC {d.issuerRnc}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {encfLink(d)}
                        <Text size="xs" c="dimmed">
                          {receivedTypeLabel(d.documentType)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(d.issueDate)}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {receivedMoney(d.totalCents)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {receivedMoney(d.taxCents)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDateTime(d.receivedAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          <ApprovalStatusBadge status={d.approvalStatus} />
                          <VerificationBadge document={d} />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <ReceivedEcfRowMenu document={d} actions={actions} onView={() => open(d._id)} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Stack gap="sm" hiddenFrom="sm">
              {documents.map((d) => (
                <Paper
                  key={d._id}
                  withBorder
                  radius="md"
                  p="sm"
                  onClick={(e) => openRow(e, d._id)}
                  style={{ cursor: 'pointer' }}
                  role="group"
                  aria-label={`e-CF ${d.encf} (móvil)`}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {d.issuerName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        RNC {d.issuerRnc}
                      </Text>
                      <Group gap="xs">
                        {encfLink(d)}
                        <ApprovalStatusBadge status={d.approvalStatus} />
                        <VerificationBadge document={d} />
                      </Group>
                      <Text size="xs" c="dimmed">
                        {receivedTypeLabel(d.documentType)} · emitido {formatDate(d.issueDate)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Recibido {formatDateTime(d.receivedAt)}
                      </Text>
                    </Stack>
                    <Stack gap={4} align="flex-end">
                      <ReceivedEcfRowMenu document={d} actions={actions} onView={() => open(d._id)} />
                      <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {receivedMoney(d.totalCents)}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        ITBIS {receivedMoney(d.taxCents)}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
        <ListPagination
          pagination={list.data?.pagination}
          noun="e-CF recibidos"
          singular="e-CF recibido"
          onChange={(page) => setParams({ page })}
        />
      </Paper>

      <ReceivedEcfDrawer id={openId} onClose={close} actions={actions} />
      {actions.modals}
    </>
  );
}
