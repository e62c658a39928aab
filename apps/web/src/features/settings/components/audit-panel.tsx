import { Alert, Card, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { AuditList } from '../../../components/audit/audit-list';
import { ListPagination } from '../../../components/ui/list-pagination';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useAuditLog } from '../api/settings-api';

const CATEGORIES = [
  { value: 'auth.', label: 'Seguridad y sesiones' },
  { value: 'auth.login.failed', label: 'Inicios de sesión fallidos' },
  { value: 'user.', label: 'Usuarios' },
  { value: 'profile.', label: 'Perfiles' },
  { value: 'settings.', label: 'Configuración' },
  { value: 'account.', label: 'Cuentas eliminadas' },
  { value: 'file.', label: 'Archivos' },
];

/** Audit tab (admin): every write and security event, newest first, filterable by category. */
export function AuditPanel() {
  // Category and page live in the URL (issue 14), next to the settings tab.
  const [params, setParams] = useListParams({ action: '' });
  const { action, page } = params;
  const { data, isLoading, error } = useAuditLog({ action: action || undefined, page }, true);
  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text size="sm" c="dimmed">
          Registro de quién hizo qué, cuándo y desde dónde.
        </Text>
        <Select
          label="Categoría"
          placeholder="Todas"
          clearable
          data={CATEGORIES}
          value={action || null}
          onChange={(v) => setParams({ action: v ?? '' })}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {isLoading ? (
        <Center py="lg">
          <Loader aria-label="Cargando registro" />
        </Center>
      ) : error || !data ? (
        <Alert color="red">{getErrorMessage(error, 'No se pudo cargar el registro de auditoría')}</Alert>
      ) : data.entries.length === 0 ? (
        <Text c="dimmed">Sin entradas.</Text>
      ) : (
        <Stack gap="md">
          <AuditList entries={data.entries} />
          <ListPagination
            pagination={data.pagination}
            noun="entradas"
            singular="entrada"
            onChange={(p) => setParams({ page: p })}
          />
        </Stack>
      )}
    </Card>
  );
}
