import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../../lib/auth-api';
import { navigateTo } from '../../lib/navigation';
import { useSessionStore } from '../../stores/session-store';
import { ChangePasswordFormCard } from './change-password-form';

/**
 * Shown instead of the portal while `user.mustChangePassword` is set (after an admin reset,
 * decision 064): the server answers 403 to everything else until the password is changed.
 */
export function ForcedPasswordChange() {
  const clearSession = useSessionStore((state) => state.logout);
  const queryClient = useQueryClient();
  const signOut = async () => {
    try {
      await logout();
    } catch {
      // The session ends locally either way.
    }
    clearSession();
    queryClient.clear();
    navigateTo('/login', { replace: true });
  };
  return (
    <Center component="main" mih="100dvh" p="md">
      <Card withBorder radius="md" p="xl" w="100%" maw={480}>
        <Stack gap="md">
          <Title order={1} size="h3">
            Cambia tu contraseña
          </Title>
          <Text c="dimmed" size="sm">
            Un administrador restableció tu contraseña. Escribe la contraseña temporal que recibiste y elige
            una nueva para continuar.
          </Text>
          <ChangePasswordFormCard />
          <Button variant="subtle" color="gray" onClick={signOut}>
            Cerrar sesión
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
