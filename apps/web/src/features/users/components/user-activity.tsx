import { Alert, Center, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AuditList } from '../../../components/audit/audit-list';
import { getErrorMessage } from '../../../lib/api-client';
import { useUserActivity } from '../api/get-user';

/** Activity tab: the user's real audit entries (what they did and what was done to their account). */
export function UserActivity({ userId, active }: { userId: string; active: boolean }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useUserActivity(userId, page, active);
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando actividad" />
      </Center>
    );
  }
  if (error) return <Alert color="red">{getErrorMessage(error, 'No se pudo cargar la actividad')}</Alert>;
  if (!data || data.entries.length === 0) return <Text c="dimmed">Sin actividad registrada.</Text>;
  return (
    <Stack gap="md">
      <AuditList entries={data.entries} />
      {data.pagination.pages > 1 && (
        <Pagination
          total={data.pagination.pages}
          value={page}
          onChange={setPage}
          aria-label="Páginas de actividad"
        />
      )}
    </Stack>
  );
}
