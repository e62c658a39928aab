import { ROLE_LABELS, USER_STATUS_COLORS, USER_STATUS_LABELS } from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconDots,
  IconEdit,
  IconKey,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatNumericDate, formatNumericDateTime } from '../../../lib/format';
import { toastError } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { useUser } from '../api/get-user';
import { EditUserModal } from '../components/edit-user-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { useUserActions } from '../components/use-user-actions';
import { UserActivity } from '../components/user-activity';
import { initialsOf, ROLE_COLORS } from '../components/user-card';
import { UserPermissions } from '../components/user-permissions';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

/** /users/{id}: header with actions menu, tabs info / permissions / activity; edit and reset modals. */
export function UserDetailPage() {
  useDateDisplay();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: user, isLoading, error } = useUser(id);
  const [tab, setTab] = useState<string | null>('info');
  const [editOpened, edit] = useDisclosure(false);
  const [resetOpened, reset] = useDisclosure(false);
  const { toggleStatus, confirmDelete } = useUserActions();
  const meId = useSessionStore((state) => state.user?._id);

  useEffect(() => {
    if (error) toastError('Error', 'No se pudo cargar el usuario');
  }, [error]);

  const back = (
    <Anchor component={Link} to="/users" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> Volver a usuarios
      </Group>
    </Anchor>
  );

  if (isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando usuario" />
      </Center>
    );
  }
  if (error || !user) {
    return (
      <Stack>
        {back}
        <Title order={1} size="h2">
          Usuario
        </Title>
        <Alert color="red" title="No se pudo cargar el usuario">
          Es posible que el usuario no exista o que no tengas permisos para verlo.
        </Alert>
      </Stack>
    );
  }

  const fullName = `${user.firstName} ${user.lastName}`;
  const isMe = meId === user._id;
  return (
    <Stack gap="lg">
      {back}
      <Card withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar src={user.avatar} alt={fullName} size={72} radius="xl" color="blue">
              {initialsOf(user)}
            </Avatar>
            <Stack gap={4} miw={0}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {fullName}
              </Title>
              <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
              <Group gap="xs">
                <Badge color={ROLE_COLORS[user.role]} variant="light">
                  {ROLE_LABELS[user.role]}
                </Badge>
                <Badge color={USER_STATUS_COLORS[user.status]} variant="dot">
                  {USER_STATUS_LABELS[user.status]}
                </Badge>
                {user.mustChangePassword && (
                  <Badge color="orange" variant="light" tt="none">
                    Debe cambiar la contraseña
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button leftSection={<IconEdit size={16} />} onClick={edit.open} visibleFrom="sm">
              Editar
            </Button>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="Más acciones">
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEdit size={16} />} onClick={edit.open}>
                  Editar
                </Menu.Item>
                <Menu.Item leftSection={<IconKey size={16} />} onClick={reset.open}>
                  Restablecer contraseña
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
                  <>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => confirmDelete(user, () => navigate('/users', { replace: true }))}
                    >
                      Eliminar
                    </Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </Card>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info">Información</Tabs.Tab>
          <Tabs.Tab value="permissions">Permisos</Tabs.Tab>
          <Tabs.Tab value="activity">Actividad</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <Card withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              <Field label="Nombre" value={user.firstName} />
              <Field label="Apellido" value={user.lastName} />
              <Field label="Email" value={user.email} />
              <Field label="Teléfono" value={user.phone} />
              <Field label="Rol" value={ROLE_LABELS[user.role]} />
              <Field label="Departamento" value={user.department} />
              <Field label="Estado" value={USER_STATUS_LABELS[user.status]} />
              <Field
                label="Verificación en dos pasos"
                value={user.twoFactorEnabled ? 'Activada' : 'Desactivada'}
              />
              <Field
                label="Último acceso"
                value={user.lastLogin ? formatNumericDateTime(user.lastLogin) : 'Nunca'}
              />
              <Field label="Creado" value={formatNumericDate(user.createdAt)} />
              <Field label="Actualizado" value={formatNumericDateTime(user.updatedAt)} />
            </SimpleGrid>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="permissions" pt="md">
          <UserPermissions user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          <UserActivity userId={user._id} active={tab === 'activity'} />
        </Tabs.Panel>
      </Tabs>
      <EditUserModal user={user} opened={editOpened} onClose={edit.close} />
      <ResetPasswordModal user={user} opened={resetOpened} onClose={reset.close} />
    </Stack>
  );
}
