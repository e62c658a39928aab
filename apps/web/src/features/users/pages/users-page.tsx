import {
  type ListUsersQuery,
  ROLE_LABELS,
  ROLES,
  type Role,
  USER_STATUS_LABELS,
  USER_STATUSES,
  USER_TABS,
  USERS_PAGE_SIZE,
  type User,
  type UserStatus,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { ListPagination } from '../../../components/ui/list-pagination';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { toastError } from '../../../lib/toast';
import { useUserStats, useUsers } from '../api/get-users';
import { CreateUserModal } from '../components/create-user-modal';
import { UserCard } from '../components/user-card';

type TabValue = (typeof USER_TABS)[number]['value'];

function StatCard({ label, value, color }: { label: string; value: number | undefined; color?: string }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value ?? '—'}
      </Text>
    </Card>
  );
}

/** Groups users for the by-role / by-department / by-status tabs. */
function groupUsers(users: User[], tab: TabValue): { key: string; label: string; users: User[] }[] {
  if (tab === 'all') return [{ key: 'all', label: '', users }];
  const keyOf = (u: User) =>
    tab === 'role' ? u.role : tab === 'status' ? u.status : (u.department ?? 'Sin departamento');
  const labelOf = (k: string) =>
    tab === 'role' ? ROLE_LABELS[k as Role] : tab === 'status' ? USER_STATUS_LABELS[k as UserStatus] : k;
  const groups = new Map<string, User[]>();
  for (const u of users) groups.set(keyOf(u), [...(groups.get(keyOf(u)) ?? []), u]);
  return [...groups.entries()]
    .sort(([a], [b]) => labelOf(a).localeCompare(labelOf(b), 'es'))
    .map(([key, list]) => ({ key, label: labelOf(key), users: list }));
}

/** /users (spec doc 2 §2 "Users"): stats, filters, tabs and user cards; create modal. Admin only. */
export function UsersPage() {
  // Filters and page live in the URL (issue 14): reload, back and shared links keep them.
  const [params, setParams] = useListParams({ search: '', role: '', department: '', status: '' });
  const { role, department, status, page } = params;
  const [search, setSearch] = useState(params.search);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [tab, setTab] = useState<TabValue>('all');
  const [createOpened, createModal] = useDisclosure(false);

  const query: ListUsersQuery = {
    search: params.search || undefined,
    role: (role as Role) || undefined,
    department: department || undefined,
    status: (status as UserStatus) || undefined,
    page,
    limit: USERS_PAGE_SIZE,
  };
  const { data, isLoading, error, isFetching } = useUsers(query);
  const { data: stats } = useUserStats();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the URL
  useEffect(() => setParams({ search: debounced }), [debounced]);
  useEffect(() => {
    if (error) toastError('Error', 'No se pudieron cargar los usuarios');
  }, [error]);

  const users = error ? [] : (data?.users ?? []);
  let content: ReactNode;
  if (isLoading) {
    content = (
      <Center py="xl">
        <Loader aria-label="Cargando usuarios" />
      </Center>
    );
  } else if (error) {
    content = <Alert color="red">{getErrorMessage(error, 'No se pudieron cargar los usuarios')}</Alert>;
  } else if (users.length === 0) {
    content = (
      <Card withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed">
          No se encontraron usuarios con estos filtros.
        </Text>
      </Card>
    );
  } else {
    content = (
      <Stack gap="lg">
        {groupUsers(users, tab).map((group) => (
          <Stack key={group.key} gap="sm">
            {group.label && (
              <Title order={2} size="h4">
                {group.label} ({group.users.length})
              </Title>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }}>
              {group.users.map((u) => (
                <UserCard key={u._id} user={u} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Usuarios"
        description="Gestiona las cuentas, roles y permisos del equipo y de los clientes."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
            Nuevo Usuario
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="lg">
        <StatCard label="Total de usuarios" value={stats?.totalUsers} />
        <StatCard label="Activos" value={stats?.activeUsers} color="green" />
        <StatCard label="Pendientes" value={stats?.pendingUsers} color="yellow.8" />
        <StatCard label="Inactivos" value={stats?.inactiveUsers} color="dimmed" />
      </SimpleGrid>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Nombre o email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Rol"
          placeholder="Todos"
          clearable
          data={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          value={role || null}
          onChange={(v) => setParams({ role: v ?? '' })}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          label="Departamento"
          placeholder="Todos"
          clearable
          data={data?.departments ?? []}
          value={department || null}
          onChange={(v) => setParams({ department: v ?? '' })}
          w={{ base: '100%', xs: 190 }}
        />
        <Select
          label="Estado"
          placeholder="Todos"
          clearable
          data={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
          value={status || null}
          onChange={(v) => setParams({ status: v ?? '' })}
          w={{ base: '100%', xs: 160 }}
        />
      </Group>
      <Tabs value={tab} onChange={(v) => setTab((v as TabValue) ?? 'all')} mb="md">
        <Tabs.List>
          {USER_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <div aria-busy={isFetching}>{content}</div>
      <ListPagination
        pagination={error ? undefined : data?.pagination}
        noun="usuarios"
        singular="usuario"
        onChange={(p) => setParams({ page: p })}
      />
      <CreateUserModal opened={createOpened} onClose={createModal.close} />
    </>
  );
}
