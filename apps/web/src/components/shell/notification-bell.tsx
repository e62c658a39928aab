import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Modal,
  Popover,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconMail } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { formatNumericDateTime } from '../../lib/format';
import { announce } from '../../lib/live-region';
import { useDateDisplay } from '../../stores/display-store';
import { useSessionStore } from '../../stores/session-store';
import { TableScroll } from '../ui/table-scroll';
import { useMarkNotificationsRead, useNotifications, useOutbox } from './api/notifications';

const when = (iso: string) => formatNumericDateTime(iso);

/** "1 notificación sin leer" / "3 notificaciones sin leer". */
export function unreadAnnouncement(count: number): string {
  return count === 1 ? '1 notificación sin leer' : `${count} notificaciones sin leer`;
}

/**
 * Reads the new unread count politely when it goes up while the page is open (a notification
 * pushed live), not on the first load nor when notifications are read (decision 112).
 */
function useAnnounceUnreadIncrease(unread: number | undefined): void {
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread === undefined) return;
    if (previous.current !== undefined && unread > previous.current) announce(unreadAnnouncement(unread));
    previous.current = unread;
  }, [unread]);
}

/**
 * Bell in the top bar: unread count, the latest 20 notifications with 'Cargar más' for 20 older
 * ones at a time (decision 102), mark read; admins also see the email outbox.
 */
export function NotificationBell() {
  useDateDisplay();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [outboxOpen, outbox] = useDisclosure(false);
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useNotifications();
  const mark = useMarkNotificationsRead();
  const navigate = useNavigate();
  const unread = data?.unreadCount ?? 0;
  useAnnounceUnreadIncrease(data ? unread : undefined);

  return (
    <>
      <Popover
        opened={opened}
        onChange={(o) => !o && close()}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        {/* The target is the button itself: Popover puts aria-expanded/aria-haspopup on it. */}
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={16}
          color="red"
          disabled={unread === 0}
          offset={4}
        >
          <Popover.Target>
            <ActionIcon
              variant="default"
              size="lg"
              radius="md"
              onClick={toggle}
              aria-label={unread ? `Notificaciones, ${unread} sin leer` : 'Notificaciones'}
            >
              <IconBell size="1.125rem" aria-hidden />
            </ActionIcon>
          </Popover.Target>
        </Indicator>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
          <Group justify="space-between" px="md" py="sm">
            <Text fw={600}>Notificaciones</Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              loading={mark.all.isPending}
              onClick={() => mark.all.mutate()}
            >
              Marcar todas como leídas
            </Button>
          </Group>
          <ScrollArea.Autosize mah={400}>
            {isPending ? (
              <Center py="md">
                <Loader size="sm" aria-label="Cargando notificaciones" />
              </Center>
            ) : !data?.notifications.length ? (
              <Text c="dimmed" size="sm" ta="center" py="lg">
                No tienes notificaciones
              </Text>
            ) : (
              <Stack gap={0}>
                {data.notifications.map((n) => (
                  <UnstyledButton
                    key={n._id}
                    px="md"
                    py="xs"
                    style={{
                      borderTop: '1px solid var(--mantine-color-default-border)',
                      background: n.readAt ? undefined : 'var(--mantine-primary-color-light)',
                    }}
                    onClick={() => {
                      if (!n.readAt) mark.one.mutate(n._id);
                      close();
                      if (n.link) navigate(n.link);
                    }}
                  >
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Text size="sm" fw={n.readAt ? 400 : 600} lineClamp={1}>
                        {n.title}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {when(n.createdAt)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {n.message}
                    </Text>
                  </UnstyledButton>
                ))}
                {hasNextPage && (
                  <Group
                    justify="space-between"
                    px="md"
                    py="xs"
                    style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Text size="xs" c="dimmed">
                      {data.notifications.length} de {data.total}
                    </Text>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      loading={isFetchingNextPage}
                      onClick={() => void fetchNextPage()}
                    >
                      Cargar más
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </ScrollArea.Autosize>
          {isAdmin && (
            <Group px="md" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconMail size={14} aria-hidden />}
                onClick={() => {
                  close();
                  outbox.open();
                }}
              >
                Correos salientes
              </Button>
            </Group>
          )}
        </Popover.Dropdown>
      </Popover>
      {isAdmin && <OutboxModal opened={outboxOpen} onClose={outbox.close} />}
    </>
  );
}

const STATUS: Record<string, { label: string; color: string }> = {
  queued: { label: 'En cola', color: 'yellow' },
  sent: { label: 'Enviado', color: 'green' },
  failed: { label: 'Fallido', color: 'red' },
};

/** Admin view of the email outbox (what would be or was sent; without SMTP the emails stay queued here). */
function OutboxModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  useDateDisplay();
  const { data, isPending, isError } = useOutbox(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Correos salientes" size="xl">
      {isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Cargando correos" />
        </Center>
      ) : isError ? (
        <Text c="red">No se pudieron cargar los correos</Text>
      ) : data.length === 0 ? (
        <Text c="dimmed">No hay correos.</Text>
      ) : (
        <TableScroll label="Correos enviados" minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Para</Table.Th>
                <Table.Th>Asunto</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((e) => (
                <Table.Tr key={e._id} title={e.text}>
                  <Table.Td>{when(e.createdAt)}</Table.Td>
                  <Table.Td>{e.to}</Table.Td>
                  <Table.Td>{e.subject}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS[e.status]?.color} variant="light">
                      {STATUS[e.status]?.label ?? e.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Modal>
  );
}
