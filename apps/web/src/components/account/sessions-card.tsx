import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumericDateTime } from '../../lib/format';
import { toastError, toastSuccess } from '../../lib/toast';
import { useDateDisplay } from '../../stores/display-store';
import { useRevokeSessions, useSessions } from './account-api';

/** Active sessions (device, IP, last used) with 'close' per session and 'close other sessions'. */
export function SessionsCard() {
  useDateDisplay();
  const { data: sessions, isLoading, error } = useSessions();
  const { one, others } = useRevokeSessions();
  const otherCount = sessions?.filter((s) => !s.current).length ?? 0;

  const closeOthers = () =>
    modals.openConfirmModal({
      title: 'Cerrar otras sesiones',
      children: (
        <Text size="sm">
          Se cerrará tu cuenta en todos los demás dispositivos. Esta sesión seguirá abierta.
        </Text>
      ),
      labels: { confirm: 'Cerrar otras sesiones', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const n = await others.mutateAsync();
          toastSuccess('Sesiones cerradas', n === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${n} sesiones`);
        } catch (err) {
          toastError('Error', getErrorMessage(err, 'No se pudieron cerrar las sesiones'));
        }
      },
    });

  const closeOne = async (id: string) => {
    try {
      await one.mutateAsync(id);
      toastSuccess('Sesión cerrada');
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo cerrar la sesión'));
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4">
          Sesiones activas
        </Title>
        <Button
          variant="light"
          color="red"
          disabled={otherCount === 0}
          onClick={closeOthers}
          loading={others.isPending}
        >
          Cerrar otras sesiones
        </Button>
      </Group>
      {isLoading && <Loader size="sm" aria-label="Cargando sesiones" />}
      {error && <Alert color="red">{getErrorMessage(error, 'No se pudieron cargar las sesiones')}</Alert>}
      <Stack gap="xs">
        {sessions?.map((s) => {
          const mobile = /Android|iOS/.test(s.device);
          return (
            <Group key={s._id} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                {mobile ? (
                  <IconDeviceMobile size={22} aria-hidden />
                ) : (
                  <IconDeviceDesktop size={22} aria-hidden />
                )}
                <Stack gap={0} miw={0}>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {s.device}
                    </Text>
                    {s.current && (
                      <Badge size="xs" color="green" variant="light">
                        Esta sesión
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {s.ip ? `IP ${s.ip} · ` : ''}Último uso {formatNumericDateTime(s.lastUsedAt)}
                  </Text>
                </Stack>
              </Group>
              {!s.current && (
                <Button size="xs" variant="subtle" color="red" onClick={() => void closeOne(s._id)}>
                  Cerrar
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
