import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shown when a guarded route demands a role the user does not have (spec doc 1 §8). */
export function AccessDenied() {
  return (
    <Stack align="center" justify="center" mih="60vh" gap="md" ta="center" p="md">
      <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
        <IconLock size={34} />
      </ThemeIcon>
      <Title order={1} size="h2">
        Acceso Denegado
      </Title>
      <Text c="dimmed">No tienes permisos para acceder a esta página.</Text>
      <Button component={Link} to="/dashboard" variant="light">
        Ir al Dashboard
      </Button>
    </Stack>
  );
}
