import { ROLE_LABELS, type User } from '@agencia/shared';
import {
  Avatar,
  Box,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../lib/auth-api';
import { toastSuccess } from '../../lib/toast';
import { useSessionStore } from '../../stores/session-store';

/** First letters of first and last name ("María Pérez" → "MP"). */
export function getInitials(user: Pick<User, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

/**
 * Avatar, name and role, with the 'Mi cuenta' menu (spec doc 1 §2). The button's name is its text
 * ("Laura Céspedes Administrador (menú de usuario)"), never an `aria-label` that would hide the
 * visible name (WCAG 2.5.3, decision 108); on phones name and role are visually hidden.
 */
export function UserMenu() {
  const user = useSessionStore((state) => state.user);
  const clearSession = useSessionStore((state) => state.logout);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { primaryColor } = useMantineTheme();

  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  const handleLogout = async () => {
    try {
      await logout();
    } catch {
      // The session ends locally either way; the refresh token expires on its own.
    }
    clearSession();
    queryClient.clear();
    toastSuccess('Sesión cerrada', 'Has cerrado sesión correctamente');
    navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-md)' }} p={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar
              aria-hidden
              src={user.avatar || null}
              alt=""
              radius="xl"
              variant="filled"
              color={primaryColor}
            >
              {getInitials(user)}
            </Avatar>
            <div style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} visibleFrom="sm">
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {ROLE_LABELS[user.role]}
              </Text>
              <VisuallyHidden hiddenFrom="sm">{`${fullName} ${ROLE_LABELS[user.role]}`}</VisuallyHidden>
              <VisuallyHidden> (menú de usuario)</VisuallyHidden>
            </div>
            {/* Decorative; left out below 576 px so the brand keeps its room at 320 px (decision 112). */}
            <Box component="span" visibleFrom="xs" display="flex" aria-hidden>
              <IconChevronDown size={14} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mi cuenta</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Perfil
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Configuración
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          // Mantine's red menu item is red.6 (3.3:1); the theme's red text token reaches 4.5:1.
          c="var(--mantine-color-red-text)"
          leftSection={<IconLogout size={16} />}
          onClick={handleLogout}
        >
          Cerrar sesión
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
