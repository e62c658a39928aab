import {
  EXPENSE_STATUS_LABELS,
  EXPENSE_STATUSES,
  EXPENSE_TYPE_LABELS,
  EXPENSE_TYPES,
  type Expense,
  type ExpenseStatus,
  type ExpenseType,
  formatMoney,
} from '@agencia/shared';
import { Anchor, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBuildingStore,
  IconPaperclip,
  IconPlus,
  IconReceipt,
  IconReceiptTax,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedSearch, useListErrorToast } from '../../../components/ui/list-filters';
import { ListPanel } from '../../../components/ui/list-panel';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { StatGrid } from '../../../components/ui/stat-grid';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDate } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useDeleteExpense } from '../api/delete-expense';
import { openExpenseReceipt } from '../api/get-expense-receipt';
import { EXPENSES_PAGE_SIZE, expensesQuery, useExpenses } from '../api/get-expenses';
import { ExpenseBadges } from '../components/expense-badges';
import { ExpenseFormModal } from '../components/expense-form-modal';
import { ExpenseRowMenu } from '../components/expense-row-menu';

const STATUS_FILTER = [
  { value: 'all', label: 'Todos los estados' },
  ...EXPENSE_STATUSES.map((s) => ({ value: s, label: EXPENSE_STATUS_LABELS[s] })),
];
const TYPE_FILTER = [
  { value: 'all', label: 'Todos los tipos' },
  ...EXPENSE_TYPES.map((t) => ({ value: t, label: `${t} · ${EXPENSE_TYPE_LABELS[t]}` })),
];
const BILLABLE_FILTER = [
  { value: 'all', label: 'Facturables y no' },
  { value: 'true', label: 'Facturables' },
  { value: 'false', label: 'No facturables' },
];

const oneOf = <T extends string>(list: readonly T[], v: string): T | undefined =>
  (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The count of purchases matching `filter` (a one-row page: its total), for a stat card. */
function useCount(filter: Parameters<typeof expensesQuery>[0]) {
  const q = useQuery({ ...expensesQuery({ ...filter, page: 1, limit: 1 }), placeholderData: undefined });
  return q.data ? String(q.data.pagination.total) : '—';
}

/** Supplier, document, amount of a purchase as one line for screen readers and the delete dialog. */
const describe = (e: Expense) => `${e.supplier.name} · ${e.ncf} · ${formatMoney(e.total, e.currency)}`;

/**
 * /expenses "Gastos" (decision 140): admins every purchase, employees those of their projects
 * (the API scopes them); clients never reach it (route guard, and the API answers 403). Stat
 * cards, search and filters in the URL, the table (cards on phones), "Nuevo gasto", drafts from
 * received e-CF with their "Por completar" badge opening the form pre-filled, delete with a
 * confirmation.
 */
export function ExpensesPage() {
  useDateDisplay();
  const role = useSessionStore((s) => s.user?.role);
  const isAdmin = role === 'admin';
  const [params, setParams] = useListParams({
    search: '',
    status: 'all',
    expenseType: 'all',
    billable: 'all',
    supplierId: '',
  });
  const [search, setSearch] = useDebouncedSearch(params.search, (text) => setParams({ search: text }));
  const status = oneOf<ExpenseStatus>(EXPENSE_STATUSES, params.status);
  const expenseType = oneOf<ExpenseType>(EXPENSE_TYPES, params.expenseType);
  const billable = params.billable === 'true' || params.billable === 'false' ? params.billable : undefined;
  const list = useExpenses({
    page: params.page,
    limit: EXPENSES_PAGE_SIZE,
    search: params.search || undefined,
    status,
    expenseType,
    billable,
    supplierId: params.supplierId || undefined,
  });
  const recorded = useCount({ status: 'recorded' });
  const drafts = useCount({ status: 'draft' });
  const toBill = useCount({ billable: 'true', billed: 'false' });
  const remove = useDeleteExpense();
  const [editing, setEditing] = useState<Expense | null>(null);
  const [creating, setCreating] = useState(false);

  useListErrorToast(list.isError, 'No se pudieron cargar los gastos');

  const expenses = list.data?.expenses ?? [];
  const supplierFilter = params.supplierId ? expenses[0]?.supplier.name : null;

  const confirmDelete = (e: Expense) =>
    modals.openConfirmModal({
      title: 'Eliminar gasto',
      children: <Text size="sm">Se eliminará el gasto {describe(e)}. Esta acción no se puede deshacer.</Text>,
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(e._id);
          toastSuccess('Gasto eliminado', describe(e));
        } catch (err) {
          toastError('No se pudo eliminar el gasto', getErrorMessage(err, 'Inténtalo de nuevo'));
        }
      },
    });

  const receipt = async (e: Expense) => {
    try {
      await openExpenseReceipt(e._id);
    } catch (err) {
      toastError('No se pudo abrir el comprobante', getErrorMessage(err, 'Inténtalo de nuevo'));
    }
  };

  // A click on the row opens the form, except on its menu or a link.
  const openRow = (ev: MouseEvent, e: Expense) => {
    if ((ev.target as HTMLElement).closest('a, button, [role="menu"]')) return;
    if (!e.invoiceId) setEditing(e);
  };

  const menu = (e: Expense) => (
    <ExpenseRowMenu
      expense={e}
      onEdit={() => setEditing(e)}
      onReceipt={() => receipt(e)}
      onDelete={() => confirmDelete(e)}
    />
  );

  return (
    <>
      <PageHeader
        title="Gastos"
        description={
          isAdmin
            ? 'Compras y gastos de la agencia, con su comprobante fiscal (606)'
            : 'Gastos de tus proyectos, con su comprobante'
        }
        actions={
          <Group>
            <Button
              component={Link}
              to="/billing"
              variant="default"
              leftSection={<IconArrowLeft size={18} />}
            >
              Facturación
            </Button>
            {isAdmin && (
              <Button
                component={Link}
                to="/suppliers"
                variant="default"
                leftSection={<IconBuildingStore size={18} />}
              >
                Suplidores
              </Button>
            )}
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Nuevo gasto
            </Button>
          </Group>
        }
      />
      <StatGrid mb="lg">
        <StatCard
          label="Gastos registrados"
          value={recorded}
          icon={<IconReceipt size={28} color="var(--mantine-color-blue-7)" aria-hidden />}
        />
        <StatCard
          label="Por completar"
          value={drafts}
          hint="e-CF recibidos sin tipo de gasto o forma de pago"
          icon={<IconAlertCircle size={28} color="var(--mantine-color-yellow-7)" aria-hidden />}
        />
        <StatCard
          label="Facturables sin facturar"
          value={toBill}
          icon={<IconReceiptTax size={28} color="var(--mantine-color-green-7)" aria-hidden />}
        />
      </StatGrid>

      {params.supplierId && (
        <Group gap="xs" mb="sm">
          <Text size="sm">
            Gastos de <strong>{supplierFilter ?? 'un suplidor'}</strong>
          </Text>
          <Anchor component="button" type="button" size="sm" onClick={() => setParams({ supplierId: '' })}>
            Ver todos
          </Anchor>
        </Group>
      )}

      <ListPanel
        filters={{
          searchLabel: 'Buscar gastos',
          placeholder: 'Buscar por descripción, NCF, suplidor o RNC',
          search,
          onSearch: setSearch,
          selectWidth: 220,
          selects: [
            {
              label: 'Filtrar por estado',
              data: STATUS_FILTER,
              value: status ?? 'all',
              onChange: (next) => setParams({ status: next }),
            },
            {
              label: 'Filtrar por tipo de gasto',
              data: TYPE_FILTER,
              value: expenseType ?? 'all',
              onChange: (next) => setParams({ expenseType: next }),
            },
            {
              label: 'Filtrar por facturable',
              data: BILLABLE_FILTER,
              value: billable ?? 'all',
              onChange: (next) => setParams({ billable: next }),
            },
          ],
        }}
        pagination={{
          pagination: list.data?.pagination,
          noun: 'gastos',
          singular: 'gasto',
          onChange: (p) => setParams({ page: p }),
        }}
        loading={list.isLoading}
        error={list.isError ? list.error : null}
        count={expenses.length}
        loadingLabel="Cargando gastos"
        errorMessage="Error al cargar los gastos"
        emptyIcon={<IconReceipt size={40} color="var(--mantine-color-dimmed)" aria-hidden />}
        emptyTitle="No hay gastos"
        emptyHint="Registra el primero con «Nuevo gasto»: suplidor, comprobante, montos y la foto o PDF."
        filtered={Boolean(params.search || status || expenseType || billable || params.supplierId)}
      >
        <TableScroll label="Gastos" minWidth={900} visibleFrom="sm">
          <Table highlightOnHover verticalSpacing="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Suplidor</Table.Th>
                <Table.Th>Comprobante</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expenses.map((e) => (
                <Table.Tr
                  key={e._id}
                  onClick={(ev) => openRow(ev, e)}
                  style={{ cursor: e.invoiceId ? undefined : 'pointer' }}
                  aria-label={`Gasto ${describe(e)}`}
                >
                  <Table.Td>
                    <Text size="sm">{formatNumericDate(e.issueDate)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {e.supplier.name}
                    </Text>
                    {e.supplier.taxId && (
                      <Text size="xs" c="dimmed">
                        {e.supplier.taxId}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {e.ncf}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {e.expenseType
                        ? `${e.expenseType} · ${EXPENSE_TYPE_LABELS[e.expenseType]}`
                        : 'Tipo por indicar'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {e.receipt && <IconPaperclip size={14} aria-label="Con comprobante adjunto" />}
                      <Text size="sm" lineClamp={2}>
                        {e.description}
                      </Text>
                    </Group>
                    {e.project && (
                      <Text size="xs" c="dimmed">
                        {e.project.name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-amount>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(e.total, e.currency)}
                    </Text>
                    {e.currency !== 'DOP' && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(e.dop.total, 'DOP')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ExpenseBadges expense={e} />
                  </Table.Td>
                  <Table.Td>{menu(e)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
        <Stack gap="sm" hiddenFrom="sm">
          {expenses.map((e) => (
            <Paper
              key={e._id}
              withBorder
              radius="md"
              p="sm"
              onClick={(ev) => openRow(ev, e)}
              style={{ cursor: e.invoiceId ? undefined : 'pointer' }}
              role="group"
              aria-label={`Gasto ${describe(e)} (móvil)`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {e.supplier.name}
                  </Text>
                  <Text size="sm" lineClamp={2}>
                    {e.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatNumericDate(e.issueDate)} · {e.ncf}
                  </Text>
                  <ExpenseBadges expense={e} />
                </Stack>
                <Stack gap={4} align="flex-end">
                  {menu(e)}
                  <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(e.total, e.currency)}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </ListPanel>

      <ExpenseFormModal opened={creating} expense={null} onClose={() => setCreating(false)} />
      <ExpenseFormModal opened={Boolean(editing)} expense={editing} onClose={() => setEditing(null)} />
    </>
  );
}
