import { formatMoney } from '@agencia/shared';
import { Alert, Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBuilding,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListFilters, useDebouncedSearch, useListErrorToast } from '../../../components/ui/list-filters';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { StatGrid } from '../../../components/ui/stat-grid';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { publicSettingsQuery } from '../../../lib/public-settings';
import { useClientStats, useClients } from '../api/clients';
import { ClientCard } from '../components/client-card';
import { ClientFormModal } from '../components/client-form-modal';
import { RegistrationLinkModal } from '../components/registration-link-modal';
import { RequestsLink } from '../components/requests-link';
import { useClientActions } from '../components/use-client-actions';

/** Cards per page of /clients (a multiple of the 3-column grid). */
export const CLIENTS_PAGE_SIZE = 12;

/**
 * /clients (spec doc 2 §2 "Clients"): stat cards, search, status and type filters, card grid
 * with a working menu (view, edit, generate link, delete) and 'Nuevo Cliente' →
 * 'Generar Link de Registro'. The header's action group leaves room for more buttons. One page
 * of 12 cards with the total and the pager; filters and page in the URL (issue 14).
 */
export function ClientsPage() {
  // Filters and page live in the URL (issue 14): reload, back and shared links keep them.
  const [params, setParams] = useListParams({ search: '', status: 'all', clientType: 'all' });
  const { status, clientType, page } = params;
  const [search, setSearch] = useDebouncedSearch(params.search, (text) => setParams({ search: text }));
  const [inviting, setInviting] = useState(false);
  const stats = useClientStats();
  const list = useClients({
    page,
    limit: CLIENTS_PAGE_SIZE,
    search: params.search,
    status: status as never,
    clientType: clientType as never,
  });
  const settings = useQuery(publicSettingsQuery);
  const currency = settings.data?.currency ?? 'DOP';
  const actions = useClientActions();

  useListErrorToast(list.isError, 'No se pudieron cargar los clientes');

  // The server filters (name, email, company, RNC); while the debounce is pending the screen also
  // filters locally by name, email and company so typing feels instant (spec doc 2 §7).
  const term = search.trim().toLowerCase();
  const all = list.data?.clients ?? [];
  const clients =
    params.search === search.trim() || !term
      ? all
      : all.filter((c) =>
          [c.firstName, c.lastName, c.email, c.companyName ?? ''].join(' ').toLowerCase().includes(term),
        );

  return (
    <>
      <PageHeader
        title="Clientes"
        description="Cartera de clientes, su actividad y facturación"
        actions={
          <Group gap="sm" data-testid="clients-header-actions">
            <RequestsLink />
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
              Nuevo Cliente
            </Button>
          </Group>
        }
      />
      <StatGrid mb="lg">
        <StatCard
          label="Total de clientes"
          value={String(stats.data?.total ?? '—')}
          icon={<IconUsers size={28} color="var(--mantine-color-blue-7)" aria-hidden />}
        />
        <StatCard
          label="Clientes activos"
          value={String(stats.data?.active ?? '—')}
          icon={<IconUserCheck size={28} color="var(--mantine-color-green-7)" aria-hidden />}
        />
        <StatCard
          label="Empresas"
          value={String(stats.data?.companies ?? '—')}
          icon={<IconBuilding size={28} color="var(--mantine-color-violet-7)" aria-hidden />}
        />
        <StatCard
          label="Ingresos totales"
          value={stats.data ? formatMoney(stats.data.totalRevenue, currency, 0) : '—'}
          icon={<IconWallet size={28} color="var(--mantine-color-teal-7)" aria-hidden />}
        />
      </StatGrid>
      <ListFilters
        searchLabel="Buscar clientes"
        placeholder="Buscar por nombre, email o empresa"
        search={search}
        onSearch={setSearch}
        searchBasis="260px"
        selectWidth={190}
        selects={[
          {
            label: 'Filtrar por estado',
            data: [
              { value: 'all', label: 'Todos los estados' },
              { value: 'active', label: 'Activos' },
              { value: 'inactive', label: 'Inactivos' },
              { value: 'prospect', label: 'Prospectos' },
            ],
            value: status,
            onChange: (next) => setParams({ status: next }),
          },
          {
            label: 'Filtrar por tipo',
            data: [
              { value: 'all', label: 'Todos los tipos' },
              { value: 'company', label: 'Empresa' },
              { value: 'individual', label: 'Persona física' },
            ],
            value: clientType,
            onChange: (next) => setParams({ clientType: next }),
          },
        ]}
      />

      {list.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando clientes" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="Error">
          {getErrorMessage(list.error, 'Error al cargar los clientes')}
        </Alert>
      ) : clients.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No se encontraron clientes con los filtros aplicados
        </Text>
      ) : (
        // Columns of at least 20rem (three at 1440 px, one on phones): in rem, so with the text at
        // 200 % the cards take one column instead of three too narrow for their amounts
        // (WCAG 1.4.4, decision 112).
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
            gap: 'var(--mantine-spacing-md)',
            opacity: list.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {clients.map((c) => (
            <ClientCard
              key={c._id}
              client={c}
              currency={currency}
              onEdit={() => actions.setEditing(c)}
              onLink={() => actions.setLinkFor(c)}
              onDelete={() => actions.confirmDelete(c)}
            />
          ))}
        </Box>
      )}
      <ListPagination
        pagination={list.data?.pagination}
        noun="clientes"
        singular="cliente"
        onChange={(p) => {
          setParams({ page: p });
          window.scrollTo({ top: 0 });
        }}
      />

      <RegistrationLinkModal opened={inviting} onClose={() => setInviting(false)} />
      <RegistrationLinkModal
        opened={Boolean(actions.linkFor)}
        client={actions.linkFor}
        onClose={() => actions.setLinkFor(null)}
      />
      <ClientFormModal client={actions.editing} onClose={() => actions.setEditing(null)} />
    </>
  );
}
