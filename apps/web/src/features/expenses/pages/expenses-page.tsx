import {
  EXPENSE_STATUS_LABELS,
  EXPENSE_STATUSES,
  EXPENSE_TYPE_LABELS,
  EXPENSE_TYPES,
  type Expense,
  type ExpenseStatus,
  type ExpenseType,
} from '@agencia/shared';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertCircle,
  IconArrowLeft,
  IconBuildingStore,
  IconPlus,
  IconReceipt,
  IconReceiptTax,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { HeaderLink } from '../../../components/ui/header-link';
import { useDebouncedSearch, useListErrorToast } from '../../../components/ui/list-filters';
import { ListPanel, pagedListState } from '../../../components/ui/list-panel';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { StatGrid } from '../../../components/ui/stat-grid';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useDeleteExpense } from '../api/delete-expense';
import { useExpense } from '../api/get-expense';
import { openExpenseReceipt } from '../api/get-expense-receipt';
import { EXPENSES_PAGE_SIZE, expensesQuery, useExpenses } from '../api/get-expenses';
import { ExpenseFormModal } from '../components/expense-form-modal';
import { describeExpense, ExpenseList } from '../components/expense-list';
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

/**
 * `/expenses/:id` (the link of a notification about one purchase, e.g. a DGII rejection of its
 * e-CF): loads that purchase and hands it to `open` (the list's edit form). A purchase that does
 * not exist or is not visible gets a red toast and the plain list. `close` goes back to
 * `/expenses`, keeping the list's filters.
 */
function useLinkedExpense(open: (e: Expense) => void) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const linked = useExpense(id ?? null);
  const close = () => {
    if (id) navigate({ pathname: '/expenses', search }, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per loaded purchase
  useEffect(() => {
    if (linked.data) open(linked.data);
  }, [linked.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failed link
  useEffect(() => {
    if (!linked.isError) return;
    toastError('No se pudo abrir el gasto', getErrorMessage(linked.error, 'Gasto no encontrado'));
    close();
  }, [linked.isError]);
  return { close };
}

/**
 * /expenses "Gastos" (decision 140): admins every purchase, employees those of their projects
 * (the API scopes them); clients never reach it (route guard, and the API answers 403). Stat
 * cards, search and filters in the URL, the table (cards on phones), "Nuevo gasto", drafts from
 * received e-CF with their "Por completar" badge opening the form pre-filled, delete with a
 * confirmation. `/expenses/:id` opens that purchase's form over the list.
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
  const linked = useLinkedExpense(setEditing);

  useListErrorToast(list.isError, 'No se pudieron cargar los gastos');

  const expenses = list.data?.expenses ?? [];
  const supplierFilter = params.supplierId ? expenses[0]?.supplier.name : null;

  const confirmDelete = (e: Expense) =>
    modals.openConfirmModal({
      title: 'Eliminar gasto',
      children: (
        <Text size="sm">Se eliminará el gasto {describeExpense(e)}. Esta acción no se puede deshacer.</Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(e._id);
          toastSuccess('Gasto eliminado', describeExpense(e));
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
            <HeaderLink to="/billing" icon={<IconArrowLeft size={18} />}>
              Facturación
            </HeaderLink>
            {isAdmin && (
              <HeaderLink to="/suppliers" icon={<IconBuildingStore size={18} />}>
                Suplidores
              </HeaderLink>
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
        {...pagedListState(list, expenses.length, (page) => setParams({ page }), {
          noun: 'gastos',
          singular: 'gasto',
          loadingLabel: 'Cargando gastos',
          errorMessage: 'Error al cargar los gastos',
        })}
        emptyIcon={<IconReceipt size={40} color="var(--mantine-color-dimmed)" aria-hidden />}
        emptyTitle="No hay gastos"
        emptyHint="Registra el primero con «Nuevo gasto»: suplidor, comprobante, montos y la foto o PDF."
        filtered={Boolean(params.search || status || expenseType || billable || params.supplierId)}
      >
        <ExpenseList expenses={expenses} stale={list.isPlaceholderData} onOpen={setEditing} menu={menu} />
      </ListPanel>

      <ExpenseFormModal opened={creating} expense={null} onClose={() => setCreating(false)} />
      <ExpenseFormModal
        opened={Boolean(editing)}
        expense={editing}
        onClose={() => {
          setEditing(null);
          linked.close();
        }}
      />
    </>
  );
}
