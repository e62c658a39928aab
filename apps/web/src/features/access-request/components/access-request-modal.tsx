import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { Link } from 'react-router';

interface AccessRequestModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Interim access-request modal: the six-step form of spec doc 1 §2 replaces it.
 * Until then it points new clients to the quote form, which is how a request is made today.
 */
export function AccessRequestModal({ opened, onClose }: AccessRequestModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Solicitar acceso al portal" centered size="md">
      <Stack gap="md">
        <Text>
          El portal es para clientes con un proyecto activo. Para solicitar tu acceso, cuéntanos sobre tu
          proyecto en la página de cotización y te contactaremos dentro de 24 horas para crear tu cuenta.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
          <Button
            component={Link}
            to="/quote"
            leftSection={<IconFileDescription size={18} />}
            onClick={onClose}
          >
            Ir a la cotización
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
