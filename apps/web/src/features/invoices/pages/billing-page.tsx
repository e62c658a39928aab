import {
  ECF_STATUS_LABELS,
  ECF_STATUSES,
  type EcfStatus,
  INVOICE_PAGE_SIZE,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
  type InvoiceSummary,
  isElectronicType,
} from '@agencia/shared';
import { Anchor, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuildingBank,
  IconCash,
  IconClockHour4,
  IconFileInvoice,
  IconInbox,
  IconPlus,
  IconReceipt2,
  IconRepeat,
  IconShoppingCart,
  IconTrendingUp,
} from '@tabler/icons-react';
import { type MouseEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PaymentInstructionsCard } from '../../../components/payment-instructions-card';
import { useDebouncedSearch, useListErrorToast } from '../../../components/ui/list-filters';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { StatGrid } from '../../../components/ui/stat-grid';
import { TableScroll } from '../../../components/ui/table-scroll';
import { useListParams } from '../../../lib/list-params';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { DocumentListPanel } from '../../billing-shared/components/document-list-panel';
import { formatDate, formatMoney } from '../../billing-shared/components/format';
import { ClientRetainersCard } from '../../retainers';
import { useInvoiceStats, useInvoices } from '../api/invoices';
import { CreditNoteModal } from '../components/credit-note-modal';
import { EcfSignatureModal } from '../components/ecf-signature-modal';
import { EcfStatusBadge } from '../components/ecf-status-badge';
import { EditInvoiceModal } from '../components/edit-invoice-modal';
import { InvoiceFormModal } from '../components/invoice-form-modal';
import { InvoiceRowMenu } from '../components/invoice-row-menu';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { PayInvoiceModal } from '../components/pay-invoice-modal';
import { PendingPaymentReportsCard } from '../components/payment-reports-card';
import { useInvoiceActions } from '../components/use-invoice-actions';

const STATUS_FILTER: Array<{ value: string; label: string }> = [
  { value: 'all', label: 'Todos' },
  ...(['draft', 'issued', 'sent', 'pending', 'paid', 'overdue', 'cancelled'] as InvoiceStatus[]).map((s) => ({
    value: s,
    label: INVOICE_STATUS_LABELS[s],
  })),
];

/** The e-CF status filter (issue 26): the DGII's answer to the e-CF the portal issued. */
const ECF_FILTER: Array<{ value: string; label: string }> = [
  { value: 'all', label: 'Todos' },
  ...ECF_STATUSES.map((s) => ({ value: s, label: ECF_STATUS_LABELS[s] })),
];

/** `1 factura pagada` / `3 facturas pagadas`. */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The fiscal number under the invoice number: NCF / e-NCF, or the type a draft will take. */
function NcfLine({ invoice }: { invoice: InvoiceSummary }) {
  if (invoice.ncf)
    return (
      <Text size="xs" fw={500}>
        {invoice.documentType && isElectronicType(invoice.documentType) ? 'e-NCF' : 'NCF'} {invoice.ncf}
      </Text>
    );
  if (invoice.status === 'draft' && invoice.documentType)
    return (
      <Text size="xs" c="dimmed">
        {invoice.documentType} · NCF al emitir
      </Text>
    );
  return null;
}

/**
 * /billing (spec doc 2 §2 "Billing list"). Admin manages; employees and clients read (a
 * client sees only its own invoices, decision 056).
 */
export function BillingPage() {
  useDateDisplay();
  const role = useSessionStore((s) => s.user?.role);
  const canManage = role === 'admin';
  const navigate = useNavigate();
  // Filters and page live in the URL (issue 14): reload, back and shared links keep them.
  const [params, setParams] = useListParams({ status: 'all', ecfStatus: 'all', search: '' });
  const { status, page } = params;
  // Staff filter by the DGII's answer (issue 26); a stale value in a client's URL is ignored.
  const staff = role === 'admin' || role === 'employee';
  const ecfStatus =
    staff && (ECF_STATUSES as readonly string[]).includes(params.ecfStatus)
      ? (params.ecfStatus as EcfStatus)
      : undefined;
  const [search, setSearch] = useDebouncedSearch(params.search, (text) => setParams({ search: text }));
  const [creating, setCreating] = useState(false);
  const stats = useInvoiceStats();
  const list = useInvoices({
    page,
    limit: INVOICE_PAGE_SIZE,
    status: status as InvoiceStatus,
    search: params.search,
    ecfStatus,
  });
  const actions = useInvoiceActions();

  useListErrorToast(list.isError, 'No se pudieron cargar las facturas');

  const s = stats.data;
  const currency = s?.currency ?? 'DOP';
  const invoices = list.data?.invoices ?? [];
  const open = (id: string) => navigate(`/billing/${id}`);
  // A click on the row opens the invoice, except on its link (new tab, copy) or its menu.
  const openRow = (e: MouseEvent, id: string) => {
    if ((e.target as HTMLElement).closest('a, button, [role="menu"]')) return;
    open(id);
  };

  return (
    <>
      <PageHeader
        title={role === 'client' ? 'Mis Facturas' : 'Facturación'}
        description={
          canManage
            ? 'Facturas, cobros y pagos de los clientes'
            : staff
              ? 'Facturas de los clientes: consulta su estado y descarga sus PDF'
              : 'Consulta tus facturas y descarga sus PDF'
        }
        actions={
          <Group>
            <Button
              component={Link}
              to="/billing/quotes"
              variant="default"
              leftSection={<IconFileInvoice size={18} />}
            >
              {role === 'client' ? 'Mis cotizaciones' : 'Cotizaciones'}
            </Button>
            {staff && (
              // Purchases and expenses (decision 140): staff only, clients never see them.
              <Button
                component={Link}
                to="/expenses"
                variant="default"
                leftSection={<IconShoppingCart size={18} />}
              >
                Gastos
              </Button>
            )}
            {canManage && (
              <Button
                component={Link}
                to="/billing/retainers"
                variant="default"
                leftSection={<IconRepeat size={18} />}
              >
                Igualas
              </Button>
            )}
            {canManage && (
              // Supplier e-CF to approve or reject (issue 26, "Receiving"): a link like its neighbours.
              <Button
                component={Link}
                to="/billing/received"
                variant="default"
                leftSection={<IconInbox size={18} />}
              >
                e-CF recibidos
              </Button>
            )}
            {canManage && (
              // Bank reconciliation (decision 167): the bank's statement against the portal's payments.
              <Button
                component={Link}
                to="/billing/reconciliation"
                variant="default"
                leftSection={<IconBuildingBank size={18} />}
              >
                Conciliación bancaria
              </Button>
            )}
            {canManage && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
                Nueva Factura
              </Button>
            )}
          </Group>
        }
      />
      {role === 'client' && <ClientRetainersCard />}
      {staff && <PendingPaymentReportsCard canDecide={canManage} />}
      <StatGrid mb="lg">
        <StatCard
          label={role === 'client' ? 'Total pagado' : 'Ingresos totales'}
          value={s ? formatMoney(s.totalRevenue, currency) : '—'}
          hint={s ? plural(s.paidInvoices, 'factura pagada', 'facturas pagadas') : undefined}
          icon={<IconTrendingUp size={28} color="var(--mantine-color-green-7)" aria-hidden />}
        />
        <StatCard
          label={role === 'client' ? 'Pendiente de pago' : 'Pendiente por cobrar'}
          value={s ? formatMoney(s.pendingRevenue, currency) : '—'}
          hint={
            s
              ? `${plural(s.unpaidInvoices, 'factura sin pagar', 'facturas sin pagar')}${
                  s.partiallyPaidInvoices > 0
                    ? ` · ${plural(s.partiallyPaidInvoices, 'con pago parcial', 'con pago parcial')}`
                    : ''
                }`
              : undefined
          }
          icon={<IconClockHour4 size={28} color="var(--mantine-color-yellow-7)" aria-hidden />}
        />
        <StatCard
          label="Facturas vencidas"
          value={s ? String(s.overdueInvoices) : '—'}
          icon={<IconAlertTriangle size={28} color="var(--mantine-color-red-7)" aria-hidden />}
        />
        <StatCard
          label={role === 'client' ? 'Promedio por factura' : 'Valor promedio'}
          value={s ? formatMoney(s.averageInvoiceValue, currency) : '—'}
          hint={s ? plural(s.totalInvoices, 'factura en total', 'facturas en total') : undefined}
          icon={<IconCash size={28} color="var(--mantine-color-blue-7)" aria-hidden />}
        />
      </StatGrid>

      <DocumentListPanel
        filters={{
          searchLabel: 'Buscar facturas',
          // "Aceptado condicional" after the e-CF prefix.
          selectWidth: 230,
          placeholder: 'Buscar por número, NCF, cliente o proyecto',
          search,
          onSearch: setSearch,
          selects: [
            {
              label: 'Filtrar por estado',
              data: STATUS_FILTER,
              value: status,
              onChange: (next) => setParams({ status: next }),
            },
            ...(staff
              ? [
                  {
                    label: 'Filtrar por estado e-CF',
                    data: ECF_FILTER,
                    value: ecfStatus ?? 'all',
                    onChange: (next: string) => setParams({ ecfStatus: next }),
                    leftSection: (
                      <Text size="xs" fw={600} c="dimmed" aria-hidden>
                        e-CF
                      </Text>
                    ),
                  },
                ]
              : []),
          ],
        }}
        pagination={{
          pagination: list.data?.pagination,
          noun: 'facturas',
          singular: 'factura',
          onChange: (p) => setParams({ page: p }),
        }}
        loading={list.isLoading}
        error={list.isError ? list.error : null}
        count={invoices.length}
        loadingLabel="Cargando facturas"
        errorMessage="Error al cargar las facturas"
        emptyIcon={<IconReceipt2 size={40} color="var(--mantine-color-dimmed)" aria-hidden />}
        emptyTitle="No hay facturas"
        emptyHint="Las facturas aparecerán aquí."
        filtered={Boolean(search) || status !== 'all' || ecfStatus !== undefined}
      >
        <TableScroll label="Facturas" minWidth={720} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Factura</Table.Th>
                {/* A client's own name in every row says nothing (decision 163). */}
                {staff && <Table.Th>Cliente</Table.Th>}
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Vencimiento</Table.Th>
                <Table.Th w={60}>
                  <span
                    className="sr-only"
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
              {invoices.map((inv) => (
                <Table.Tr
                  key={inv._id}
                  onClick={(e) => openRow(e, inv._id)}
                  style={{ cursor: 'pointer' }}
                  aria-label={`Factura ${inv.invoiceNumber}`}
                >
                  <Table.Td>
                    <Anchor component={Link} to={`/billing/${inv._id}`} fw={600} size="sm">
                      {inv.invoiceNumber}
                    </Anchor>
                    <NcfLine invoice={inv} />
                    <Text size="xs" c="dimmed">
                      {inv.project?.title ?? formatDate(inv.issueDate)}
                    </Text>
                  </Table.Td>
                  {staff && (
                    <Table.Td>
                      <Text size="sm">
                        {inv.client.company ?? `${inv.client.firstName} ${inv.client.lastName}`}
                      </Text>
                      {inv.client.company && (
                        <Text size="xs" c="dimmed">
                          {inv.client.firstName} {inv.client.lastName}
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  <Table.Td ta="right" data-amount>
                    <Text size="sm" fw={600}>
                      {formatMoney(inv.total, inv.currency)}
                    </Text>
                    {inv.amountPaid > 0 && inv.balance > 0 && (
                      <Text size="xs" c="dimmed">
                        Saldo {formatMoney(inv.balance, inv.currency)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <InvoiceStatusBadge status={inv.status} />
                      {inv.ecfStatus && <EcfStatusBadge status={inv.ecfStatus} prefixed />}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(inv.dueDate)}</Text>
                    {inv.isOverdue && (
                      <Text size="xs" c="red" fw={600}>
                        {inv.daysOverdue === 1 ? '1 día vencida' : `${inv.daysOverdue} días vencida`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <InvoiceRowMenu
                      invoice={inv}
                      actions={actions}
                      canManage={canManage}
                      onView={() => open(inv._id)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Stack gap="sm" hiddenFrom="sm">
          {invoices.map((inv) => (
            <Paper
              key={inv._id}
              withBorder
              radius="md"
              p="sm"
              onClick={(e) => openRow(e, inv._id)}
              style={{ cursor: 'pointer' }}
              role="group"
              aria-label={`Factura ${inv.invoiceNumber} (móvil)`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/billing/${inv._id}`} fw={600} size="sm">
                      {inv.invoiceNumber}
                    </Anchor>
                    <InvoiceStatusBadge status={inv.status} />
                    {inv.ecfStatus && <EcfStatusBadge status={inv.ecfStatus} prefixed />}
                  </Group>
                  {staff ? (
                    <Text size="sm" truncate>
                      {inv.client.company ?? `${inv.client.firstName} ${inv.client.lastName}`}
                    </Text>
                  ) : (
                    inv.project && (
                      <Text size="sm" truncate>
                        {inv.project.title}
                      </Text>
                    )
                  )}
                  <NcfLine invoice={inv} />
                  <Text size="xs" c={inv.isOverdue ? 'red' : 'dimmed'} fw={inv.isOverdue ? 600 : undefined}>
                    Vence {formatDate(inv.dueDate)}
                    {inv.isOverdue
                      ? ` · ${inv.daysOverdue} ${inv.daysOverdue === 1 ? 'día' : 'días'} vencida`
                      : ''}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <InvoiceRowMenu
                    invoice={inv}
                    actions={actions}
                    canManage={canManage}
                    onView={() => open(inv._id)}
                  />
                  <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(inv.total, inv.currency)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </DocumentListPanel>

      {role === 'client' && s && s.pendingRevenue > 0 && (
        <Box mt="lg">
          <PaymentInstructionsCard wide />
        </Box>
      )}

      {canManage && (
        <>
          <InvoiceFormModal
            opened={creating}
            onClose={() => setCreating(false)}
            onSaved={(saved) => navigate(`/billing/${saved._id}`)}
          />
          <EditInvoiceModal id={actions.editing} onClose={() => actions.setEditing(null)} />
          <PayInvoiceModal invoice={actions.paying} onClose={() => actions.setPaying(null)} />
          <CreditNoteModal invoice={actions.crediting} onClose={() => actions.setCrediting(null)} />
          <EcfSignatureModal invoice={actions.signing} onClose={() => actions.setSigning(null)} />
        </>
      )}
    </>
  );
}
