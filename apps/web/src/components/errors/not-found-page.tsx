import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLayoutDashboard } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

/** Unknown path for a signed-in user (spec doc 1 §2): go back, or go to the dashboard. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Stack align="center" justify="center" mih="60vh" gap="md" ta="center" p="md">
      <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1} size="h2">
        Página no encontrada
      </Title>
      <Text c="dimmed" maw={420}>
        La página que buscas no existe o fue movida.
      </Text>
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => navigate(-1)}>
          Volver atrás
        </Button>
        <Button component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={18} />}>
          Ir al Dashboard
        </Button>
      </Group>
    </Stack>
  );
}
