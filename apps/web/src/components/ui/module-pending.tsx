import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from './page-header';

/**
 * Honest empty state for a portal module whose screens are still being built.
 * Each feature replaces its page with the real one.
 */
export function ModulePending({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" ta="center" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={30} />
          </ThemeIcon>
          <Text fw={600} size="lg">
            Este módulo estará disponible pronto
          </Text>
          <Text c="dimmed" maw={480}>
            Estamos terminando esta sección del portal. Mientras tanto, puedes volver al Dashboard o
            escribirnos si necesitas algo.
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
