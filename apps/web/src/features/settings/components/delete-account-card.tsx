import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useDeleteAccount } from '../api/settings-api';

/**
 * 'Eliminar cuenta' for client users (decision 066): after confirming with the password the
 * server anonymises the personal data and closes every session; toast 'Cuenta eliminada'.
 */
export function DeleteAccountCard() {
  const [opened, { open, close }] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useDeleteAccount();
  const clearSession = useSessionStore((state) => state.logout);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = async () => {
    setError(null);
    try {
      await mutation.mutateAsync(password);
      toastSuccess('Cuenta eliminada', 'Tus datos personales fueron eliminados');
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    } catch (err) {
      setError(getErrorMessage(err, 'No se pudo eliminar la cuenta'));
    }
  };

  return (
    <Card withBorder radius="md" p="lg" style={{ borderColor: 'var(--mantine-color-red-filled)' }}>
      <Title order={2} size="h4" mb="xs" c="red">
        Eliminar cuenta
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Se borran tus datos personales (nombre, email, teléfono, foto y preferencias) y se cierran todas tus
        sesiones. Tus proyectos, tickets y facturas se conservan para la empresa. Esta acción no se puede
        deshacer.
      </Text>
      <Button color="red" variant="light" onClick={open}>
        Eliminar mi cuenta
      </Button>
      <Modal opened={opened} onClose={close} title="¿Estás seguro?">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">Esta acción no se puede deshacer. Escribe tu contraseña para confirmar.</Text>
            <PasswordInput
              label="Contraseña"
              autoComplete="current-password"
              value={password}
              error={error}
              data-autofocus
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" color="red" disabled={!password} loading={mutation.isPending}>
                Eliminar cuenta
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
