import type { User } from '@agencia/shared';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useResetPassword } from '../api/user-mutations';

/**
 * Reset-password modal (decision 064): confirm, then show the server-generated temporary password
 * once with a copy button. The user must change it at the next sign-in; their sessions are closed.
 */
export function ResetPasswordModal({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const mutation = useResetPassword();
  const [temporary, setTemporary] = useState<string | null>(null);
  const close = () => {
    setTemporary(null);
    onClose();
  };
  const reset = async () => {
    try {
      setTemporary(await mutation.mutateAsync(user._id));
      toastSuccess('Contraseña restablecida', `${user.firstName} deberá cambiarla al iniciar sesión`);
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo restablecer la contraseña'));
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Restablecer contraseña">
      {temporary ? (
        <Stack gap="sm">
          <Text size="sm">
            Contraseña temporal de {user.firstName} {user.lastName}. Cópiala ahora: no se volverá a mostrar.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="lg" p="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="temporary-password">
              {temporary}
            </Code>
            <CopyButton value={temporary}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light">
            Se cerraron todas sus sesiones. Al iniciar sesión con esta contraseña deberá elegir una nueva.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Listo</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Se generará una contraseña temporal segura para {user.firstName} {user.lastName} ({user.email}) y
            se cerrarán todas sus sesiones. Deberá cambiarla en su próximo inicio de sesión.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button color="orange" onClick={reset} loading={mutation.isPending}>
              Restablecer contraseña
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
