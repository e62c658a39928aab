import { Alert, Card, Center, Group, Loader, Pagination, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AuditList } from '../../../components/audit/audit-list';
import { getErrorMessage } from '../../../lib/api-client';
import { useAuditLog } from '../api/settings-api';

const CATEGORIES = [
  { value: 'auth.', label: 'Seguridad y sesiones' },
  { value: 'auth.login.failed', label: 'Inicios de sesión fallidos' },
  { value: 'user.', label: 'Usuarios' },
  { value: 'profile.', label: 'Perfiles' },
  { value: 'settings.', label: 'Configuración' },
  { value: 'account.', label: 'Cuentas eliminadas' },
  { value: 'file.', label: 'Archivos' },
  { value: 'mail.', label: 'Correos' },
];

/** Audit tab (admin): every write and security event, newest first, filterable by category. */
export function AuditPanel() {
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useAuditLog({ action: action ?? undefined, page, limit: 25 }, true);
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
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
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
          <Text size="xs" c="dimmed">
            {data.pagination.total} entradas
          </Text>
          <AuditList entries={data.entries} />
          {data.pagination.pages > 1 && (
            <Pagination
              total={data.pagination.pages}
              value={page}
              onChange={setPage}
              aria-label="Páginas del registro"
            />
          )}
        </Stack>
      )}
    </Card>
  );
}
