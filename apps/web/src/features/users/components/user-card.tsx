import { ROLE_LABELS, USER_STATUS_COLORS, USER_STATUS_LABELS, type User } from '@agencia/shared';
import { ActionIcon, Avatar, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconEye, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumericDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useUserActions } from './use-user-actions';

export const ROLE_COLORS = { admin: 'red', employee: 'blue', client: 'teal' } as const;

/** Initials for the avatar fallback. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** One user in the users grid: avatar, name, email, role, status, department, last login, menu. */
export function UserCard({ user }: { user: User }) {
  useDateDisplay();
  const { toggleStatus, confirmDelete } = useUserActions();
  const meId = useSessionStore((state) => state.user?._id);
  const isMe = meId === user._id;
  const fullName = `${user.firstName} ${user.lastName}`;
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={user.avatar} alt={fullName} radius="xl" size="lg" color="blue">
            {initialsOf(user)}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text
              component={Link}
              to={`/users/${user._id}`}
              fw={600}
              truncate="end"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              {fullName}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {user.email}
            </Text>
          </Stack>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Acciones de ${fullName}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`/users/${user._id}`} leftSection={<IconEye size={16} />}>
              Ver detalle
            </Menu.Item>
            {!isMe && (
              <Menu.Item
                leftSection={
                  user.status === 'active' ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                }
                onClick={() => void toggleStatus(user)}
              >
                {user.status === 'active' ? 'Desactivar' : 'Activar'}
              </Menu.Item>
            )}
            {!isMe && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => confirmDelete(user)}
              >
                Eliminar
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Group gap="xs" mt="md">
        <Badge color={ROLE_COLORS[user.role]} variant="light">
          {ROLE_LABELS[user.role]}
        </Badge>
        <Badge color={USER_STATUS_COLORS[user.status]} variant="dot">
          {USER_STATUS_LABELS[user.status]}
        </Badge>
        {user.twoFactorEnabled && (
          <Badge color="grape" variant="light" tt="none">
            2FA
          </Badge>
        )}
      </Group>
      <Text size="sm" mt="sm">
        {user.department ?? 'Sin departamento'}
      </Text>
      <Text size="xs" c="dimmed">
        Último acceso: {user.lastLogin ? formatNumericDateTime(user.lastLogin) : 'Nunca'}
      </Text>
    </Card>
  );
}
