import {
  PERMISSION_GROUPS,
  type Permission,
  ROLE_LABELS,
  ROLE_PERMISSION_CEILING,
  type User,
} from '@agencia/shared';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateUser } from '../api/user-mutations';

/**
 * Permissions tab (decision 061): the user's effective permissions as checkboxes grouped by area.
 * Only permissions within the role's ceiling can be granted; admins hold every permission.
 */
export function UserPermissions({ user }: { user: User }) {
  const mutation = useUpdateUser(user._id);
  const [selected, setSelected] = useState<string[]>(user.permissions);
  useEffect(() => setSelected(user.permissions), [user.permissions]);
  const ceiling = ROLE_PERMISSION_CEILING[user.role] as readonly string[];
  const isAdmin = user.role === 'admin';
  const dirty = [...selected].sort().join() !== [...user.permissions].sort().join();

  const save = async (permissions: Permission[] | null) => {
    try {
      await mutation.mutateAsync({ permissions });
      toastSuccess('Usuario actualizado', 'Permisos guardados');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo actualizar el usuario'));
    }
  };

  return (
    <Stack gap="md">
      {isAdmin ? (
        <Alert icon={<IconShieldCheck size={18} />} color="blue" variant="light">
          Los administradores tienen todos los permisos.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Permisos disponibles para el rol {ROLE_LABELS[user.role]}. Los que no aplican a este rol aparecen
          desactivados.
        </Text>
      )}
      <Checkbox.Group
        value={selected}
        onChange={setSelected}
        label="Permisos"
        labelProps={{ style: { display: 'none' } }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {PERMISSION_GROUPS.map((group) => (
            <Paper key={group.label} withBorder p="sm" radius="md">
              <Title order={3} size="h6" mb="xs">
                {group.label}
              </Title>
              <Stack gap={6}>
                {group.permissions.map((p) => (
                  <Checkbox
                    key={p.value}
                    value={p.value}
                    label={p.label}
                    description={p.value}
                    disabled={isAdmin || !ceiling.includes(p.value)}
                  />
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {!isAdmin && (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void save(null)} loading={mutation.isPending}>
            Usar los permisos del rol
          </Button>
          <Button
            disabled={!dirty}
            onClick={() => void save(selected as Permission[])}
            loading={mutation.isPending}
          >
            Guardar permisos
          </Button>
        </Group>
      )}
    </Stack>
  );
}
