import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

/**
 * Last-resort error screen for a route that failed to render or to load its code
 * (e.g. a chunk removed by a new deployment).
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main>
      <Stack align="center" justify="center" mih="100vh" gap="md" ta="center" p="md">
        <Title order={1} size="h2">
          Algo salió mal
        </Title>
        <Text c="dimmed" maw={440}>
          No pudimos mostrar esta página. Recarga para intentarlo de nuevo.
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Recargar</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            Ir al inicio
          </Button>
        </Group>
      </Stack>
    </main>
  );
}
