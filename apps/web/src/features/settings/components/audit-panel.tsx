import { AUDIT_CATEGORIES, auditActionMatches, auditCategoryFilter } from '@agencia/shared';
import { Alert, Card, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { AuditList } from '../../../components/audit/audit-list';
import { ListPagination } from '../../../components/ui/list-pagination';
import { getErrorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/list-params';
import { useAuditLog } from '../api/settings-api';

/** The kinds of action (issue 32): each option filters on its prefixes (`?action=invoice.,share_link.`). */
const CATEGORIES = AUDIT_CATEGORIES.map((c) => ({ value: auditCategoryFilter(c), label: c.label }));

/** The filter options; an older link's filter ("user.") stays selectable under its category's name. */
function categoryOptions(action: string) {
  if (!action || CATEGORIES.some((c) => c.value === action)) return CATEGORIES;
  const owner = AUDIT_CATEGORIES.find((c) =>
    c.prefixes.some((p) => auditActionMatches(p, action) || p === action),
  );
  return [...CATEGORIES, { value: action, label: owner ? `${owner.label} (parte)` : 'Otro filtro' }];
}

/** Audit tab (admin): every write and security event, newest first, filterable by kind of action. */
export function AuditPanel() {
  // Kind of action and page live in the URL (issue 14), next to the settings tab.
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
          label="Tipo de acción"
          placeholder="Todas"
          clearable
          data={categoryOptions(action)}
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
