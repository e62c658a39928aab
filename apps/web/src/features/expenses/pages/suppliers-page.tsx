import {
  SUPPLIER_TAX_ID_TYPE_LABELS,
  SUPPLIER_TAXPAYER_TYPE_LABELS,
  SUPPLIER_TAXPAYER_TYPES,
  type Supplier,
  type SupplierTaxpayerType,
} from '@agencia/shared';
import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CardLink, cardLinkAbove } from '../../../components/ui/card-link';
import { HeaderLink } from '../../../components/ui/header-link';
import { useDebouncedSearch, useListErrorToast } from '../../../components/ui/list-filters';
import { ListPanel } from '../../../components/ui/list-panel';
import { PageHeader } from '../../../components/ui/page-header';
import { useListParams } from '../../../lib/list-params';
import { SUPPLIERS_PAGE_SIZE, useSuppliers } from '../api/get-suppliers';
import { SupplierFormModal } from '../components/supplier-form-modal';

const TAXPAYER_FILTER = [
  { value: 'all', label: 'Todos los tipos' },
  ...SUPPLIER_TAXPAYER_TYPES.map((t) => ({ value: t, label: SUPPLIER_TAXPAYER_TYPE_LABELS[t] })),
];
const ACTIVE_FILTER = [
  { value: 'all', label: 'Activos e inactivos' },
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

/** One supplier's card: its name links to its purchases; "Editar" opens the form. */
function SupplierCard({ supplier, onEdit }: { supplier: Supplier; onEdit: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" pos="relative" aria-label={`Suplidor ${supplier.name}`} role="group">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <CardLink to={`/expenses?supplierId=${supplier._id}`} fw={600}>
            {supplier.name}
          </CardLink>
          {!supplier.active && (
            <Badge color="gray" variant="light">
              Inactivo
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {supplier.taxId
            ? `${SUPPLIER_TAX_ID_TYPE_LABELS[supplier.taxIdType]} ${supplier.taxId}`
            : SUPPLIER_TAX_ID_TYPE_LABELS[supplier.taxIdType]}
        </Text>
        <Text size="xs" c="dimmed">
          {SUPPLIER_TAXPAYER_TYPE_LABELS[supplier.taxpayerType]}
          {supplier.country !== 'DO' ? ` · ${supplier.country}` : ''}
        </Text>
        {(supplier.contactName || supplier.email || supplier.phone) && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[supplier.contactName, supplier.email, supplier.phone].filter(Boolean).join(' · ')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button size="xs" variant="default" className={cardLinkAbove} onClick={onEdit}>
            Editar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * /suppliers "Suplidores" (admin, decision 140), like /clients: search by name or RNC, taxpayer
 * type and active filters in the URL, a card grid (each card opens the supplier's purchases),
 * "Nuevo suplidor" and "Editar" with the RNC / cédula checked live.
 */
export function SuppliersPage() {
  const [params, setParams] = useListParams({ search: '', taxpayerType: 'all', active: 'true' });
  const [search, setSearch] = useDebouncedSearch(params.search, (text) => setParams({ search: text }));
  const taxpayerType = (SUPPLIER_TAXPAYER_TYPES as readonly string[]).includes(params.taxpayerType)
    ? (params.taxpayerType as SupplierTaxpayerType)
    : undefined;
  const active = params.active === 'true' || params.active === 'false' ? params.active : undefined;
  const list = useSuppliers({
    page: params.page,
    limit: SUPPLIERS_PAGE_SIZE,
    search: params.search || undefined,
    taxpayerType,
    active,
  });
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [creating, setCreating] = useState(false);
  useListErrorToast(list.isError, 'No se pudieron cargar los suplidores');
  const suppliers = list.data?.suppliers ?? [];

  return (
    <>
      <PageHeader
        title="Suplidores"
        description="Proveedores de la agencia: RNC o cédula, tipo de contribuyente y contacto"
        actions={
          <Group>
            <HeaderLink to="/expenses" icon={<IconArrowLeft size={18} />}>
              Gastos
            </HeaderLink>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Nuevo suplidor
            </Button>
          </Group>
        }
      />
      <ListPanel
        filters={{
          searchLabel: 'Buscar suplidores',
          placeholder: 'Buscar por nombre o RNC / cédula',
          search,
          onSearch: setSearch,
          selectWidth: 220,
          selects: [
            {
              label: 'Filtrar por tipo de contribuyente',
              data: TAXPAYER_FILTER,
              value: taxpayerType ?? 'all',
              onChange: (next) => setParams({ taxpayerType: next }),
            },
            {
              label: 'Filtrar por estado',
              data: ACTIVE_FILTER,
              value: active ?? 'all',
              onChange: (next) => setParams({ active: next }),
            },
          ],
        }}
        pagination={{
          pagination: list.data?.pagination,
          noun: 'suplidores',
          singular: 'suplidor',
          onChange: (p) => setParams({ page: p }),
        }}
        loading={list.isLoading}
        error={list.isError ? list.error : null}
        count={suppliers.length}
        loadingLabel="Cargando suplidores"
        errorMessage="Error al cargar los suplidores"
        emptyIcon={<IconBuildingStore size={40} color="var(--mantine-color-dimmed)" aria-hidden />}
        emptyTitle="No hay suplidores"
        emptyHint="Crea el primero con «Nuevo suplidor» o desde el formulario de un gasto."
        filtered={Boolean(params.search || taxpayerType || active === 'false')}
      >
        {/* Columns of at least 20rem, like /clients (decision 112). */}
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
            gap: 'var(--mantine-spacing-md)',
            opacity: list.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {suppliers.map((s) => (
            <SupplierCard key={s._id} supplier={s} onEdit={() => setEditing(s)} />
          ))}
        </Box>
      </ListPanel>
      <SupplierFormModal opened={creating} onClose={() => setCreating(false)} />
      <SupplierFormModal opened={Boolean(editing)} supplier={editing} onClose={() => setEditing(null)} />
    </>
  );
}
